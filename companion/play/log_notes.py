"""Facts a log line needs from the state an action met: a game's optional ``notes``.

A log line is made from the journalled action alone (``describe(action, seat)``), so what
the action *did* to the state (the coins a correction moved, what a sale revealed) is not in
it. A game that needs such a fact defines ``notes(before, after, action) -> dict``: public
facts, computed once when the table prepares the action and written into
``action["noted"]``. ``apply`` ignores them (``match_template`` lets the key pass), a replay
meets them as they were, and devices may never send them (the table refuses the key).
"""

from __future__ import annotations

from companion.known_games.game_contract import GameRules

KEY = "noted"


def bare(action: dict) -> dict:
    """The action without what an earlier preparation noted (a correction recomputes it)."""
    return {k: v for k, v in action.items() if k != KEY} if KEY in action else action


def noted(game: GameRules, before: dict, after: dict, action: dict) -> dict:
    """``action`` with the facts the game notes of it, if any."""
    facts = game.notes(before, after, action)
    return {**action, KEY: facts} if facts else action
