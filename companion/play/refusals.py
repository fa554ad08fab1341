"""Every refusal says whose turn it is or what the table is waiting for.

A rule says only *that* an action cannot be done now (``not_now``); the table knows who it
waits for and why, so the core adds it once here, for every game: the refused error gains
``waiting_for`` (the names of the seats the table waits for) and ``waiting`` (the prompt's
line, its seat numbers already turned into names). The web edge words both in the viewer's
language after the rule's own message.
"""

from __future__ import annotations

from typing import Any

from companion.known_games import registry
from companion.rules.errors import RuleError

#: ``table`` below is a ``companion.play.table.Table``, which hands itself in (typed ``Any`` so
#: this module imports nothing of the table's: no circle of imports).
Table = Any


def named(params: dict, players: list[str], seat_params: tuple[str, ...]) -> dict:
    """A line's parameters with seat numbers (those the game declares in ``SEAT_PARAMS``)
    turned into the players' names."""
    return {
        name: players[value]
        if name in seat_params
        and isinstance(value, int)
        and not isinstance(value, bool)
        and 0 <= value < len(players)
        else value
        for name, value in params.items()
    }


def explained(table: Table, error: RuleError, seat: object) -> RuleError:
    """``error`` with what the table waits for, when the refusal is about timing: the rule
    said ``not_now``, or a seat acted while the table waits for another seat or for the
    table itself (a setup value typed on the tablet); not to a game's own code while the
    table waits for a player (a loan refused for its own reason, out of turn)."""
    seats = table.awaited()  # the same seats every "your turn" reads
    prompt = table.prompt()
    someone_else = seat not in seats if seats else (prompt is not None and seat is not None)
    # a game's own code ("abilene.lender_short") already says why: no player's turn to add
    if error.code != "not_now" and (not someone_else or (seats and "." in error.code)):
        return error
    players = list(table.record.players)
    params = dict(error.params)
    if seats:
        params["waiting_for"] = ", ".join(players[s] for s in seats)
    if prompt and isinstance(prompt.get("why"), dict):
        why = prompt["why"]
        params["waiting"] = {
            "key": why["key"],
            "game": table.record.game,
            "params": named(
                why.get("params") or {}, players, registry.seat_params(table.record.game)
            ),
        }
    return RuleError(error.code, **params)
