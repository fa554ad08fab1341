"""Input events: what the hardware (or its simulator) tells the service.

Past-tense, frozen, plain values. ``firmware_bridge`` makes them; ``companion.writer.service`` is
the only consumer; device callbacks only enqueue them (see ``Service.post``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class DieRolled:
    """A settled throw: ``dice`` is ``((kind, face), ...)`` in the order the device read it.

    ``ack`` (when set) is called once the throw has been dealt with — committed, shown as a
    free roll or refused — and only then does the device hear its ACK (docs/protocol.md,
    "Exactly once"). ``receipt`` is ``(device_id, boot_id, seq)``: written in the same
    transaction as the action it answers, so a host restarted before the ACK ignores the
    resend. ``seat`` is the seat a die was given to (a Bluetooth die), or ``None``.
    """

    dice: tuple[tuple[str, int], ...]
    source: str  # "reader", "buttons", "virtual", "ble"
    device: str = ""
    seq: int | None = None
    wait_for_confirm: bool = False
    ack: Callable[[], None] | None = field(default=None, compare=False, repr=False)
    receipt: tuple[str, str, int] | None = field(default=None, compare=False)
    seat: int | None = None


@dataclass(frozen=True)
class DiceMoving:
    """Dice are in motion: screens show "rolling…"."""

    device: str = ""


@dataclass(frozen=True)
class DieTilted:
    """A die could not be read (cocked): the table is asked to throw again."""

    die: str
    device: str = ""


@dataclass(frozen=True)
class ButtonPressed:
    """A button role was pressed: ``long`` for a hold (undo needs one)."""

    role: str
    long: bool = False
    source: str = "gpio"


@dataclass(frozen=True)
class CardScanned:
    """A tagged card was read; ``uid`` is its tag id in lower-case hex."""

    uid: str
    device: str = ""


@dataclass(frozen=True)
class InputRefused:
    """A device sent something the host cannot use (a die its HELLO did not declare, a face
    the die does not have): ``what`` is what came in, ``reason`` an error code."""

    device: str
    what: str
    reason: str


@dataclass(frozen=True)
class DeviceStatus:
    """A device's state changed. ``state`` is "online", "offline", "reconnecting", "fault",
    or "simulated" / "mock" for a stand-in that is not hardware. ``check`` is a catalog key
    (``check.<name>``) saying what a person should look at when it is faulted."""

    device: str
    kind: str  # "die_reader", "buttons", "lights", "card_reader", "ble_dice"
    state: str
    detail: str = ""
    counters: dict = field(default_factory=dict, compare=False, hash=False)
    check: str = ""


InputEvent = (
    DieRolled | DiceMoving | DieTilted | ButtonPressed | CardScanned | DeviceStatus | InputRefused
)
