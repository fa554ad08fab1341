"""A rematch takes the phones along: each seat's open page of the finished game is handed
the join code of the same seat at the new table, and joins it without a new scan.

The code goes to that seat's own streams only (the device that holds the seat's token of
the game just played: the same player, in the same seat). A seat played behind a PIN on the
tablet, or whose phone is not open, keeps its code for the new table's QR code as usual.
Every other page of the old table (the tablet, a public screen) is told where the new
table is. A phone asleep at that moment is told when it wakes: the service remembers the
rematch, and a seat's page that opens the old table's stream later is handed its code too
(``told_late``; in memory: after a restart such a phone scans the new code).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.play.table import Viewer

if TYPE_CHECKING:
    from companion.writer.service import Service  # the service hands the rematch on: types only


def carry_phones(service: Service, old_id: str, new_id: str) -> None:
    """Tell the old table's pages about the new one; each phone its own seat's code."""

    def task() -> None:
        service.rematches[old_id] = new_id
        for data, only in _told(service, old_id, new_id):
            service.hub.publish("rematch", data, old_id, only=only)

    service.call(task)


def told_late(service: Service, old_id: str, viewer: Viewer) -> list[dict]:
    """What a seat's phone that opens the old table's stream after the rematch began is
    told: its own seat's code, while unused (a phone asleep at that moment still goes to
    its seat, no new scan). Any other page opened later stays on the finished game: the
    tablet may come back to its final screen from the history. Writer thread."""
    new_id = service.rematches.get(old_id)
    if new_id is None or new_id not in service.tables or viewer.seat is None:
        return []
    return [data for data, only in _told(service, old_id, new_id) if only(viewer)]


def _told(
    service: Service, old_id: str, new_id: str
) -> list[tuple[dict, Callable[[Viewer], bool]]]:
    """Each ``rematch`` event and which pages of the old table get it: every seat's phone
    its own seat's join code (while unused, and not for a seat played behind a PIN), every
    other page (the tablet, a public screen) where the new table is."""
    pinned = service.journal.pin_hashes(old_id)
    out: list[tuple[dict, Callable[[Viewer], bool]]] = []
    for seat, _token, code, _issue in service.journal.seats(new_id):
        if code is None or seat in pinned:
            continue
        out.append(
            ({"table": new_id, "seat": seat, "code": code}, functools.partial(_phone_of, seat))
        )
    out.append(({"table": new_id}, _elsewhere))
    return out


def _phone_of(seat: int, viewer: Viewer) -> bool:
    return viewer.seat == seat and not viewer.admin


def _elsewhere(viewer: Viewer) -> bool:
    return viewer.seat is None
