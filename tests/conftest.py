"""Shared fixtures: a fresh journal on a real SQLite file, a running service, the test game."""

from __future__ import annotations

import pytest

from companion.known_games import registry
from companion.storage.journal import Journal
from companion.writer.service import Service
from tests.support.tally import game as tally

registry.register(tally)


def pytest_addoption(parser):
    parser.addoption("--long", action="store_true", help="run the long reliability runs")


# pytest-timeout's bound (pyproject.toml: 120 s) is for the normal suite; a page test and a
# long run get more, measured with margin on a loaded 2-core machine (docs/reliability.md):
# the slowest page test took 90 s there, the longest run (power cuts) 11 minutes.
TIMEOUTS = {"browser": 300, "long": 1800}


def pytest_collection_modifyitems(config, items):
    skip = pytest.mark.skip(reason="long run: pass --long")
    for item in items:
        if not item.get_closest_marker("timeout"):
            bound = max((s for mark, s in TIMEOUTS.items() if mark in item.keywords), default=0)
            if bound:
                item.add_marker(pytest.mark.timeout(bound))
        if "long" in item.keywords and not config.getoption("--long"):
            item.add_marker(skip)


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "companion.sqlite"


@pytest.fixture
def service(db_path):
    journal = Journal(db_path)
    with Service(journal) as svc:
        yield svc
    journal.close()
