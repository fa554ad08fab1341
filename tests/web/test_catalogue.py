"""The 108 Outlaws card catalogue through waitress, on a real SQLite file: a card typed once
is known at the next table and after a restart; the tablet exports and imports it as JSON;
a bad file changes nothing and says why in the viewer's language."""

from __future__ import annotations

import pytest

from tests.support.browser.live_server import LiveServer
from tests.support.web.live import call


@pytest.fixture
def live(tmp_path):
    servers = []

    def start(folder="a"):
        server = LiveServer(tmp_path / folder)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()


def new_table(live, game="outlaws108"):
    made = live.api(
        "POST", "/api/tables", {"game": game, "players": ["Ann", "Bob"]}, token="script"
    )
    return made["id"], made["admin_token"]


def play_earth(number, icons=()):
    return {
        "type": "play_earth",
        "seat": 0,
        "icons": list(icons),
        "number": number,
        "upside_down": [],
    }


def icons_of_first_card(live, table_id, admin):
    view = live.api("GET", f"/api/tables/{table_id}", token=admin)
    return view["state"]["areas"][0]["outlaws"][0]["icons"]


def test_a_card_typed_once_is_known_at_the_next_table_and_after_a_restart(live, tmp_path):
    server = live()
    first, admin = new_table(server)
    status, _ = call(
        server,
        "POST",
        f"/api/tables/{first}/actions",
        admin,
        {"action": play_earth(40, ["cavalry"])},
    )
    assert status == 200
    second, admin2 = new_table(server)
    status, _ = call(
        server, "POST", f"/api/tables/{second}/actions", admin2, {"action": play_earth(40)}
    )  # the number alone
    assert status == 200 and icons_of_first_card(server, second, admin2) == ["cavalry"]
    server.close()
    again = LiveServer(tmp_path / "a")
    try:
        third, admin3 = new_table(again)
        call(again, "POST", f"/api/tables/{third}/actions", admin3, {"action": play_earth(40)})
        assert icons_of_first_card(again, third, admin3) == ["cavalry"]
        status, reply = call(
            again,
            "POST",
            f"/api/tables/{third}/actions",
            admin3,
            {"action": {**play_earth(41), "known": {"41": {"icons": ["navy"]}}}},
        )
        assert status == 422 and reply["error"]["params"]["name"] == "known"
    finally:
        again.close()


def test_the_catalogue_exports_and_imports_as_json_between_two_companions(live):
    club = live("club")
    table_id, admin = new_table(club)
    call(
        club,
        "POST",
        f"/api/tables/{table_id}/actions",
        admin,
        {"action": play_earth(40, ["cavalry"])},
    )
    status, exported = call(club, "GET", f"/api/tables/{table_id}/catalogue", admin)
    assert status == 200 and exported["entries"] == {
        "40": {"icons": ["cavalry"], "navy_as": None, "scoring": None}
    }
    exported["entries"]["3"] = {
        "icons": ["support"],
        "scoring": {"set": {"support": 5}, "points": 8},
    }
    home = live("home")
    other, admin2 = new_table(home)
    status, reply = call(home, "POST", f"/api/tables/{other}/catalogue", admin2, {"file": exported})
    assert (status, reply) == (200, {"imported": 2, "replaced": 0})
    status, mine = call(home, "GET", f"/api/tables/{other}/catalogue", admin2)
    assert mine["entries"]["3"] == {
        "icons": ["support", "support"],
        "navy_as": None,
        "scoring": {"set": {"support": 5}, "points": 8},
    }
    call(home, "POST", f"/api/tables/{other}/actions", admin2, {"action": play_earth(40)})
    assert icons_of_first_card(home, other, admin2) == ["cavalry"]


@pytest.mark.parametrize(
    "file, code",
    [
        ("not a file", "catalogue_bad_file"),
        (
            {"format": "table-companion-catalogue", "game": "lawless", "entries": {}},
            "catalogue_other_game",
        ),
        (
            {
                "format": "table-companion-catalogue",
                "game": "outlaws108",
                "entries": {"40": {"icons": ["cavalry"]}, "41": {"icons": ["laser"]}},
            },
            "catalogue_bad_entry",
        ),
    ],
)
def test_a_bad_file_changes_nothing_and_says_why(live, file, code):
    server = live()
    table_id, admin = new_table(server)
    for lang, word in (("en", "icons"), ("fr", "icônes")):
        status, reply = call(
            server, "POST", f"/api/tables/{table_id}/catalogue", admin, {"file": file}, lang
        )
        assert status == 422 and reply["error"]["code"] == code
        assert (
            "{" not in reply["error"]["message"] and "outlaws108." not in reply["error"]["message"]
        )
        if code == "catalogue_bad_entry":
            assert word in reply["error"]["message"]
    status, exported = call(server, "GET", f"/api/tables/{table_id}/catalogue", admin)
    assert exported["entries"] == {}  # not even card 40 of the bad file


def test_a_phone_may_read_but_not_import_and_other_games_keep_none(live):
    server = live()
    table_id, admin = new_table(server)
    made = server.api("GET", f"/api/tables/{table_id}", token=admin)
    assert made["table"]["game"] == "outlaws108"
    status, _ = call(
        server, "POST", f"/api/tables/{table_id}/catalogue", "wrong-token", {"file": {}}
    )
    assert status in (403, 404)
    lawless, admin2 = new_table(server, "lawless")
    status, reply = call(server, "GET", f"/api/tables/{lawless}/catalogue", admin2)
    assert status == 404 and reply["error"]["code"] == "no_catalogue"
