"""The Host check on every route (DNS rebinding), and the limits that keep one misbehaving
device from starving the table: live streams per device (the oldest goes) and requests per
minute (429), for devices with cookies and for scripts without any.
"""

from __future__ import annotations

import socket
from types import SimpleNamespace

import pytest

from tests.support.reliability.hostile import check_reply
from tests.support.reliability.inprocess import companion_app, fingerprint, new_table
from tests.support.reliability.raw import signed_device
from tests.support.reliability.server import CompanionProcess
from tests.support.reliability.streams import frames_until_idle, open_stream, parse_frame
from tests.support.web.clients import Device
from web import stream as stream_module

EVIL_HOSTS = [
    "evil.example",
    "evil.example:8080",
    "companion.local.evil.example",
    "127.0.0.1.nip.io",
    "localhost.evil.example:80",
    "[::1].evil.example",
    "evil.example:8080:8080",
    "xn--80ak6aa92e.com",
    "",
]
GOOD_HOSTS = [
    "127.0.0.1:8080",
    "192.168.4.1",
    "[::1]:8080",
    "localhost:8080",
    "companion.local",
    "TABLE.LOCAL:8080",
]


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def world(tmp_path):
    clock = FakeClock()
    with companion_app(
        tmp_path,
        clock=clock,
        streams={"heartbeat_s": 0.01},
        server={"requests_per_minute": 60, "requests_per_minute_anonymous": 60},
    ) as (service, app):
        tablet, made = new_table(app, "tally", ["Ann", "Bruno"])
        yield {"service": service, "app": app, "tablet": tablet, "id": made["id"], "clock": clock}


def every_route(app, table_id: str) -> list[tuple[str, str]]:
    out = []
    for rule in app.url_map.iter_rules():
        path = (
            rule.rule.replace("<table_id>", table_id)
            .replace("<int:seat>", "0")
            .replace("<code>", "abcdefgh")
            .replace("<lang>", "en")
            .replace("<path:filename>", "shell.js")
        )
        out.append(("POST" if "POST" in rule.methods else "GET", path))
    return sorted(out)


@pytest.mark.parametrize("host", EVIL_HOSTS)
def test_a_foreign_host_name_is_refused_on_every_route(world, host):
    service, tablet = world["service"], world["tablet"]
    world["clock"].now += 3600  # a fresh bucket for this sweep
    before = fingerprint(service)
    for method, path in every_route(world["app"], world["id"]):
        headers = {"Host": host, "X-CSRF-Token": tablet.csrf()}
        reply = tablet.client.open(path, method=method, headers=headers, json={})
        reply.close()
        assert reply.status_code == 421, (host, method, path, reply.status_code)
        world["clock"].now += 10
    assert fingerprint(service) == before


@pytest.mark.parametrize("host", GOOD_HOSTS)
def test_the_pis_own_names_and_addresses_are_served(world, host):
    assert world["tablet"].client.get("/api/health", headers={"Host": host}).status_code == 200


def test_a_foreign_host_is_refused_by_the_real_server(tmp_path):
    """Over a real socket to ``companion serve``: the Host header, not the address, decides."""
    config = tmp_path / "companion.toml"
    config.write_text("", encoding="utf-8")
    proc = CompanionProcess(tmp_path / "data", config)
    try:
        proc.start()
        for host, status in (("evil.example", b"421"), (f"127.0.0.1:{proc.port}", b"200")):
            with socket.create_connection(("127.0.0.1", proc.port), timeout=10) as raw:
                raw.sendall(
                    f"GET /api/health HTTP/1.1\r\nHost: {host}\r\n"
                    "Connection: close\r\n\r\n".encode()
                )
                head = raw.recv(4096)
            assert head.split(b" ")[1] == status, head[:200]
    finally:
        proc.close()


# -- streams -----------------------------------------------------------------------------
def test_a_device_over_its_stream_cap_loses_its_oldest_stream(world):
    tablet, table_id = world["tablet"], world["id"]
    streams = []
    for _ in range(5):  # the cap is 4 per device
        reply = open_stream(tablet, table_id)
        frames, ended = frames_until_idle(reply)
        assert not ended and any("event: state" in f for f in frames)
        streams.append(reply)
        world["clock"].now += 10
    assert frames_until_idle(streams[0])[1], "the oldest stream should have been ended"
    for reply in streams[1:]:
        assert not frames_until_idle(reply)[1]
    for reply in streams:
        reply.close()


def test_a_stream_ends_exactly_at_its_maximum_age_and_resumes_without_loss(tmp_path, monkeypatch):
    """``[streams] max_age_s``: alive a hair before it, ended at it; the page's EventSource
    then reconnects with Last-Event-ID and misses nothing. The stream's clock is the
    module's ``time.monotonic``, replaced here so no test waits an hour."""
    clock = FakeClock()
    monkeypatch.setattr(stream_module, "time", SimpleNamespace(monotonic=clock))
    with companion_app(tmp_path, streams={"heartbeat_s": 0.01, "max_age_s": 60.0}) as (
        service,
        app,
    ):
        tablet, made = new_table(app, "tally", ["Ann", "Bruno"])
        reply = open_stream(tablet, made["id"])
        try:
            frames, ended = frames_until_idle(reply)
            assert not ended and parse_frame(frames[-1])[1] == "state"
            opened = clock.now
            clock.now = opened + 59.999
            assert frames_until_idle(reply) == ([], False), "ended before its maximum age"
            tablet.act(made["id"], {"type": "add", "seat": 0, "amount": 3})
            clock.now = opened + 60.0  # exactly: 1060.0 - 1000.0 is 60.0 in floating point
            frames, ended = frames_until_idle(reply)
            assert ended, "a stream at its maximum age must end"
            seen = [parse_frame(f)[0] for f in frames if parse_frame(f)[1] == "state"]
        finally:
            reply.close()
        resumed = open_stream(tablet, made["id"], last=max([0, *filter(None, seen)]))
        try:
            frames, ended = frames_until_idle(resumed)
            event_id, kind, data = parse_frame(frames[-1])
            assert not ended and (event_id, kind) == (1, "state")
            assert data["view"]["state"]["scores"] == [3, 0]
        finally:
            resumed.close()


def test_a_script_without_cookies_cannot_evict_the_tablets_stream(world):
    """A client that drops cookies gets a new random device id on every request, so the
    per-device cap never applies to it, and 40 of its streams push out everyone else's."""
    app, tablet, table_id = world["app"], world["tablet"], world["id"]
    tablets_stream = open_stream(tablet, table_id)
    frames_until_idle(tablets_stream)
    rogue = app.test_client(use_cookies=False)
    opened = []
    for _ in range(45):
        world["clock"].now += 10  # the rate limit is not what is tested here
        reply = rogue.get(f"/api/tables/{table_id}/events", buffered=False)
        opened.append(reply)
    try:
        assert not frames_until_idle(tablets_stream)[1], "the tablet's stream was evicted"
    finally:
        for reply in opened + [tablets_stream]:
            reply.close()


# -- request rate ------------------------------------------------------------------------
def test_a_device_over_its_rate_gets_429_and_others_are_served(world):
    app, table_id, clock = world["app"], world["id"], world["clock"]
    clock.now += 3600
    greedy, patient = Device(app), Device(app)
    before = fingerprint(world["service"])
    statuses = [greedy.get(f"/api/tables/{table_id}").status_code for _ in range(40)]
    assert 429 in statuses and statuses[0] == 200
    refused = greedy.act(table_id, {"type": "add", "seat": 0, "amount": 1})
    check_reply(refused.status_code, refused.content_type, refused.data, "rate")
    assert refused.status_code == 429 and fingerprint(world["service"]) == before
    assert patient.get(f"/api/tables/{table_id}").status_code == 200
    clock.now += 60  # a minute later the greedy device is served again
    assert greedy.get(f"/api/tables/{table_id}").status_code == 200


def test_a_script_without_cookies_is_rate_limited_too(world):
    world["clock"].now += 3600
    rogue = world["app"].test_client(use_cookies=False)
    statuses = {rogue.get(f"/api/tables/{world['id']}").status_code for _ in range(200)}
    assert 429 in statuses, "200 requests in the same instant, all served"


def test_many_devices_behind_one_address_share_its_bucket(tmp_path):
    """Signed ids are cheap to collect (one cookie-less request each): what a crowd of
    them from one address may send is bounded by the address's own bucket."""
    clock = FakeClock()
    with companion_app(tmp_path, clock=clock, server={"requests_per_minute_per_address": 120}) as (
        service,
        app,
    ):
        tablet, made = new_table(app, "tally", ["Ann", "Bruno"])
        clock.now += 3600
        devices = [Device(app) for _ in range(8)]
        statuses = [
            d.get(f"/api/tables/{made['id']}").status_code for _ in range(10) for d in devices
        ]
        assert statuses.count(200) <= 30 and 429 in statuses  # 120 a minute / 4


def test_the_stream_cap_in_the_config_file_is_obeyed(tmp_path):
    """``[streams] per_device`` is documented; the real server must apply it."""
    config = tmp_path / "companion.toml"
    config.write_text("[streams]\nper_device = 1\nheartbeat_s = 0.05\n", encoding="utf-8")
    proc = CompanionProcess(tmp_path / "data", config)
    try:
        client = proc.start()
        made = client.post(
            "/api/tables", {"game": "lawless", "players": ["A", "B"]}, token="script"
        ).json()
        device = signed_device(proc.port)["tc_device"]
        first, second = (stream_socket(proc.port, made["id"], device) for _ in range(2))
        with first, second:
            first.settimeout(10)
            assert read_until_closed(first), "a second stream from the device must end the first"
    finally:
        proc.close()


def stream_socket(port: int, table_id: str, device: str) -> socket.socket:
    raw = socket.create_connection(("127.0.0.1", port), timeout=10)
    raw.sendall(
        f"GET /api/tables/{table_id}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Cookie: tc_device={device}\r\n\r\n".encode()
    )
    raw.recv(4096)
    return raw


def read_until_closed(raw: socket.socket, pings: int = 40) -> bool:
    """True once the stream ends (its last chunk, or the connection closes); False after
    ``pings`` more heartbeats on a stream that is still alive."""
    seen = b""
    while seen.count(b"event: ping") < pings:
        try:
            data = raw.recv(65536)
        except TimeoutError:
            return False
        if not data or b"\r\n0\r\n\r\n" in seen[-16:] + data:
            return True
        seen += data
    return False


def test_each_bearer_credential_is_a_device_of_its_own_for_streams_and_rate(tmp_path):
    """docs/api.md: a script playing with tokens has four streams per token, and the rate
    of a device. Before: every cookie-less script was its address's anonymous device — one
    stream for all its viewers (they pushed each other out) and the anonymous rate."""
    with companion_app(
        tmp_path,
        streams={"heartbeat_s": 0.01},
        server={"requests_per_minute": 6000, "requests_per_minute_anonymous": 20},
    ) as (service, app):
        _, made = new_table(app, "tally", ["Ann", "Bruno"])
        seat = Device(app).client.post(f"/join/{made['id']}/{made['seats'][0]['join_code']}")
        ann = seat.headers["Set-Cookie"].split(";", 1)[0].split("=", 1)[1]
        scripts = []
        for token in (made["admin_token"], ann):
            script = app.test_client(use_cookies=False)
            script.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {token}"
            scripts.append(script)
        streams = [
            s.get(f"/api/tables/{made['id']}/events", buffered=False)
            for s in scripts
            for _ in range(4)
        ]
        try:
            for reply in streams:
                frames, ended = frames_until_idle(reply)
                assert not ended, "a bearer's stream was pushed out by another of the script's"
            for script in scripts:
                codes = {script.get(f"/api/tables/{made['id']}").status_code for _ in range(40)}
                assert codes == {200}
            forged = app.test_client(use_cookies=False)
            forged.environ_base["HTTP_AUTHORIZATION"] = "Bearer made-up-token"
            codes = [forged.get(f"/api/tables/{made['id']}").status_code for _ in range(40)]
            assert 429 in codes  # a made-up token is the anonymous device
        finally:
            for reply in streams:
                reply.close()
