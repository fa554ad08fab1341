"""Independent moves never conflict: a stale ``expected_version`` that changes nothing the
move depends on is not refused.

``expected_version`` says "I chose this on the screen of version v": a 409 tells the phone
that someone else acted first and its screen has been updated. Three phones taking bank
loans at once all chose on the same version, and two got 409 though nothing any of them
did touched another's loan. So a move made on an older version is taken as made now when

- every entry since that version is an action of *another* seat (not the tablet's for the
  table, not one for this seat, not an undo or a correction, which may change anything), and
- what this seat is offered for this kind of move is the same now as then (the same
  templates: the same choices, ranges and rounds),

so the move means now exactly what it meant on the screen it was chosen on. Anything else
is refused as before (``stale_version``).
"""

from __future__ import annotations

from typing import Any

from companion.storage.entries import ActionApplied


def still_means_the_same(table: Any, action: Any, expected: int) -> bool:
    """``action``, chosen on version ``expected``, is independent of every entry since."""
    if not isinstance(action, dict) or not isinstance(expected, int) or table.ended:
        return False
    seat = action.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= expected < table.version:
        return False
    for entry in table.entries[expected:]:
        body = entry.body
        if not isinstance(body, ActionApplied):
            return False
        other = body.action.get("seat")
        if not isinstance(other, int) or other == seat:
            return False
    position = sum(1 for version, _ in table.effective if version <= expected)
    return _offered(table.game, table.state_at(position), action) == _offered(
        table.game, table.state, action
    )


def _offered(game: Any, state: dict, action: dict) -> list[dict]:
    return [t for t in game.legal(state, action["seat"]) if t["type"] == action.get("type")]
