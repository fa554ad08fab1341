"""Abilene at a real table: three cowboy stops a turn, partial repayment, several open loan
offers, a bankrupt player's claims, the final shortfall on the ranch table and the chart."""

from __future__ import annotations

import pytest

from companion.games.abilene import game as abilene
from companion.rules.base import RuleError
from tests.support.games.abilene.basics import act, end, game, purses, throw, types


def steal(ranch: int = 1) -> dict:
    return {"type": "steal", "seat": 0, "ranch": ranch}


def duel(opponent: int = 1) -> dict:
    return {"type": "duel", "seat": 0, "opponent": opponent, "place": "elsewhere"}


def refused(state, action) -> RuleError:
    with pytest.raises(RuleError) as error:
        abilene.apply(state, action)
    return error.value


def test_three_cowboy_dice_make_three_stops_and_a_fourth_is_refused():
    state = act(game(), throw(0), steal(1), steal(2), steal(1))
    assert state["cattle"] == [12, 7, 8]
    assert "steal" not in types(state, 0) and "duel" not in types(state, 0)
    error = refused(state, steal(2))
    assert (error.code, error.params) == ("abilene.no_stops_left", {"stops": 3})
    assert abilene.view(state, None)["stops_left"] == 0
    after = act(state, end(0))
    assert after["stops"] == 0


def test_a_duel_is_a_stop_too():
    state = act(
        game(),
        throw(0),
        steal(1),
        duel(2),
        {"type": "duel_roll", "seat": 0, "dice": [4, 1]},
        duel(2),
        {"type": "duel_roll", "seat": 0, "dice": [4, 1]},
    )
    assert refused(state, duel(1)).code == "abilene.no_stops_left"


def test_without_a_limit_the_option_lets_any_number_of_stops():
    state = act(game(cowboy_stops=0), throw(0), *[steal(1)] * 5)
    assert state["cattle"][1] == 4


def test_a_loan_is_repaid_in_part_interest_first():
    state = act(game(), {"type": "take_loan", "seat": 0, "amount": 1000})  # $300 interest
    [repay] = [t for t in abilene.legal(state, 0) if t["type"] == "repay_loan"]
    assert repay["params"]["amount"]["default"] == 1300
    assert repay["params"]["loan"]["labels"][0]["params"] == {
        "loan": 1,
        "lender_seat": "bank",
        "due": 1300,
    }
    part = act(state, {"type": "repay_loan", "seat": 0, "loan": 1, "amount": 500})
    assert part["loans"] == [
        {"id": 1, "lender": "bank", "debtor": 0, "principal": 800, "interest": 0}
    ]
    assert purses(part)[0] == 10500
    whole = act(part, {"type": "repay_loan", "seat": 0, "loan": 1, "amount": 800})
    assert whole["loans"] == [] and purses(whole)[0] == 9700
    two = act(part, {"type": "take_loan", "seat": 0, "amount": 2000})
    error = refused(two, {"type": "repay_loan", "seat": 0, "loan": 1, "amount": 900})
    assert (error.code, error.params) == (
        "abilene.repay_more_than_due",
        {"loan": 1, "due": 800, "amount": 900},
    )


def test_a_repayment_recorded_before_partial_repayment_pays_the_whole_loan():
    state = act(
        game(),
        {"type": "take_loan", "seat": 0, "amount": 1000},
        {"type": "repay_loan", "seat": 0, "loan": 1},
    )
    assert state["loans"] == [] and purses(state)[0] == 9700


def test_several_loan_offers_stay_open_each_answered_by_itself():
    state = act(
        game(),
        {"type": "offer_loan", "seat": 1, "borrower": 0, "amount": 500, "interest": 100},
        {"type": "offer_loan", "seat": 2, "borrower": 0, "amount": 800, "interest": 0},
        {"type": "offer_loan", "seat": 1, "borrower": 2, "amount": 300, "interest": 0},
    )
    assert [o["id"] for o in state["loan_offers"]] == [1, 2, 3]
    [accept] = [t for t in abilene.legal(state, 0) if t["type"] == "accept_loan"]
    assert accept["params"]["offer"]["options"] == [1, 2]
    state = act(
        state,
        {"type": "accept_loan", "seat": 0, "offer": 2},
        {"type": "withdraw_loan_offer", "seat": 1, "offer": 3},
    )
    assert [o["id"] for o in state["loan_offers"]] == [1]
    assert state["loans"][0]["lender"] == 2 and purses(state) == [10800, 10000, 9200]
    state = act(state, {"type": "decline_loan", "seat": 0, "offer": 1})
    assert state["loan_offers"] == []
    assert abilene.describe({"type": "accept_loan", "seat": 0, "offer": 2}, None)["params"] == {
        "player": 0,
        "offer": 2,
    }


def test_the_final_shortfall_shows_on_the_ranch_table_and_the_chart():
    state = act(
        game(2, start_money=0),
        {"type": "take_loan", "seat": 0, "amount": 1000},
        {"type": "offer_loan", "seat": 0, "borrower": 1, "amount": 1000, "interest": 0},
        {"type": "accept_loan", "seat": 1, "offer": 1},
        {"type": "set_cattle", "seat": None, "ranch": 1, "count": 0},
    )
    assert state["over"] and state["shortfall"][0] == 300
    view = abilene.view(state, None)
    ann = view["players"][0]
    assert (ann["money"], ann["shortfall"]) == (-300, 300)
    assert view["result"]["standings"][0]["money"] == -300
    series = view["charts"][0]["series"][0]["points"]
    assert series[-1][1] == -300
