"""Every refusal names whose turn it is or what the table waits for, for every game, through
waitress (``companion/play/refusals.py``)."""

from __future__ import annotations

import pytest

from tests.support.browser.live_server import LiveServer
from tests.support.reliability.server import Client, join_seat
from tests.support.web.live import call


@pytest.fixture
def live(tmp_path):
    server = LiveServer(tmp_path)
    yield server
    server.close()


def post(live, path: str, body: dict, token: str, lang: str = "en") -> tuple[int, dict]:
    return call(live, "POST", path, token, body, lang)


def new_table(live, game: str, players: list[str]) -> tuple[str, str, list[str]]:
    made = live.api("POST", "/api/tables", {"game": game, "players": players}, token="script")
    port = int(live.url.rsplit(":", 1)[1])
    phones = [join_seat(Client(port), made["id"], seat["join_code"]) for seat in made["seats"]]
    return made["id"], made["admin_token"], phones


# (game, an action seat 1 sends while it is seat 0's turn, what the table waits for)
OUT_OF_TURN = [
    ("outlaws108", {"type": "end_turn", "seat": 1}, "Ann"),
    ("abilene", {"type": "end_turn", "seat": 1}, "Ann"),
]


@pytest.mark.parametrize("game, action, name", OUT_OF_TURN)
@pytest.mark.parametrize(
    "lang, words", [("en", "It is Ann's turn."), ("fr", "C'est à Ann de jouer.")]
)
def test_acting_out_of_turn_says_whose_turn_it_is(live, game, action, name, lang, words):
    table_id, admin, phones = new_table(live, game, ["Ann", "Bob", "Cid"])
    before = live.api("GET", f"/api/tables/{table_id}", token=admin)
    status, reply = post(
        live, f"/api/tables/{table_id}/actions", {"action": action}, phones[1], lang
    )
    assert status == 422
    assert reply["error"]["params"]["waiting_for"] == name
    message = reply["error"]["message"]
    assert name in message and "Traceback" not in message
    if live.api("GET", f"/api/tables/{table_id}", token=admin)["prompt"] is None:
        assert message.endswith(words)
    after = live.api("GET", f"/api/tables/{table_id}", token=admin)
    assert after == before  # the refusal changed nothing


def test_the_table_says_what_it_waits_for_in_the_viewers_language(live):
    """Lawless starts by waiting for the table to name the first player: a seat that tries
    to end a turn is told so, with the prompt's own words."""
    table_id, admin, phones = new_table(live, "lawless", ["Ann", "Bob", "Cid"])
    view = live.api("GET", f"/api/tables/{table_id}", token=admin)
    assert view["prompt"]["seat"] is None
    for lang, start in (
        ("en", "That cannot be done now. The table is waiting: "),
        ("fr", "Cela n’est pas possible maintenant. La table attend\u00a0: "),
    ):  # French spacing: docs/i18n.md
        status, reply = post(
            live,
            f"/api/tables/{table_id}/actions",
            {"action": {"type": "end_turn", "seat": 1}},
            phones[1],
            lang,
        )
        assert status == 422 and reply["error"]["message"].startswith(start)
        assert "{" not in reply["error"]["message"] and "lawless." not in reply["error"]["message"]


def test_a_seat_acting_while_the_table_sets_up_is_told_what_the_table_waits_for(live):
    """Root and Nowheresville wait for the tablet's setup: the game's own refusal gains the
    prompt's words."""
    for game in ("root_doves", "nowheresville"):
        table_id, admin, phones = new_table(live, game, ["Ann", "Bob", "Cid"])
        view = live.api("GET", f"/api/tables/{table_id}", token=admin)
        assert view["prompt"]["seat"] is None
        status, reply = post(
            live,
            f"/api/tables/{table_id}/actions",
            {"action": {"type": "end_turn", "seat": 1}},
            phones[1],
            "fr",
        )
        assert status == 422
        assert "La table attend\u00a0: " in reply["error"]["message"]
        assert "{" not in reply["error"]["message"]
