"""After the game, through the API: the export holds what the table may see and the seed the
end reveals (the BG Stats export is tests/web/test_bgstats_export.py's); a rematch is the
same game with a fresh seed; the home page lists date, game, players and winner; archive
and delete belong to the tablet that started the game. And errors name fields by their
labels, in the viewer's language, with their numbers formatted."""

from __future__ import annotations

import json

import pytest

from tests.support.values import numbers
from tests.support.web.clients import join


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
    reply = tablet.get(f"/api/tables/{made['id']}/export.bgstats.json")
    assert reply.headers["Content-Disposition"].endswith('.bgstats.json"')
    assert reply.json["game"]["name"] == "Lawless"  # tests/web/test_bgstats_export.py


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
    from companion.play.table import Viewer
    from companion.storage.journal import Journal
    from companion.writer import past_games
    from companion.writer.service import Service

    path = tmp_path / "journal.sqlite"
    with Journal(path) as journal, Service(journal) as service:
        made = service.create_table("tally", ["Ann", "Bruno"], {})
        service.act(made["id"], {"type": "add", "seat": 0, "amount": 3}, Viewer(admin=True))
        kept = service.create_table("tally", ["Cleo", "Dan"], {})
        past_games.delete(service, made["id"], Viewer(admin=True))
    with Journal(path) as journal, Service(journal) as service:
        assert list(service.tables) == [kept["id"]]


def ended_lawless(tablet):
    """The recorded three-rancher game of Lawless played through the API to its end."""
    import json
    from pathlib import Path

    recorded = json.loads(
        (Path(__file__).parents[1] / "recorded" / "lawless-three-ranchers.json").read_text()
    )
    made = tablet.post(
        "/api/tables",
        {"game": "lawless", "players": recorded["players"], "options": recorded["options"]},
    ).json
    for action in recorded["actions"]:
        assert tablet.act(made["id"], action).status_code == 200, action
    return made["id"]


def test_coins_fixed_at_the_final_count_are_logged_with_what_moved_and_marked_in_exports(tablet):
    """Lawless, "End of the Game": each player counts "the number of gold coins they
    possess". A miscount found then is fixed before the tablet closes the game."""
    tid = ended_lawless(tablet)
    view = tablet.get(f"/api/tables/{tid}").json
    assert view["table"]["ended"] and not view["table"]["closed"]
    assert [t["type"] for t in view["legal"]] == ["fix_coins"]  # the one thing still open
    [ann] = [r for r in view["state"]["ranches"] if r["name"] == "Ann"]
    purse = ann["fortune"]
    assert purse > 0
    assert tablet.act(tid, {"type": "fix_coins", "seat": None, "ranch": "Ann", "coins": purse - 1})
    view = tablet.get(f"/api/tables/{tid}").json
    assert view["table"]["ended"]
    assert [r["fortune"] for r in view["state"]["ranches"] if r["name"] == "Ann"] == [purse - 1]
    last = tablet.get(f"/api/tables/{tid}/log").json["log"][-1]
    assert last["fix"] and last["line"]["key"] == "lawless.log.fix_coins.to_bank"
    assert last["line"]["params"]["moved"] == 1
    play = tablet.get(f"/api/tables/{tid}/export.json").json
    assert play["log"][-1]["correction"] and play["corrections"] == 1
    assert (
        play["log"][-1]["text"]
        == f"Correction — Ann has {purse - 1} coins: 1 coin back to the bank"
    )
    assert not any(line["correction"] for line in play["log"][:-1])
    comments = tablet.get(f"/api/tables/{tid}/export.bgstats.json").json["comments"]
    assert comments.endswith("; 1 correction made by hand on the tablet")
    # once the tablet closes the game, nothing changes any more
    assert tablet.post(f"/api/tables/{tid}/close").status_code == 200
    refused = tablet.act(tid, {"type": "fix_coins", "seat": None, "ranch": "Ann", "coins": purse})
    assert refused.status_code == 422 and refused.json["error"]["code"] == "game_closed"
    assert tablet.get(f"/api/tables/{tid}").json["legal"] == []


def test_what_an_abilene_throw_paid_is_in_the_log_and_the_export(tablet):
    made = tablet.post("/api/tables", {"game": "abilene", "players": ["Ann", "Bruno"]}).json
    tid = made["id"]
    assert tablet.act(tid, {"type": "set_jail", "seat": None, "player": 0, "count": 1})
    assert tablet.act(tid, {"type": "throw", "seat": 0, "dice": [1, 2, 1, 1, 2]})
    last = tablet.get(f"/api/tables/{tid}/log").json["log"][-1]
    assert last["line"]["also"] == [
        {"key": "abilene.log.paid.jail_fee", "params": {"amount": 300, "payer": 0}}
    ]
    text = tablet.get(f"/api/tables/{tid}/export.json").json["log"][-1]["text"]
    assert text.endswith(" — Ann pays $300 in jail fees")
    refused = tablet.act(tid, {"type": "end_turn", "seat": 0, "noted": {"payments": []}})
    assert refused.status_code == 422 and refused.json["error"]["code"] == "bad_param"


@pytest.mark.parametrize("file", ["export.json", "export.bgstats.json"])
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
