"""A fresh app on a temp database, and clients that behave like the tablet and the phones."""

from __future__ import annotations

import pytest

from companion.config import load
from tests.browser.conftest import LiveServer
from web import create_app


class Device:
    """A Flask test client that keeps its cookies and sends the CSRF header like shell.js."""

    def __init__(self, app) -> None:
        self.client = app.test_client()
        self.client.get("/api/health")  # receive the CSRF and device cookies

    def csrf(self) -> str:
        cookie = self.client.get_cookie("tc_csrf")
        return cookie.value if cookie else ""

    def get(self, path, **kw):
        return self.client.get(path, **kw)

    def post(self, path, json=None, **kw):
        headers = {"X-CSRF-Token": self.csrf(), **kw.pop("headers", {})}
        return self.client.post(path, json=json if json is not None else {}, headers=headers, **kw)

    def act(self, table_id, action, **extra):
        return self.post(f"/api/tables/{table_id}/actions", {"action": action, **extra})


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


def join(device, table, seat):
    code = table["seats"][seat]["join_code"]
    reply = device.client.post(f"/join/{table['id']}/{code}")
    assert reply.status_code == 303
    return device


@pytest.fixture
def live(tmp_path):
    """The companion served by waitress on 127.0.0.1 and an ephemeral port."""
    server = LiveServer(tmp_path)
    yield server
    server.close()
