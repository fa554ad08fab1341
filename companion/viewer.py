"""Who is looking: ``Viewer(seat=None, admin=False)`` is anyone at the table; ``admin=True``
is the tablet that created the table; ``Viewer(seat=n)`` is seat n's own device (see
``companion/table.py``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Viewer:
    seat: int | None = None
    admin: bool = False
    device: str = ""  # set when the "viewer" is hardware acting for the table

    @property
    def label(self) -> str:
        if self.device:
            return self.device
        if self.seat is not None:
            return f"seat:{self.seat}"
        return "admin" if self.admin else "table"
