"""A rematch takes the phones along: each seat's open page of the finished game is handed
the join code of the same seat at the new table, and joins it without a new scan.

The code goes to that seat's own streams only (the device that holds the seat's token of
the game just played: the same player, in the same seat). A seat played behind a PIN on the
tablet, or whose phone is not open, keeps its code for the new table's QR code as usual.
Every other page of the old table (the tablet, a public screen) is told where the new
table is.
"""

from __future__ import annotations

from companion.table import Viewer


def carry_phones(service, old_id: str, new_id: str) -> None:
    """Tell the old table's pages about the new one; each phone its own seat's code."""

    def task():
        pinned = service.journal.pin_hashes(old_id)
        for seat, _token, code, _issue in service.journal.seats(new_id):
            if code is None or seat in pinned:
                continue
            service.hub.publish(
                "rematch",
                {"table": new_id, "seat": seat, "code": code},
                old_id,
                only=lambda v, seat=seat: _phone_of(v, seat),
            )
        service.hub.publish("rematch", {"table": new_id}, old_id, only=lambda v: v.seat is None)

    service.call(task)


def _phone_of(viewer: Viewer, seat: int) -> bool:
    return viewer.seat == seat and not viewer.admin
