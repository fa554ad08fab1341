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

This module is the core's side: look up, learn after a commit, export, import, and the
tablet's editor (fix or delete one entry). An import is checked whole before anything is
written, so a bad file changes nothing; an entry fixed in the editor is checked as an
imported one. Every change is kept in the catalogue's history (``Journal.catalogue_history``):
what it was, what it became, when, from which table, and why (a card's first play, a
correction during play, an import, an edit, a delete).
"""

from __future__ import annotations

from typing import Any

from companion.errors import NotFound
from companion.known_games.game_contract import GameRules, catalogue_of
from companion.rules import shapes
from companion.rules.errors import RuleError
from companion.storage.journal import CatalogueChange, Journal

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


def learn(
    game: GameRules,
    journal: Journal,
    game_name: str,
    state: dict,
    action: dict,
    taught_by: CatalogueChange,
) -> None:
    """After a commit: keep what the action taught. A known entry changes only by an import,
    by a logged correction of it, by the editor, where it knew nothing yet (a Heaven card's
    scoring rule typed after the card was first kept without one), or where a list it kept
    grows (another cost seen for a campaign of the same tier and points)."""
    hooks = catalogue_of(game)
    if hooks is None:
        return
    taught = hooks.entry(state, action)
    if taught is None:
        return
    key, entry = taught
    known = journal.catalogue(game_name).get(key)
    if action.get("type", "").startswith("fix_"):
        journal.save_catalogue(game_name, {key: entry}, _as(taught_by, "correction"))
    elif known is None:
        journal.save_catalogue(game_name, {key: entry}, taught_by)
    else:
        filled = {
            k: v
            for k, v in entry.items()
            if (_blank(known.get(k)) and not _blank(v)) or _grown(known.get(k), v)
        }
        if filled:
            journal.save_catalogue(game_name, {key: {**known, **filled}}, taught_by)


def _as(change: CatalogueChange, source: str) -> CatalogueChange:
    return CatalogueChange(source, change.table_id, change.by)


def _blank(value: Any) -> bool:
    return value is None or value == []


def _grown(known: Any, taught: Any) -> bool:
    """A list the entry kept, taught with more in it (a campaign's costs seen so far)."""
    return (
        isinstance(known, list)
        and isinstance(taught, list)
        and len(taught) > len(known)
        and all(item in taught for item in known)
    )


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


def import_file(
    game: GameRules, game_name: str, journal: Journal, data: Any, table_id: str = ""
) -> dict:
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
    checked = dict(checked_entry(check, typed, entry) for typed, entry in entries.items())
    known = journal.catalogue(game_name)
    journal.save_catalogue(game_name, checked, CatalogueChange("import", table_id))
    return {"imported": len(checked), "replaced": sum(1 for k in checked if k in known)}


def checked_entry(
    check: Any, typed: Any, entry: Any, refusal: str = "catalogue_bad_entry"
) -> tuple[str, dict]:
    """One entry as the game declares it (its key a card number, its fields checked as a
    play would be), or ``refusal`` naming the card and why."""
    try:
        # a card's key as a label keeps it: "093" and "０９３" are card 93
        key = shapes.shaped(typed, "label", LONGEST_KEY, "card")
        return key, check(key, entry)
    except RuleError as error:
        shown = typed[:12] if isinstance(typed, str) and error.code != "unprintable_text" else "?"
        because = {"because": error.code, **error.params, "card": shown}
        raise RuleError(refusal, **because) from None


def edit(
    game: GameRules, game_name: str, journal: Journal, typed: Any, entry: Any, table_id: str
) -> dict:
    """The editor fixes (or adds) one entry, checked as an imported one."""
    hooks = catalogue_of(game)
    if hooks is None:
        raise NotFound("no_catalogue")
    key, checked = checked_entry(hooks.check, typed, entry, "catalogue_bad_edit")
    journal.save_catalogue(game_name, {key: checked}, CatalogueChange("edit", table_id))
    return {"key": key, "entry": checked}


def delete(game_name: str, journal: Journal, typed: Any, table_id: str) -> dict:
    """The editor forgets one entry: the next play of that card asks for its icons again."""
    try:
        key = shapes.shaped(typed, "label", LONGEST_KEY, "card")
    except RuleError:
        raise NotFound("catalogue_no_entry", card="?") from None
    if not journal.delete_catalogue(game_name, key, CatalogueChange("delete", table_id)):
        raise NotFound("catalogue_no_entry", card=key)
    return {"key": key, "deleted": True}
