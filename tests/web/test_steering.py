"""The tablet steers: which table the die reader, keypad, buttons and card reader feed moves
only for the tablet of the table they feed now (its credential, or its tap to give them to a
table that asked); a new table takes them only when no table has them. Every open screen
hears where they go (``companion/writer/active_table.py``)."""

from __future__ import annotations

import json

import pytest

from companion.play.table import Viewer
from companion.writer.input_events import DieRolled
from tests.support.reliability.access import bearer_device
from tests.support.reliability.inprocess import companion_app, fingerprint, new_table, phone_for
from tests.support.web.clients import Device

NEW = {"game": "lawless", "players": ["X", "Y"]}


@pytest.fixture
def world(tmp_path):
    with companion_app(tmp_path) as (service, app):
        tablet, made = new_table(app, "tally", ["Ann", "Bruno"])
        yield {
            "service": service,
            "app": app,
            "tablet": tablet,
            "id": made["id"],
            "made": made,
            "ann": phone_for(app, made, 0),
        }


def events(sub) -> list[tuple[str, dict]]:
    """What a stream has been sent so far (its queue, drained)."""
    out = []
    while not sub.events.empty():
        item = sub.events.get_nowait()
        if item is not None:
            out.append((item[0], json.loads(item[2])))
    return out


def test_the_first_table_takes_the_hardware_and_says_so(world):
    assert world["made"]["active"] is True
    assert world["service"].active_table_id() == world["id"]


@pytest.mark.parametrize("who", ["stranger", "phone", "script"])
def test_a_new_table_from_anyone_but_the_tablet_leaves_the_hardware_where_it_is(world, who):
    """A client with no cookie but the CSRF one, a player's phone tapping "New game", a
    script with no cookies at all: each makes a table of its own, the dice stay put."""
    asker = {
        "stranger": Device(world["app"]),
        "phone": world["ann"],
        "script": bearer_device(world["app"], "not-a-token-of-this-table"),
    }[who]
    made = asker.post("/api/tables", NEW)
    assert made.status_code == 201, made.json
    assert made.json["active"] is False
    assert world["service"].active_table_id() == world["id"]
    world["service"].post(DieRolled((("d6", 6),), source="reader"))
    world["service"].call(lambda: None)
    stranger_table = world["tablet"].get(f"/api/tables/{made.json['id']}").json
    assert stranger_table["table"]["version"] == 0


def test_the_tablet_of_the_active_table_moves_the_hardware_to_its_new_table(world):
    """The tablet holds the active table's credential: its new table takes the hardware at
    once, and every open screen, of any table, is told."""
    service = world["service"]
    dash = service.hub.subscribe(world["id"], Viewer(admin=True), "dash")
    phone = service.hub.subscribe(world["id"], Viewer(seat=0), "ann")
    made = world["tablet"].post("/api/tables", NEW).json
    assert made["active"] is True and service.active_table_id() == made["id"]
    for sub in (dash, phone):
        assert ("active", {"table": made["id"], "game": "lawless"}) in events(sub)


def test_a_bearer_with_the_active_tablets_token_steers_too(world):
    script = bearer_device(world["app"], world["made"]["admin_token"])
    made = script.post("/api/tables", NEW)
    assert made.status_code == 201 and made.json["active"] is True


def test_another_tablet_asks_and_the_active_tablet_gives_with_one_tap(world):
    service, app = world["service"], world["app"]
    dash = service.hub.subscribe(world["id"], Viewer(admin=True), "dash")
    phone = service.hub.subscribe(world["id"], Viewer(seat=0), "ann")
    other_tablet, other = new_table(app, "lawless", ["Xena", "Yves"])
    assert other["active"] is False
    before = fingerprint(service)
    asked = other_tablet.post(f"/api/tables/{other['id']}/active", {})
    assert asked.status_code == 202 and asked.json == {"asked": world["id"]}
    assert fingerprint(service) == before  # asking moves nothing
    ask = {"table": other["id"], "game": "lawless", "players": ["Xena", "Yves"]}
    assert ("hardware_asked", ask) in events(dash)
    assert all(kind != "hardware_asked" for kind, _ in events(phone))  # the tablet's alone
    assert world["tablet"].get(f"/api/tables/{world['id']}/active/asks").json == {"asks": [ask]}
    assert world["ann"].get(f"/api/tables/{world['id']}/active/asks").json == {"asks": []}

    # only the active table's tablet gives, and only to a table that asked
    give = f"/api/tables/{world['id']}/active/give"
    refused = [
        (world["ann"].post(give, {"table": other["id"]}), 403, "hardware_needs_tablet"),
        (other_tablet.post(give, {"table": other["id"]}), 403, "hardware_needs_tablet"),
        (world["tablet"].post(give, {"table": "nosuchtable"}), 409, "hardware_not_asked"),
        (world["tablet"].post(give, {"table": 7}), 409, "hardware_not_asked"),
        (
            other_tablet.post(f"/api/tables/{other['id']}/active/give", {"table": world["id"]}),
            409,
            "hardware_not_here",
        ),
    ]
    for reply, status, code in refused:
        assert (reply.status_code, reply.json["error"]["code"]) == (status, code)
        assert reply.json["error"]["message"]
    assert fingerprint(service) == before

    given = world["tablet"].post(give, {"table": other["id"]})
    assert given.status_code == 200 and given.json == {"active": other["id"]}
    assert service.active_table_id() == other["id"]
    assert ("active", {"table": other["id"], "game": "lawless"}) in events(dash)
    # given once: the old table's tablet now asks like anyone else
    again = world["tablet"].post(give, {"table": other["id"]})
    assert again.status_code == 409


def test_the_words_of_a_refusal_are_in_french_too(world):
    world["ann"].client.set_cookie("tc_lang", "fr")
    reply = world["ann"].post(f"/api/tables/{world['id']}/active/give", {"table": "x"})
    english = world["tablet"].post(f"/api/tables/{world['id']}/active/give", {"table": "x"}).json
    assert reply.json["error"]["message"] != english["error"]["message"]


def test_with_no_active_table_the_first_to_ask_takes_it(world):
    service = world["service"]
    service.call(service.steering.forget_active)
    stranger = Device(world["app"])
    made = stranger.post("/api/tables", NEW).json
    assert made["active"] is True and service.active_table_id() == made["id"]
