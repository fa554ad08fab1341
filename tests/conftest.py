"""Shared fixtures: a fresh journal on a real SQLite file, a running service, the test game."""

from __future__ import annotations

import pytest

from companion.journal import Journal
from companion import registry
from companion.service import Service
from tests.support.tally import game as tally

registry.register(tally)


def pytest_addoption(parser):
    parser.addoption("--long", action="store_true", help="run the long reliability runs")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--long"):
        return
    skip = pytest.mark.skip(reason="long run: pass --long")
    for item in items:
        if "long" in item.keywords:
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
