"""Die-reader line protocol v1, device side: the checksum, the lines the firmware sends and
the host lines it obeys. Spec: docs/protocol.md.

MicroPython: no dataclasses, no typing, no re. The host's firmware_bridge/protocol.py is the
reference; tests/hardware parse every line made here with it, so the two cannot drift.
"""

VERSION = 1
MINOR = "1.1"  # HELLO with a boot id (docs/protocol.md, "Protocol v1.1")
MAX_LINE = 120
SEQ_MODULUS = 65536


def checksum(body):
    """XOR of every byte of ``body`` (NMEA 0183 style)."""
    value = 0
    for byte in body.encode():
        value ^= byte
    return value


def frame(body):
    """``body`` as a complete line ``BODY*HH\\n``."""
    line = "%s*%02X\n" % (body, checksum(body))
    if len(line) > MAX_LINE:
        raise ValueError("line too long")
    return line


def hello(device_id, firmware, dice, boot=None):
    """v1.1 with a ``boot`` id (hex, new at every power-up); v1 without one."""
    if boot is None:
        return frame(" ".join(["HELLO", str(VERSION), device_id, firmware] + list(dice)))
    return frame(" ".join(["HELLO", MINOR, device_id, firmware, boot] + list(dice)))


def roll(seq, faces):
    """``faces`` is a list of ``(die_id, face)``."""
    return frame(" ".join(["ROLL", str(seq)] + ["%s:%d" % (die, face) for die, face in faces]))


def moving(seq):
    return frame("MOVING %d" % seq)


def tilt(seq, die):
    return frame("TILT %d %s" % (seq, die))


def card(seq, uid):
    return frame("CARD %d %s" % (seq, uid.lower()))


def button(seq, name, down):
    return frame("BTN %d %s %s" % (seq, name, "down" if down else "up"))


def heartbeat(uptime_ms):
    return frame("HB %d" % uptime_ms)


def error(code, text=""):
    return frame(("ERR %s %s" % (code, text)) if text else ("ERR %s" % code))


def _number(token):
    if not token or not token.isdigit() or (len(token) > 1 and token[0] == "0"):
        return None
    value = int(token)
    return value if value < SEQ_MODULUS else None


def parse_host(line):
    """A host line as ``("?",)``, ``("ACK", seq)``, ``("LED", pattern)`` or
    ``("WANT", [die ids])`` (``[]`` for ``WANT -``); ``None`` for anything else (bad
    checksum, unknown, garbage). A bare ``?`` is accepted too, so a person at a serial
    terminal can ask the device who it is."""
    line = line.strip()
    if line == "?":
        return ("?",)
    star = line.rfind("*")
    if star < 0 or len(line) - star != 3:
        return None
    body = line[:star]
    try:
        if int(line[star + 1 :], 16) != checksum(body):
            return None
    except (ValueError, UnicodeError):
        return None
    parts = body.split(" ")
    if parts == ["?"]:
        return ("?",)
    if len(parts) == 2 and parts[0] == "ACK" and _number(parts[1]) is not None:
        return ("ACK", _number(parts[1]))
    if len(parts) == 2 and parts[0] == "LED" and parts[1]:
        return ("LED", parts[1])
    if parts[0] == "WANT" and len(parts) >= 2:
        if parts[1:] == ["-"]:
            return ("WANT", [])
        if all(part and part != "-" for part in parts[1:]):
            return ("WANT", parts[1:])
    return None
