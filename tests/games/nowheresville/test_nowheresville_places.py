"""Nowheresville: each Location's rewards, bottom to top ("Locations", "Fortune Cards")."""

from __future__ import annotations

import pytest

from companion.games.nowheresville import game as nv
from tests.support.games.nowheresville.basics import (
    act,
    at_place,
    gear,
    give,
    gun,
    plan,
    purses,
    refused,
    started,
    types,
    with_money,
)
from tests.support.play import play


def agreed(*names):
    """The table agrees the order one bandit at a time: who comes first of those left."""
    return [act("agree_order", first=name) for name in names]


@pytest.mark.parametrize(
    "position, lessons, before, after",
    [
        (0, ["bullets", "courage"], {"bullets": 2, "courage": 1}, {"bullets": 5, "courage": 2}),
        (
            0,
            ["experience", "bullets"],
            {"experience": 0, "bullets": 5},
            {"experience": 1, "bullets": 6},
        ),
        (0, [], {"bullets": 2}, {"bullets": 2}),
        (1, ["experience"], {"experience": 2}, {"experience": 3}),
    ],
)
def test_bandit_school(position, lessons, before, after):
    state = at_place(3, "school", 0, 1)
    state = play(nv, state, *agreed("Kid" if position else "Doc"))
    name = "Doc"
    if position:
        state = play(nv, state, act("decline", 1, bandit="Kid"))
    state = give(state, name, **before)
    state = play(nv, state, act("train", 0, bandit=name, attributes=lessons))
    assert {k: state["bandits"][name][k] for k in after} == after


def test_bandit_school_refuses_a_capped_attribute_and_a_third_lesson():
    state = give(at_place(3, "school", 0), "Doc", courage=3)
    refused(state, act("train", 0, bandit="Doc", attributes=["courage"]), "nowheresville.at_cap")
    refused(
        state,
        act("train", 0, bandit="Doc", attributes=["bullets", "experience", "courage"]),
        "out_of_range",
    )


@pytest.mark.parametrize(
    "players, who, original, earned", [(3, "Doc", True, 200), (2, "Dan", False, 100)]
)
def test_town_work_and_provision(players, who, original, earned):
    state = started(players)
    plans = (
        [plan(0, original="town"), plan(1, original="hideout"), plan(2, original="hideout")]
        if players == 3
        else [
            plan(0, original="hideout", accomplice="town"),
            plan(1, original="hideout", accomplice="prison"),
        ]
    )
    state = play(nv, state, *plans)
    seat = state["bandits"][who]["seat"]
    state = play(nv, state, act("work", seat, bandit=who))
    assert purses(state)[seat] == 500 + earned
    assert (state["news"][-1]["kind"] == "provision") is not original


def test_second_in_town_earns_100_at_the_ranch():
    state = play(nv, at_place(3, "town", 0, 1), *agreed("Kid"))
    assert types(state, 1) == ["decline", "rob", "steal", "work"] and types(state, None) == []
    state = play(nv, state, act("work", 1, bandit="Kid"))
    assert types(state, 0) == ["decline", "work"]
    state = play(nv, state, act("work", 0, bandit="Doc"))
    assert purses(state) == [600, 700, 500]


def test_steal_takes_the_top_equipment_card_face_up():
    state = play(nv, at_place(3, "town", 0), act("steal", 0, bandit="Doc"))
    assert nv.prompt(state)["why"]["key"] == "nowheresville.why.card.town"
    assert types(state, 0) == ["gear", "gun"] and types(state, 1) == types(state, None) == []
    state = play(nv, state, gun(experience=2, bullets=3, hands=2, seat=0))
    doc = state["bandits"]["Doc"]
    assert doc["equipment"][0]["kind"] == "gun" and doc["bullets"] == 5


def test_shop_three_buyers_each_pay_100_and_a_fourth_gets_nothing():
    state = at_place(4, "shop", 0, 1, 2, 3)
    state = play(nv, state, *agreed("Lou", "Jo", "Kid"))
    assert state["resolution"]["order"] == ["Lou", "Jo", "Kid"]
    buy = [t for t in nv.legal(state, 3) if t["type"] == "buy"][0]
    assert buy["secret"] and buy["params"] == {"bandit": {"kind": "choice", "options": ["Lou"]}}
    state = play(nv, state, act("buy", 3, bandit="Lou"))
    # The card bought is typed in now, by its owner (or the tablet for him): public.
    assert nv.prompt(state)["why"] == {
        "key": "nowheresville.why.card.shop",
        "params": {"bandit": "Lou"},
    }
    assert types(state, 3) == ["gear", "gun"] and types(state, None) == []
    state = play(
        nv,
        state,
        gun(experience=1, bullets=2, seat=3),
        act("buy", 2, bandit="Jo"),
        gear(hat=2, seat=2),
        act("buy", 1, bandit="Kid"),
        gear(safe=3, seat=1),
    )
    assert purses(state) == [500, 400, 400, 400] and state["phase"] == "maintenance"
    lou = state["bandits"]["Lou"]
    assert [c["kind"] for c in lou["equipment"]] == ["gun"] and lou["bullets"] == 4
    assert state["bandits"]["Kid"]["equipment"][0]["safe"] == 3
    assert state["bandits"]["Doc"]["equipment"] == []


def test_shop_refuses_what_the_player_cannot_afford():
    state = with_money(at_place(3, "shop", 0), 60, 500, 500)
    error = refused(state, act("buy", 0, bandit="Doc"), "cannot_afford")
    assert error.params == {"amount": 100}
    state = play(nv, state, act("decline", 0, bandit="Doc"))
    assert purses(state)[0] == 60


def test_black_market_card_stays_face_down_until_revealed():
    state = play(nv, at_place(3, "black_market", 0), act("black_market", 0, bandit="Doc"))
    assert purses(state)[0] == 300 and state["bandits"]["Doc"]["face_down"] == 1
    assert {"reveal_gear", "reveal_gun"} <= set(types(state, 0))
    state = play(
        nv, state, act("reveal_gun", 0, bandit="Doc", experience=2, free=1, bullets=2, hands=1)
    )
    doc = state["bandits"]["Doc"]
    assert doc["face_down"] == 0 and doc["bullets"] == 4 and doc["equipment"][0]["free"] == 1


@pytest.mark.parametrize(
    "place, rewarded",
    [("black_market", 3), ("bank", 1), ("coach", 1), ("prison", 1), ("school", 2)],
)
def test_only_so_many_in_order_are_rewarded(place, rewarded):
    state = at_place(4, place, 0, 1, 2, 3)
    state = play(nv, state, *agreed("Doc", "Kid", "Jo")[:rewarded])
    assert types(state, None) == []  # nobody left to order: the rest get nothing
    served = 0
    while state["phase"] == "resolution":
        seat = state["bandits"][nv.view(state, None)["current"]]["seat"]
        state = play(nv, state, act("decline", seat, bandit=state["gangs"][seat][0]))
        served += 1
    assert served == rewarded


def test_places_resolve_bottom_to_top():
    state = started(4)
    state = play(
        nv,
        state,
        plan(0, original="prison"),
        plan(1, original="school"),
        plan(2, original="coach"),
        plan(3, original="saloon"),
    )
    seen = []
    while state["phase"] == "resolution":
        place = state["resolution"]["place"]
        seen.append(place)
        name = nv.view(state, None)["current"]
        seat = state["bandits"][name]["seat"]
        if place == "saloon":
            state = play(nv, state, gear(seat=seat), act("fortune_brave_man", seat, bandit=name))
        else:
            state = play(nv, state, act("decline", seat, bandit=name))
    assert seen == ["saloon", "school", "coach", "prison"]


@pytest.mark.parametrize(
    "action, check",
    [
        (act("fortune_heal", 0, bandit="Doc"), lambda s: s["heal_cards"][0] == 1),
        (act("fortune_lucky_shot", 0, bandit="Doc"), lambda s: s["bandits"]["Doc"]["lucky"] == 1),
        (
            act("fortune_bullets", 0, bandit="Doc", count=6),
            lambda s: s["bandits"]["Doc"]["bullets"] == 6,
        ),
        (
            act("fortune_wicked_man", 0, bandit="Doc", experience=2),
            lambda s: s["bandits"]["Doc"]["wicked"] == [2],
        ),
        (act("fortune_brave_man", 0, bandit="Doc"), lambda s: s["bandits"]["Doc"]["courage"] == 2),
        (act("fortune_money", 0, bandit="Doc", amount=300), lambda s: purses(s)[0] == 800),
        (act("fortune_bribe", 0, bandit="Doc", amount=200), lambda s: purses(s)[0] == 300),
    ],
)
def test_fortune_cards(action, check):
    state = at_place(4, "saloon", 0)
    assert nv.prompt(state)["why"]["key"] == "nowheresville.why.card.saloon"
    state = play(nv, state, gear(hat=2, seat=0))
    assert types(state, 0)[0].startswith("fortune_")
    state = play(nv, state, action)
    assert check(state) and state["phase"] == "maintenance"


def test_second_in_the_saloon_only_draws_a_fortune_card():
    state = play(
        nv,
        at_place(4, "saloon", 0, 1),
        *agreed("Doc"),
        gear(seat=0),
        act("fortune_heal", 0, bandit="Doc"),
    )
    assert nv.prompt(state)["why"]["key"] == "nowheresville.why.fortune"
    assert state["bandits"]["Kid"]["equipment"] == []


def test_bribe_refused_when_unaffordable_and_the_sheriff_shoots_instead():
    state = with_money(play(nv, at_place(4, "saloon", 0), gear(seat=0)), 80, 500, 500, 500)
    refused(state, act("fortune_bribe", 0, bandit="Doc", amount=100), "cannot_afford")
    state = play(
        nv,
        state,
        act("fortune_sheriff", 0, bandit="Doc"),
        act("sheriff", 0, bandit="Doc", wounds=2),
    )
    assert state["bandits"]["Doc"]["wounds"] == 2


def test_hand_a_gun_to_another_gang_member_between_rounds():
    state = started(2)
    state = play(
        nv,
        state,
        plan(0, original="shop", accomplice="hideout"),
        plan(1, original="hideout", accomplice="town"),
    )
    state = play(
        nv,
        state,
        act("work", 1, bandit="Kim"),
        act("buy", 0, bandit="Doc"),
        gun(seat=0),
        act("maintenance"),
    )
    card = state["bandits"]["Doc"]["equipment"][0]["id"]
    state = play(nv, state, act("hand_gun", 0, gun=card, to="Dan"))
    assert [c["id"] for c in state["bandits"]["Dan"]["equipment"]] == [card]
    refused(state, act("hand_gun", 0, gun=card, to="Dan"), "nowheresville.same_bandit")


@pytest.mark.parametrize(
    "place, needed", [("bank", 1), ("school", 2), ("black_market", 3), ("shop", 3)]
)
def test_agreed_order_names_only_those_who_receive_something(place, needed):
    """The order is agreed one place at a time, in the order the table says it (a form
    cannot tell the order in which buttons were pressed)."""
    state = at_place(4, place, 0, 1, 2, 3)
    for name in ["Jo", "Lou", "Doc"][:needed]:
        first = [t for t in nv.legal(state, None) if t["type"] == "agree_order"][0]
        assert first["params"]["first"]["options"] == [
            n for n in ["Doc", "Kid", "Jo", "Lou"] if n not in state["resolution"]["order"]
        ]
        state = play(nv, state, act("agree_order", first=name))
    assert state["resolution"]["order"] == ["Jo", "Lou", "Doc"][:needed]
    assert state["resolution"]["unordered"] == []


def test_the_last_one_left_needs_no_agreement():
    state = play(nv, at_place(4, "black_market", 0, 1, 2), *agreed("Kid"))
    assert state["resolution"]["unordered"] == ["Doc", "Jo"]
    state = play(nv, state, *agreed("Jo"))
    assert state["resolution"]["order"] == ["Kid", "Jo", "Doc"]
