"""The log line of one journal entry, as one viewer may read it.

Game actions are put into words by the game's ``describe``; the table's own entries (undo,
correction, seats, the private page on the tablet, closing the game) by the core keys in
``web/i18n``. Extra facts ride in ``also``: what an undone entry had disclosed (it stays in
the log: no free fishing), the hash of a fresh seed committed when play resumed.
"""

from __future__ import annotations

from typing import Protocol

from companion.errors import JournalError
from companion.known_games.game_contract import GameRules
from companion.randomness.epochs import Epochs
from companion.rules.base import line
from companion.storage.entries import (
    ActionApplied,
    ActionCorrected,
    ActionUndone,
    GameClosed,
    JournalEntry,
    PrivatePageClosed,
    PrivatePageOpened,
    SeatKeptOnTablet,
    SeatReissued,
    put_in_effect,
)
from companion.storage.journal import Entry


class Logged(Protocol):
    """What a log line reads of its table (a :class:`companion.play.table.Table`)."""

    @property
    def id(self) -> str: ...

    @property
    def game(self) -> GameRules: ...

    @property
    def epochs(self) -> Epochs: ...

    @property
    def entries(self) -> list[Entry]: ...

    def seat_name(self, seat: int) -> str: ...


def describe(table: Logged, version: int, entry: JournalEntry, seat: int | None) -> dict:
    match entry:
        case ActionApplied(action=action):
            text = table.game.describe(action, seat)
        case ActionUndone():
            text = _undo(table, entry)
        case ActionCorrected(target=target, action=action):
            text = line("core.corrected", version=target, dice=", ".join(map(str, action["dice"])))
            text["then"] = table.game.describe(action, seat)
        case GameClosed():
            # the seed in force when the table closed the game, now public
            text = line("core.closed", seed=table.epochs.seed_at(version).hex())
        case PrivatePageOpened(seat=opened):
            text = line("core.private_open", seat=table.seat_name(opened))
        case PrivatePageClosed(seat=closed, why=why):
            text = line(f"core.private_closed.{why}", seat=table.seat_name(closed))
        case SeatKeptOnTablet(seat=kept):
            text = line("core.on_tablet", seat=table.seat_name(kept))
        case SeatReissued(seat=reissued):
            text = line("core.reissued", seat=table.seat_name(reissued))
        case _:
            raise JournalError(f"table {table.id}: entry v{version} has no log line: {entry!r}")
    also = list(text.get("also", ())) + list(getattr(entry, "disclosed", ()))
    fresh = getattr(entry, "reseed", None)
    if fresh:
        also.append(line("core.reseeded", hash=fresh.hash))
    if also:
        text = {**text, "also": also}
    return text


def _undo(table: Logged, entry: ActionUndone) -> dict:
    if not entry.reopen:
        key = "core.undo_disclosed" if entry.disclosed else "core.undo"
        return line(key, version=entry.target)
    actions = [put_in_effect(table.entries[v - 1].body) for v in [*entry.reopen, entry.target]]
    moved = {action.get("seat") for action in actions if action is not None}
    seats = sorted(seat for seat in moved if seat is not None)
    return line(
        "core.undo_reveal",
        version=entry.target,
        seats=", ".join(table.seat_name(s) for s in seats),
    )
