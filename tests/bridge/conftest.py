"""Shared fixtures for the bridge tests: a fake clock, a polling wait, gpiozero's mock pins."""

from __future__ import annotations

import threading
import time

import pytest
from gpiozero.pins.mock import MockFactory


class FakeClock:
    """A monotonic clock that moves only when told (thread-safe)."""

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._now += seconds


class Recorder:
    """A thread-safe ``post`` that keeps every event and, like the service once it has
    dealt with a roll, calls its ``ack`` (unless ``acking`` is turned off)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._events: list = []
        self.acking = True

    def __call__(self, event) -> None:
        with self._lock:
            self._events.append(event)
        if self.acking and getattr(event, "ack", None) is not None:
            event.ack()

    def all(self, kind=object) -> list:
        with self._lock:
            return [e for e in self._events if isinstance(e, kind)]

    def states(self) -> list[str]:
        from companion.writer.input_events import DeviceStatus

        return [e.state for e in self.all(DeviceStatus)]


def wait_until(predicate, timeout: float = 5.0, tick=None, what: str = "condition"):
    """Poll ``predicate`` (calling ``tick`` between tries) until it is truthy, or fail after
    a generous real ``timeout``. Returns the predicate's value."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        if tick is not None:
            tick()
        time.sleep(0.005)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def events() -> Recorder:
    return Recorder()


@pytest.fixture
def wait():
    return wait_until


@pytest.fixture
def pin_factory():
    """gpiozero's MockFactory, passed explicitly (no fallback warning), reset afterwards."""
    factory = MockFactory()
    yield factory
    factory.reset()
    factory.close()


@pytest.fixture
def wired(tmp_path):
    """``companion serve``'s own wiring (``cli.start_devices``, simulated reader) with the
    config ``overrides`` given: ``service, devices = wired(buttons={...})``."""
    from contextlib import ExitStack

    from companion.app import cli
    from companion.app.config import load
    from companion.storage.journal import Journal
    from companion.writer.service import Service

    with ExitStack() as stack:

        def make(**overrides):
            config = load(overrides={"data": {"dir": str(tmp_path)}, **overrides})
            journal = stack.enter_context(Journal(config.data.database))
            service = stack.enter_context(Service(journal))
            return service, cli.start_devices(config, service, stack, sim=True)

        yield make
