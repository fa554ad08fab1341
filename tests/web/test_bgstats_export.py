"""The play in the format BG Stats imports, checked against a JSON Schema written from the
app's own page (``tests/web/schemas/bgstats-play.schema.json``: "Push plays to BG Stats from
other apps or websites", https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-
other-apps-or-websites/), for a finished game of each of the five games (the recorded games
of ``tests/recorded``) and through the API: the real start player, the places, the deciding
numbers and the winners, the duration, and the local date and time."""

from __future__ import annotations

import json
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit
from zoneinfo import ZoneInfo

import jsonschema
import pytest

from companion.known_games import registry
from companion.play.bgstats_play import bgstats_play

SCHEMA = json.loads((Path(__file__).parent / "schemas" / "bgstats-play.schema.json").read_text())
RECORDED = Path(__file__).parents[1] / "recorded"
PARIS = ZoneInfo("Europe/Paris")  # UTC+1 in December


def check(made: dict) -> dict:
    jsonschema.validate(made, SCHEMA, format_checker=jsonschema.FormatChecker())
    return made


def finished(recording: str) -> tuple[dict, dict]:
    """A recorded game replayed to its end, and the play record the API would make of it:
    its standings and start seat from the game, and a journal whose first move was made at
    20:15:03 UTC, one move undone, the last move at 21:52:33 and the tablet's close later."""
    data = json.loads((RECORDED / f"{recording}.json").read_text(encoding="utf-8"))
    game = registry.game(data["game"])
    state = game.setup(list(data["players"]), dict(data["options"]))
    for action in data["actions"]:
        state = game.apply(state, action)
    assert game.final(state)
    log = [
        {"kind": "action", "undone": True, "at": "2026-12-01T20:10:00+00:00"},
        {"kind": "action", "undone": False, "at": "2026-12-01T20:15:03+00:00"},
        {"kind": "reissue", "undone": False, "at": "2026-12-01T20:40:00+00:00"},
        {"kind": "correction", "undone": False, "at": "2026-12-01T21:52:33+00:00"},
        {"kind": "close", "undone": False, "at": "2026-12-01T23:30:00+00:00"},
    ]
    play = {
        "id": "t-" + recording,
        "game": data["game"],
        "title": data["game"],
        "players": data["players"],
        "created": "2026-12-01T20:00:00+00:00",
        "seed_hash": "ab" * 32,
        "standings": [
            {**row, "name": data["players"][row["seat"]]} for row in game.standings(state)
        ],
        "start_seat": getattr(game, "start_seat", lambda s: None)(state),
        "log": log,
    }
    return play, state


RECORDINGS = [
    "lawless-three-ranchers",
    "nowheresville-three-virtual",
    "outlaws108-three-players",
    "root_doves-thirty-points",
    "abilene-last-cow",
]


@pytest.mark.parametrize("recording", RECORDINGS)
def test_every_game_exports_a_play_bgstats_imports(recording):
    play, _ = finished(recording)
    made = check(bgstats_play(play, zone=PARIS))
    assert made["sourceName"] == "Table Companion" and made["sourcePlayId"] == play["id"]
    # the first move that stands, in Paris time (not UTC with the zone stripped)
    assert made["playDate"] == "2026-12-01 21:15:03"
    assert made["durationMin"] == 98  # 20:15:03 to 21:52:33, the close and the undone left out
    players = made["players"]
    assert [p["name"] for p in players] == play["players"]
    places = {row["seat"]: row["place"] for row in play["standings"]}
    assert [p["rank"] for p in players] == [places[s] for s in range(len(players))]
    assert [p["winner"] for p in players] == [places[s] == 1 for s in range(len(players))]
    assert all(isinstance(p["score"], int) for p in players)
    assert not made["game"]["noPoints"] and made["game"]["highestWins"]


def test_lawless_names_its_first_player_and_scores_the_prestige_totals():
    play, _ = finished("lawless-three-ranchers")  # the table named Cid first
    players = bgstats_play(play, zone=PARIS)["players"]
    assert [p["startPlayer"] for p in players] == [False, False, True]
    # the recording's last history line: prestige 15 (Ann), 13 (Bob), 14 (Cid)
    assert [(p["score"], p["rank"]) for p in players] == [(15, 1), (13, 3), (14, 2)]


def test_108_outlaws_starts_with_the_starting_player():
    play, _ = finished("outlaws108-three-players")  # starting_player = 2
    players = bgstats_play(play, zone=PARIS)["players"]
    assert [p["startPlayer"] for p in players] == [False, False, True]


def test_nowheresville_exports_every_players_final_money_and_place():
    from companion.games.nowheresville.money import purse

    play, state = finished("nowheresville-three-virtual")
    players = check(bgstats_play(play, zone=PARIS))["players"]
    money = [purse(state, seat) for seat in range(len(players))]
    assert [p["score"] for p in players] == money  # not empty: the end shows every purse
    assert all(p["rank"] >= 1 for p in players)  # every seat placed, none 0
    winner = state["winner"]
    assert players[winner]["winner"] and players[winner]["rank"] == 1
    assert players[winner]["score"] == max(money)
    assert sum(p["winner"] for p in players) == 1
    # no start player: every seat plans each round at once
    assert not any(p["startPlayer"] for p in players)


def test_root_carries_its_boardgamegeek_id():
    play, _ = finished("root_doves-thirty-points")
    made = check(bgstats_play(play, bgg_id=registry.game("root_doves").BGG_ID, zone=PARIS))
    assert made["game"]["bggId"] == 237182  # boardgamegeek.com/boardgame/237182/root


def test_a_game_not_yet_played_has_no_duration_and_no_places():
    play, _ = finished("abilene-last-cow")
    play = {**play, "standings": [], "log": []}
    made = check(bgstats_play(play, zone=PARIS))
    assert "durationMin" not in made and made["playDate"] == "2026-12-01 21:00:00"
    assert made["game"]["noPoints"] and not any(p["winner"] for p in made["players"])


@pytest.fixture
def new_york(monkeypatch):
    """The Pi's zone (TZ) at UTC-5, so a local date cannot pass for UTC."""
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    yield ZoneInfo("America/New_York")
    monkeypatch.undo()
    time.tzset()


def test_through_the_api_lawless_with_bob_first(tablet, new_york):
    made = tablet.post(
        "/api/tables", {"game": "lawless", "players": ["Ann", "Bob", "Claudia"]}
    ).json
    named = tablet.act(made["id"], {"type": "first_player", "seat": None, "player": "Bob"})
    assert named.status_code == 200
    reply = tablet.get(f"/api/tables/{made['id']}/export.bgstats.json")
    assert reply.headers["Content-Disposition"].endswith('.bgstats.json"')
    play = check(reply.json)
    assert [p["startPlayer"] for p in play["players"]] == [False, True, False]
    first = tablet.get(f"/api/tables/{made['id']}/export.json").json["log"][0]["at"]
    local = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(_epoch(first)))
    assert play["playDate"] == local and play["playDate"] != first[:19].replace("T", " ")
    # the same play, as the link that opens the app's import dialog
    link = tablet.get(f"/api/tables/{made['id']}/bgstats")
    assert link.status_code == 302
    target = urlsplit(link.headers["Location"])
    assert (target.scheme, target.netloc, target.path) == (
        "bgstats",
        "app.bgstatsapp.com",
        "/createPlay.html",
    )
    assert json.loads(parse_qs(target.query)["data"][0]) == play


@pytest.mark.parametrize(
    "game, options",
    [("root_doves", {"first_seat": 1}), ("outlaws108", {"starting_player": 1})],
)
def test_through_the_api_the_start_player_is_the_tables_option(tablet, game, options):
    made = tablet.post(
        "/api/tables", {"game": game, "players": ["Ann", "Bob", "Claudia"], "options": options}
    )
    assert made.status_code == 201, made.json
    play = check(tablet.get(f"/api/tables/{made.json['id']}/export.bgstats.json").json)
    assert [p["startPlayer"] for p in play["players"]] == [False, True, False]


def _epoch(label: str) -> float:
    from datetime import datetime

    return datetime.fromisoformat(label).timestamp()


@pytest.mark.parametrize("path", ["export.bgstats.json", "bgstats"])
def test_an_unknown_table_is_a_404_in_words(tablet, path):
    reply = tablet.get(f"/api/tables/nope/{path}")
    assert reply.status_code == 404 and reply.json["error"]["code"] == "no_such_table"
