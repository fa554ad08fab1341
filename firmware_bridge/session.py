"""What the host knows about one die reader: a pure state machine over parsed lines.

It decides which frames are new (sequence de-duplication), what to answer (``ACK``, ``?``),
which ``companion.events`` they become, and the reader's state (online, offline,
reconnecting, fault). It does no I/O and reads no clock: the caller passes ``now``
(seconds, from whatever clock it was given) and carries out the :class:`Outcome`.
``die_reader.py`` is the I/O shell around it. Spec: docs/protocol.md.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from companion.events import (ButtonPressed, CardScanned, DeviceStatus, DiceMoving, DieRolled,
                              DieTilted)
from companion import registry
from companion.rules.dice import is_face
from firmware_bridge.press import PressDetector
from firmware_bridge.protocol import (REJECT_REASONS, Ack, Button, Card, DeviceError, Heartbeat,
                                      Hello, Led, Message, Moving, Query, Rejected, Roll, Tilt)

DEDUP_WINDOW = 64  # a resend repeats one of the last few seqs; 65536 frames pass before a wrap
COUNTERS = REJECT_REASONS + ("heartbeats", "accepted", "resent", "before_hello", "echo",
                             "unknown_die", "bad_face", "disconnects", "silences")


@dataclass
class Outcome:
    """What the I/O shell must do: post ``events`` (in order) and send ``replies``."""
    events: list = field(default_factory=list)
    replies: list = field(default_factory=list)

    def extend(self, other: "Outcome") -> "Outcome":
        self.events += other.events
        self.replies += other.replies
        return self


class ReaderSession:
    """One die reader as the host sees it, across connections."""

    def __init__(self, device: str = "die-reader", *, heartbeat_timeout_s: float = 6.0,
                 hold_s: float = 1.5, wait_for_confirm: bool = False) -> None:
        self.device = device
        self.heartbeat_timeout_s = heartbeat_timeout_s
        self.hold_s = hold_s
        self.wait_for_confirm = wait_for_confirm
        self.state: str | None = None
        self.detail = ""
        self._identity = ""  # "<device-id> <firmware>" from the last HELLO
        self._counters = dict.fromkeys(COUNTERS, 0)
        self._recent: deque[int] = deque(maxlen=DEDUP_WINDOW)
        self._dice: dict[str, str] = {}
        self._hello_seen = False       # in this connection
        self._last_uptime: int | None = None
        self._heard_at: float | None = None  # None: no port open, nothing to watch
        self._asked_at = 0.0
        self._buttons: dict[str, PressDetector] = {}

    @property
    def counters(self) -> dict[str, int]:
        return dict(self._counters)

    def status(self) -> DeviceStatus:
        return DeviceStatus(self.device, "die_reader", self.state or "offline", self.detail,
                            self.counters)

    # -- connection ----------------------------------------------------------------------
    def connected(self, now: float) -> Outcome:
        """A port was opened: ask the device to introduce itself, start watching."""
        self._hello_seen = False
        self._heard_at = self._asked_at = now
        return Outcome(replies=[Query()])

    def lost(self, now: float, detail: str) -> Outcome:
        """The port could not be opened or went away."""
        if self._heard_at is not None:
            self._counters["disconnects"] += 1
        self._heard_at = None
        self._hello_seen = False
        for detector in self._buttons.values():
            detector.release()
        return self._become("reconnecting", detail)

    def tick(self, now: float) -> Outcome:
        """Time passed: notice silence (heartbeat watch) and held reader-box buttons."""
        out = Outcome()
        for name, detector in self._buttons.items():
            press = detector.tick(now)
            if press is not None:
                out.events.append(ButtonPressed(name, press.long, source="reader"))
        if self._heard_at is None:
            return out
        if now - max(self._heard_at, self._asked_at) >= self.heartbeat_timeout_s:
            if self.state != "offline":
                self._counters["silences"] += 1
                out.extend(self._become("offline", "no heartbeat"))
            self._asked_at = now
            out.replies.append(Query())
        return out

    # -- lines ---------------------------------------------------------------------------
    def receive(self, message: Message | Rejected, now: float) -> Outcome:
        """One parsed line from the device."""
        if isinstance(message, Rejected):
            self._counters[message.reason] += 1
            return Outcome()
        if isinstance(message, (Query, Ack, Led)):
            self._counters["echo"] += 1  # our own line came back (loop://, a shorted link)
            return Outcome()
        self._heard_at = now
        if isinstance(message, Hello):
            return self._hello(message)
        if isinstance(message, Heartbeat):
            return self._heartbeat(message)
        if isinstance(message, DeviceError):
            return self._become("fault", f"{message.code} {message.text}".strip())
        return self._frame(message, now)

    def _hello(self, hello: Hello) -> Outcome:
        self._hello_seen = True
        self._recent.clear()  # a HELLO starts a new numbering: the device (re)booted
        self._last_uptime = None
        self._dice = dict(hello.dice)
        self._identity = f"{hello.device_id} {hello.firmware}"
        return self._become("online", self._identity)

    def _heartbeat(self, beat: Heartbeat) -> Outcome:
        self._counters["heartbeats"] += 1
        if self._last_uptime is not None and beat.uptime_ms < self._last_uptime:
            self._recent.clear()  # uptime went backwards: it rebooted and we missed HELLO
        self._last_uptime = beat.uptime_ms
        if not self._hello_seen:
            return self._ask_hello()
        if self.state in ("offline", "reconnecting"):
            return self._become("online", self._identity)
        return Outcome()

    def _ask_hello(self) -> Outcome:
        return Outcome(replies=[Query()])

    def _frame(self, frame, now: float) -> Outcome:
        if not self._hello_seen:
            # Die ids mean nothing before HELLO: leave it un-ACKed so the device resends it.
            self._counters["before_hello"] += 1
            return self._ask_hello()
        out = Outcome(replies=[Ack(frame.seq)])
        if frame.seq in self._recent:
            self._counters["resent"] += 1
            return out
        self._recent.append(frame.seq)
        self._counters["accepted"] += 1
        if self.state != "online" and (self.state != "fault" or isinstance(frame, Roll)):
            out.extend(self._become("online", self._identity))
        event = self._event(frame, now)
        if event is not None:
            out.events.append(event)
        return out

    def _event(self, frame, now: float):
        if isinstance(frame, Roll):
            return self._roll(frame)
        if isinstance(frame, Moving):
            return DiceMoving(self.device)
        if isinstance(frame, Tilt):
            return DieTilted(self._dice.get(frame.die, frame.die), self.device)
        if isinstance(frame, Card):
            return CardScanned(frame.uid, self.device)
        assert isinstance(frame, Button)
        detector = self._buttons.setdefault(frame.name, PressDetector(self.hold_s, 0.0))
        press = detector.edge(frame.down, now)
        return None if press is None else ButtonPressed(frame.name, press.long, "reader")

    def _roll(self, roll: Roll) -> DieRolled | None:
        dice = []
        for die, face in roll.faces:
            kind = self._dice.get(die, die)
            if kind not in registry.faces():
                self._counters["unknown_die"] += 1
                return None
            if not is_face(kind, face):
                self._counters["bad_face"] += 1
                return None
            dice.append((kind, face))
        return DieRolled(tuple(dice), "reader", self.device, roll.seq, self.wait_for_confirm)

    def _become(self, state: str, detail: str) -> Outcome:
        if state == self.state and detail == self.detail:
            return Outcome()
        self.state, self.detail = state, detail
        return Outcome(events=[self.status()])

