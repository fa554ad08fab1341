"""After the game, through the API: the export holds what the table may see and the seed the
end reveals; the BG Stats file carries places and winners; a rematch is the same game with a
fresh seed; the home page lists date, game, players and winner; archive and delete belong to
the tablet that started the game. And errors name fields by their labels, in the viewer's
language, with their numbers formatted."""

from __future__ import annotations

import json

import pytest

from companion.rules.ranking import standing
from tests.support.values import numbers
from tests.web.conftest import join
from web.after import bgstats


def lawless_table(tablet):
    return tablet.post(
        "/api/tables", {"game": "lawless", "players": ["Ann", "Bruno", "Claudia"]}
    ).json


def test_the_export_is_the_table_view_and_hides_the_seed_until_the_end(tablet):
    made = lawless_table(tablet)
    tablet.act(made["id"], {"type": "first_player", "seat": None, "player": "Ann"})
    play = tablet.get(f"/api/tables/{made['id']}/export.json").json
    assert play["format"] == "table-companion-play" and play["players"] == [
        "Ann",
        "Bruno",
        "Claudia",
    ]
    assert play["seed"] is None and play["seed_hash"] == made["seed_hash"]
    assert [line["version"] for line in play["log"]] == [1]
    assert "Ann" in play["log"][0]["text"]
    reply = tablet.get(f"/api/tables/{made['id']}/export.bgsplay")
    assert reply.headers["Content-Disposition"].endswith('.bgsplay"')
    assert reply.json["games"][0]["name"] == "Lawless"


def test_the_bgstats_file_has_places_scores_and_winners():
    play = {
        "game": "abilene",
        "title": "Abilene",
        "players": ["Ann", "Bruno"],
        "created": "2026-12-01T20:15:03+00:00",
        "seed_hash": "ab" * 32,
        "standings": [
            {**standing(1, 1, "final.money", amount=12000), "name": "Bruno"},
            {**standing(0, 2, "final.money", amount=9000), "name": "Ann"},
        ],
    }
    made = bgstats(play)
    scores = {s["playerRefId"]: s for s in made["plays"][0]["playerScores"]}
    assert scores[2]["winner"] and scores[2]["rank"] == 1 and scores[2]["score"] == "12000"
    assert not scores[1]["winner"] and scores[1]["rank"] == 2
    assert [p["name"] for p in made["players"]] == ["Ann", "Bruno"]
    assert made["plays"][0]["playDate"] == "2026-12-01 20:15:03"


def test_a_rematch_is_the_same_game_with_a_fresh_seed(tablet, device):
    made = tablet.post(
        "/api/tables",
        {"game": "nowheresville", "players": ["Ann", "Bruno"], "options": {"money": "virtual"}},
    ).json
    again = tablet.post(f"/api/tables/{made['id']}/rematch", {})
    assert again.status_code == 201
    view = tablet.get(f"/api/tables/{again.json['id']}").json
    assert view["table"]["players"] == ["Ann", "Bruno"] and view["table"]["game"] == "nowheresville"
    assert view["state"]["options"]["money"] == "virtual"
    assert again.json["seed_hash"] != made["seed_hash"]
    stranger = device()
    assert stranger.post(f"/api/tables/{made['id']}/rematch", {}).status_code == 403


def test_history_archive_and_delete(tablet, device):
    made = lawless_table(tablet)
    home = tablet.get("/").get_data(as_text=True)
    assert "Lawless" in home and "Ann, Bruno, Claudia" in home and "data-delete" in home
    stranger = device()
    assert "data-delete" not in stranger.get("/").get_data(as_text=True)
    assert stranger.post(f"/api/tables/{made['id']}/archive", {"archived": True}).status_code == 403
    assert tablet.post(f"/api/tables/{made['id']}/archive", {"archived": True}).status_code == 200
    home = tablet.get("/").get_data(as_text=True)
    assert 'class="archived"' in home
    assert stranger.post(f"/api/tables/{made['id']}/delete", {}).status_code == 403
    assert tablet.post(f"/api/tables/{made['id']}/delete", {}).status_code == 200
    assert tablet.get(f"/api/tables/{made['id']}").status_code == 404
    assert "Lawless" not in tablet.get("/").get_data(as_text=True)


def test_errors_name_the_field_by_its_label_and_format_numbers(tablet):
    made = tablet.post("/api/tables", {"game": "abilene", "players": ["Ann", "Bruno"]}).json
    tablet.post("/api/language", {"lang": "fr"})
    reply = tablet.act(made["id"], {"type": "take_loan", "seat": 0, "amount": 10**6})
    message = reply.json["error"]["message"]
    assert "Somme" in message and "amount" not in message and "1000000" not in message, message
    reply = tablet.post(f"/api/tables/{made['id']}/dice", {"dice": [{"die": "cattle", "face": 9}]})
    assert "dé de bétail" in reply.json["error"]["message"], reply.json
    reply = tablet.post(
        "/api/tables",
        {"game": "abilene", "players": ["A", "B"], "options": {"start_money": "lots"}},
    )
    assert "Argent de départ" in reply.json["error"]["message"], reply.json


def test_a_script_without_the_csrf_token_is_told_how(app):
    client = app.test_client()
    reply = client.post("/api/tables", json={"game": "lawless", "players": ["A", "B"]})
    assert reply.status_code == 403 and reply.json["error"]["code"] == "csrf_missing"
    assert "X-CSRF-Token" in reply.json["error"]["message"]


def test_a_deleted_game_is_not_history_lost_at_the_next_start(tmp_path):
    """The witness of every chain's end forgets a deleted table, so the journal opens again
    (it would refuse to start, "table … is gone", if it still remembered it)."""
    from companion import shelf
    from companion.journal import Journal
    from companion.service import Service
    from companion.table import Viewer

    path = tmp_path / "journal.sqlite"
    with Journal(path) as journal, Service(journal) as service:
        made = service.create_table("tally", ["Ann", "Bruno"], {})
        service.act(made["id"], {"type": "add", "seat": 0, "amount": 3}, Viewer(admin=True))
        kept = service.create_table("tally", ["Cleo", "Dan"], {})
        shelf.delete(service, made["id"], Viewer(admin=True))
    with Journal(path) as journal, Service(journal) as service:
        assert list(service.tables) == [kept["id"]]


@pytest.mark.parametrize("file", ["export.json", "export.bgsplay"])
def test_the_holder_of_a_secret_exports_no_secret(tablet, device, file):
    """An export is a file to share: built from the table's public view and log, never
    from the asking seat's own, whose secrets it would carry (a sealed bid still sealed)."""
    made = tablet.post("/api/tables", {"game": "tally", "players": ["Ann", "Bruno"]}).json
    tid = made["id"]
    ann = join(device(), made, 0)
    assert tablet.act(tid, {"type": "call_bids", "seat": 0}).status_code == 200
    assert ann.act(tid, {"type": "bid", "seat": 0, "amount": 777}).status_code == 200
    assert 777 in numbers(ann.get(f"/api/tables/{tid}/log").json)  # hers to see
    exported = ann.get(f"/api/tables/{tid}/{file}")
    assert exported.status_code == 200
    assert 777 not in numbers(json.loads(exported.get_data(as_text=True)))
    assert "777" not in " ".join(texts(json.loads(exported.get_data(as_text=True))))


def texts(value) -> list[str]:
    """Every string anywhere in a JSON value (the lines said in words)."""
    if isinstance(value, dict):
        return [t for item in value.values() for t in texts(item)]
    if isinstance(value, list):
        return [t for item in value for t in texts(item)]
    return [value] if isinstance(value, str) and not _hex(value) else []


def _hex(text: str) -> bool:
    return len(text) >= 32 and all(c in "0123456789abcdef" for c in text)
