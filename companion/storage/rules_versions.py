"""Rules versions that hold: old actions are never replayed silently under new rules.

Every journalled action carries the ``RULES_VERSION`` of the game it was made under (its
entry's ``"rules"``; entries written before that was kept take their table's recorded
version). On load, an action made under an older version is *upcast*: the game's
``MIGRATIONS`` maps each version ``v`` to a pure function that turns an action made under
``v`` into the same move under ``v + 1``, and the chain is applied step by step. A table
whose actions cannot be brought to the current version — a step is missing, or the journal
comes from a newer companion — is not loaded at all: it is reported (``/api/health``, the
log) and left untouched in the journal, never guessed at.

The journal itself is never rewritten: an upcast lives in memory, and the next start-up
upcasts again from what was recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.errors import CompanionError
from companion.known_games.game_contract import GameRules
from companion.storage.entries import ActionApplied, ActionCorrected, JournalEntry
from companion.storage.journal import Entry

Upcast = Callable[[dict], dict]


class RulesVersionError(CompanionError):
    """A table's actions cannot be replayed under the rules this companion has."""


def current(game: GameRules) -> int:
    return int(game.RULES_VERSION)


def upcaster(game: GameRules, recorded: int) -> Upcast:
    """The function that brings an action made under ``recorded`` to the current rules."""
    now = current(game)
    if recorded == now:
        return lambda action: action
    if recorded > now:
        raise RulesVersionError("rules_newer", game=game.NAME, recorded=recorded, current=now)
    steps = game.MIGRATIONS
    missing = [v for v in range(recorded, now) if v not in steps]
    if missing:
        raise RulesVersionError(
            "rules_no_migration", game=game.NAME, recorded=recorded, current=now, step=missing[0]
        )
    chain = [steps[v] for v in range(recorded, now)]

    def upcast(action: dict) -> dict:
        for step in chain:
            action = step(action)
        return action

    return upcast


def bring_up(game: GameRules, recorded: int, entries: list[Entry]) -> list[Entry]:
    """The entries as the current rules read them: each action upcast from the version it
    was made under (its ``"rules"``, else the table's ``recorded`` version)."""
    made: dict[int, Upcast] = {}
    out = []
    for entry in entries:
        body = entry.body
        if not isinstance(body, ActionApplied | ActionCorrected):
            out.append(entry)
            continue
        version = recorded if body.rules is None else body.rules
        if version not in made:
            made[version] = upcaster(game, version)
        upcast = made[version](body.action)
        out.append(
            entry
            if upcast is body.action
            else replace(entry, body=replace(body, action=upcast, rules=current(game)))
        )
    return out


def stamp(game: GameRules, entry: JournalEntry) -> JournalEntry:
    """A new entry, marked with the rules version its action is made under."""
    if isinstance(entry, ActionApplied | ActionCorrected):
        return replace(entry, rules=current(game))
    return entry
