"""Garbage is collected once a change is on every screen, never on its way
(``companion/app/gc_timing.py``): with the collector running, a change that leaves the young
generation far over its threshold is still sent before anything is collected, and the
collection it made due follows at once."""

from __future__ import annotations

import gc
import time

import pytest

from companion.app.gc_timing import Collector
from companion.play.table import Viewer

ADMIN = Viewer(admin=True)


class Cycle:
    def __init__(self) -> None:
        self.me = self  # garbage only the cycle collector can free


@pytest.fixture
def watched(service):
    """``service`` whose views make a pile of cyclic garbage (far past the young
    generation's threshold), with every collection and every send written down in order."""
    seen: list[str] = []
    prepare, send = service.hub.prepare_change, service.hub.send

    def making_garbage(table, after):
        seen.append("making views")
        [Cycle() for _ in range(20 * gc.get_threshold()[0])]
        return prepare(table, after)

    def sending(change):
        seen.append("sent")
        return send(change)

    def collecting(phase, info):
        if phase == "start":
            seen.append(f"collected generation {info['generation']}")

    service.hub.prepare_change, service.hub.send = making_garbage, sending
    gc.callbacks.append(collecting)
    yield service, seen
    gc.callbacks.remove(collecting)


def _a_change(service) -> None:
    tid = service.create_table("tally", ["Ann", "Bruno"], {})["id"]
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)


def _collections_on_the_way(seen: list[str]) -> list[str]:
    """The collections that began after a change's views began, before its send."""
    on_the_way, making = [], False
    for what in seen:
        if what == "making views":
            making = True
        elif what == "sent":
            making = False
        elif making:
            on_the_way.append(what)
    return on_the_way


def test_with_the_collector_a_change_is_sent_before_anything_is_collected(watched):
    service, seen = watched
    collector = Collector(every_s=60)  # the timer stays out of this test
    with collector:
        service.sent = collector.tidy
        assert not gc.isenabled()
        del seen[:]
        _a_change(service)
    assert gc.isenabled()  # stopping gives the interpreter its own collector back
    assert "sent" in seen
    assert _collections_on_the_way(seen) == [], seen
    after = seen[len(seen) - seen[::-1].index("sent") :]
    assert after and after[0].startswith("collected generation"), seen  # made due: at once
    assert sum(collector.collections) >= 1


def test_without_it_the_interpreter_collects_in_the_middle_of_a_change(watched):
    service, seen = watched  # what the collector is for: CPython's own schedule
    del seen[:]
    _a_change(service)
    assert _collections_on_the_way(seen), seen


def test_the_timer_collects_when_no_change_comes():
    collector = Collector(every_s=0.05)
    with collector:
        [Cycle() for _ in range(5 * gc.get_threshold()[0])]
        deadline = time.monotonic() + 5
        while not sum(collector.collections) and time.monotonic() < deadline:
            time.sleep(0.02)
    assert sum(collector.collections) >= 1


def test_companion_serve_runs_the_collector_and_gives_the_interpreter_its_own_back(tmp_path):
    """Through ``companion serve``'s own wiring: collection is the collector's while it
    serves (its timer runs, CPython's automatic collection is off), CPython's after."""
    import threading

    from companion.app import cli
    from companion.app.config import load

    config = load(
        overrides={"data": {"dir": str(tmp_path)}, "server": {"host": "127.0.0.1", "port": 0}}
    )
    stop = threading.Event()
    runner = threading.Thread(target=cli.serve, args=(config, True, stop), daemon=True)
    runner.start()
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not any(
            t.name == "companion-gc" for t in threading.enumerate()
        ):
            time.sleep(0.02)
        assert any(t.name == "companion-gc" for t in threading.enumerate())
        assert not gc.isenabled()
    finally:
        stop.set()
        runner.join(10)
    assert not runner.is_alive()
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0
