"""Access that ends, ends now — over real HTTP (waitress on loopback, the LiveServer of the
browser tests): a re-issued seat's or a locked or expired private session's open event
stream is closed by the server at once with a ``revoked`` event and gets no byte after it;
PIN seats open only on the device holding the admin token, with public log lines; the
tablet that opens a join link stays the tablet and spends nothing."""

from __future__ import annotations

import http.client
import json

import pytest

from tests.support.browser.live_server import LiveServer
from tests.support.reliability.access_ends import GUARD_S, Stream, new_table
from tests.support.values import stream_numbers


@pytest.fixture
def live(tmp_path):
    server = LiveServer(tmp_path)
    yield server
    server.close()


def request(live, method, path, data=None, token=None, cookie=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", live.port, timeout=GUARD_S)
    sent = {"Content-Type": "application/json", **(headers or {})}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    if cookie:
        sent["Cookie"] = cookie
    conn.request(method, path, body=None if data is None else json.dumps(data), headers=sent)
    reply = conn.getresponse()
    body = reply.read()
    conn.close()
    return reply.status, body, reply.getheader("Set-Cookie") or ""


def join(live, tid, code) -> str:
    status, _body, cookie = request(live, "POST", f"/join/{tid}/{code}")
    assert status == 303
    return cookie.split(";", 1)[0].split("=", 1)[1]


def log_keys(live, tid, admin):
    return [
        line["line"]["key"]
        for line in live.api("GET", f"/api/tables/{tid}/log", token=admin)["log"]
    ]


def test_a_reissued_seats_old_stream_ends_now_and_hears_nothing_after(live):
    tid, admin, codes = new_table(live)
    old = join(live, tid, codes[1])
    live.api(
        "POST",
        f"/api/tables/{tid}/actions",
        {"action": {"type": "call_bids", "seat": 0}},
        token=admin,
    )
    live.api(
        "POST",
        f"/api/tables/{tid}/actions",
        {"action": {"type": "bid", "seat": 1, "amount": 414}},
        token=old,
    )
    stream = Stream(live, f"/api/tables/{tid}/events", token=old)
    assert 414 in stream_numbers(stream.data)  # its own secret, while it was the seat's device
    code = live.api("POST", f"/api/tables/{tid}/seats/1/reissue", {}, token=admin)[
        "join_url"
    ].rsplit("/", 1)[1]
    assert stream.after_revoked() == b""
    assert b'"reason":"reissued"' in stream.data
    new = join(live, tid, code)
    live.api(
        "POST",
        f"/api/tables/{tid}/actions",
        {"action": {"type": "bid", "seat": 1, "amount": 515}},
        token=new,
    )
    again = Stream(live, f"/api/tables/{tid}/events", token=old)  # the old token: public
    assert {414, 515}.isdisjoint(stream_numbers(again.data))
    again.close()
    stream.close()


def pin_session(live, tid, admin, seat=2, pin="2468") -> str:
    status, body, _ = request(
        live, "POST", f"/api/tables/{tid}/seats/{seat}/pin", {"pin": pin}, token=admin
    )
    assert status == 200, body
    status, body, cookie = request(
        live, "POST", f"/api/tables/{tid}/seats/{seat}/unlock", {"pin": pin}, token=admin
    )
    assert status == 200, body
    return cookie.split(";", 1)[0]


def test_a_locked_private_sessions_stream_ends_now(live):
    tid, admin, _codes = new_table(live)
    session = pin_session(live, tid, admin)
    stream = Stream(live, f"/api/tables/{tid}/events?as=seat", cookie=session)
    assert b'"seat":2' in stream.data
    status, _body, _ = request(
        live,
        "POST",
        f"/api/tables/{tid}/lock",
        {},
        cookie=session + "; tc_csrf=made-by-the-page",
        headers={"X-Companion-View": "seat", "X-CSRF-Token": "made-by-the-page"},
    )
    assert status == 200
    assert stream.after_revoked() == b""
    assert b'"reason":"locked"' in stream.data
    assert log_keys(live, tid, admin)[-3:] == [
        "core.on_tablet",
        "core.private_open",
        "core.private_closed.lock",
    ]
    stream.close()


def test_a_private_session_expires_on_the_server_and_its_stream_with_it(live):
    tid, admin, _codes = new_table(live)
    live.service.seats.sessions.length_s = 0.5
    session = pin_session(live, tid, admin)
    stream = Stream(live, f"/api/tables/{tid}/events?as=seat", cookie=session)
    assert stream.after_revoked() == b""
    assert b'"reason":"expired"' in stream.data
    assert log_keys(live, tid, admin)[-1] == "core.private_closed.expired"
    view = json.loads(request(live, "GET", f"/api/tables/{tid}?as=seat", cookie=session)[1])
    assert view["viewer"]["seat"] is None  # the kept cookie opens nothing
    stream.close()


def test_a_pin_seat_unlocks_only_on_the_tablet_and_wrong_tries_count_per_device(live):
    tid, admin, codes = new_table(live)
    phone = join(live, tid, codes[0])
    request(live, "POST", f"/api/tables/{tid}/seats/2/pin", {"pin": "2468"}, token=admin)
    before = log_keys(live, tid, admin)
    status, body, cookie = request(
        live, "POST", f"/api/tables/{tid}/seats/2/unlock", {"pin": "2468"}, token=phone
    )
    assert status == 403 and json.loads(body)["error"]["code"] == "unlock_needs_tablet"
    assert "tc_pin" not in cookie and log_keys(live, tid, admin) == before
    stranger = {"Cookie": "tc_device=" + "a" * 32}
    for _ in range(6):  # a passer-by hammering wrong PINs is refused before any try
        status, _b, _c = request(
            live, "POST", f"/api/tables/{tid}/seats/2/unlock", {"pin": "0000"}, headers=stranger
        )
        assert status == 403
    status, _b, _c = request(
        live, "POST", f"/api/tables/{tid}/seats/2/unlock", {"pin": "2468"}, token=admin
    )
    assert status == 200


def test_the_tablet_that_opens_a_join_link_stays_the_tablet(live):
    tid, admin, codes = new_table(live)
    cookie = f"tc_admin_{tid}={admin}"
    status, page, set_cookie = request(live, "GET", f"/join/{tid}/{codes[1]}", cookie=cookie)
    assert status == 200 and b"scan this code with the player" in page.lower()
    assert b"seat-1.svg" in page and "tc_seat" not in set_cookie
    status, page, set_cookie = request(live, "POST", f"/join/{tid}/{codes[1]}", cookie=cookie)
    assert status == 403 and "tc_seat" not in set_cookie
    dashboard = live.api("GET", f"/api/tables/{tid}", token=admin)
    assert dashboard["viewer"] == {"seat": None, "admin": True}
    assert join(live, tid, codes[1])  # nothing was spent: the player's phone still joins
