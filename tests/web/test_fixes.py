"""Corrections without undo through waitress: the tablet fixes a count as one logged action
(a correction in the log), money through the bank; a phone cannot."""

from __future__ import annotations

import pytest

from companion.known_games import registry
from tests.support.browser.live_server import LiveServer
from tests.support.reliability.server import Client, join_seat
from tests.support.web.live import call


@pytest.fixture
def live(tmp_path):
    server = LiveServer(tmp_path)
    yield server
    server.close()


def lawless_table(live):
    made = live.api(
        "POST", "/api/tables", {"game": "lawless", "players": ["Ann", "Bob", "Cy"]}, token="script"
    )
    table_id, admin = made["id"], made["admin_token"]
    phone = join_seat(
        Client(int(live.url.rsplit(":", 1)[1])), table_id, made["seats"][1]["join_code"]
    )
    status, _ = call(
        live,
        "POST",
        f"/api/tables/{table_id}/actions",
        admin,
        {"action": {"type": "first_player", "seat": None, "player": "Ann"}},
    )
    assert status == 200
    return table_id, admin, phone


def test_the_tablet_fixes_coins_through_the_bank_and_the_log_says_correction(live):
    table_id, admin, _ = lawless_table(live)
    before = live.api("GET", f"/api/tables/{table_id}", token=admin)["state"]
    status, _ = call(
        live,
        "POST",
        f"/api/tables/{table_id}/actions",
        admin,
        {"action": {"type": "fix_coins", "seat": None, "ranch": "Bob", "coins": 7}},
    )
    assert status == 200
    after = live.api("GET", f"/api/tables/{table_id}", token=admin)["state"]
    bob = next(r for r in after["ranches"] if r["name"] == "Bob")
    assert bob["fortune"] == 7 and after["bank"] == before["bank"] - 7
    log = live.api("GET", f"/api/tables/{table_id}/log", token=admin)["log"]
    # the line says the coins moved: Bob had none, 7 came from the bank
    assert log[-1]["fix"] is True and log[-1]["line"]["key"] == "lawless.log.fix_coins.from_bank"
    assert log[-1]["line"]["params"]["moved"] == 7
    assert "fix" not in log[0]


def test_a_phone_cannot_fix_a_count_and_nothing_changes(live):
    table_id, admin, phone = lawless_table(live)
    before = live.api("GET", f"/api/tables/{table_id}", token=admin)
    for action in (
        {"type": "fix_pile", "seat": None, "count": 3},
        {"type": "fix_pile", "seat": 1, "count": 3},
    ):
        status, reply = call(
            live, "POST", f"/api/tables/{table_id}/actions", phone, {"action": action}, "fr"
        )
        assert status in (403, 422) and "Traceback" not in reply["error"]["message"]
    assert live.api("GET", f"/api/tables/{table_id}", token=admin) == before


def test_the_tablet_puts_doves_warriors_back_in_a_clearing(live):
    made = live.api(
        "POST",
        "/api/tables",
        {"game": "root_doves", "players": ["Ann", "Bob", "Cy"]},
        token="script",
    )
    table_id, admin = made["id"], made["admin_token"]
    for action in (
        {"type": "setup_ceasefire", "seat": 0, "clearing": "10"},
        {"type": "setup_warriors", "seat": 0, "clearing": "10", "warriors": 6},
        {"type": "start_game", "seat": None},
        {"type": "fix_warriors", "seat": None, "clearing": "3", "warriors": 2},
    ):
        status, reply = call(
            live, "POST", f"/api/tables/{table_id}/actions", admin, {"action": action}
        )
        assert status == 200, reply
    board = live.api("GET", f"/api/tables/{table_id}", token=admin)["state"]["board"]
    assert board["warriors"] == {"on_map": {"10": 6, "3": 2}, "supply": 7, "total": 15}


@pytest.mark.parametrize(
    "game,players,action",
    [
        (
            "root_doves",
            ["Ann", "Bob", "Cy"],
            {"type": "battle_v2", "seat": 1, "defender": "Cy", "clearing": "1"},
        ),
        ("abilene", ["Ann", "Bob"], {"type": "repay_loan_v2", "seat": 0, "loan": 1, "amount": 100}),
        ("abilene", ["Ann", "Bob"], {"type": "declare_bankruptcy_v2", "seat": 0}),
    ],
)
def test_an_action_only_old_journals_hold_is_refused_from_every_device(live, game, players, action):
    made = live.api("POST", "/api/tables", {"game": game, "players": players}, token="script")
    if game == "abilene":  # a loan to repay, so that only the type is wrong
        live.api(
            "POST",
            f"/api/tables/{made['id']}/actions",
            {"action": {"type": "take_loan", "seat": 0, "amount": 100}},
            token=made["admin_token"],
        )
    status, reply = call(
        live, "POST", f"/api/tables/{made['id']}/actions", made["admin_token"], {"action": action}
    )
    assert status == 422 and reply["error"]["code"] == "not_now"
    assert registry.game(game).REPLAY_ONLY >= {action["type"]}


def test_a_games_own_corrections_are_marked_in_the_log_too(live):
    made = live.api(
        "POST", "/api/tables", {"game": "abilene", "players": ["Ann", "Bob"]}, token="script"
    )
    status, _ = call(
        live,
        "POST",
        f"/api/tables/{made['id']}/actions",
        made["admin_token"],
        {"action": {"type": "set_cattle", "seat": None, "ranch": 1, "count": 4}},
    )
    assert status == 200
    log = live.api("GET", f"/api/tables/{made['id']}/log", token=made["admin_token"])["log"]
    assert log[-1]["fix"] is True
