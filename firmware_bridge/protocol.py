"""Die-reader line protocol v1.1: pure parse and encode (spec: docs/protocol.md).

A line is ASCII ``BODY*HH\\n``, at most :data:`MAX_LINE` bytes with the newline, where ``HH``
is the two-digit hex XOR of every byte of ``BODY`` (as in NMEA 0183). :func:`parse_line`
turns one line into a message dataclass or a :class:`Rejected` value and never raises;
:func:`encode` is its inverse. No I/O, no clock: both directions live here so the host, the
simulator and the tests share one definition (the firmware's ``wire.py`` is cross-checked
against this module by tests/hardware).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from firmware_bridge.errors import BridgeError

VERSION = 1
MINOR = "1.1"  # a HELLO that carries a boot id; a v1 HELLO says "1" and carries none
MAX_LINE = 120  # bytes, including the trailing newline
SEQ_MODULUS = 65536

REJECT_REASONS = ("binary", "too_long", "checksum", "unknown_type", "malformed", "version")

_SEQ = re.compile(r"(0|[1-9][0-9]{0,4})")
_NUMBER = re.compile(r"(0|[1-9][0-9]{0,9})")
_FACE = re.compile(r"(0|[1-9][0-9]{0,2})")
_DEVICE = re.compile(r"[A-Za-z0-9._-]{1,32}")
_DIE_ID = re.compile(r"[A-Za-z0-9_]{1,12}")
_KIND = re.compile(r"[a-z0-9_]{1,12}")
_NAME = re.compile(r"[a-z0-9_]{1,16}")
_PATTERN = re.compile(r"[a-z0-9_-]{1,16}")
_UID = re.compile(r"([0-9a-fA-F]{2}){1,16}")
_ERR_CODE = re.compile(r"[A-Za-z0-9._-]{1,24}")
_BOOT = re.compile(r"[0-9A-Fa-f]{1,16}")


# -- messages, device -> host ------------------------------------------------------------
@dataclass(frozen=True)
class Hello:
    """``HELLO 1.1 <device-id> <firmware> <boot-id> <dice…>`` (v1.1) or
    ``HELLO 1 <device-id> <firmware> <dice…>`` (v1, ``boot`` is ``None``); ``dice`` is
    ``((die_id, kind), ...)``. The boot id is new at every power-up (docs/protocol.md,
    "Sequence numbers"): the host forgets the seqs it has seen only when it changes."""

    device_id: str
    firmware: str
    dice: tuple[tuple[str, str], ...]
    boot: str | None = None

    def body(self) -> str:
        declared = [die if die == kind else f"{die}:{kind}" for die, kind in self.dice]
        head = (
            ["HELLO", str(VERSION), self.device_id, self.firmware]
            if self.boot is None
            else ["HELLO", MINOR, self.device_id, self.firmware, self.boot.lower()]
        )
        return " ".join(head + declared)


@dataclass(frozen=True)
class Roll:
    """``ROLL <seq> <die>:<face> …``: one settled throw of one or more dice."""

    seq: int
    faces: tuple[tuple[str, int], ...]

    def body(self) -> str:
        return " ".join(["ROLL", str(self.seq), *(f"{die}:{face}" for die, face in self.faces)])


@dataclass(frozen=True)
class Moving:
    """``MOVING <seq>``: dice in motion."""

    seq: int

    def body(self) -> str:
        return f"MOVING {self.seq}"


@dataclass(frozen=True)
class Tilt:
    """``TILT <seq> <die>``: a die came to rest cocked and could not be read."""

    seq: int
    die: str

    def body(self) -> str:
        return f"TILT {self.seq} {self.die}"


@dataclass(frozen=True)
class Card:
    """``CARD <seq> <uid-hex>``: a tagged card was scanned; ``uid`` is lower-case hex."""

    seq: int
    uid: str

    def body(self) -> str:
        return f"CARD {self.seq} {self.uid}"


@dataclass(frozen=True)
class Button:
    """``BTN <seq> <name> <down|up>``: an edge of a button on the reader box."""

    seq: int
    name: str
    down: bool

    def body(self) -> str:
        return f"BTN {self.seq} {self.name} {'down' if self.down else 'up'}"


@dataclass(frozen=True)
class Heartbeat:
    """``HB <uptime-ms>``: the device is alive; uptime going backwards means it rebooted."""

    uptime_ms: int

    def body(self) -> str:
        return f"HB {self.uptime_ms}"


@dataclass(frozen=True)
class DeviceError:
    """``ERR <code> [<text>]``: a fault the device noticed (sensor gone, buffer full…)."""

    code: str
    text: str = ""

    def body(self) -> str:
        return f"ERR {self.code} {self.text}" if self.text else f"ERR {self.code}"


# -- messages, host -> device ------------------------------------------------------------
@dataclass(frozen=True)
class Query:
    """``?``: say HELLO."""

    def body(self) -> str:
        return "?"


@dataclass(frozen=True)
class Ack:
    """``ACK <seq>``: the host has the frame ``seq``; stop resending it."""

    seq: int

    def body(self) -> str:
        return f"ACK {self.seq}"


@dataclass(frozen=True)
class Led:
    """``LED <pattern>``: set the reader box's light (``on``, ``off``, ``blink``, ``flash``)."""

    pattern: str

    def body(self) -> str:
        return f"LED {self.pattern}"


@dataclass(frozen=True)
class Want:
    """``WANT <die…>`` / ``WANT -``: the dice the table asks for now, by the ids the
    device's HELLO declared, in the prompt's order; ``()`` when no dice are wanted."""

    dice: tuple[str, ...]

    def body(self) -> str:
        return " ".join(["WANT", *self.dice]) if self.dice else "WANT -"


@dataclass(frozen=True)
class Rejected:
    """A line that was dropped, and why (one of :data:`REJECT_REASONS`)."""

    reason: str
    excerpt: str = ""  # a printable prefix of the line, for logs; not part of equality

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rejected) and other.reason == self.reason

    def __hash__(self) -> int:
        return hash(self.reason)


DeviceMessage = Hello | Roll | Moving | Tilt | Card | Button | Heartbeat | DeviceError
# the device's frames that carry a sequence number, each ACKed once (docs/protocol.md)
SequencedMessage = Roll | Moving | Tilt | Card | Button
HostMessage = Query | Ack | Led | Want
Message = DeviceMessage | HostMessage


class _Malformed(BridgeError):
    """Internal: a field did not match its grammar (never escapes this module)."""

    def __init__(self, field: str) -> None:
        super().__init__("malformed", field=field)


class _WrongVersion(_Malformed):
    """Internal: a HELLO from a device speaking another protocol version."""


def ids_for(declared: tuple[tuple[str, str], ...], kinds: list[str]) -> tuple[str, ...]:
    """The die ids a HELLO ``declared`` for ``kinds``, in order, each id used once; a kind
    it does not declare stands for itself (docs/protocol.md, "Dice")."""
    free = list(declared)
    out = []
    for kind in kinds:
        match = next((item for item in free if item[1] == kind), None)
        if match is not None:
            free.remove(match)
        out.append(match[0] if match else kind)
    return tuple(out)


# -- checksum and framing ----------------------------------------------------------------
def checksum(body: str) -> int:
    """XOR of all bytes of ``body`` (NMEA 0183 style)."""
    value = 0
    for byte in body.encode("ascii"):
        value ^= byte
    return value


def frame(body: str) -> bytes:
    """``body`` as a complete line: ``BODY*HH\\n``."""
    return f"{body}*{checksum(body):02X}\n".encode("ascii")


def encode(message: Message) -> bytes:
    """The line for ``message``. Raises ``ValueError`` for a message no parser would accept
    (a programmer error: encode only what you made)."""
    line = frame(message.body())
    if parse_line(line) != message:
        raise ValueError(f"not encodable in protocol v{VERSION}: {message!r}")
    return line


# -- parsing -----------------------------------------------------------------------------
def _field(pattern: re.Pattern, token: str) -> str:
    if not pattern.fullmatch(token):
        raise _Malformed(token)
    return token


def _seq(token: str) -> int:
    value = int(_field(_SEQ, token))
    if value >= SEQ_MODULUS:
        raise _Malformed(token)
    return value


def _arity(tokens: list[str], low: int, high: int | None = None) -> list[str]:
    if len(tokens) < low or len(tokens) > (low if high is None else high):
        raise _Malformed(" ".join(tokens))
    return tokens


def _pair(token: str, left: re.Pattern, right: re.Pattern) -> tuple[str, str]:
    first, colon, second = token.partition(":")
    if not colon:
        raise _Malformed(token)
    return _field(left, first), _field(right, second)


def _hello(tokens: list[str]) -> Hello:
    if (
        tokens
        and re.fullmatch(r"[0-9]{1,4}(\.[0-9]{1,4})?", tokens[0])
        and tokens[0] not in (str(VERSION), MINOR)
    ):
        raise _WrongVersion(tokens[0])
    if len(tokens) < 3 or tokens[0] not in (str(VERSION), MINOR):
        raise _Malformed("hello")
    boot = None
    if tokens[0] == MINOR:
        if len(tokens) < 4:
            raise _Malformed("hello")
        boot = _field(_BOOT, tokens[3]).lower()
        tokens = tokens[:3] + tokens[4:]
    dice = []
    for token in tokens[3:]:
        if ":" in token:
            dice.append(_pair(token, _DIE_ID, _KIND))
        else:
            dice.append((_field(_KIND, token), token))
    return Hello(_field(_DEVICE, tokens[1]), _field(_DEVICE, tokens[2]), tuple(dice), boot)


def _want(tokens: list[str]) -> Want:
    if tokens == ["-"]:
        return Want(())
    if not 1 <= len(tokens) <= 6:
        raise _Malformed("want")
    return Want(tuple(_field(_DIE_ID, token) for token in tokens))


def _roll(tokens: list[str]) -> Roll:
    if len(tokens) < 2:
        raise _Malformed("roll")
    faces = []
    for token in tokens[1:]:
        die, face = _pair(token, _DIE_ID, _FACE)
        faces.append((die, int(face)))
    return Roll(_seq(tokens[0]), tuple(faces))


def _button(tokens: list[str]) -> Button:
    seq, name, edge = _arity(tokens, 3)
    if edge not in ("down", "up"):
        raise _Malformed(edge)
    return Button(_seq(seq), _field(_NAME, name), edge == "down")


def _query(tokens: list[str]) -> Query:
    _arity(tokens, 0)
    return Query()


def _error(rest: str) -> DeviceError:
    code, _, text = rest.partition(" ")
    return DeviceError(_field(_ERR_CODE, code), text)


_PARSERS: dict[str, Callable[[list[str]], object]] = {
    "HELLO": _hello,
    "ROLL": _roll,
    "MOVING": lambda t: Moving(_seq(_arity(t, 1)[0])),
    "TILT": lambda t: Tilt(_seq(_arity(t, 2)[0]), _field(_DIE_ID, t[1])),
    "CARD": lambda t: Card(_seq(_arity(t, 2)[0]), _field(_UID, t[1]).lower()),
    "BTN": _button,
    "HB": lambda t: Heartbeat(int(_field(_NUMBER, _arity(t, 1)[0]))),
    "?": _query,
    "ACK": lambda t: Ack(_seq(_arity(t, 1)[0])),
    "LED": lambda t: Led(_field(_PATTERN, _arity(t, 1)[0])),
    "WANT": _want,
}


def _excerpt(line: bytes) -> str:
    return "".join(chr(b) if 0x20 <= b <= 0x7E else f"\\x{b:02x}" for b in line[:40])


def _checked_body(line: bytes) -> str | Rejected:
    """The body of a framed line, or why it cannot be trusted."""
    if len(line) + 1 > MAX_LINE:
        return Rejected("too_long", _excerpt(line))
    if any(byte < 0x20 or byte > 0x7E for byte in line):
        return Rejected("binary", _excerpt(line))
    text = line.decode("ascii")
    body, star, given = text.rpartition("*")
    if (
        not star
        or len(given) != 2
        or not all(c in "0123456789abcdefABCDEF" for c in given)
        or int(given, 16) != checksum(body)
    ):
        return Rejected("checksum", _excerpt(line))
    return body


def parse_line(raw: bytes | str) -> Message | Rejected:
    """One received line (with or without its ``\\n`` / ``\\r\\n``) as a message, or a
    :class:`Rejected` saying why it was dropped. Never raises."""
    line = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else bytes(raw)
    if line.endswith(b"\n"):
        line = line[:-1]
    if line.endswith(b"\r"):
        line = line[:-1]
    body = _checked_body(line)
    if isinstance(body, Rejected):
        return body
    kind, _, rest = body.partition(" ")
    tokens = rest.split(" ") if rest else []
    parser = _PARSERS.get(kind)
    if kind == "ERR":
        parser, tokens = (lambda _: _error(rest)), []
    elif parser is None:
        return Rejected("unknown_type" if kind else "malformed", _excerpt(line))
    if "" in tokens:
        return Rejected("malformed", _excerpt(line))
    try:
        return parser(tokens)  # type: ignore[return-value]
    except _WrongVersion:
        return Rejected("version", _excerpt(line))
    except (_Malformed, ValueError):
        return Rejected("malformed", _excerpt(line))
