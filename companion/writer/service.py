"""The single writer: every change to every table, from any source, in one order.

Browsers, the die reader and the buttons all end up here. Changes (and the reads that must
see committed state) run one at a time, each as *the writer*: whoever holds the writer's
turn (``Service.call``). A request's change runs on the request's own thread once it has
the turn, so it wakes no other thread on its way to the journal and the screens; device
callbacks only ``post`` an event, which the writer thread runs in its turn. An action is
acknowledged — the call returns, the hub broadcasts — only after its journal entry is
committed.
"""

from __future__ import annotations

import logging
import queue
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import AbstractContextManager
from dataclasses import replace
from typing import Any

from companion.access import idempotency as requests
from companion.access import tokens
from companion.access.idempotency import Request, Unbound
from companion.access.viewer import Asker
from companion.errors import Busy, CompanionError, Conflict, Forbidden, NotFound
from companion.known_games import registry
from companion.play import faults
from companion.play.independent_moves import still_means_the_same
from companion.play.table import Table, Viewer, find
from companion.play.takeback import Prepared
from companion.randomness import draws
from companion.rules import shapes
from companion.rules.base import RuleError
from companion.storage import card_catalogue, clock_labels, rules_versions
from companion.storage.entries import ActionApplied, ActionUndone, put_in_effect, with_requests
from companion.storage.journal import Entry, Journal, JournalError, TableRecord
from companion.writer import catalogue_requests
from companion.writer.active_table import Holds, Steering
from companion.writer.device_desk import Devices
from companion.writer.hub import Hub
from companion.writer.input_events import InputEvent
from companion.writer.input_router import Desk, InputRouter
from companion.writer.new_table_checks import check_options, check_players, check_thrown
from companion.writer.seats import Seats

_STOP = object()
log = logging.getLogger("companion")


class Service:
    def __init__(
        self,
        journal: Journal,
        hub: Hub | None = None,
        snapshot_every: int = 200,
        sensor_confirm: bool = False,
        reply_timeout: float = 10.0,
        checkpoint_every: int = 100,
        private_session_s: float = 600.0,
    ) -> None:
        self.journal = journal
        self.hub = hub or Hub()
        self.snapshot_every = snapshot_every
        self.checkpoint_every = checkpoint_every  # in memory, for cheap undo
        self.reply_timeout = reply_timeout
        self.tables: dict[str, Table] = {}
        # a finished table -> its rematch, for a page that opens its stream after the
        # rematch began (a phone that slept through it: companion/writer/rematch.py)
        self.rematches: dict[str, str] = {}
        self._queue: queue.Queue[Any] = queue.Queue()
        # whoever holds it is the writer: the writer thread for what is posted to it (device
        # events, snapshots), a request's own thread for that request's change (``call``)
        self._turn = threading.Lock()
        self._writer = threading.local()  # .active: this thread is the writer now
        self._counting = threading.Lock()
        self._posted = self._ran = 0  # tasks put in the queue, and run (or cancelled)
        self._thread: threading.Thread | None = None
        # the views of a change are made here while the writer's commit syncs (_commit)
        self._closed = False
        # its parts, each handed what it uses: who sits where, which table the hardware
        # feeds, and the devices' side
        self.seats = Seats(
            journal,
            self.hub,
            self.tables,
            self.call,
            self._post_task,
            self._view,
            private_session_s,
        )
        self.steering = Steering(journal, self.hub, self.tables, self.seats.who, self.call)
        self.devices = Devices(
            journal, self.hub, self.tables, self.call, self.steering.active_table_id
        )
        desk: Desk = self  # the router's view of the service, checked here by mypy
        self.inputs = InputRouter(desk, sensor_confirm)
        # told a table's id when its game ends (the CLI makes a backup): must not block
        self.game_ended: Callable[[str], None] | None = None
        self.integrity: dict = {}  # the start-up report (companion/storage/integrity.py)
        self.refused: dict[str, dict] = {}  # tables whose rules version this companion lacks
        for record in journal.tables(include_ended=True):
            self._load(record)

    def _load(self, record: TableRecord) -> Table | None:
        if not draws.committed(record.seed, record.seed_hash):
            # the seed proves every draw to the players: one that is not the seed the table
            # committed to (its hash shown since the start) would prove nothing, and draws
            # made from it would not be the ones committed to. Leave the table unloaded.
            self.refused[record.id] = {"game": record.game, "code": "seed_not_committed"}
            log.error(
                "table %s (%s) not loaded: its seed is not the one committed",
                record.id,
                record.game,
            )
            return None
        try:
            return self._rebuild_table(record)
        except rules_versions.RulesVersionError as error:
            # old actions are never replayed silently under new rules: leave the table as
            # it was recorded, and say so
            self.refused[record.id] = {"game": record.game, "code": error.code, **error.params}
            log.error(
                "table %s (%s) not loaded: %s %s", record.id, record.game, error.code, error.params
            )
            return None
        except (RuleError, KeyError, TypeError, ValueError) as error:
            # a journal its rules refuse to replay: say which table, never guess
            raise JournalError(
                f"table {record.id} ({record.game}) does not replay under rules version "
                f"{registry.game(record.game).RULES_VERSION} "
                f"(recorded under {record.rules_version}): {error!r}"
            ) from error

    def _rebuild_table(self, record: TableRecord) -> Table:
        game = registry.game(record.game)
        recorded = self.journal.entries(record.id)
        entries = rules_versions.bring_up(game, record.rules_version, recorded)
        # a snapshot holds a state the rules of its day made: only usable when no action
        # needed bringing up to today's rules
        as_recorded = all(now is then for now, then in zip(entries, recorded))
        snapshots = self.journal.snapshots(record.id) if as_recorded else []
        table = Table(
            record,
            game,
            entries,
            snapshots,
            self.checkpoint_every,
            lambda position, version: self.journal.snapshot_state(record.id, position, version),
        )
        self.tables[record.id] = table
        return table

    # -- the writer thread ---------------------------------------------------------------
    def start(self) -> Service:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="companion-writer", daemon=True)
            self._thread.start()
        return self

    def _run(self) -> None:
        while True:
            task, future = self._queue.get()
            if task is _STOP:
                return
            if future is not None and not future.set_running_or_notify_cancel():
                self._ran += 1
                continue
            with self._turn:
                try:
                    result = self._as_writer(task)
                except BaseException as error:  # handed to the caller, who reports it
                    if future is not None:
                        future.set_exception(error)
                    else:
                        log.exception("a posted task failed")
                    continue
                finally:
                    self._ran += 1
            if future is not None:
                future.set_result(result)

    def call(self, task: Callable[[], Any]) -> Any:
        """Run ``task`` as the writer and return its result (or raise its error), after
        everything asked before it: first come, first served. When no change runs and
        nothing waits, on the calling thread at once (a request's change then wakes no other
        thread on its way to the journal and the screens); else behind the others, in the
        writer thread's queue (a lock's waiters are woken in no promised order, a queue's
        are served in turn)."""
        if getattr(self._writer, "active", False):
            return task()  # already the writer (a step of a change)
        if self._closed:
            raise Busy("shutting_down")
        done, result = self._here(task)
        if done:
            return result
        future: Future = Future()
        self._enqueue(task, future)
        try:
            return future.result(timeout=self.reply_timeout)
        except TimeoutError as error:
            # not begun yet: it never runs, so the 503 changed nothing (begun: it ends as
            # it will, and a retry with the same idempotency key gets its first answer)
            future.cancel()
            raise Busy("writer_timeout") from error

    def _here(self, task: Callable[[], Any]) -> tuple[bool, Any]:
        """``(True, task())`` run as the writer on this thread, if no change runs now and
        nothing posted waits; else ``(False, None)`` and nothing ran."""
        if not self._turn.acquire(blocking=False):
            return False, None
        try:
            if self._ran != self._posted:
                return False, None
            return True, self._as_writer(task)
        finally:
            self._turn.release()

    def _as_writer(self, task: Callable[[], Any]) -> Any:
        self._writer.active = True
        try:
            return task()
        finally:
            self._writer.active = False

    def _enqueue(self, task: Callable[[], Any], future: Future | None = None) -> None:
        with self._counting:
            self._posted += 1
        self._queue.put((task, future))

    def _post_task(self, task: Callable[[], Any]) -> None:
        """Run ``task`` as the writer later, unless the service is closed by then."""
        if not self._closed:
            self._enqueue(task)

    def post(self, event: InputEvent) -> None:
        """Thread-safe and non-blocking: for device callbacks (the writer thread handles
        the event in its turn)."""
        if not self._closed:
            self._enqueue(lambda: self.inputs.handle(event))

    def handle_now(self, event: InputEvent) -> None:
        """:meth:`post`, but handled on the calling thread at once when no change runs
        and nothing posted waits: a throw then wakes no other thread on its way to the
        screens. It never waits for another change (then it is posted). For a device's own
        reading thread (the die reader), which holds no lock its event's handling takes."""
        if self._closed:
            return

        def handle() -> None:
            try:
                self.inputs.handle(event)
            except Exception:  # a device event's own faults are told where they happen
                log.exception("handling a device event failed")

        done, _ = self._here(handle)
        if not done:
            self.post(event)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._thread is not None:
            self._queue.put((_STOP, None))
            self._thread.join(timeout=5)
        self.hub.close()

    def __enter__(self) -> Service:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reads (on the writer, so they see committed state only) -------------------------
    def table(self, table_id: str) -> Table:
        return find(self.tables, table_id)

    def view(self, table_id: str, viewer: Viewer) -> dict:
        return self.call(lambda: self._view(self.table(table_id), viewer))

    def _view(self, table: Table, viewer: Viewer) -> dict:
        """The table's view for ``viewer``, with the dice in so far of a prompt answered
        die by die (they are not game state: any change clears them)."""
        view = table.view(viewer)
        parts = self.inputs.parts(table)
        if parts is None:
            return view
        return {**view, "table": {**view["table"], "dice_parts": parts.public()}}

    def log(self, table_id: str, viewer: Viewer, after: int = 0) -> list[dict]:
        return self.call(lambda: self.table(table_id).log_for(viewer, after))

    def signals(self) -> dict:
        """What the lights show: whose turn it is at the active table, and whether it waits
        for dice."""

        def task() -> dict:
            table = self.tables.get(self.active_table_id() or "")
            if table is None:
                return {"seat": None, "dice": False}
            try:
                return {
                    "seat": table.current_seat(),
                    "dice": self.inputs.dice_prompt(table) is not None,
                }
            except Exception as error:  # noqa: BLE001 - a game's fault: the lights go dark
                faults.noted(table, "prompt", error)
                return {"seat": None, "dice": False}

        return self.call(task)

    # -- changes -------------------------------------------------------------------------
    def create_table(
        self, game_name: str, players: Any, options: Any, holds: Holds | None = None
    ) -> dict:
        """A new table. Asked over the network (``holds``: the credentials the request
        carries, by table), it takes the hardware only if that is free or the request
        steers it (``companion/writer/active_table.py``); made on the Pi itself (``holds`` None: the
        operator), it always does."""
        return self.call(lambda: self._create_table(game_name, players, options, holds))

    def _create_table(
        self, game_name: Any, players: Any, options: Any, holds: Holds | None
    ) -> dict:
        if not isinstance(game_name, str) or game_name not in registry.names():
            raise NotFound("no_such_game")
        game = registry.game(game_name)
        names = check_players(players, game.PLAYERS)
        merged = check_options(options, game.OPTIONS, game.OPTION_CHOICES)
        seed = draws.new_seed()
        admin_token = tokens.new_token()
        record = TableRecord(
            secrets.token_hex(6),
            game_name,
            names,
            merged,
            seed,
            draws.commitment(seed),
            game.RULES_VERSION,
            clock_labels.now_label(),
            tokens.digest(admin_token),
            False,
        )
        table = Table(record, game, [], (), self.checkpoint_every)  # setup must succeed first
        codes = [tokens.new_join_code() for _ in names]
        self.journal.create_table(
            record,
            [(seat, tokens.digest(tokens.new_token()), code) for seat, code in enumerate(codes)],
        )
        steers = holds is None or self.steering.steers(holds)
        self.tables[record.id] = table
        if steers:
            self.steering.take_hardware(record.id)
        return {
            "id": record.id,
            "admin_token": admin_token,
            "join_codes": codes,
            "seed_hash": record.seed_hash,
            "active": steers,
        }

    def act(
        self,
        table_id: str,
        action: Any,
        viewer: Asker,
        expected_version: Any = None,
        request: Request | Unbound | None = None,
        source: str = "web",
    ) -> dict:
        return self.seats.on_behalf(
            table_id,
            viewer,
            request,
            lambda who, bound: self._act(table_id, action, who, expected_version, bound, source),
        )

    def _act(
        self,
        table_id: str,
        action: Any,
        viewer: Viewer,
        expected_version: Any,
        request: Request | None,
        source: str,
        parts: dict | None = None,
    ) -> dict:
        def authorize(table: Table) -> None:
            if viewer.seat is None and not viewer.admin:
                raise Forbidden("needs_token")
            if (
                viewer.seat is not None
                and isinstance(action, dict)
                and action.get("seat") != viewer.seat
            ):
                raise Forbidden("not_your_seat")
            prompt = self.inputs.dice_prompt(table)
            if (
                viewer.seat is not None
                and prompt
                and "owners" in prompt
                and isinstance(action, dict)
                and action.get("type") == prompt["action"]["type"]
            ):
                raise Forbidden("dice_by_their_owners")  # not the other player's die too

        def prepare(table: Table) -> Prepared:
            if self._in_its_moment(table, action):
                expected = None  # another seat's vote landing first changes nothing of ours
            elif still_means_the_same(table, action, expected_version):
                expected = None  # another seat's loan landing first changes nothing of ours
            else:
                expected = expected_version
            table.check_version(expected)
            known = card_catalogue.resolve(
                table.game, self.journal, table.record.game, table.state, action
            )
            return table.prepare_action(known, viewer)

        return self._change(table_id, viewer, request, source, authorize, prepare, parts)

    @classmethod
    def _in_its_moment(cls, table: Table, action: Any) -> bool:
        """A secret submission (a plan, a vote) depends on no one else's: it is refused only
        when its own round is over, never because another seat's landed first. It names the
        round it answers (``"round"``, given by its template; the pages always send it): one
        that names a round over or another round is refused (409 ``moment_passed``). One
        that names none, while its round has an id, is held to ``expected_version`` like
        any other action (a script's choice, as that check is)."""
        now = cls._open_rounds(table, action)
        answered = action.get("round") if isinstance(action, dict) else None
        if answered is not None and answered not in now:
            raise Conflict("moment_passed")
        return answered is not None or (bool(now) and all(r is None for r in now))

    @classmethod
    def _open_rounds(cls, table: Table, action: Any) -> list:
        """The rounds the seat's secret templates of this action's type answer now (None
        for a round saved before rounds had ids); empty when it is no secret submission."""
        if not cls._is_sealed(table, action):
            return []
        seat, kind = action["seat"], action["type"]
        return [t.get("round") for t in table.game.legal(table.state, seat) if t["type"] == kind]

    @staticmethod
    def _is_sealed(table: Table, action: Any) -> bool:
        if not isinstance(action, dict) or table.ended:
            return False
        seat = action.get("seat")
        if (
            not isinstance(seat, int)
            or isinstance(seat, bool)
            or not 0 <= seat < len(table.record.players)
        ):
            return False
        templates = [
            t for t in table.game.legal(table.state, seat) if t["type"] == action.get("type")
        ]
        return bool(templates) and all(t.get("secret") for t in templates)

    # -- what the input router is handed (inputs.Desk); writer thread only ----------------
    def active_table_id(self) -> str | None:
        return self.steering.active_table_id()

    def set_device(self, name: str, status: dict) -> None:
        self.devices.set_device(name, status)

    def frame_receipt(self, receipt: tuple[str, str, int] | None) -> AbstractContextManager[None]:
        return self.devices.frame_receipt(receipt)

    def roll_refused(self, device: str, what: str, code: str) -> None:
        self.devices.roll_refused(device, what, code)

    def die_seat(self, device: str) -> int | None:
        return self.devices.die_seat(device)

    def publish_to_seat(self, kind: str, data: dict, table_id: str, seat: int) -> None:
        self.devices.publish_to_seat(kind, data, table_id, seat)

    def act_now(
        self,
        table_id: str,
        action: dict,
        viewer: Viewer,
        source: str,
        request: Request | None = None,
        parts: dict | None = None,
    ) -> dict:
        return self._act(table_id, action, viewer, None, request, source, parts)

    def publish(self, kind: str, data: dict, table_id: str) -> None:
        self.hub.publish(kind, data, table_id)

    def card_name(self, game: str, uid: str) -> str | None:
        return self.journal.cards(game).get(uid)

    def undo(
        self,
        table_id: str,
        viewer: Asker,
        expected_version: Any = None,
        request: Request | Unbound | None = None,
        source: str = "web",
    ) -> dict:
        def undo_as(who: Viewer, bound: Request | None) -> dict:
            def prepare(table: Table) -> Prepared:
                table.check_version(expected_version)
                return table.takeback.prepare_undo(who)

            tablet = self._tablet_only("undo_needs_tablet", who)
            return self._change(table_id, who, bound, source, tablet, prepare)

        return self.seats.on_behalf(table_id, viewer, request, undo_as)

    def correct(
        self,
        table_id: str,
        dice: Any,
        viewer: Asker,
        expected_version: Any = None,
        request: Request | Unbound | None = None,
    ) -> dict:
        """A misread roll fixed from the tablet: ``dice`` are the faces that really showed."""

        def correct_as(who: Viewer, bound: Request | None) -> dict:
            def prepare(table: Table) -> Prepared:
                if not isinstance(dice, list):
                    raise RuleError("bad_dice")
                table.check_version(expected_version)
                return table.takeback.prepare_correction(dice, who)

            tablet = self._tablet_only("correction_needs_tablet", who)
            return self._change(table_id, who, bound, "correction", tablet, prepare)

        return self.seats.on_behalf(table_id, viewer, request, correct_as)

    @staticmethod
    def _tablet_only(code: str, viewer: Viewer) -> Callable[[Table], None]:
        def authorize(table: Table) -> None:
            if not viewer.admin:
                raise Forbidden(code)

        return authorize

    def _change(
        self,
        table_id: str,
        viewer: Viewer,
        request: Request | None,
        source: str,
        authorize: Callable[[Table], None],
        prepare: Callable[[Table], Prepared],
        parts: dict | None = None,
    ) -> dict:
        """Every change the same way: who may, first; then a retried request gets its first
        answer (a key reused for another request or by another viewer is a 409); else
        prepare (a stale version changes nothing), write durably, adopt and broadcast."""
        table = self.table(table_id)
        try:
            authorize(table)
            replayed = requests.first_answer(table, request)
            if replayed is not None:
                return replayed
            prepared = prepare(table)
        except (CompanionError, RuleError):
            raise
        except Exception as error:  # noqa: BLE001 - a game's fault refuses, changes nothing
            faults.noted(table, "action", error)
            raise RuleError(faults.FAULT) from None
        keys = dict(parts or {})
        if request is not None:
            keys[request.key] = request.fingerprint
        if keys:
            prepared = replace(prepared, entry=with_requests(prepared.entry, keys))
        return self._commit(table, prepared, viewer, request.key if request else None, source)

    def _commit(
        self, table: Table, prepared: Prepared, viewer: Viewer, idem: str | None, source: str
    ) -> dict:
        """Journal ``prepared`` durably, adopt it, and broadcast it: the views are made and
        sent only once the commit returned, so no screen shows an action a power cut could
        lose. A failed commit sends nothing and the table is rebuilt from the journal."""
        before, was_over = table.version, table.ended
        entry = Entry(
            before + 1,
            rules_versions.stamp(table.game, prepared.entry),
            viewer.label,
            source,
            clock_labels.now_label(),
            idem,
        )
        table.commit(entry, prepared)
        try:
            self.journal.append(
                table.id,
                entry,
                ended=prepared.ended,
                witness_later=True,
                receipt=self.devices.answering,
            )
        except BaseException:
            self._reload(table)
            raise
        try:
            self.hub.send(
                self.hub.prepare_change(table, before)
            )  # durable: every screen may see it
        finally:
            self.journal.write_witness()  # after the screens: it may lag, never lead
        if prepared.ended and not was_over and self.game_ended is not None:
            self.game_ended(table.id)
        if isinstance(entry.body, ActionApplied):
            catalogue_requests.learned(table, self.journal, entry.body.action)
        self.inputs.after_change(table)
        position = len(table.effective)
        if not isinstance(entry.body, ActionUndone) and position % self.snapshot_every == 0:
            self._enqueue(
                lambda: self.journal.save_snapshot(
                    table.id, position, entry.version, table.state_at(position)
                )
            )
        return {"version": entry.version}

    def _reload(self, table: Table) -> None:
        """A commit failed after the table adopted it in memory: the journal says what
        stands. If even reading it back fails, the table leaves memory (until a restart
        reads it again) rather than stay ahead of its journal."""
        try:
            self._rebuild_table(table.record)
        except (JournalError, RuleError, KeyError, TypeError, ValueError):
            log.exception("table %s could not be read back after a failed commit", table.id)
            self.tables.pop(table.id, None)

    def name_card(self, table_id: str, uid: Any, card: Any, viewer: Viewer) -> None:
        """Teach the card registry what an unknown tag is (the dashboard asks)."""

        def task() -> None:
            table = self.table(table_id)
            if not viewer.admin:
                raise Forbidden("needs_token")
            if (
                not isinstance(uid, str)
                or not 2 <= len(uid) <= 32
                or not all(c in "0123456789abcdef" for c in uid)
            ):
                raise RuleError("bad_card_uid")
            named = shapes.shaped(card, "label", 40, "card")  # "０９３" is card 93
            self.journal.remember_card(table.record.game, uid, named)
            self.hub.publish("card", {"uid": uid, "card": named}, table_id)

        self.call(task)

    def throw(
        self, table_id: str, viewer: Asker, request: Request | Unbound | None = None
    ) -> list[str] | dict:
        """The dashboard's "roll" control: virtual dice for the dice the prompt asks, by
        whoever may answer it (a retried request: its first answer)."""
        return self.seats.on_behalf(
            table_id,
            viewer,
            request,
            lambda who, bound: self.inputs.virtual(self.table(table_id), who, bound),
        )

    def roll_virtual(
        self,
        table_id: str,
        viewer: Viewer,
        source: str,
        prompt: dict | None = None,
        request: Request | None = None,
    ) -> dict:
        """Virtual dice, drawn from the table's seed (``Table.prepare_virtual_roll``), for
        the input router (writer thread only): the prompt's action with those faces, kept
        with the request that threw them."""
        table = self.table(table_id)
        prepared = table.prepare_virtual_roll(viewer, prompt)
        if request is not None:
            keys = {request.key: request.fingerprint}
            prepared = replace(prepared, entry=with_requests(prepared.entry, keys))
        done = self._commit(table, prepared, viewer, request.key if request else None, source)
        action = put_in_effect(prepared.entry)
        assert action is not None  # a virtual roll is an action, and puts it in effect
        return {**done, "dice": action["drawn"]["die"]}

    def close_game(
        self, table_id: str, viewer: Asker, request: Request | Unbound | None = None
    ) -> dict:
        """The table confirms the end of its game: the seed is published to every screen
        (undo stays possible; play resuming commits a fresh seed first)."""

        def close_as(who: Viewer, bound: Request | None) -> dict:
            tablet = self._tablet_only("close_needs_tablet", who)
            return self._change(
                table_id, who, bound, "web", tablet, lambda table: table.takeback.prepare_close(who)
            )

        return self.seats.on_behalf(table_id, viewer, request, close_as)

    def dice(
        self,
        table_id: str,
        dice: Any,
        viewer: Asker,
        request: Request | Unbound | None = None,
        expected_version: Any = None,
    ) -> dict:
        """Dice thrown or typed on a page: the same path as a hardware roll, answered by
        ``viewer`` for the table in the URL (never the table the hardware feeds).

        ``expected_version`` is the version of the prompt the page's dice dialog was opened
        at: a prompt's moment, since dice in so far (a duel's first die) change no version.
        Dice for a moment that has passed are refused (409 ``moment_passed``), never taken
        into the next prompt nor shown as a free roll."""

        def roll_as(who: Viewer, bound: Request | None) -> dict:
            table = self.table(table_id)
            thrown = check_thrown(dice)
            if expected_version is not None and expected_version != table.version:
                raise Conflict("moment_passed")
            return self.inputs.roll(table, thrown, who, "web", bound)

        return self.seats.on_behalf(table_id, viewer, request, roll_as)

    def health(self) -> dict:
        return self.call(
            lambda: {
                "ok": True,
                "devices": self.devices.figures(),
                "die_owners": self.devices.die_owners(self.active_table_id()),
                "tables": len(self.tables),
                "streams": self.hub.count(),
                "active_table": self.active_table_id(),
                "tables_not_loaded": dict(self.refused),
                "tables_faulted": {t.id: t.fault for t in self.tables.values() if t.fault},
                "integrity": self.integrity,
            }
        )


__all__ = ["Service", "CompanionError"]
