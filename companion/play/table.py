"""One table: its game state, version, undo, prompts and per-viewer redaction.

A ``Table`` is rebuilt from the journal (snapshot + replay) and then advanced one committed
entry at a time by the service's writer thread. It never writes the journal itself: the
service asks it to *prepare* an entry (pure: checks, draws, the would-be state), writes the
entry durably, then tells the table to *commit* it. So a crash between the two loses an
unacknowledged action and nothing else.

Viewers: ``Viewer(seat=None, admin=False)`` is anyone at the table; ``admin=True`` is the
tablet that created the table; ``Viewer(seat=n)`` is seat n's own device. Admin is not
omniscient: it sees the public view and may submit any seat's *public* actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.access.viewer import Viewer
from companion.errors import Conflict, Forbidden, NotFound
from companion.known_games.game_contract import GameRules
from companion.play import barrier, faults, log_lines, log_notes, refusals
from companion.play.actors import answered_by
from companion.play.awaited import awaited_seats
from companion.play.takeback import Prepared, TakeBack
from companion.randomness import draws
from companion.randomness.epochs import Epochs
from companion.rules import fixes
from companion.rules.base import RuleError, normalised
from companion.rules.dice import FACES
from companion.storage.entries import (
    ActionApplied,
    ActionCorrected,
    ActionUndone,
    put_in_effect,
    taken_out,
)
from companion.storage.journal import Entry, TableRecord

CHECKPOINT_EVERY = 100


def find(tables: dict[str, Table], table_id: object) -> Table:
    """The table ``table_id`` names among ``tables`` (a 404 ``no_such_table`` else)."""
    table = tables.get(table_id) if isinstance(table_id, str) else None
    if table is None:
        raise NotFound("no_such_table")
    return table


class Table:
    def __init__(
        self,
        record: TableRecord,
        game: GameRules,
        entries: list[Entry],
        snapshots: Sequence[tuple[int, int]] = (),
        checkpoint_every: int = CHECKPOINT_EVERY,
        load_snapshot: Callable[[int, int], dict] | None = None,
    ) -> None:
        """``snapshots`` are (position, last_version) pairs, newest first; the state of the
        one that still matches the journal is read with ``load_snapshot``."""
        self.record = record
        self.checkpoint_every = checkpoint_every
        self.game = game
        self.entries: list[Entry] = []
        self.idem: dict[str, int] = {}  # idempotency key -> the version it made
        self.requests: dict[str, str] = {}  # idempotency key -> its request's fingerprint
        self.effective: list[tuple[int, dict]] = []  # (version, resolved action)
        self.drawn: dict[str, int] = {}  # what the effective actions drew, counted by kind
        self._checkpoints: list[tuple[int, dict]] = []
        self._correctable: tuple[int, dict | None] = (-1, None)
        self._views: dict = {}
        self.fault: dict | None = None  # what its game last raised (companion/play/faults.py)
        self.undone: set[int] = set()
        self.epochs = Epochs([record.seed])
        self.takeback = TakeBack(self)
        self.state = game.setup(list(record.players), dict(record.options))
        self._initial = self.state
        self._rebuild(entries, list(snapshots), load_snapshot or (lambda p, v: {}))

    # -- identity ------------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.record.id

    @property
    def version(self) -> int:
        return self.entries[-1].version if self.entries else 0

    @property
    def ended(self) -> bool:
        return bool(self.game.final(self.state))

    @property
    def closed(self) -> bool:
        """The table confirmed the end and its seed is published."""
        return self.epochs.closed

    def seat_name(self, seat: int) -> str:
        return self.record.players[seat]

    # -- rebuilding ----------------------------------------------------------------------
    def _rebuild(
        self,
        entries: list[Entry],
        snapshots: list[tuple[int, int]],
        load_snapshot: Callable[[int, int], dict],
    ) -> None:
        effective: list[tuple[int, dict]] = []
        for entry in entries:
            self.epochs.note(entry.version, entry.body)
            match entry.body:
                case ActionApplied(action=action):
                    effective.append((entry.version, action))
                case ActionUndone(target=target) | ActionCorrected(target=target) as taken:
                    if not effective or effective[-1][0] != target:
                        raise RuleError("journal_undo_mismatch", version=entry.version)
                    effective.pop()
                    reopen = list(taken.reopen) if isinstance(taken, ActionUndone) else []
                    effective = barrier.without(effective, reopen, entry.version)
                    if isinstance(taken, ActionCorrected):
                        effective.append((entry.version, taken.action))
        self.entries = list(entries)
        self.idem, self.requests = {}, {}
        for entry in entries:
            self._note_requests(entry)
        self.undone = {v for e in entries for v in taken_out(e.body)}
        start, state = 0, self._initial
        for position, last_version in snapshots:
            if position <= len(effective) and (
                position == 0 or effective[position - 1][0] == last_version
            ):
                try:
                    start, state = position, load_snapshot(position, last_version)
                except ValueError:
                    continue  # an unreadable snapshot is only a lost cache: replay more
                break
        self.resumed_from = start  # the snapshot start-up used (0: none), for the report
        self._checkpoints = [(0, self._initial)]
        if start:
            self._checkpoints.append((start, state))
        for position in range(start, len(effective)):
            state = self.game.apply(state, effective[position][1])
            if (position + 1) % self.checkpoint_every == 0:
                self._checkpoints.append((position + 1, state))
        self.effective = effective
        self.drawn = draws.counts(action for _version, action in effective)
        self.state = state

    def state_at(self, position: int) -> dict:
        """The state after the first ``position`` effective actions (for undo)."""
        base_position, state = max(
            (c for c in self._checkpoints if c[0] <= position), key=lambda c: c[0]
        )
        for _, action in self.effective[base_position:position]:
            state = self.game.apply(state, action)
        return state

    # -- preparing changes ---------------------------------------------------------------
    def check_version(self, expected: int | None) -> None:
        if expected is not None and expected != self.version:
            raise Conflict("stale_version", expected=expected, current=self.version)

    def prepare_action(self, action: Any, viewer: Viewer) -> Prepared:
        """Check who may send ``action``, draw what it needs, and compute the new state."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RuleError("bad_action")
        for kept in ("drawn", log_notes.KEY):  # the table writes them, never a device
            if kept in action:
                raise RuleError("bad_param", name=kept)
        if action["type"] in self.game.REPLAY_ONLY:
            raise RuleError("not_now", action=action["type"])  # only old journals hold it
        self._check_open(action, viewer)
        # typed text as its declared shape keeps it (companion/rules/shapes.py), journalled so
        action = normalised(self.game.legal(self.state, action.get("seat")), action)
        return self._prepared_action(action, {})

    def prepare_virtual_roll(self, viewer: Viewer, prompt: dict | None = None) -> Prepared:
        """Virtual dice for a dice prompt (the table's, unless the input router names a
        part of it: ``{"action": {...}, "dice": [kinds]}``): the faces are the next draws of
        kind ``die`` from the seed in force, so undo and roll again throws the same faces
        and the published seed proves them (docs/architecture.md, "Randomness")."""
        prompt = prompt or (self.prompt() if not self.ended else None)
        if not prompt or "dice" not in prompt or "action" not in prompt:
            raise RuleError("no_dice_asked")
        action = dict(prompt["action"])
        self._check_open(action, viewer)
        thrown = draws.dice(
            self.epochs.seed,
            self.drawn,
            [(kind, FACES[kind]) for kind in prompt["dice"]],
        )
        action["dice"] = [face for _kind, face in thrown]
        return self._prepared_action(action, {draws.DIE: thrown})

    def _check_open(self, action: dict, viewer: Viewer) -> None:
        if self.ended and action["type"] not in self.after_the_end():
            raise RuleError("game_closed" if self.closed else "game_over")
        seat = action.get("seat")
        if seat is not None and (
            not isinstance(seat, int)
            or isinstance(seat, bool)
            or not 0 <= seat < len(self.record.players)
        ):
            raise RuleError("bad_seat")
        self._check_actor(action, viewer)

    def _prepared_action(self, action: dict, thrown: dict) -> Prepared:
        drawn = {**self.draw(self.state, action, self.drawn, self.epochs.seed), **thrown}
        if drawn:
            action = {**action, "drawn": drawn}
        try:
            new_state = self.game.apply(self.state, action)
            action = log_notes.noted(self.game, self.state, new_state, action)
        except RuleError as error:
            raise refusals.explained(self, error, action.get("seat")) from None
        except Exception as error:  # noqa: BLE001 - a game's fault refuses, changes nothing
            faults.noted(self, "action", error)
            raise RuleError(faults.FAULT) from None
        effective = self.effective + [(self.version + 1, action)]
        return Prepared(
            ActionApplied(action),
            new_state,
            effective,
            bool(self.game.final(new_state)),
            drawn=draws.counts([action], self.drawn),
        )

    def draw(self, state: dict, action: dict, drawn_before: dict, seed: bytes) -> dict:
        """What the game asks drawn for ``action``, keyed by kind: the k-th item of a kind
        counts the items of that kind the actions in effect before it drew
        (``drawn_before``)."""
        spec = self.game.draws(state, action)
        return draws.resolve(seed, drawn_before, spec) if spec else {}

    def _check_actor(self, action: dict, viewer: Viewer) -> None:
        seat = action.get("seat")
        if viewer.seat is not None:
            if seat != viewer.seat:
                raise Forbidden("not_your_seat")
            return
        if not viewer.admin:
            raise Forbidden("needs_token")
        templates = [t for t in self.game.legal(self.state, seat) if t["type"] == action["type"]]
        if templates and all(t.get("secret") for t in templates):
            raise Forbidden("secret_needs_own_device")

    def commit(self, entry: Entry, prepared: Prepared) -> None:
        """Adopt a prepared change once its entry is durably journalled."""
        self._remember_roll(entry)
        self.entries.append(entry)
        self.epochs.note(entry.version, entry.body)
        self._note_requests(entry)
        self.undone.update(taken_out(entry.body))
        self.effective = prepared.effective
        self.drawn = (
            prepared.drawn
            if prepared.drawn is not None
            else draws.counts(action for _version, action in self.effective)
        )
        self.state = prepared.state
        self._views = {}
        self.fault = None  # a new state: the game is asked to show it again
        position = len(self.effective)
        if prepared.unchanged is not None:
            position = min(position, prepared.unchanged)
        # a checkpoint from here on may hold an undone or corrected action's state
        self._checkpoints = [c for c in self._checkpoints if c[0] < position or c[0] == 0]
        if not isinstance(entry.body, ActionUndone) and position % self.checkpoint_every == 0:
            self._checkpoints.append((position, self.state))

    def _remember_roll(self, entry: Entry) -> None:
        """A dice action can be corrected: note the dice it asked for while the state it
        was asked in is at hand (cheaper than replaying to it later)."""
        action = put_in_effect(entry.body)
        if isinstance(entry.body, ActionCorrected):
            self._correctable = (-1, None)  # worked out again if asked
        elif action is not None and "dice" in action:
            self._correctable = (entry.version, self._roll_info(self.state, entry.version, action))

    def _roll_info(self, before: dict, version: int, action: dict) -> dict | None:
        if draws.DIE in (action.get("drawn") or {}):
            return None  # thrown from the seed: undo and roll again gives the same faces
        kinds = next(
            (
                t["params"]["dice"]["dice"]
                for t in self.game.legal(before, action.get("seat"))
                if t["type"] == action["type"] and "dice" in t["params"]
            ),
            None,
        )
        return (
            None if kinds is None else {"version": version, "dice": kinds, "faces": action["dice"]}
        )

    def commit_note(self, entry: Entry) -> None:
        """Adopt an entry that changes no game state (a seat re-issued, the game closed)."""
        self.entries.append(entry)
        self.epochs.note(entry.version, entry.body)
        self._views = {}
        self._note_requests(entry)

    def _note_requests(self, entry: Entry) -> None:
        """Remember which idempotency keys made ``entry`` and what each request was (a dice
        prompt answered die by die is made by several requests)."""
        if entry.idem:
            self.idem[entry.idem] = entry.version
        for key, fingerprint in getattr(entry.body, "requests", {}).items():
            self.idem[key] = entry.version
            self.requests[key] = fingerprint

    # -- what viewers see ----------------------------------------------------------------
    def view(self, viewer: Viewer) -> dict:
        """Everything one viewer may see, made only from committed state; a table whose
        game cannot show it still answers (``companion/play/faults.py``)."""
        try:
            return self._view(viewer)
        except Exception as error:  # noqa: BLE001 - a game's fault stays with its table
            return faults.view_of(self, viewer, error)

    def _view(self, viewer: Viewer) -> dict:
        table = self.public_table()
        if viewer.admin:
            # until the table closes the game, the tablet can still fix the last entries
            table = {**table, "correctable": self.correctable()}
        return {
            "table": table,
            "viewer": {"seat": viewer.seat, "admin": viewer.admin},
            "state": self.game_view(viewer.seat),
            "prompt": self.prompt(),
            "legal": self.legal_for(viewer, table["current_seat"]),
        }

    def public_table(self) -> dict:
        """The table's part of every view (nothing in it is a seat's own), made once per
        state and shared by every viewer."""
        if "table" not in self._views:
            ended = self.ended
            table = {
                "id": self.id,
                "game": self.record.game,
                "players": self.record.players,
                "version": self.version,
                "seed_hash": draws.commitment(self.epochs.seed),
                "ended": ended,
                "closed": self.closed,
                "can_undo": bool(self.effective),
                "seeds": self.epochs.public(),
                "current_seat": self.current_seat(),
                "awaited": self.awaited(),
            }
            if self.closed:
                table["seed"] = self.epochs.seed.hex()
            if ended:
                table["standings"] = self.standings()
            self._views["table"] = table
        return self._views["table"]

    def standings(self) -> list[dict] | None:
        """The game's final places (public: what the end of the game reveals), if it has any."""
        return (self.game.standings(self.state) or None) if self.ended else None

    def start_seat(self) -> int | None:
        """The seat that took the first turn, if the game says (``start_seat``)."""
        return self.game.start_seat(self.state)

    def prompt(self) -> dict | None:
        """What the table waits for, made once per state (every viewer and the input
        router ask for it on each change)."""
        if "prompt" not in self._views:
            self._views["prompt"] = self.game.prompt(self.state)
        return self._views["prompt"]

    def game_view(self, seat: int | None) -> dict:
        """The game's view for ``seat``, made once per state (the tablet and the public
        share one; a change clears them)."""
        if seat not in self._views:
            self._views[seat] = self.game.view(self.state, seat)
        return self._views[seat]

    def current_seat(self, prompt: dict | None = None, public: dict | None = None) -> int | None:
        """Whose turn it is, for the "your turn" lights and the dashboard: the seat the
        prompt waits for, else the game's public ``turn``."""
        if self.ended:
            return None
        prompt = self.prompt() if prompt is None else prompt
        if prompt and isinstance(prompt.get("seat"), int):
            return prompt["seat"]
        public = self.game_view(None) if public is None else public
        turn = public.get("turn")
        return turn if isinstance(turn, int) and not isinstance(turn, bool) else None

    def awaited(self) -> list[int]:
        """The seats the table waits for now (``companion/play/awaited.py``): each reads "Your
        turn" on its phone; none once the game is over."""
        if self.ended:
            return []
        prompt = self.prompt()
        return awaited_seats(prompt, None if prompt else self.current_seat(prompt))

    def correctable(self) -> dict | None:
        """The last action, if it was a dice roll: its version and the dice it asked for."""
        if not self.effective or "dice" not in self.effective[-1][1]:
            return None
        version, action = self.effective[-1]
        if self._correctable[0] != version:  # after a restart or an undo: replay to it
            previous = self.state_at(len(self.effective) - 1)
            self._correctable = (version, self._roll_info(previous, version, action))
        return self._correctable[1]

    def after_the_end(self) -> frozenset:
        """What the game still takes once it is over, until the tablet closes it: its
        ``AFTER_THE_END`` (Lawless: the coins, counted at the end)."""
        return frozenset() if self.closed else frozenset(self.game.AFTER_THE_END)

    def legal_for(self, viewer: Viewer, first: int | None = None) -> list[dict]:
        if self.ended and not self.after_the_end():
            return []
        if viewer.seat is not None:
            return self.game.legal(self.state, viewer.seat)
        if not viewer.admin:
            return []
        # the seat the table waits for first, then the table's own, then everyone else's
        order = (
            ([first] if first is not None else [])
            + [None]
            + [s for s in range(len(self.record.players)) if s != first]
        )
        return [
            t for seat in order for t in self.game.legal(self.state, seat) if not t.get("secret")
        ]

    def log_for(self, viewer: Viewer, after: int = 0) -> list[dict]:
        """The journal as this viewer may read it, entries with version > ``after``
        (versions run 1, 2, 3… with no gap, so that is a slice)."""
        return [
            self.describe_entry(e, viewer, e.version in self.undone)
            for e in self.entries[max(after, 0) :]
        ]

    def _line(self, entry: Entry, viewer: Viewer) -> dict:
        try:
            return log_lines.describe(self, entry.version, entry.body, viewer.seat)
        except Exception as error:  # noqa: BLE001 - one line the game cannot word
            faults.noted(self, "log", error)
            return {"key": "core.line_fault", "params": {"version": entry.version}}

    def describe_entry(self, entry: Entry, viewer: Viewer, undone: bool = False) -> dict:
        out = {
            "version": entry.version,
            "kind": entry.body.KIND,
            "line": self._line(entry, viewer),
            "undone": undone,
            "source": entry.source,
            "by": answered_by(entry.actor, entry.source),
            "at": entry.at,
        }
        if isinstance(entry.body, ActionApplied) and fixes.is_fix(
            entry.body.action.get("type"), self.game.CORRECTIONS
        ):
            out["fix"] = True  # a count set by hand on the tablet: shown as a correction
        return out
