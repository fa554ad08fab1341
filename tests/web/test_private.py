"""A player without a phone plays on the tablet behind a PIN (companion/access/pin_sessions.py)."""

from __future__ import annotations

from companion.access import pin_sessions as private
from companion.access.pin_sessions import PinTries
from tests.support.values import numbers


def keep(tablet, tid, seat=1, pin="4711"):
    return tablet.post(f"/api/tables/{tid}/seats/{seat}/pin", {"pin": pin})


def test_pin_seat_sees_its_secrets_only_on_the_seat_page(tablet, table):
    tid = table["id"]
    assert keep(tablet, tid).status_code == 200
    assert tablet.get(f"/api/tables/{tid}/seats").json["seats"][1]["on_tablet"]
    log = tablet.get(f"/api/tables/{tid}/log").json["log"]
    assert log[-1]["line"] == {"key": "core.on_tablet", "params": {"seat": "Bruno"}}
    assert tablet.post(f"/api/tables/{tid}/seats/1/unlock", {"pin": "0000"}).status_code == 403
    opened = tablet.post(f"/api/tables/{tid}/seats/1/unlock", {"pin": "4711"})
    assert opened.status_code == 200 and "HttpOnly" in opened.headers["Set-Cookie"]
    tablet.act(tid, {"type": "call_bids", "seat": 0})
    seat_view = {"X-Companion-View": "seat"}
    bid = tablet.post(
        f"/api/tables/{tid}/actions",
        {"action": {"type": "bid", "seat": 1, "amount": 654}},
        headers=seat_view,
    )
    assert bid.status_code == 200
    # the dashboard on the same tablet still shows only the public view
    dashboard = tablet.get(f"/api/tables/{tid}").json
    assert 654 not in numbers(dashboard)  # a number, not digits inside the seed's hash
    assert tablet.get(f"/api/tables/{tid}").json["viewer"] == {"seat": None, "admin": True}
    assert 654 in numbers(tablet.get(f"/api/tables/{tid}?as=seat").json)
    assert tablet.get(f"/seat/{tid}").status_code == 200
    # locking makes the private session's token useless even if the cookie were kept
    cookie = tablet.client.get_cookie(f"tc_pin_{tid}").value
    assert tablet.post(f"/api/tables/{tid}/lock", {}, headers=seat_view).status_code == 200
    assert tablet.client.get_cookie(f"tc_pin_{tid}") is None
    tablet.client.set_cookie(f"tc_pin_{tid}", cookie)
    assert tablet.get(f"/api/tables/{tid}?as=seat").json["viewer"]["seat"] is None


def test_pin_rules(tablet, table, device):
    tid = table["id"]
    assert keep(tablet, tid, pin="12").status_code == 422
    assert keep(tablet, tid, pin="12ab").status_code == 422
    phone = device()
    assert phone.post(f"/api/tables/{tid}/seats/0/pin", {"pin": "1234"}).status_code == 403
    assert keep(tablet, tid, seat=0).status_code == 200
    assert keep(tablet, tid, seat=0).status_code == 422  # already on the tablet
    code = table["seats"][0]["join_code"]
    assert phone.client.post(f"/join/{tid}/{code}").status_code == 403  # code spent
    assert tablet.post(f"/api/tables/{tid}/seats/1/unlock", {"pin": "1234"}).status_code == 403


def test_wrong_pins_lock_that_device_out_for_a_while():
    now = [0.0]
    tries = PinTries(clock=lambda: now[0])
    for _ in range(private.MAX_TRIES):
        tries.check("t", 1, "passer-by")
        tries.failed("t", 1, "passer-by")
    try:
        tries.check("t", 1, "passer-by")
    except private.TooManyTries as error:
        assert error.code == "pin_locked"
    else:
        raise AssertionError("a sixth try was allowed")
    tries.check("t", 2, "passer-by")  # other seats are not affected
    tries.check("t", 1, "tablet")  # nor is the player, on the tablet
    now[0] = private.LOCKOUT_S + 1
    tries.check("t", 1, "passer-by")
