"""No table can be bricked: whatever a game's rules or views raise stays with that table.

Rules are pure and checked, but a game's code can still meet a state it did not foresee
(a value stored before it was checked by its shape, say) and raise something that is not a
``RuleError``. Then:

- an action is refused with ``rules_fault`` (422) and changes nothing;
- a view is still answered: the table's own part (version, seats, seeds, Undo and Correct
  for the tablet) with ``"fault"`` set and no board, so the tablet can take the last entry
  back while every other table, stream and device thread goes on;
- the table is named in ``/api/health`` (``tables_faulted``) and the log, until a change
  to it (an undo, a correction) makes its state one the game can show again.
"""

from __future__ import annotations

import logging
from typing import Any

from companion.access.viewer import Viewer
from companion.randomness import draws

log = logging.getLogger(__name__)

FAULT = "rules_fault"


def noted(table: Any, where: str, error: BaseException) -> dict:
    """Keep (and log) that ``table``'s game raised ``error`` while making ``where``."""
    fault = {"game": table.record.game, "where": where, "error": type(error).__name__}
    if table.fault != fault:
        log.error(
            "table %s (%s): its %s raised %r",
            table.id,
            table.record.game,
            where,
            error,
            exc_info=error,
        )
    table.fault = fault
    return fault


def view_of(table: Any, viewer: Viewer, error: BaseException) -> dict:
    """What a viewer gets of a table whose game cannot show its state: its own part, made
    without the game, and no board, prompt or actions but the tablet's Undo and Correct."""
    noted(table, "view", error)
    part = {
        "id": table.id,
        "game": table.record.game,
        "players": table.record.players,
        "version": table.version,
        "seed_hash": draws.commitment(table.epochs.seed),
        "ended": False,
        "closed": table.closed,
        "can_undo": bool(table.effective),
        "seeds": table.epochs.public(),
        "current_seat": None,
        "awaited": [],
        "fault": FAULT,
    }
    if viewer.admin:
        part["correctable"] = _correctable(table)
    return {
        "table": part,
        "viewer": {"seat": viewer.seat, "admin": viewer.admin},
        "state": None,
        "prompt": None,
        "legal": [],
    }


def _correctable(table: Any) -> dict | None:
    try:
        return table.correctable()
    except Exception:  # noqa: BLE001 - the last roll's dice are as unknown as the rest
        return None
