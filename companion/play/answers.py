"""Who may answer a prompt: one model of input authority for every way in.

Every way in — an HTTP action, ``/dice``, ``/roll``, ``/correct``, ``/undo``, the die reader,
the keypad and buttons, a card scan, and any reader added later — arrives with an
*answerer*, a ``Viewer``: a seat's own device (``Viewer(seat=n)``), the tablet
(``Viewer(admin=True)``) or this Pi's hardware (``HARDWARE``, admin with a device label).
A prompt says whose it is (``prompt["seat"]``, or ``prompt["owners"]`` die by die). Its
answer is accepted from that seat's own device, from the tablet and from the hardware;
another seat's phone or an anonymous client gets 403 ``not_your_seat`` and nothing changes.

Nothing here does I/O: the router and the service ask, and act on the answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.errors import Forbidden
from companion.play.table import Viewer

HARDWARE = Viewer(admin=True, device="device")


def speaks_for_table(viewer: Viewer) -> bool:
    """The tablet and this Pi's hardware may answer any seat's public prompt."""
    return viewer.admin and viewer.seat is None


def owned_dice(prompt: dict, viewer: Viewer) -> list[int]:
    """The indices of the prompt's dice ``viewer`` may throw (all of them, or none)."""
    dice = range(len(prompt["dice"]))
    if speaks_for_table(viewer):
        return list(dice)
    if viewer.seat is None:
        return []
    owners = prompt.get("owners")
    if owners is None:
        return list(dice) if prompt.get("seat") == viewer.seat else []
    return [i for i in dice if owners[i] == viewer.seat]


def require_dice_answerer(prompt: dict | None, viewer: Viewer) -> None:
    """A throw from ``viewer``: refused unless the open dice prompt (if any) is partly its own.
    With no dice prompt open a throw is a free roll, shown and changing nothing; anyone
    with a seat or the tablet may make one."""
    if not speaks_for_table(viewer) and viewer.seat is None:
        raise Forbidden("not_your_seat")
    if prompt is not None and not owned_dice(prompt, viewer):
        raise Forbidden("not_your_seat", seat=prompt.get("seat"))


@dataclass
class DiceParts:
    """A dice prompt answered die by die: the faces in so far and who threw each.

    Kept in memory only, for one version of one table: any committed change makes the
    parts stale (as typed keypad digits are), and a restart asks for the dice again."""

    version: int
    dice: list[str]
    faces: list[int | None] = field(default_factory=list)
    by: list[str | None] = field(default_factory=list)
    keys: dict[str, str] = field(default_factory=dict)  # idempotency key -> fingerprint

    def __post_init__(self) -> None:
        self.faces = self.faces or [None] * len(self.dice)
        self.by = self.by or [None] * len(self.dice)

    @property
    def complete(self) -> bool:
        return all(face is not None for face in self.faces)

    def place(self, thrown: list[tuple[str, int]], allowed: list[int], label: str) -> bool:
        """Put each thrown die in the first slot of its kind that ``allowed`` holds: open
        slots first, then (to correct a part before the last lands) the answerer's own
        filled ones. False, and nothing placed, when a die fits nowhere."""
        faces, by = list(self.faces), list(self.by)
        taken: set[int] = set()
        for kind, face in thrown:
            slots = [i for i in allowed if self.dice[i] == kind and i not in taken]
            slots.sort(key=lambda i: (faces[i] is not None, i))
            if not slots:
                return False
            faces[slots[0]], by[slots[0]] = face, label
            taken.add(slots[0])
        self.faces, self.by = faces, by
        return True

    def public(self) -> dict:
        """What every screen shows: "1 of 2 dice in", and which."""
        return {
            "version": self.version,
            "dice": self.dice,
            "faces": self.faces,
            "in": sum(face is not None for face in self.faces),
            "of": len(self.dice),
        }
