"""No value can break a table, and whatever a game raises stays with its table.

The issue's cases first, as a player typed them: ``set_clearing "²"`` (``"²".isdigit()``
is true in Python and ``int("²")`` raises: every view of the Root table was a 500 from then
on, and it survived a restart), ``set_evacuation_track "1, ²"``, a catalogue key ``"²"``,
keys ``"093"`` and ``"０９１"`` stored as typed, and bandit names with NUL, a newline or
U+202E. Then a game whose view raises: its table answers, its tablet keeps Undo, the other
tables and the device threads go on, and ``/api/health`` names it.
"""

from __future__ import annotations

import pytest

from companion.known_games import registry
from firmware_bridge.follower import TableFollower
from tests.support.tally import game as tally
from tests.support.web.clients import Device, join

CATALOGUE = "table-companion-catalogue"


def new_table(device: Device, game: str, players=("Ann", "Bruno")) -> str:
    return made(device, game, players)["id"]


def made(device: Device, game: str, players=("Ann", "Bruno")) -> dict:
    reply = device.post("/api/tables", {"game": game, "players": list(players)})
    assert reply.status_code == 201, reply.json
    return reply.json


def views_answer(device: Device, table_id: str) -> dict:
    reply = device.get(f"/api/tables/{table_id}")
    assert reply.status_code == 200, reply.json
    assert device.get(f"/api/tables/{table_id}/log").status_code == 200
    return reply.json


@pytest.mark.parametrize(
    "action, code",
    [
        ({"type": "set_clearing", "seat": None, "clearing": "²", "suit": "fox"}, "not_digits"),
        # the game's own words for a track: "the points for 1, 2, 3… refugees"
        ({"type": "set_evacuation_track", "seat": None, "track": "1, ²"}, "root_doves.bad_track"),
        ({"type": "set_clearing", "seat": None, "clearing": "a\u202e", "suit": "fox"}, None),
    ],
)
def test_the_root_values_that_bricked_a_table_are_refused(tablet, action, code):
    table_id = new_table(tablet, "root_doves")
    before = views_answer(tablet, table_id)
    for lang in ("en", "fr"):
        reply = tablet.act(table_id, action, headers={"Accept-Language": lang})
        assert reply.status_code == 422, reply.json
        assert reply.json["error"]["code"] == (code or "unprintable_text")
        assert "{" not in reply.json["error"]["message"]
    assert views_answer(tablet, table_id) == before  # refused: nothing changed


def test_a_clearing_typed_in_full_width_digits_is_that_clearing(tablet):
    table_id = new_table(tablet, "root_doves")
    action = {"type": "set_clearing", "seat": None, "clearing": " ０３ ", "suit": "mouse"}
    assert tablet.act(table_id, action).status_code == 200
    clearings = views_answer(tablet, table_id)["state"]["clearings"]
    assert [c["suit"] for c in clearings if c["id"] == "3"] == ["mouse"]  # was rabbit
    assert len(clearings) == 12  # no clearing "03" beside clearing 3
    log = tablet.get(f"/api/tables/{table_id}/log").json
    assert "０" not in str(log)  # the journal holds what the shape kept


@pytest.mark.parametrize("name", ["Jesse\x00", "Jesse\nJames", "Jesse\u202eJames", "\u200b"])
def test_a_bandit_name_without_printable_text_is_refused(tablet, name):
    table_id = new_table(tablet, "nowheresville", ("Ann", "Bruno", "Cid"))
    enlist = {
        "type": "enlist",
        "seat": 0,
        "name": name,
        "experience": 1,
        "courage": 1,
        "bullets": 1,
        "hits": 3,
    }
    reply = tablet.act(table_id, enlist)
    assert reply.status_code == 422 and reply.json["error"]["code"] in (
        "unprintable_text",
        "bad_text",
    )
    assert tablet.act(table_id, {**enlist, "name": "  Jesse  "}).status_code == 200
    assert "Jesse" in str(views_answer(tablet, table_id)["state"])


def catalogue_file(entries: dict) -> dict:
    return {"format": CATALOGUE, "game": "outlaws108", "entries": entries}


def test_catalogue_keys_are_card_numbers_in_ascii_digits(tablet):
    table_id = new_table(tablet, "outlaws108")
    path = f"/api/tables/{table_id}/catalogue"
    bad = catalogue_file({"²": {"icons": ["cavalry"]}})
    for lang in ("en", "fr"):
        reply = tablet.post(path, {"file": bad}, headers={"Accept-Language": lang})
        assert reply.status_code == 422, reply.json
        assert reply.json["error"]["code"] == "catalogue_bad_entry"
        assert "{" not in reply.json["error"]["message"]
    good = catalogue_file({"093": {"icons": ["cavalry"]}, "０９１": {"icons": ["support"]}})
    assert tablet.post(path, {"file": good}).json == {"imported": 2, "replaced": 0}
    assert list(tablet.get(path).json["entries"]) == ["91", "93"]


def test_player_names_are_printable_text(tablet):
    reply = tablet.post("/api/tables", {"game": "tally", "players": ["Ann", "Bru\u202eno"]})
    assert reply.status_code == 422 and reply.json["error"]["code"] == "unprintable_text"


# -- a game that raises ------------------------------------------------------------------
@pytest.fixture
def faulty_view(monkeypatch):
    """The test game's view, prompt and apply raise once its first seat's score reaches 3,
    as a game's code meeting a state it did not foresee would."""
    real_view, real_prompt, real_apply = tally.view, tally.prompt, tally.apply

    def broken(real):
        def made(state, *args):
            if state["scores"][0] >= 3:
                raise ValueError("invalid literal for int() with base 10: '²'")
            return real(state, *args)

        return made

    monkeypatch.setattr(tally, "view", broken(real_view))
    monkeypatch.setattr(tally, "prompt", broken(real_prompt))
    monkeypatch.setattr(tally, "apply", broken(real_apply))
    registry.register(tally)
    yield
    registry.register(tally)


def test_a_table_whose_view_raises_answers_and_keeps_its_undo(faulty_view, tablet, device, service):
    other = new_table(tablet, "tally")
    table = made(tablet, "tally")  # the last made: the one the hardware follows
    broken = table["id"]
    phone = join(device(), table, 1)
    lights = []
    follower = TableFollower(
        service.signals, lights=Lights(lights), every_s=0.01, closing=(RuntimeError,)
    )
    with follower:
        assert tablet.act(broken, {"type": "add", "seat": 0, "amount": 3}).status_code == 200
        shown = views_answer(tablet, broken)
        assert shown["table"]["fault"] == "rules_fault" and shown["state"] is None
        assert shown["table"]["can_undo"] and shown["legal"] == []
        assert views_answer(phone, broken)["table"]["fault"] == "rules_fault"
        health = tablet.get("/api/health").json
        assert health["tables_faulted"] == {
            broken: {"game": "tally", "where": "view", "error": "ValueError"}
        }
        # the other table plays on
        assert tablet.act(other, {"type": "add", "seat": 0, "amount": 1}).status_code == 200
        assert views_answer(tablet, other)["state"]["scores"][0] == 1
        # an action on the broken table is refused in words, and changes nothing
        reply = tablet.act(broken, {"type": "add", "seat": 0, "amount": 1})
        assert reply.status_code == 422 and reply.json["error"]["code"] == "rules_fault"
        assert "{" not in reply.json["error"]["message"]
        # the tablet's undo brings the table back
        assert tablet.post(f"/api/tables/{broken}/undo", {}).status_code == 200
        back = views_answer(tablet, broken)
        assert "fault" not in back["table"] and back["state"]["scores"][0] == 0
        assert tablet.get("/api/health").json["tables_faulted"] == {}
        assert follower._thread.is_alive()


class Lights:
    def __init__(self, shown: list) -> None:
        self.shown = shown

    def show_reader(self, state) -> None:
        pass

    def show_turn(self, seat) -> None:
        self.shown.append(seat)
