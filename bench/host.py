"""A server in its own process, driven line by line over stdin/stdout, so the companion
and the floor each run alone in a process (as on the Pi) and can be measured in turns.

    python -m bench.host companion DATA_DIR [VARIANT,...]   # the real companion
                                                # VARIANT: public-per-view (a what-if, below)

    python -m bench.host floor                  # bench.floor.Floor

On start it prints one JSON line (port, paths, viewers' headers, cookies). Then, for each
command line, one JSON line:

    throw    -> {"start": perf_counter just before the write, "before": version}
    advance  -> {} (ends the turn, so the next prompt asks for dice again)
    stages   -> the companion's stage times for the last throw (Probe, below)
    variants -> what each what-if patch did so far (e.g. public parts made)
    profile-start / profile-stop PATH   -> pyinstrument on the writer thread (companion)

End of stdin closes the server.
"""

from __future__ import annotations

import json
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING
from unittest.mock import patch

from bench.common import MOVING_LEAD_S, PLAYERS

if TYPE_CHECKING:
    from pyinstrument import Profiler


class Probe:
    """Stage times inside the companion, by wrapping instance attributes (bench-only)."""

    def __init__(self) -> None:
        self.posted: list[float] = []
        self.appends: list[tuple[float, float]] = []
        self.publishes: list[tuple[float, float]] = []

    def install(self, service) -> None:
        from companion.writer.input_events import DieRolled

        # the hub sends a change once its views are made and its commit returned (the views
        # are made while the commit syncs): "publish" is that send
        post, now = service.post, service.handle_now
        append, publish = service.journal.append, service.hub.send

        def timed(hand):
            def timed_hand(event):
                if isinstance(event, DieRolled):
                    self.posted.append(time.perf_counter())
                hand(event)

            return timed_hand

        def timed_append(*args, **kwargs):
            start = time.perf_counter()
            append(*args, **kwargs)
            self.appends.append((start, time.perf_counter()))

        def timed_publish(*args, **kwargs):
            start = time.perf_counter()
            publish(*args, **kwargs)
            self.publishes.append((start, time.perf_counter()))

        service.post, service.handle_now = timed(post), timed(now)
        service.journal.append = timed_append
        service.hub.send = timed_publish

    def clear(self) -> None:
        self.posted.clear()
        self.appends.clear()
        self.publishes.clear()

    def first(self) -> dict:
        if not (self.posted and self.appends and self.publishes):
            return {}
        return {"posted": self.posted[0], "append": self.appends[0], "publish": self.publishes[0]}


class CompanionHost:
    GAME = "abilene"

    def __init__(self, data_dir: str) -> None:
        from bench.common import InProcessCompanion
        from companion.play.table import Viewer

        self.admin = Viewer(admin=True)
        self.probe = Probe()
        self.companion = InProcessCompanion(Path(data_dir), hook=self.probe.install)
        self.service = svc = self.companion.service
        made = svc.create_table(self.GAME, PLAYERS, {})
        self.table_id = made["id"]
        self.table = svc.tables[self.table_id]
        seats = [svc.seats.join(self.table_id, code)[1] for code in made["join_codes"]]
        tokens = [made["admin_token"], *seats, None]  # tablet, phones, a public page
        self.info = {
            "port": self.companion.port,
            "events": f"/api/tables/{self.table_id}/events?patch=merge",  # as the pages ask
            "page": f"/table/{self.table_id}",
            "version": self.table.version,
            "viewers": [{"Authorization": f"Bearer {t}"} if t else {} for t in tokens],
            "cookies": [
                {
                    "name": f"tc_admin_{self.table_id}",
                    "value": made["admin_token"],
                    "url": f"http://127.0.0.1:{self.companion.port}",
                }
            ],
        }
        self.seat = None
        self.profiler: Profiler | None = None
        self.profiling = ExitStack()

    def version(self) -> int:
        return self.service.call(lambda: self.table.version)

    def throw(self) -> dict:
        prompt = self.service.call(lambda: self.table.game.prompt(self.table.state))
        if not prompt or prompt["kind"] != "dice":
            raise RuntimeError(f"the table does not ask for dice: {prompt}")
        self.seat = prompt["seat"]
        before = self.version()
        simulator = self.companion.simulator
        simulator.moving()
        time.sleep(MOVING_LEAD_S)
        self.probe.clear()
        start = time.perf_counter()
        simulator.throw(prompt["dice"], moving=False)
        return {"start": start, "before": before}

    def advance(self) -> dict:
        done = self.service.act(self.table_id, {"type": "end_turn", "seat": self.seat}, self.admin)
        return {"version": done["version"]}

    def stages(self) -> dict:
        return self.probe.first()

    def profile(self, start: bool, path: str = "") -> dict:
        from pyinstrument import Profiler

        inputs = self.service.inputs
        if start:
            # each device event is sampled on the thread that handles it (the die reader's,
            # or the writer thread's when it was posted); the sessions add up
            self.profiler = profiler = Profiler(interval=0.0002)
            handle = inputs.handle

            def profiled(event):
                profiler.start()
                try:
                    return handle(event)
                finally:
                    profiler.stop()

            self.profiling.enter_context(patch.object(inputs, "handle", profiled))
            return {}
        self.profiling.close()  # the class's own handle again
        assert self.profiler is not None, "profile-stop before profile-start"
        Path(path).write_text(self.profiler.output_text(unicode=True, show_all=False))
        return {}

    def close(self) -> None:
        self.companion.close()


class FloorHost:
    DICE = 5  # Abilene's throw: five dice in one ROLL frame

    def __init__(self) -> None:
        from bench.floor import Floor

        self.floor = Floor()
        self.info = {
            "port": self.floor.port,
            "events": "/events",
            "page": "/",
            "version": 0,
            "viewers": [{}],
            "cookies": [],
        }

    def throw(self) -> dict:
        before = self.floor.version
        self.floor.moving()
        time.sleep(MOVING_LEAD_S)
        start = time.perf_counter()
        self.floor.throw(self.DICE, moving=False)
        return {"start": start, "before": before}

    def advance(self) -> dict:
        return {"version": self.floor.version}

    def stages(self) -> dict:
        return {}

    def close(self) -> None:
        self.floor.close()


class PublicPerView:
    """What-if (bench-only), the product as it was: Abilene's public part of a view (the
    player rows, the money chart, the rules...) made again for every viewer of a state,
    instead of once per state and shared (``abilene_view._public``).

    It checks that the patch can take effect (``_public`` exists, is made once per state
    around a function of the state, and ``view`` calls it by that module-level name) and
    counts what it did, so a product change under it shows up as "not applied" or "never
    called", never as a quiet as-shipped run under the what-if's name."""

    def __init__(self) -> None:
        import inspect

        from companion.games.abilene import view as abilene_view

        make = getattr(getattr(abilene_view, "_public", None), "__wrapped__", None)
        if not callable(make):
            raise LookupError("companion.games.abilene.view._public is gone, or not once_per_state")
        if list(inspect.signature(make).parameters) != ["state"]:
            raise TypeError(f"_public{inspect.signature(make)}: expected (state)")
        if "_public" not in abilene_view.view.__code__.co_names:
            raise LookupError("abilene_view.view no longer calls _public")
        self.made = 0

        def every_time(state):
            self.made += 1
            return make(state)

        abilene_view._public = every_time

    def stats(self) -> dict:
        return {"public_parts_made": self.made}


VARIANTS = {"public-per-view": PublicPerView}


def main(argv: list[str]) -> int:
    applied, failed = {}, {}
    for name in (argv[2] if len(argv) > 2 else "").split(","):
        if name:
            try:  # a what-if patch leans on internals that may change: say so, go on
                applied[name] = VARIANTS[name]()
            except Exception as error:  # noqa: BLE001
                failed[name] = f"{type(error).__name__}: {error}"
    host = CompanionHost(argv[1]) if argv[0] == "companion" else FloorHost()
    out = sys.stdout
    out.write(
        json.dumps({**host.info, "variants": sorted(applied), "variants_failed": failed}) + "\n"
    )
    out.flush()
    try:
        for line in sys.stdin:
            command, _, arg = line.strip().partition(" ")
            if command == "throw":
                reply = host.throw()
            elif command == "advance":
                reply = host.advance()
            elif command == "stages":
                reply = host.stages()
            elif command == "variants":
                reply = {name: patch.stats() for name, patch in applied.items()}
            elif command in ("profile-start", "profile-stop"):
                assert isinstance(host, CompanionHost), "only the companion's writer is profiled"
                reply = host.profile(command == "profile-start", arg)
            else:
                reply = {"error": f"unknown command {command!r}"}
            out.write(json.dumps(reply) + "\n")
            out.flush()
    finally:
        host.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
