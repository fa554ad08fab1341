"""How a stream ends, over real HTTP (waitress on loopback): a client that closes its
connection frees its slot and its thread at once, not at the next ping; a stream pushed out
of its slot is told why; and a companion stopped with streams open stops cleanly."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import time

import pytest

from tests.support.browser.live_server import LiveServer
from tests.support.reliability.access_ends import GUARD_S, Stream, new_table
from tests.support.reliability.server import CompanionProcess

SOON_S = 3.0  # well under the 15 s ping, which is when the old stream noticed


@pytest.fixture
def live(tmp_path):
    server = LiveServer(tmp_path)
    yield server
    server.close()


def wait_until(check, limit_s: float) -> bool:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return False


def raw_stream(live, path: str, token: str) -> socket.socket:
    """A stream on a socket of its own, read until its first state."""
    sock = socket.create_connection(("127.0.0.1", live.port), timeout=GUARD_S)
    sock.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n\r\n".encode()
    )
    seen = b""
    while b"event: state" not in seen:
        seen += sock.recv(65536)
    return sock


def test_a_stream_whose_client_goes_away_frees_its_slot_at_once(live):
    """Before: a closed stream counted against the caps and held a waitress thread until
    its next ping, up to 15 s later."""
    tid, admin, _ = new_table(live)
    hub = live.service.hub
    streams = [raw_stream(live, f"/api/tables/{tid}/events", admin) for _ in range(3)]
    assert hub.count() == 3
    for sock in streams:  # as a phone leaving the Wi-Fi's range: the connection is gone
        sock.shutdown(socket.SHUT_RDWR)
        sock.close()
    assert wait_until(lambda: hub.count() == 0, SOON_S), f"{hub.count()} streams still held"


def test_a_stream_pushed_out_of_its_slot_is_told_why(live):
    tid, admin, _ = new_table(live)
    first = Stream(live, f"/api/tables/{tid}/events", token=admin)
    others = [Stream(live, f"/api/tables/{tid}/events", token=admin) for _ in range(4)]
    assert first.ended.wait(GUARD_S), "the device's oldest stream stayed open"
    assert b'event: evicted\ndata: {"reason":"too_many_streams"}' in first.data
    for stream in others:
        assert not stream.ended.is_set()
        stream.close()
    first.close()


def test_stopping_with_streams_open_is_clean(tmp_path):
    """Before: waitress logged "unhandled close event", "Client disconnected while
    serving" for each stream and, depending on the race, an EBADF traceback per stream
    (its worker pulled waitress's trigger after it was closed)."""
    config = tmp_path / "companion.toml"
    config.write_text("[server]\nrequests_per_minute_anonymous = 1000000\n", encoding="utf-8")
    proc = CompanionProcess(tmp_path / "data", config)
    client = proc.start()
    try:
        made = client.request(
            "POST", "/api/tables", {"game": "abilene", "players": ["A", "B"]}, token="script"
        ).json()
        streams = []
        for _ in range(8):  # eight devices, each with a signed id: eight live streams
            cookie = client.get("/api/health").cookies()["tc_device"]
            conn = http.client.HTTPConnection("127.0.0.1", proc.port, timeout=GUARD_S)
            conn.request(
                "GET", f"/api/tables/{made['id']}/events", headers={"Cookie": f"tc_device={cookie}"}
            )
            reply = conn.getresponse()
            seen = b""
            while b"event: state" not in seen:
                seen += reply.read1(65536)
            streams.append(conn)
        time.sleep(0.5)  # every stream attached and waiting, as on a table mid-game
        os.kill(proc.process.pid, signal.SIGTERM)
        assert proc.process.wait(timeout=30) == 0
        said = proc.stderr().split("companion stopping", 1)[1]
        # no traceback, no answer cut off, no listener closed under the workers' feet
        assert said.strip() == "", said[-2000:]
        for conn in streams:
            conn.close()
    finally:
        proc.close()
