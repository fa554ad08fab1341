"""Who is looking: ``Viewer(seat=None, admin=False)`` is anyone at the table; ``admin=True``
is the tablet that created the table; ``Viewer(seat=n)`` is seat n's own device (see
``companion/play/table.py``). A request from a page or a script carries :class:`Credentials`
instead: the writer thread works out whose they are in the same step as the change they ask
for (``service.seats.on_behalf``), so a credential re-issued or locked a moment before acts
for no one."""

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


@dataclass(frozen=True)
class Credentials:
    """The tokens a request carries for one table: the admin token, and a seat's token (or
    a kept-on-tablet seat's PIN session). Who they stand for is looked up on the writer
    thread only (``companion/writer/seats.py``)."""

    admin_token: str | None = None
    seat_token: str | None = None


Asker = Viewer | Credentials
