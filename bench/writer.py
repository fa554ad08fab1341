"""6. The writer's work per change, in-process, with each of the changes taken out in
turn: what each one is worth, measured on the same run.

One Abilene table (4 players) per variant, in a folder on the project's disk (WAL,
synchronous=FULL), with 8 subscribers as the SSE streams hold them (the tablet, the four
seats, three public pages). Each turn is the tablet's virtual roll and the end of the turn:
two journalled changes. Variants take turns, turn by turn, so a busy moment falls on all of
them alike. Per change: from the call to the moment every stream has its event queued (the
writer's queue hop, the rules, the commit with its fsync, the views and their JSON), the
wall time of the whole call (which also holds what follows the send), the CPU time of
the whole process (``time.process_time``: the writer and this driver), and
the bytes queued per stream.

Variants (each undoes one change on top of the product as it is):

- ``as built``: the product, streams taking patches (as the pages now ask);
- ``whole views``: streams that do not ask for patches (a ``state`` event every change);
- ``json encoder``: ``json.dumps`` in place of orjson for the events;
- ``witness before the send``: the witness file rewritten inside ``Journal.append``, before
  the change is sent, as it was;
- ``legal() twice``: the game's ``legal`` without ``once_per_state`` (the table's checks and
  ``apply`` each compute it, and every viewer's list again);
"""

from __future__ import annotations

import json
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path
from unittest.mock import patch

from bench.common import PLAYERS, median, percentile

VARIANTS = (
    "as built",
    "whole views",
    "json encoder",
    "witness before the send",
    "legal() twice",
)


@contextmanager
def _swapped(owner, name: str, value):
    before = getattr(owner, name)
    setattr(owner, name, value)
    try:
        yield
    finally:
        setattr(owner, name, before)


class Table:
    """One variant's service, table and subscribers."""

    def __init__(self, variant: str, folder: Path) -> None:
        from companion.play.table import Viewer
        from companion.storage.journal import Journal
        from companion.writer.service import Service

        self.variant = variant
        self.swapped = ExitStack()  # this service's methods timed or changed, kept to its end
        self.service = Service(Journal(folder / "companion.sqlite")).start()
        if variant == "witness before the send":
            append = self.service.journal.append

            def witness_now(*args, witness_later: bool = False, **kwargs):
                append(*args, **kwargs)

            self.swapped.enter_context(patch.object(self.service.journal, "append", witness_now))
        made = self.service.create_table("abilene", PLAYERS, {})
        self.table_id, admin = made["id"], made["admin_token"]
        self.admin = Viewer(admin=True)
        patches = variant != "whole views"
        seats = [self.service.seats.join(self.table_id, code)[1] for code in made["join_codes"]]
        tokens = [(admin, None), *[(None, token) for token in seats], *[(None, None)] * 3]
        self.subs = [
            self.service.seats.catch_up_as(self.table_id, a, s, f"d{i}", 0, "", None, patches)[0]
            for i, (a, s) in enumerate(tokens)
        ]
        self.wall: list[float] = []
        self.queued: list[float] = []  # the call's start -> every stream's event queued
        self._sent = 0.0
        send = self.service.hub.send

        def timed_send(change):
            send(change)
            self._sent = time.perf_counter()

        self.swapped.enter_context(patch.object(self.service.hub, "send", timed_send))
        self.cpu = 0.0
        self.bytes = 0
        self.kinds: dict[str, int] = {}
        self.changes = 0

    @contextmanager
    def undone(self):
        """What this variant takes out, in force while its turn runs."""
        import companion.games.abilene.game as abilene
        import companion.writer.hub as hub

        with ExitStack() as stack:
            if self.variant == "json encoder":
                stack.enter_context(
                    _swapped(hub, "encode", lambda data: json.dumps(data, separators=(",", ":")))
                )
            if self.variant == "legal() twice":
                stack.enter_context(_swapped(abilene, "legal", abilene.legal.__wrapped__))
            yield

    def turn(self) -> None:
        service, table_id = self.service, self.table_id
        with self.undone():
            seat = service.view(table_id, self.admin)["prompt"]["seat"]
            cpu = time.process_time()
            for change in (
                lambda: service.throw(table_id, self.admin),
                lambda: service.act(table_id, {"type": "end_turn", "seat": seat}, self.admin),
            ):
                start = time.perf_counter()
                change()
                self.wall.append(time.perf_counter() - start)
                self.queued.append(self._sent - start)
            self.cpu += time.process_time() - cpu
        self.changes += 2
        self.drain()

    def drain(self) -> None:
        for sub in self.subs:
            while not sub.events.empty():
                item = sub.events.get_nowait()
                if item is None:
                    raise RuntimeError(f"{self.variant}: a stream ended")
                kind, _version, text = item
                if kind in ("state", "patch"):
                    self.bytes += len(text.encode())
                    self.kinds[kind] = self.kinds.get(kind, 0) + 1

    def figures(self) -> dict:
        wall = [w * 1000 for w in self.wall]
        queued = [q * 1000 for q in self.queued]
        return {
            "changes": self.changes,
            "queued_p50_ms": median(queued),
            "queued_p99_ms": percentile(queued, 99),
            "wall_p50_ms": median(wall),
            "wall_p99_ms": percentile(wall, 99),
            "cpu_ms_per_change": self.cpu * 1000 / self.changes,
            "bytes_per_change_per_screen": self.bytes / self.changes / len(self.subs),
            "events": dict(self.kinds),
        }

    def close(self) -> None:
        self.service.close()
        self.service.journal.close()
        self.swapped.close()


def per_change(folder: Path, turns: int = 150) -> dict:
    """Every variant, ``turns`` turns each, in turns."""
    tables = {}
    try:
        for variant in VARIANTS:
            path = folder / variant.replace(" ", "-").replace("(", "").replace(")", "")
            path.mkdir(parents=True)
            tables[variant] = Table(variant, path)
        order = list(tables.values())
        for turn in range(turns):
            for table in order[turn % len(order) :] + order[: turn % len(order)]:
                table.turn()
        return {
            "turns": turns,
            "screens": 8,
            "variants": {name: t.figures() for name, t in tables.items()},
        }
    finally:
        for table in tables.values():
            table.close()
