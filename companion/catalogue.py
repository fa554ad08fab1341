"""The card catalogue: what the table tells the companion once about a card, kept on this Pi
across games (in the journal's SQLite file), and shared between clubs as JSON.

A game that keeps one defines, in its rules (pure, no I/O):

``catalogue_key(state, action) -> str | None``
    the entry an action names (a card number played), looked up *before* ``apply``: the
    table puts the entry it knows into ``action["known"]`` (clients may never send it), so
    the journal holds what the catalogue said then and a replay is exact;
``catalogue_entry(state, action) -> (key, entry) | None``
    what a committed action teaches (a card played the first time, a scoring rule typed);
``check_entry(key, entry) -> entry``
    one entry from an imported file, checked and normalised (``RuleError`` if wrong).

This module is the core's side: look up, learn after a commit, export, import. An import is
checked whole before anything is written, so a bad file changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from companion.errors import Forbidden, NotFound
from companion.game_contract import GameRules, catalogue_of
from companion.journal import Journal, JournalError
from companion.rules import shapes
from companion.rules.errors import RuleError
from companion.table import Table, Viewer


class Writer(Protocol):
    """What the tablet's and the seats' catalogue requests use of the service (a
    :class:`companion.service.Service`): its writer, its journal and its tables."""

    @property
    def journal(self) -> Journal: ...

    def call(self, task: Callable[[], Any]) -> Any: ...

    def table(self, table_id: str) -> Table: ...


FORMAT = "table-companion-catalogue"
VERSION = 1
MOST_ENTRIES = 1000
LONGEST_KEY = 12


def kept_by(game: GameRules) -> bool:
    return catalogue_of(game) is not None


def resolve(game: GameRules, journal: Journal, game_name: str, state: dict, action: Any) -> Any:
    """``action`` with ``known`` filled from the catalogue when it names a known entry
    (anything malformed is passed on untouched, for the table to refuse)."""
    if not isinstance(action, dict):
        return action
    if "known" in action:
        raise RuleError("bad_param", name="known")
    hooks = catalogue_of(game)
    if hooks is None:
        return action
    key = hooks.key(state, action)
    if key is None:
        return action
    entry = journal.catalogue(game_name).get(key)
    return action if entry is None else {**action, "known": {key: entry}}


def learn(game: GameRules, journal: Journal, game_name: str, state: dict, action: dict) -> None:
    """After a commit: keep what the action taught. A known entry changes only by an import,
    by a logged correction of it, or where it knew nothing yet (a Heaven card's scoring
    rule typed after the card was first kept without one)."""
    hooks = catalogue_of(game)
    if hooks is None:
        return
    taught = hooks.entry(state, action)
    if taught is None:
        return
    key, entry = taught
    known = journal.catalogue(game_name).get(key)
    if action.get("type", "").startswith("fix_") or known is None:
        journal.save_catalogue(game_name, {key: entry})
        return
    filled = {k: v for k, v in entry.items() if _blank(known.get(k)) and not _blank(v)}
    if filled:
        journal.save_catalogue(game_name, {key: {**known, **filled}})


def _blank(value: Any) -> bool:
    return value is None or value == []


def export(game_name: str, journal: Journal) -> dict:
    entries = journal.catalogue(game_name)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game_name,
        "entries": dict(sorted(entries.items(), key=lambda kv: _order(kv[0]))),
    }


def _order(key: str) -> tuple:
    return (0, int(key), "") if key.isascii() and key.isdigit() else (1, 0, key)


def import_file(game: GameRules, game_name: str, journal: Journal, data: Any) -> dict:
    """Check a whole exported file, then keep every entry in it (replacing known ones)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleError("catalogue_bad_file")
    if data.get("game") != game_name:
        raise RuleError("catalogue_other_game", game=str(data.get("game"))[:30])
    entries = data.get("entries")
    if not isinstance(entries, dict) or len(entries) > MOST_ENTRIES:
        raise RuleError("catalogue_bad_file")
    hooks = catalogue_of(game)
    if hooks is None:
        raise NotFound("no_catalogue")
    check = hooks.check
    checked = {}
    for typed, entry in entries.items():
        try:
            # a card's key as a label keeps it: "093" and "０９３" are card 93
            key = shapes.shaped(typed, "label", LONGEST_KEY, "card")
            checked[key] = check(key, entry)
        except RuleError as error:
            shown = typed[:12] if error.code != "unprintable_text" else "?"
            because = {"because": error.code, **error.params, "card": shown}
            raise RuleError("catalogue_bad_entry", **because) from None
    known = journal.catalogue(game_name)
    journal.save_catalogue(game_name, checked)
    return {"imported": len(checked), "replaced": sum(1 for k in checked if k in known)}


# -- the service's side (writer thread) ------------------------------------------------------


def learned(table: Any, journal: Journal, action: dict) -> None:
    """After a commit: keep what ``action`` taught. The catalogue is a cache of card facts,
    not game state: a storage fault here loses the lesson, never the action."""
    try:
        learn(table.game, journal, table.record.game, table.state, action)
    except JournalError:
        pass


def export_for(service: Writer, table_id: str, viewer: Viewer) -> dict:
    """The catalogue of ``table_id``'s game, for the tablet or a seat of that table."""
    return service.call(
        lambda: export(_table(service, table_id, viewer).record.game, service.journal)
    )


def import_for(service: Writer, table_id: str, data: Any, viewer: Viewer) -> dict:
    """Keep an imported file (the tablet of that table only)."""

    def task() -> dict:
        table = _table(service, table_id, viewer)
        if not viewer.admin:
            raise Forbidden("needs_token")
        return import_file(table.game, table.record.game, service.journal, data)

    return service.call(task)


def _table(service: Writer, table_id: str, viewer: Viewer) -> Table:
    table = service.table(table_id)
    if not kept_by(table.game):
        raise NotFound("no_catalogue")
    if not viewer.admin and viewer.seat is None:
        raise Forbidden("needs_token")
    return table
