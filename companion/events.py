"""Input events: what the hardware (or its simulator) tells the service.

Past-tense, frozen, plain values. ``firmware_bridge`` makes them; ``companion.service`` is
the only consumer; device callbacks only enqueue them (see ``Service.post``).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class DieRolled:
    """A settled throw: ``dice`` is ``((kind, face), ...)`` in the order the device read it."""
    dice: tuple[tuple[str, int], ...]
    source: str  # "reader", "buttons", "virtual"
    device: str = ""
    seq: int | None = None
    wait_for_confirm: bool = False


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
class DeviceStatus:
    """A device's state changed. ``state`` is "online", "offline", "reconnecting" or "fault"."""
    device: str
    kind: str  # "die_reader", "buttons", "card_reader"
    state: str
    detail: str = ""
    counters: dict = field(default_factory=dict, compare=False, hash=False)


InputEvent = DieRolled | DiceMoving | DieTilted | ButtonPressed | CardScanned | DeviceStatus
