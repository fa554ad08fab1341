"""Abilene played only through the buttons the pages offer: every step of a whole game is a
template of ``legal``, the prompt always names what the table waits for, and no reachable
state leaves the table with nothing to do."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.abilene import game as abilene
from companion.rules.base import check_param
from tests.support.play import legal_walk, play, setup

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
MONEY_TYPES = {
    "take_loan",
    "repay_loan",
    "offer_loan",
    "accept_loan",
    "decline_loan",
    "withdraw_loan_offer",
}
LONGEST_CHOICE = 12  # a form with more buttons than this is no form for a player


def offered(state: dict, seat, kind: str) -> dict:
    """The one template of ``kind`` that ``seat``'s page shows now."""
    found = [t for t in abilene.legal(state, seat) if t["type"] == kind]
    assert len(found) == 1, (kind, seat, [t["type"] for t in abilene.legal(state, seat)])
    return found[0]


def press(state: dict, seat, kind: str, **values) -> dict:
    """Fill the form of a button the page shows, as a player would, and send it."""
    template = offered(state, seat, kind)
    assert set(values) == set(template["params"]), (kind, values)
    for name, value in values.items():
        check_param(template["params"][name], value, name)
    state = play(abilene, state, {"type": kind, "seat": seat, **values})
    check_table_can_go_on(state)
    return state


def check_forms(state: dict) -> None:
    for seat in [None, *range(len(state["players"]))]:
        for template in abilene.legal(state, seat):
            for name, spec in template["params"].items():
                if spec["kind"] == "int":
                    assert spec["min"] <= spec["max"], template
                elif spec["kind"] == "choice" and name != "loan":  # one per loan one holds
                    assert 1 <= len(spec["options"]) <= LONGEST_CHOICE, template


def check_table_can_go_on(state: dict) -> None:
    """The prompt says what is awaited, and whoever it names has the button for it."""
    prompt = abilene.prompt(state)
    check_forms(state)
    if state["over"]:
        assert prompt is None
        assert all(abilene.legal(state, s) == [] for s in [None, *range(len(state["players"]))])
        return
    assert prompt is not None and prompt["why"]["key"].startswith("abilene.why.")
    if prompt["kind"] == "dice":
        template = offered(state, prompt["seat"], prompt["action"]["type"])
        assert template["params"]["dice"] == {"kind": "dice", "dice": prompt["dice"]}
    elif prompt["kind"] == "secret":
        assert prompt["seats"]
        for seat in prompt["seats"]:
            assert [t for t in abilene.legal(state, seat) if t.get("secret")]
    else:
        kinds = {t["type"] for t in abilene.legal(state, prompt["seat"])}
        assert kinds - MONEY_TYPES, kinds
        if state["dues"]:
            assert {"take_loan", "declare_bankruptcy"} <= kinds


def test_a_whole_game_through_the_pages_buttons_only():
    state = setup(abilene, NAMES[:3], cattle_per_ranch=2)
    check_table_can_go_on(state)
    # turn 1, Ann: a throw, a stolen cow, a duel (a tie, then won), a sale
    state = press(state, 0, "throw", dice=[2, 3, 1, 2, 4])
    assert abilene.prompt(state)["why"]["params"]["distance"] == 5
    state = press(state, 0, "steal", ranch=2)
    state = press(state, 0, "duel", opponent=1, place="elsewhere")
    state = press(state, 0, "duel_roll", dice=[3, 3])
    state = press(state, 0, "duel_roll", dice=[4, 1])
    assert state["jail"] == [0, 1, 0]
    state = press(state, 0, "sell")
    state = press(state, 2, "corral_vote", card="other_brand")
    state = press(state, 1, "corral_vote", card="seller_brand")
    state = press(state, 0, "sale_truth", brand="other_brand", value=600)
    assert state["money"]["purses"] == [10000 + 300 - 300, 10000, 10300]
    state = press(state, 0, "end_turn")
    # turn 2, Bob: the jail fee, a bank loan, a loan to Cy at an agreed interest
    state = press(state, 1, "throw", dice=[0, 1, 1, 1, 1])
    assert state["money"]["purses"][1] == 9700
    state = press(state, 1, "take_loan", amount=1000)
    state = press(state, 1, "offer_loan", borrower=2, amount=500, interest=100)
    state = press(state, 2, "accept_loan", offer=1)
    state = press(state, 1, "end_turn")
    # turn 3, Cy sells her last cow: the game ends, debts are repaid, the richest wins
    state = press(state, 2, "throw", dice=[5, 5, 4, 4, 4])
    state = press(state, 2, "sell")
    state = press(state, 0, "corral_vote", card="no_brand")
    state = press(state, 1, "corral_vote", card="seller_brand")
    state = press(state, 2, "sale_truth", brand="seller_brand", value=1000)
    assert state["over"]
    # Ann 10000; Bob 9700 + 1000 - 500 + 600 - 1300; Cy 10300 + 500 + 1000 + 200 - 600
    assert state["money"]["purses"] == [9800, 9500, 11400]
    assert state["result"]["winners"] == [2]


def test_the_shells_turn_is_the_seat_to_play_and_turn_number_counts_turns():
    state = play(
        abilene,
        setup(abilene, NAMES[:3]),
        {"type": "throw", "seat": 0, "dice": [1, 1, 1, 1, 1]},
        {"type": "end_turn", "seat": 0},
        {"type": "throw", "seat": 1, "dice": [1, 1, 1, 1, 1]},
        {"type": "sell", "seat": 1},
    )
    table = abilene.view(state, None)
    # a secret prompt names no seat: the shell then shows view["turn"] as whose turn it is
    assert abilene.prompt(state)["kind"] == "secret"
    assert (table["turn"], table["turn_number"], table["active"]) == (1, 2, 1)
    over = play(
        abilene,
        state,
        {"type": "cancel_sale", "seat": 1},
        {"type": "set_cattle", "seat": None, "ranch": 2, "count": 0},
    )
    assert abilene.view(over, None)["turn"] is None


@pytest.mark.parametrize("jailed,can_ride", [(4, True), (5, False)])
def test_with_every_cowboy_in_jail_a_player_neither_steals_nor_duels(jailed, can_ride):
    state = play(
        abilene,
        setup(abilene, NAMES[:3]),
        {"type": "set_jail", "seat": None, "player": 0, "count": jailed},
        {"type": "throw", "seat": 0, "dice": [1, 1, 1, 1, 1]},
    )
    kinds = {t["type"] for t in abilene.legal(state, 0)}
    assert ({"steal", "duel"} <= kinds) is can_ride
    assert bool({"steal", "duel"} & kinds) is can_ride
    assert {"free_cowboys", "sell", "end_turn"} <= kinds


@pytest.mark.parametrize(
    "money,jailed,least",
    [
        (10000, 0, 100),  # nothing owed: the smallest loan
        (200, 3, 400),  # owes $600, has $200: $400 pays it
        (250, 3, 400),  # owes $600, has $250: $350 rounded up to $400
        (0, 1, 300),
    ],
)
def test_the_loan_form_starts_at_what_pays_the_debt(money, jailed, least):
    state = play(
        abilene,
        setup(abilene, NAMES[:2], start_money=money),
        {"type": "set_jail", "seat": None, "player": 0, "count": jailed},
        {"type": "throw", "seat": 0, "dice": [1, 1, 1, 1, 1]},
    )
    assert offered(state, 0, "take_loan")["params"]["amount"]["min"] == least
    assert offered(state, 1, "take_loan")["params"]["amount"]["min"] == 100
    if jailed and money < 600:
        state = press(state, 0, "take_loan", amount=least)
        assert state["dues"] == []


SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Without the tablet's corrections (always legal, they end random games early) walks go on
# to sales, debts and bankruptcies.
PLAYED = SimpleNamespace(
    apply=abilene.apply,
    legal=lambda state, seat: [
        t for t in abilene.legal(state, seat) if t["type"] not in ("set_cattle", "set_jail")
    ],
)


@SETTINGS
@given(st.data(), st.integers(2, 5), st.sampled_from([0, 1000, 10000]))
def test_no_reachable_state_is_a_dead_end(data, players, start_money):
    state = setup(abilene, NAMES[:players], start_money=start_money, cattle_per_ranch=3)
    for _before, _action, after in legal_walk(PLAYED, state, data.draw, players, steps=60):
        check_table_can_go_on(after)
