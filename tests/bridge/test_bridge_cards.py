"""A scanned card fills in the card the table asks for: the outlaw played (108 Outlaws),
the card put into play (Lawless), the animal sold (Abilene, a secret: to the seller only);
an unknown tag is named once from the dashboard, from the game's own list, and remembered.
Through the real service, its input router and hub, and the HTTP naming route's method."""

from __future__ import annotations

import json

import pytest

from companion.known_games import registry
from companion.play.table import Viewer
from companion.rules import cards
from companion.storage.journal import Journal
from companion.writer.input_events import CardScanned
from companion.writer.service import Service

ADMIN = Viewer(admin=True)


@pytest.fixture
def service(tmp_path):
    with Journal(tmp_path / "companion.sqlite") as journal, Service(journal) as service:
        yield service


def heard(sub, kind):
    """The ``kind`` events this stream got since last asked (others are kept for later)."""
    kept = sub.__dict__.setdefault("kept", [])
    while not sub.events.empty():
        item = sub.events.get_nowait()
        if item:
            kept.append(item)
    out = [json.loads(item[2]) for item in kept if item[0] == kind]
    kept[:] = [item for item in kept if item[0] != kind]
    return out


def scan(service, tid, uid):
    service.post(CardScanned(uid, "card-reader"))
    service.view(tid, ADMIN)  # after the scan on the writer's queue


def test_an_unknown_tag_is_named_once_and_then_fills_the_outlaw_played(service):
    tid = service.create_table("outlaws108", ["Ann", "Bruno"], {})["id"]
    tablet = service.hub.subscribe(tid, ADMIN, "tablet")
    scan(service, tid, "04a2246a5b3c80")
    asked = heard(tablet, "card_unknown")
    assert len(asked) == 1 and asked[0]["uid"] == "04a2246a5b3c80"
    assert {
        "name": "outlaw_42",
        "label": {"key": "card.outlaws108.outlaw", "params": {"number": 42}},
    } in asked[0]["faces"]
    service.name_card(tid, "04a2246a5b3c80", "outlaw_42", ADMIN)
    heard(tablet, "card")
    scan(service, tid, "04a2246a5b3c80")
    assert heard(tablet, "card_unknown") == []  # remembered: never asked again
    [shown] = heard(tablet, "card")
    assert shown["fill"]["type"] == "play_earth" and shown["fill"]["seat"] == 0
    assert shown["fill"]["params"]["number"]["default"] == 42


def test_a_lawless_card_scanned_is_the_card_put_into_play(service):
    tid = service.create_table("lawless", ["Ann", "Bruno"], {})["id"]
    service.act(tid, {"type": "first_player", "seat": None, "player": "Ann"}, ADMIN)
    tablet = service.hub.subscribe(tid, ADMIN, "tablet")
    for uid, name in (("a1a1a1a1", "terrain_poor"), ("b2b2b2b2", "hold_up")):
        service.name_card(tid, uid, name, ADMIN)
    heard(tablet, "card")
    scan(service, tid, "a1a1a1a1")
    scan(service, tid, "b2b2b2b2")
    terrain, hold_up = heard(tablet, "card")
    assert terrain["fill"]["type"] == "place_terrain"
    assert terrain["fill"]["params"]["quality"]["default"] == "poor"
    assert hold_up["fill"]["type"] == "play_hold_up"
    assert service.view(tid, ADMIN)["table"]["version"] == 1  # proposed, not played


def test_the_animal_sold_fills_the_sellers_secret_on_the_sellers_phone_only(service):
    tid = service.create_table("abilene", ["Ann", "Bruno", "Chloé"], {})["id"]
    service.act(tid, {"type": "throw", "seat": 0, "dice": [1, 2, 1, 1, 2]}, ADMIN)
    service.act(tid, {"type": "sell", "seat": 0}, ADMIN)
    service.name_card(tid, "c3c3c3c3", "animal_500", ADMIN)
    streams = {
        name: service.hub.subscribe(tid, viewer, name)
        for name, viewer in (
            ("tablet", ADMIN),
            ("seller", Viewer(seat=0)),
            ("other", Viewer(seat=1)),
        )
    }
    scan(service, tid, "c3c3c3c3")
    assert heard(streams["tablet"], "card") == [] and heard(streams["other"], "card") == []
    [mine] = heard(streams["seller"], "card")
    assert mine["fill"]["type"] == "sale_truth" and mine["fill"]["secret"]
    assert mine["fill"]["params"]["value"]["default"] == 500
    assert mine["fill"]["params"]["brand"]["default"] == "no_brand"
    scan(service, tid, "d4d4d4d4")  # an unknown tag during a secret: not named in public
    assert all(heard(s, "card_unknown") == [] for s in streams.values())


def test_every_declared_card_fills_only_what_its_game_offers():
    for game in ("outlaws108", "lawless", "abilene"):
        faces = registry.card_faces(game)
        assert faces, game
        for face in faces.values():
            assert face.label["key"].startswith(("card.", "action."))
    face = registry.card_faces("outlaws108")["outlaw_7"]
    assert (
        cards.fill(
            face,
            [
                {
                    "type": "play_earth",
                    "seat": 0,
                    "params": {"number": {"kind": "int", "min": 37, "max": 108}},
                }
            ],
        )
        is None
    )  # a Heaven card
