"""The die reader's behaviour: protocol v1 on one side, sensor, keys and cards on the other.

No hardware here: :class:`Reader` is fed readings, key edges, card uids and host lines with
a monotonic millisecond time, and calls ``send(line)``. ``board.py`` wires it to the Pico.

- A throw: once the readings show a throw's signature (free fall then an impact, or a
  tumble; ``throw.py``) ``MOVING``; when the die has been calm ``settle_ms``, ``ROLL`` (or
  ``TILT`` when no face is clearly up). A die lifted and held, or put down by hand, sends
  nothing. Under a tray, a jolt sends ``MOVING``. With no face table (a tray, or a die shape without
  one) the keypad gives the faces instead.
- The keypad: digit keys ``"0"``..``"6"`` type one face per die the host wants (``WANT``,
  in the prompt's order; before any ``WANT``, every declared die in HELLO order); the last
  one sends the ``ROLL``. After ``WANT -`` no dice are asked for and digits do nothing.
  Other keys are reported as ``BTN`` edges. While dice are wanted the LED blinks.
- Every sequenced frame is resent each ``RESEND_MS`` until the host ACKs it.
- ``HB`` every ``HEARTBEAT_MS``; uptime counts from boot, so a reboot shows as a reset.
- A fault (``ERR imu``, ``ERR nfc``) stands until :meth:`Reader.clear` says it is gone and
  is said again after every ``HELLO``: a host that asks ``?`` or reconnects still sees it.
  When one is gone, ``HELLO`` is said again with the faults that still stand.
"""

import wire
from orientation import FACES, Motion, face_up
from throw import Throw

HEARTBEAT_MS = 2000
RESEND_MS = 1000
MAX_PENDING = 32  # with no host listening, keep the newest frames only
MAX_FAULT_TEXT = 100  # an ERR line stays within the protocol's 120 bytes

VALUES = {
    "d6": (1, 2, 3, 4, 5, 6),
    "cattle": (0, 1, 2, 3, 4, 5),
    "cowboy": (1, 2, 3, 4),
    "root12": (0, 1, 2, 3),
}

LED_PATTERNS = {"off": None, "on": None, "blink": 500, "flash": 100}


def declared(dice):
    """``["L1:cattle", "d6"]`` as ``[("L1", "cattle"), ("d6", "d6")]``."""
    out = []
    for token in dice:
        parts = token.split(":")
        out.append((parts[0], parts[-1]))
    return out


def led_level(pattern, now):
    """Whether the box LED is lit at ``now`` for an ``LED`` pattern."""
    if pattern == "on":
        return True
    period = LED_PATTERNS.get(pattern)
    return bool(period) and (now // period) % 2 == 0


class Reader:
    def __init__(
        self, send, device_id, firmware, dice, faces=None, min_cos=0.9, motion=None, boot=None
    ):
        """``faces`` is the face table of the die with the sensor inside; ``()`` when the
        sensor is not in a die (under a tray, or none): then no face is ever sent that the
        keys did not type. ``boot`` is this power-up's id (protocol v1.1)."""
        self.send = send
        self.device_id = device_id
        self.firmware = firmware
        self.boot_id = boot
        self.dice_tokens = list(dice)
        self.dice = declared(dice)
        kind = self.dice[0][1]
        self.faces = faces if faces is not None else FACES.get(kind)
        self.wanted = None  # [(die, kind)] the host asked for; None: it has not said
        self.min_cos = min_cos
        # a die with the sensor inside answers only a throw; a tray only sees dice moving
        self.motion = motion or (Throw() if self.faces else Motion())
        self.led = "off"
        self.seq = 0
        self.pending = []  # [seq, line, last sent], oldest first
        self.typed = []
        self.faults = {}  # code -> text, the faults that still stand
        self._booted = 0
        self._last_beat = 0

    # -- host --------------------------------------------------------------------------
    def boot(self, now):
        self._booted = self._last_beat = now
        self._hello()

    def _hello(self):
        self.send(wire.hello(self.device_id, self.firmware, self.dice_tokens, self.boot_id))
        for code in sorted(self.faults):
            self.send(wire.error(code, self.faults[code]))

    def host_line(self, line, now):
        command = wire.parse_host(line)
        if command is None:
            return
        if command[0] == "?":
            self._hello()
        elif command[0] == "WANT":
            self._want(command[1])
        elif command[0] == "ACK":
            self.pending = [entry for entry in self.pending if entry[0] != command[1]]
        elif command[0] == "LED" and command[1] in LED_PATTERNS:
            self.led = command[1]

    def _want(self, ids):
        kinds = dict(self.dice)
        wanted = [(die, kinds.get(die, die)) for die in ids]
        if any(kind not in VALUES for _, kind in wanted):
            return  # a die this box cannot type: keep what it had
        self.wanted = wanted
        self.typed = []

    @property
    def light(self):
        """The LED pattern shown: blinking while dice are wanted, else the host's."""
        return "blink" if self.wanted else self.led

    def tick(self, now):
        if now - self._last_beat >= HEARTBEAT_MS:
            self._last_beat = now
            self.send(wire.heartbeat(now - self._booted))
        for entry in self.pending:
            if now - entry[2] >= RESEND_MS:
                entry[2] = now
                self.send(entry[1])

    # -- the table ---------------------------------------------------------------------
    def reading(self, vector, now):
        """One accelerometer reading ``(x, y, z)`` in g."""
        change = self.motion.sample(vector, now)
        if change == "moving":
            self.typed = []
            self._frame(wire.moving(self.seq), now)
        elif change == "settled" and self.faces:
            die = self.dice[0][0]
            face = face_up(vector, self.faces, self.min_cos)
            if face is None:
                self._frame(wire.tilt(self.seq, die), now)
            else:
                self._frame(wire.roll(self.seq, [(die, face)]), now)

    def key(self, name, down, now):
        """A debounced key edge: digits type faces, other keys become BTN lines."""
        if name.isdigit() and len(name) == 1:
            if down:
                self._type(int(name), now)
            return
        self._frame(wire.button(self.seq, name, down), now)

    def card(self, uid, now):
        self._frame(wire.card(self.seq, uid), now)

    def fault(self, code, text=""):
        """Say a fault (``imu``, ``nfc``) now and after every HELLO until it is cleared."""
        text = text[:MAX_FAULT_TEXT]
        self.faults[code] = text
        self.send(wire.error(code, text))

    def clear(self, code):
        """The fault ``code`` is gone: HELLO no longer repeats it, and a HELLO with the faults
        that still stand tells the host now (it keeps a fault until a HELLO goes without it)."""
        if self.faults.pop(code, None) is not None:
            self._hello()

    def _type(self, face, now):
        dice = self.dice if self.wanted is None else self.wanted
        if not dice:
            return  # no dice are asked for
        die, kind = dice[len(self.typed)]
        if face not in VALUES.get(kind, ()):
            return  # not a face of this die: ignored (the LED does not flash)
        self.typed.append((die, face))
        if len(self.typed) == len(dice):
            typed, self.typed = self.typed, []
            self._frame(wire.roll(self.seq, typed), now)

    def _frame(self, line, now):
        self.pending.append([self.seq, line, now])
        del self.pending[:-MAX_PENDING]
        self.seq = (self.seq + 1) % wire.SEQ_MODULUS
        self.send(line)
