"""What the host knows about one die reader: a pure state machine over parsed lines.

It decides which frames are new (sequence de-duplication), what to answer (``ACK``, ``?``),
which ``companion.writer.input_events`` they become, and the reader's state (online, offline,
reconnecting, fault). It does no I/O and reads no clock: the caller passes ``now``
(seconds, from whatever clock it was given) and carries out the :class:`Outcome`.
``die_reader.py`` is the I/O shell around it. Spec: docs/protocol.md.

De-duplication (protocol v1.1): the seqs seen are forgotten only when the device's boot id
changes. A v1 device has no boot id: an unsolicited HELLO or a heartbeat whose uptime went
backwards means it rebooted; a HELLO that answers our ``?`` does not, and until its next
heartbeat says whether it rebooted, a frame whose seq was seen is *held* (not ACKed, so the
device resends it) rather than guessed at. A ``ROLL`` is ACKed only once the host has dealt
with it (:meth:`ReaderSession.settled`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Protocol

from companion.known_games import registry
from companion.rules.dice import is_face
from companion.writer.input_events import (
    ButtonPressed,
    CardScanned,
    DeviceStatus,
    DiceMoving,
    DieRolled,
    DieTilted,
    InputEvent,
    InputRefused,
)
from firmware_bridge.press import PressDetector
from firmware_bridge.protocol import (
    REJECT_REASONS,
    Ack,
    Button,
    Card,
    DeviceError,
    Heartbeat,
    Hello,
    Led,
    Message,
    Moving,
    Query,
    Rejected,
    Roll,
    SequencedMessage,
    Tilt,
    Want,
    ids_for,
)

UPTIME_SLACK_S = 1.5  # heartbeats every 2 s; a line may wait a little in a buffer
DEDUP_WINDOW = 64  # a resend repeats one of the last few seqs; 65536 frames pass before a wrap
COUNTERS = REJECT_REASONS + (
    "frames",
    "heartbeats",
    "accepted",
    "resent",
    "held",
    "before_hello",
    "echo",
    "unknown_die",
    "bad_face",
    "refused",
    "disconnects",
    "silences",
)


class Frames(Protocol):
    """Where the seen seqs are kept: :class:`FrameMemory`, or the journal's."""

    def recall(self, device_id: str, boot: str) -> list[int]: ...

    def remember(self, device_id: str, boot: str, seq: int) -> None: ...


class FrameMemory:
    """Where a v1.1 device's seen seqs are kept across host restarts: ``recall`` the last
    ones for a boot, ``remember`` one more. This one lives in memory; the composition root
    passes one kept in the journal (``companion.storage.journal.Journal.reader_frames``)."""

    def __init__(self) -> None:
        self._seen: dict[tuple[str, str], list[int]] = {}

    def recall(self, device_id: str, boot: str) -> list[int]:
        return list(self._seen.get((device_id, boot), ()))[-DEDUP_WINDOW:]

    def remember(self, device_id: str, boot: str, seq: int) -> None:
        seen = self._seen.setdefault((device_id, boot), [])
        if seq not in seen:
            seen.append(seq)
            del seen[:-DEDUP_WINDOW]


@dataclass
class Outcome:
    """What the I/O shell must do: post ``events`` (in order) and send ``replies``."""

    events: list = field(default_factory=list)
    replies: list = field(default_factory=list)

    def extend(self, other: Outcome) -> Outcome:
        self.events += other.events
        self.replies += other.replies
        return self


class ReaderSession:
    """One die reader as the host sees it, across connections."""

    def __init__(
        self,
        device: str = "die-reader",
        *,
        heartbeat_timeout_s: float = 6.0,
        hold_s: float = 1.5,
        wait_for_confirm: bool = False,
    ) -> None:
        self.device = device
        self.heartbeat_timeout_s = heartbeat_timeout_s
        self.hold_s = hold_s
        self.wait_for_confirm = wait_for_confirm
        self.state: str | None = None
        self.detail = ""
        self._identity = ""  # "<device-id> <firmware>" from the last HELLO
        self._counters = dict.fromkeys(COUNTERS, 0)
        self._recent: deque[int] = deque(maxlen=DEDUP_WINDOW)  # dealt with (ACKed)
        self._waiting: set[int] = set()  # ROLLs handed on, not yet dealt with
        self._dice: dict[str, str] = {}
        self._hello_seen = False  # in this connection
        self._device_id: str | None = None
        self._boot: str | None = None  # v1.1 boot id of the numbering in _recent
        self._doubt = False  # v1: seen seqs may be a new boot's until the next heartbeat
        self._asked = False  # a "?" went out and no HELLO has answered it yet
        self._silenced = False  # went offline for silence: only a heartbeat ends that
        self._booted_by: float | None = None  # see _rebooted
        self._heard_at: float | None = None  # None: no port open, nothing to watch
        self._last_heard: float | None = None  # kept across connections, for the panel
        self._asked_at = 0.0
        self._buttons: dict[str, PressDetector] = {}
        self._faults: dict[str, str] = {}  # code -> text: what the device says stands
        self._restated: dict[str, str] | None = None  # since its HELLO, until another line
        self.memory: Frames = FrameMemory()

    @property
    def counters(self) -> dict[str, int]:
        return dict(self._counters)

    @property
    def last_heard(self) -> float | None:
        """When a valid line last came in (the caller's clock), or ``None``."""
        return self._last_heard

    @property
    def identity(self) -> tuple[str | None, str | None]:
        """``(device_id, boot_id)`` of the device last heard saying HELLO."""
        return self._device_id, self._boot

    def ids_for(self, kinds: list[str]) -> tuple[str, ...]:
        """The declared die ids for ``kinds``, in order."""
        return ids_for(tuple(self._dice.items()), kinds)

    def want(self, kinds: list[str] | None) -> Want:
        return Want(self.ids_for(kinds) if kinds else ())

    def status(self) -> DeviceStatus:
        return DeviceStatus(
            self.device, "die_reader", self.state or "offline", self.detail, self.counters
        )

    # -- connection ----------------------------------------------------------------------
    def connected(self, now: float) -> Outcome:
        """A port was opened: ask the device to introduce itself, start watching."""
        self._hello_seen = False
        self._heard_at = self._asked_at = now
        self._asked = True
        return Outcome(replies=[Query()])

    def lost(self, now: float, detail: str) -> Outcome:
        """The port could not be opened or went away."""
        if self._heard_at is not None:
            self._counters["disconnects"] += 1
        self._heard_at = None
        self._hello_seen = False
        self._silenced = False
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
            self._silenced = True
            self._asked_at = now
            self._asked = True
            out.replies.append(Query())
        return out

    # -- lines ---------------------------------------------------------------------------
    def receive(self, message: Message | Rejected, now: float) -> Outcome:
        """One parsed line from the device."""
        self._counters["frames"] += 1
        if isinstance(message, Rejected):
            self._counters[message.reason] += 1
            return Outcome()
        if isinstance(message, (Query, Ack, Led, Want)):
            self._counters["echo"] += 1  # our own line came back (loop://, a shorted link)
            return Outcome()
        self._heard_at = self._last_heard = now
        if self._booted_by is None:
            self._booted_by = now  # it was running by now, whatever it says later
        if isinstance(message, Hello):
            return self._hello(message)
        if isinstance(message, DeviceError):
            return self._fault(message)
        out = self._restatement_over()
        if isinstance(message, Heartbeat):
            return out.extend(self._heartbeat(message, now))
        return out.extend(self._frame(message, now))

    # -- faults ----------------------------------------------------------------------------
    # The firmware keeps every fault that stands and says each again right after every HELLO
    # (and says HELLO again when one is gone). So a fault stands from its ERR until a HELLO
    # is followed by another line without that ERR in between: a roll typed on the keys
    # while the sensor is missing, or a heartbeat, does not clear it.
    def _fault(self, error: DeviceError) -> Outcome:
        if self._restated is not None:
            self._restated[error.code] = error.text
        self._faults[error.code] = error.text
        return self._become(*self._standing())

    def _restatement_over(self) -> Outcome:
        if self._restated is None:
            return Outcome()
        self._faults, self._restated = self._restated, None
        if self.state in ("fault", "online"):
            return self._become(*self._standing())
        return Outcome()

    def _standing(self) -> tuple[str, str]:
        """``online`` with the device's name, or ``fault`` naming every fault that stands."""
        if not self._faults:
            return "online", self._identity
        return "fault", "; ".join(
            f"{code} {text}".strip() for code, text in sorted(self._faults.items())
        )

    def _hello(self, hello: Hello) -> Outcome:
        answered, self._asked = self._asked, False
        self._hello_seen = True
        if hello.device_id != self._device_id:
            self._forget()
        self._device_id = hello.device_id
        if hello.boot is not None:
            if hello.boot != self._boot:  # a real reboot (or the first we hear of it)
                self._forget()
                self._recent.extend(self.memory.recall(hello.device_id, hello.boot))
            self._boot, self._doubt = hello.boot, False
        else:
            self._boot = None
            if not answered:
                self._forget()  # an unsolicited v1 HELLO: it booted
            else:
                self._doubt = bool(self._recent)  # its next heartbeat tells
        self._dice = dict(hello.dice)
        self._identity = f"{hello.device_id} {hello.firmware}"
        self._restated = {}  # the faults it says next still stand; the others are gone
        if self._silenced:
            # It answered "?", but only a heartbeat shows it is running again.
            return self._become("offline", "answered, no heartbeat yet")
        return self._become(*self._standing())

    def _forget(self) -> None:
        self._booted_by = None
        self._recent.clear()
        self._waiting.clear()
        self._doubt = False

    def _rebooted(self, uptime_ms: int, now: float) -> bool:
        """Whether a heartbeat shows the device booted after it was last known running.

        ``_booted_by`` is the latest the current numbering can have begun (host clock): the
        first time it was heard, or earlier as heartbeats tell. A device that kept running
        implies the same boot time in every heartbeat; one that rebooted implies a later one.
        The slack allows for line delay and a device clock a little slow (2 %)."""
        implied = now - uptime_ms / 1000.0
        known, self._booted_by = self._booted_by, implied
        if known is None:
            return False
        if implied > known + UPTIME_SLACK_S + 0.02 * max(0.0, now - known):
            return True
        self._booted_by = min(known, implied)
        return False

    def _heartbeat(self, beat: Heartbeat, now: float) -> Outcome:
        self._counters["heartbeats"] += 1
        if self._rebooted(beat.uptime_ms, now) and self._boot is None:
            self._forget()  # uptime fell behind the time that passed: it rebooted
            self._booted_by = now - beat.uptime_ms / 1000.0
        self._doubt = False
        self._silenced = False
        if not self._hello_seen:
            return self._ask_hello()
        if self.state in ("offline", "reconnecting"):
            return self._become(*self._standing())
        return Outcome()

    def _ask_hello(self) -> Outcome:
        return Outcome(replies=[Query()])

    def _frame(self, frame: SequencedMessage, now: float) -> Outcome:
        if not self._hello_seen:
            # Die ids mean nothing before HELLO: leave it un-ACKed so the device resends it.
            self._counters["before_hello"] += 1
            return self._ask_hello()
        if frame.seq in self._waiting:
            self._counters["resent"] += 1
            return Outcome()  # still being dealt with: its ACK comes when it is
        if frame.seq in self._recent:
            if self._doubt:
                self._counters["held"] += 1  # resend or a new boot's frame? the HB tells
                return Outcome()
            self._counters["resent"] += 1
            return Outcome(replies=[Ack(frame.seq)])
        self._counters["accepted"] += 1
        out = Outcome()
        if self.state not in ("online", "fault") and not self._silenced:
            out.extend(self._become(*self._standing()))
        event = self._event(frame, now)
        if isinstance(event, DieRolled):
            self._waiting.add(frame.seq)
        else:
            out.extend(self.settled(frame.seq))
        if event is not None:
            out.events.append(event)
        return out

    def settled(self, seq: int) -> Outcome:
        """The host has dealt with frame ``seq`` (committed it, or found it unusable): it
        joins the seen seqs and the device may hear its ACK."""
        self._waiting.discard(seq)
        if seq not in self._recent:
            self._recent.append(seq)
        if self._boot is not None and self._device_id is not None:
            self.memory.remember(self._device_id, self._boot, seq)
        return Outcome(replies=[Ack(seq)])

    def receipt(self, seq: int) -> tuple[str, str, int] | None:
        """What the journal keeps with an action this frame caused (v1.1 devices only)."""
        if self._boot is None or self._device_id is None:
            return None
        return (self._device_id, self._boot, seq)

    def _event(self, frame: SequencedMessage, now: float) -> InputEvent | None:
        if isinstance(frame, Roll):
            return self._roll(frame)  # a DieRolled, or an InputRefused
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

    def _roll(self, roll: Roll) -> DieRolled | InputRefused:
        dice = []
        for die, face in roll.faces:
            kind = self._dice.get(die, die)
            reason = (
                "unknown_die"
                if kind not in registry.faces()
                else None
                if is_face(kind, face)
                else "bad_face"
            )
            if reason is not None:
                self._counters[reason] += 1
                self._counters["refused"] += 1
                what = roll.body()
                return InputRefused(self.device, what, f"reader_{reason}")
            dice.append((kind, face))
        return DieRolled(
            tuple(dice),
            "reader",
            self.device,
            roll.seq,
            self.wait_for_confirm,
            receipt=self.receipt(roll.seq),
        )

    def _become(self, state: str, detail: str) -> Outcome:
        if state == self.state and detail == self.detail:
            return Outcome()
        self.state, self.detail = state, detail
        return Outcome(events=[self.status()])
