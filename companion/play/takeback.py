"""Taking back: undo, correction, and closing the game — the moments that should be final
(docs/architecture.md, "What cannot be taken back"). A part of :class:`companion.play.table.Table`,
kept in its own room.

- An undo of a reveal of sealed submissions also discards that round's moves, so every seat
  chooses again (``companion/play/barrier.py``).
- An undo or a correction of an entry that showed everyone something of a secret (the
  game's ``discloses``, a reveal, the final result) keeps what it showed in the public log.
- Closing the game publishes its seed; an undo or correction after that carries a fresh seed
  in the same journal row (``companion/randomness/epochs.py``), so nothing still to be drawn can be
  predicted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from companion.access.viewer import Viewer
from companion.errors import Forbidden
from companion.play import barrier, log_notes
from companion.randomness import draws
from companion.randomness.epochs import Epochs
from companion.rules.base import RuleError, line
from companion.storage.entries import (
    ActionCorrected,
    ActionUndone,
    FreshSeed,
    GameClosed,
    JournalEntry,
)


class Played(barrier.Rounds, Protocol):
    """What take-back reads of its table (a :class:`companion.play.table.Table`), as it is when
    asked: besides a round's moves, its state and version, its seeds, its end and result."""

    @property
    def state(self) -> dict: ...

    @property
    def epochs(self) -> Epochs: ...

    @property
    def version(self) -> int: ...

    @property
    def ended(self) -> bool: ...

    @property
    def closed(self) -> bool: ...

    def draw(self, state: dict, action: dict, drawn_before: dict, seed: bytes) -> dict: ...

    def standings(self) -> list[dict] | None: ...

    def seat_name(self, seat: int) -> str: ...


@dataclass(frozen=True)
class Prepared:
    """An entry ready to be journalled, with the state it leads to."""

    entry: JournalEntry
    state: dict
    effective: list  # the effective-action list after the entry
    ended: bool
    unchanged: int | None = None  # positions below this keep their state (None: all but the last)
    drawn: dict | None = None  # what ``effective`` drew, by kind (None: count it again)


class TakeBack:
    """A part of :class:`companion.play.table.Table` (``table.takeback``): the entries that take
    back, fix or close what the table's effective actions did. It reads the table as it is
    when asked (its effective actions, states, seeds and game), and changes nothing: what
    it prepares, the service journals and the table commits."""

    def __init__(self, table: Played) -> None:
        self.table = table

    def prepare_undo(self, viewer: Viewer) -> Prepared:
        """Take back the last action in effect. Undoing a reveal of sealed submissions
        also discards that round's submissions, so every seat chooses again (a reveal is a
        barrier, ``companion/play/barrier.py``); undoing what disclosed a secret says so in the
        public log; on a closed game a fresh seed comes with it
        (``companion/randomness/epochs.py``)."""
        if not viewer.admin:
            raise Forbidden("undo_needs_tablet")
        if not self.table.effective:
            raise RuleError("nothing_to_undo")
        target_version, target = self.table.effective[-1]
        revealed, reopen = barrier.moves_to_discard(self.table)
        before = self.table.state_at(len(self.table.effective) - 1)
        entry = ActionUndone(
            target_version, tuple(reopen), self._disclosed(before, target, revealed), self._reseed()
        )
        effective = barrier.without(self.table.effective[:-1], reopen, target_version)
        unchanged = barrier.first_change(self.table.effective[:-1], reopen)
        try:
            state = self.replay(unchanged, effective)
        except RuleError:
            raise RuleError("reveal_undo_blocked") from None
        return Prepared(entry, state, effective, bool(self.table.game.final(state)), unchanged)

    def replay(self, position: int, effective: list) -> dict:
        """The state after ``effective``, whose first ``position`` actions are this
        table's own first ``position``."""
        state = self.table.state_at(position)
        for _version, action in effective[position:]:
            state = self.table.game.apply(state, action)
        return state

    def _disclosed(self, before: dict, action: dict, revealed: bool) -> tuple[dict, ...]:
        """No free fishing: what the entry being taken back showed everyone of a secret
        (the game's ``discloses``, a reveal, the final result) stays in the public log."""
        lines = list(self.table.game.discloses(before, self.table.state, action))
        if revealed:
            lines.append(line("core.disclosed_reveal"))
        if self.table.ended:
            lines.append(line("core.disclosed_result"))
            lines.extend(self._shown_standings())
        return tuple(lines)

    def _shown_standings(self) -> list[dict]:
        """The final standings every screen showed, as log lines ("1. Ann", then the number
        that decided it): an undo after the end keeps the result itself in the log."""
        lines = []
        for row in self.table.standings() or []:
            name = self.table.seat_name(row["seat"])
            place = row["place"]
            lines.append(
                line("core.disclosed_unranked", player=name)
                if place is None
                else line("core.disclosed_place", place=place, player=name)
            )
            lines.append(row["score"])
        return lines

    def _reseed(self) -> FreshSeed | None:
        """Play resuming on a closed game: the entry that resumes it commits a fresh seed."""
        return self.table.epochs.fresh() if self.table.closed else None

    def prepare_correction(self, dice: list, viewer: Viewer) -> Prepared:
        """Fix a misread roll: the last action in effect, again, with the right dice. One
        journal row says which version it corrects; the log shows both."""
        if not viewer.admin:
            raise Forbidden("correction_needs_tablet")
        if not self.table.effective or "dice" not in self.table.effective[-1][1]:
            raise RuleError("nothing_to_correct")
        target_version, target = self.table.effective[-1]
        if draws.DIE in (target.get("drawn") or {}):
            raise RuleError("virtual_dice_not_corrected")  # undo and roll again instead
        action = {k: v for k, v in log_notes.bare(target).items() if k != "drawn"}
        action["dice"] = dice
        previous = self.table.state_at(len(self.table.effective) - 1)
        disclosed = self._disclosed(previous, target, False)
        fresh = self._reseed()
        seed = bytes.fromhex(fresh.seed) if fresh else self.table.epochs.seed
        before = draws.counts(a for _v, a in self.table.effective[:-1])
        drawn = self.table.draw(previous, action, before, seed)
        if drawn:
            action["drawn"] = drawn
        state = self.table.game.apply(previous, action)
        action = log_notes.noted(self.table.game, previous, state, action)
        effective = self.table.effective[:-1] + [(self.table.version + 1, action)]
        entry = ActionCorrected(target_version, action, disclosed, fresh)
        final = bool(self.table.game.final(state))
        return Prepared(entry, state, effective, final, drawn=draws.counts([action], before))

    def prepare_close(self, viewer: Viewer) -> Prepared:
        """The table confirms the end: the entry that publishes the seed (no game state
        changes)."""
        if not viewer.admin:
            raise Forbidden("close_needs_tablet")
        if not self.table.ended:
            raise RuleError("game_not_over")
        if self.table.closed:
            raise RuleError("game_closed")
        return Prepared(GameClosed(), self.table.state, self.table.effective, True)
