"""Abilene scenario tests: whole turns and a whole game, as a table would play them."""

from __future__ import annotations

from companion.games.abilene import game as abilene
from tests.support.games.abilene.game import sale, throw
from tests.support.play import play, setup


def act(state: dict, *actions: dict) -> dict:
    return play(abilene, state, *actions)


def test_a_whole_turn_in_the_rulebooks_order():
    state = setup(abilene, ["Ann", "Bob", "Cy"])
    # Ann throws: cattle 2 + 3, cowboys 1, 2, 4
    state = act(state, throw(0, [2, 3, 1, 2, 4]))
    table = abilene.view(state, None)
    assert table["dice"] == {"cattle": [2, 3], "cowboy": [1, 2, 4], "distance": 5}
    assert table["step"] == "moves"
    # 3. a cowboy lands on one of Cy's cows
    state = act(state, {"type": "steal", "seat": 0, "ranch": 2})
    # 4. a duel on Bob's ranch: a tie, then Bob wins; Ann's cowboy was trespassing: jail
    state = act(
        state,
        {"type": "duel", "seat": 0, "opponent": 1, "place": "opponent_ranch"},
        {"type": "duel_roll", "seat": 0, "dice": [2, 2]},
        {"type": "duel_roll", "seat": 0, "dice": [1, 3]},
    )
    assert state["jail"] == [1, 0, 0]
    assert abilene.view(state, None)["last_duel"]["fate"] == "jail"
    # 5. Ann sells Cy's cow: Cy saw it (another brand), Bob did not
    state = act(state, *sale(0, {1: "seller_brand", 2: "other_brand"}, "other_brand", 1000))
    table = abilene.view(state, None)
    assert table["last_sale"]["price"] == 500
    assert [p["money"] for p in table["players"]] == [10200, 10000, 10300]
    assert [p["cattle"] for p in table["players"]] == [9, 9, 8]
    state = act(state, {"type": "end_turn", "seat": 0})
    assert (state["active"], state["turn"], state["step"]) == (1, 2, "throw")
    # Bob and Cy pass; Ann's next turn starts with the jail fee
    state = act(
        state,
        throw(1, [0, 0, 1, 1, 1]),
        {"type": "end_turn", "seat": 1},
        throw(2, [5, 5, 4, 4, 4]),
        {"type": "end_turn", "seat": 2},
        throw(0, [1, 0, 2, 2, 2]),
    )
    assert state["money"]["purses"][0] == 10200 - 300
    assert state["payments"][-1]["reason"] == "jail_fee"
    chart = abilene.view(state, None)["charts"][0]
    assert chart["title"] == "abilene.chart.money"
    assert chart["series"][0] == {
        "label": "Ann",
        "points": [[0, 10000], [1, 10200], [2, 10200], [3, 10200], [4, 9900]],
    }


def test_a_whole_game_to_the_last_cow():
    state = setup(abilene, ["Ann", "Bob"], cattle_per_ranch=2)
    # turn 1: Ann borrows $1,000 from the bank ($300 interest) and sells an honest cow
    state = act(
        state,
        throw(0, [1, 1, 1, 1, 1]),
        {"type": "take_loan", "seat": 0, "amount": 1000},
        *sale(0, {1: "seller_brand"}, "seller_brand", 600),
        {"type": "end_turn", "seat": 0},
    )
    assert state["money"]["purses"] == [11600, 10000]
    # turn 2: Bob beats Ann's cowboy on a third ranch and lends Ann $500 at $100
    state = act(
        state,
        throw(1, [3, 2, 2, 3, 4]),
        {"type": "duel", "seat": 1, "opponent": 0, "place": "elsewhere"},
        {"type": "duel_roll", "seat": 1, "dice": [4, 1]},
        {"type": "offer_loan", "seat": 1, "borrower": 0, "amount": 500, "interest": 100},
        {"type": "accept_loan", "seat": 0},
        {"type": "end_turn", "seat": 1},
    )
    assert state["jail"] == [1, 0]
    assert state["money"]["purses"] == [12100, 9500]
    # turn 3: the jail fee, then Ann sells her last cow; Bob saw it had no brand
    state = act(state, throw(0, [0, 1, 1, 2, 3]), *sale(0, {1: "no_brand"}, "no_brand", 500))
    assert state["over"] and abilene.final(state)
    # 12100 - 300 fee + 500 price - 200 to Bob, then loans repaid: 1300 + 600
    assert state["money"]["purses"] == [10200, 10300]
    result = abilene.view(state, None)["result"]
    assert result["winners"] == [1]
    assert result["standings"] == [
        {"seat": 0, "money": 10200, "place": 2},
        {"seat": 1, "money": 10300, "place": 1},
    ]
    points = abilene.view(state, None)["charts"][0]["series"][1]["points"]
    assert points == [[0, 10000], [1, 10000], [2, 9500], [3, 10300]]
    reasons = [p["reason"] for p in state["payments"]]
    assert reasons == [
        "loan",
        "sale_price",
        "loan",
        "jail_fee",
        "sale_price",
        "corral_reward",
        "repayment",
        "repayment",
    ]


def test_a_phone_sees_its_own_money_and_loans():
    state = act(
        setup(abilene, ["Ann", "Bob", "Cy"]),
        {"type": "take_loan", "seat": 1, "amount": 400},
        {"type": "offer_loan", "seat": 2, "borrower": 1, "amount": 300, "interest": 0},
        {"type": "accept_loan", "seat": 1},
    )
    me = abilene.view(state, 1)["me"]
    assert me["money"] == 10700
    assert [x["lender"] for x in me["loans_taken"]] == ["bank", 2]
    assert me["owes"] == 400 + 100 + 300
    assert abilene.view(state, 2)["me"]["loans_given"][0]["debtor"] == 1
    assert "me" not in abilene.view(state, None)
    assert abilene.view(state, None)["players"][1]["owes"] == 800
