"""A fresh app on a temp database, and clients that behave like the tablet and the phones."""

from __future__ import annotations

import pytest

from companion.app.config import load
from tests.support.browser.live_server import LiveServer
from tests.support.web.clients import Device
from web import create_app


@pytest.fixture
def app(service):
    config = load(
        overrides={
            "server": {
                "requests_per_minute": 100_000,
                "requests_per_minute_anonymous": 100_000,
                "requests_per_minute_per_address": 100_000,
            }
        }
    )
    return create_app(config, service)


@pytest.fixture
def tablet(app):
    return Device(app)


@pytest.fixture
def device(app):
    return lambda: Device(app)


@pytest.fixture
def table(tablet):
    """A tally table made by the tablet, with both seats' phones joined."""
    made = tablet.post("/api/tables", {"game": "tally", "players": ["Ann", "Bruno"]}).json
    return made


@pytest.fixture
def live(tmp_path):
    """The companion served by waitress on 127.0.0.1 and an ephemeral port."""
    server = LiveServer(tmp_path)
    yield server
    server.close()
