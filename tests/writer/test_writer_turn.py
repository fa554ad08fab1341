"""The writer's turn (``Service.call``, ``companion/writer/service.py``): a change runs on the
caller's own thread when nothing posted waits, after everything posted before it otherwise,
and a call that cannot get its turn in time is a 503 that changed nothing."""

from __future__ import annotations

import threading
import time

import pytest

from companion.errors import Busy


def test_a_call_with_nothing_waiting_runs_on_the_callers_thread(service):
    assert service.call(threading.current_thread) is threading.current_thread()


def test_a_call_runs_after_everything_posted_before_it(service):
    release, ran = threading.Event(), []
    service._enqueue(lambda: (release.wait(5), ran.append("first")))
    service._enqueue(lambda: ran.append("second"))
    threading.Timer(0.2, release.set).start()
    service.call(lambda: ran.append("called"))
    assert ran == ["first", "second", "called"]


def test_a_nested_call_runs_at_once(service):
    assert service.call(lambda: service.call(lambda: 7)) == 7


def test_a_call_that_cannot_get_its_turn_in_time_changes_nothing(service):
    service.reply_timeout = 0.2
    release, ran = threading.Event(), []
    service._enqueue(lambda: release.wait(5))  # the writer is stuck on something
    with pytest.raises(Busy):
        service.call(lambda: ran.append("late"))
    release.set()
    service.call(lambda: None)  # the writer has run everything still queued
    assert ran == []  # the refused call never ran


def test_calls_made_while_a_change_runs_are_served_first_come_first_served(service):
    """Twelve requests arrive, one after another, while a change holds the writer (a commit
    on a slow SD card): each takes its place in the writer's queue as it comes, and they run
    in that order. Waiting on the turn's lock instead, a request that came just as the
    lock was let go could take it before those the lock was waking (a lock promises no
    order; the slow-storage bench saw later requests committed before earlier ones,
    bench/README.md section 8)."""
    holding, release, ran = threading.Event(), threading.Event(), []

    def slow_change():
        holding.set()
        release.wait(5)

    first = threading.Thread(target=service.call, args=(slow_change,))
    first.start()
    holding.wait(5)
    callers = []
    for n in range(12):
        caller = threading.Thread(target=service.call, args=(lambda n=n: ran.append(n),))
        caller.start()
        callers.append(caller)
        time.sleep(0.02)  # each has come (and waits) before the next
        assert service._posted - service._ran == n + 1  # in line, in the order it came
    release.set()
    for caller in [first, *callers]:
        caller.join(5)
    assert ran == list(range(12))
