"""Who counts as one device for the stream caps and the rate limits (``web/context.py``).

A phone whose signed device id this server cannot read any more (its cookie cleared, or
``device.key`` replaced after an SD card was swapped) but that still holds its seat is the
seat's device, never its address's anonymous one: every phone on the table's Wi-Fi behind
one address would share that one, and the next phone's stream would push the last out."""

from __future__ import annotations

from tests.support.web.clients import join
from web.context import DEVICE_COOKIE, device


def held_cookies(phone) -> dict[str, str]:
    return {c.key: c.value for c in phone.client._cookies.values()}


def identity(app, cookies: dict[str, str]):
    header = "; ".join(f"{name}={value}" for name, value in cookies.items())
    with app.test_request_context("/api/health", headers={"Cookie": header}):
        return device()


def test_a_phone_whose_device_id_is_unreadable_is_still_its_seats_device(app, table, device):
    ann = join(device(), table, 0)
    bruno = join(device(), table, 1)
    ids = {}
    for name, phone in (("ann", ann), ("bruno", bruno)):
        cookies = held_cookies(phone)
        assert identity(app, cookies).key.startswith("dev:")  # the signed id, read
        cookies[DEVICE_COOKIE] = "forged.or.signed-with-a-lost-key"
        found = identity(app, cookies)
        assert not found.anonymous, name
        ids[name] = found.key
    assert ids["ann"] != ids["bruno"]


def test_a_made_up_seat_cookie_is_still_anonymous(app, table):
    found = identity(app, {f"tc_seat_{table['id']}": "made-up", DEVICE_COOKIE: "x"})
    assert found.anonymous and found.key.startswith("anon:")
