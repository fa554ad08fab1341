"""Lawless card effects resolved by the companion (rulebook "Card Effects")."""

from __future__ import annotations

import pytest

from companion.games.lawless import game
from companion.rules.base import RuleError, replace
from tests.support.games.lawless.helpers import (
    act,
    coins,
    herd_ids,
    lay_out,
    money_total,
    roll,
    start,
    terrain_ids,
)

ANN, BOB, CID = 0, 1, 2


def refused(state, action_type, code, **params):
    with pytest.raises(RuleError) as error:
        act(state, action_type, seat=ANN, **params)
    assert error.value.code == code, error.value
    return error.value


def offered(state, action_type, seat=ANN):
    return [t for t in game.legal(state, seat) if t["type"] == action_type]


# -- terrain, livestock, cowboys ---------------------------------------------------------------


@pytest.mark.parametrize(
    "action_type, params, field",
    [
        ("place_terrain", {"quality": "excellent"}, "terrains"),
        ("place_cowboy", {"level": "veteran"}, "characters"),
    ],
)
def test_placing_costs_one_point_and_one_card(action_type, params, field):
    state = act(start(), action_type, **params)
    assert state["points"] == 5 and state["hands"][ANN] == 2
    ranch = state["ranches"][ANN]
    assert (
        ranch["terrains"]
        == [{"id": "T1", "quality": "excellent", "herds": [], "mine": False, "raided": False}]
        if field == "terrains"
        else ranch["characters"]["veteran"] == 1
    )


@pytest.mark.parametrize(
    "terrains, target, code",
    [
        ([], None, "lawless.no_room_for_herd"),
        ([("poor", [("poor", 0)])], 0, "lawless.no_room_for_herd"),
        ([("poor", [("poor", 0)]), ("average", [])], 0, "lawless.terrain_full"),
        ([("average", [], {"raided": True})], 0, "lawless.no_room_for_herd"),
        ([("average", [], {"raided": True}), ("poor", [])], 0, "lawless.terrain_raided"),
        ([("average", [], {"mine": True}), ("poor", [])], 0, "lawless.terrain_has_mine"),
    ],
)
def test_a_herd_needs_room(terrains, target, code):
    state = lay_out(start(), ANN, terrains)
    terrain = terrain_ids(state, ANN)[target] if target is not None else "T1"
    refused(state, "place_herd", code, quality="poor", terrain=terrain)


def test_excellent_terrain_houses_three_herds():
    state = lay_out(start(), ANN, [("excellent", [])])
    for quality in ("poor", "average", "excellent"):
        state = act(state, "place_herd", quality=quality, terrain="T1")
    assert len(herd_ids(state, ANN)) == 3 and state["hands"][ANN] == 0
    assert state["ranches"][ANN]["terrains"][0]["herds"][2] == {
        "id": "H4",
        "quality": "excellent",
        "rotation": 0,
    }


def test_an_empty_hand_cannot_play():
    state = lay_out(start(), ANN, hand=0)
    assert offered(state, "place_terrain") == []
    refused(state, "place_terrain", "lawless.hand_empty", quality="poor")


def test_no_more_copies_than_the_deck_holds():
    state = replace(start(), played={"terrain_excellent": 4, "sheriff": 1})
    refused(state, "place_terrain", "lawless.no_cards_left", quality="excellent")
    refused(state, "play_sheriff", "lawless.no_cards_left")
    assert offered(state, "place_terrain")[0]["params"]["quality"]["options"] == ["poor", "average"]


def test_overspending_points_is_refused():
    state = lay_out(start(), BOB, characters={"novice": 1})
    state = act(act(state, "place_terrain", quality="poor"), "draw_row", position=1)
    error = refused(state, "play_saloon", "lawless.points_unaffordable")
    assert error.params == {"cost": 5, "left": 4, "price": 2, "coins": 0, "missing": 1}
    rich = lay_out(state, ANN, coins=3)
    error = refused(rich, "play_saloon", "lawless.not_enough_points")
    assert error.params == {"cost": 5, "left": 4, "price": 2, "coins": 3, "missing": 1}


def test_buying_points_with_no_coins_says_what_is_missing():
    error = refused(start(), "buy_points", "lawless.cannot_buy_points", count=1)
    assert error.params == {"ranch": "Ann", "coins": 0, "price": 2, "count": 1}
    error = refused(
        lay_out(start(), ANN, coins=3), "buy_points", "lawless.cannot_buy_points", count=2
    )
    assert error.params["coins"] == 3


# -- red cards ----------------------------------------------------------------------------------


def test_indian_raid_and_cavalry():
    state = lay_out(start(), BOB, [("excellent", [("average", 1)])])
    state = act(state, "play_raid", terrain="T1")
    assert state["points"] == 3 and state["ranches"][BOB]["terrains"][0]["raided"]
    assert offered(state, "play_raid") == []  # no other terrain to raid
    state = act(state, "end_turn")
    state = roll(state, 1, 6)  # Bob's herds are watched; nothing is sellable
    assert state["phase"] == "actions"
    state = act(state, "play_cavalry", terrain="T1")
    assert not state["ranches"][BOB]["terrains"][0]["raided"]
    assert state["ranches"][BOB]["terrains"][0]["herds"][0]["rotation"] == 2


def test_stampede_and_king_of_the_rodeo():
    state = act(start(), "play_stampede", target="Bob")
    assert state["ranches"][BOB]["stampede"]
    assert offered(state, "play_stampede")[0]["params"]["target"]["options"] == ["Cid"]
    state = act(state, "end_turn")
    state = act(state, "play_king_of_rodeo")
    assert not state["ranches"][BOB]["stampede"] and state["points"] == 3


def test_rails_remove_a_terrain_with_all_it_holds():
    state = lay_out(
        start(),
        BOB,
        [
            ("excellent", [("average", 1), ("poor", 0)], {"raided": True}),
            ("poor", [], {"mine": True}),
        ],
    )
    state = act(act(state, "play_rails", terrain="T1"), "play_rails", terrain="T4")
    assert state["ranches"][BOB]["terrains"] == [] and state["points"] == 0


@pytest.mark.parametrize(
    "target, face, bob_has, ann_gets",
    [
        ("bank", 4, 0, 7),
        ("Bob", 6, 20, 9),
        ("Bob", 6, 5, 5),
        ("Bob", 1, 0, 0),
    ],
)
def test_hold_up(target, face, bob_has, ann_gets):
    state = lay_out(start(), BOB, coins=bob_has)
    total = money_total(state)
    state = act(state, "play_hold_up", target=target)
    asked = game.prompt(state)
    assert asked["action"]["type"] == "hold_up_roll" and asked["seat"] == ANN
    state = roll(state, face)
    assert coins(state)[1][ANN] == ann_gets and money_total(state) == total
    assert state["step"] is None and state["points"] == 3


@pytest.mark.parametrize(
    "action_type, params",
    [
        ("play_hold_up", {"target": "Bob"}),
        ("play_cheat", {"victim": "Bob"}),
        ("play_rustling", {"herd": "H2", "terrain": "T3"}),
    ],
)
def test_the_sheriff_protects_his_owner(action_type, params):
    state = lay_out(start(), BOB, [("poor", [("poor", 0)])], characters={"sheriff": 1})
    state = lay_out(state, ANN, [("poor", [])])
    error = refused(state, action_type, "lawless.sheriff_protects", **params)
    assert error.params["ranch"] == "Bob"


def test_with_two_players_the_sheriff_guards_the_shared_hand_but_only_its_own_ranch():
    state = lay_out(
        start(["Ann", "Bob"]), 1, [("poor", [("poor", 0)])], coins=5, characters={"sheriff": 1}
    )  # Bob 1
    state = lay_out(state, 3, [("poor", [("poor", 1)])], coins=5)  # Bob 2
    state = lay_out(state, ANN, [("excellent", [])])
    for victim in ("Bob 1", "Bob 2"):
        error = refused(state, "play_cheat", "lawless.sheriff_protects", victim=victim)
        assert error.params == {"ranch": "Bob 1", "card": "cheat"}
    refused(state, "play_hold_up", "lawless.sheriff_protects", target="Bob 1")
    state = act(state, "play_hold_up", target="Bob 2")
    assert game.prompt(state)["action"]["type"] == "hold_up_roll"


def test_trapper_is_paid_by_the_bank():
    state = roll(act(start(), "play_trapper"), 5)
    assert coins(state) == (42, [8, 0, 0])


def test_saloon_lures_one_random_cowboy_from_each_opponent():
    state = lay_out(start(), BOB, characters={"veteran": 2})
    state = lay_out(state, CID, characters={"novice": 1, "experienced": 1})
    assert game.draws(state, {"type": "play_saloon", "seat": ANN}) == {
        "ranch1": {"population": ["veteran", "veteran"], "count": 1},
        "ranch2": {"population": ["novice", "experienced"], "count": 1},
    }
    state = act(state, "play_saloon", seed=3)
    ann = state["ranches"][ANN]["characters"]
    assert ann["veteran"] == 1 and ann["novice"] + ann["experienced"] == 1
    assert state["ranches"][BOB]["characters"]["veteran"] == 1
    assert state["points"] == 1


def test_saloon_needs_an_opponent_with_cowboys():
    state = lay_out(start(), ANN, characters={"novice": 1})
    assert offered(state, "play_saloon") == []
    refused(state, "play_saloon", "lawless.no_cowboys_to_lure")


def test_saloon_refuses_a_missing_draw():
    state = lay_out(start(), BOB, characters={"novice": 1})
    with pytest.raises(RuleError) as error:
        game.apply(state, {"type": "play_saloon", "seat": ANN, "drawn": {}})
    assert error.value.code == "lawless.draw_missing"


def test_rustling_moves_a_herd_that_keeps_its_angle():
    state = lay_out(start(), BOB, [("excellent", [("excellent", 2), ("poor", 0)])])
    state = lay_out(state, ANN, [("poor", [])])
    state = act(state, "play_rustling", herd="H2", terrain="T4")
    assert state["ranches"][ANN]["terrains"][0]["herds"] == [
        {"id": "H2", "quality": "excellent", "rotation": 2}
    ]
    assert herd_ids(state, BOB) == ["H3"] and state["points"] == 1
    assert not offered(state, "sell_herds")  # the sale of this turn is over
    refused(state, "play_rustling", "lawless.no_room_for_herd", herd="H3", terrain="T4")


def test_professional_cheat_moves_a_card_between_hands():
    state = act(start(), "play_cheat", victim="Cid")
    assert state["hands"] == [3, 3, 2]
    state = lay_out(state, BOB, hand=0)
    refused(state, "play_cheat", "lawless.victim_hand_empty", victim="Bob")


@pytest.mark.parametrize(
    "character, cost",
    [
        ("novice", 3),
        ("experienced", 4),
        ("veteran", 5),
        ("undertaker", 5),
        ("mayor", 6),
    ],
)
def test_lynching_costs_two_plus_the_bonus(character, cost):
    state = lay_out(start(), BOB, characters={character: 1})
    state = act(state, "play_lynching", target="Bob", character=character)
    assert state["points"] == 6 - cost
    assert state["ranches"][BOB]["characters"][character] == 0


def test_lynching_the_sheriff_needs_a_bought_point():
    state = lay_out(start(), BOB, characters={"sheriff": 1})
    state = lay_out(state, ANN, coins=2)
    refused(state, "play_lynching", "lawless.not_enough_points", target="Bob", character="sheriff")
    state = act(state, "buy_points", count=1)
    state = act(state, "play_lynching", target="Bob", character="sheriff")
    assert state["points"] == 0


def test_lynching_needs_that_character():
    state = lay_out(start(), BOB, characters={"novice": 1})
    refused(state, "play_lynching", "lawless.no_such_character", target="Bob", character="mayor")


def test_undertaker_is_paid_for_each_burial():
    state = lay_out(start(), CID, characters={"undertaker": 1})
    state = lay_out(state, BOB, characters={"novice": 2})
    state = act(state, "play_lynching", target="Bob", character="novice")
    assert coins(state) == (48, [0, 0, 2])
    assert state["news"][-1]["key"] == "lawless.news.burial"


def test_a_lynched_undertaker_is_not_paid_for_his_own_burial():
    state = lay_out(start(), CID, characters={"undertaker": 1})
    state = act(state, "play_lynching", target="Cid", character="undertaker")
    assert coins(state) == (50, [0, 0, 0])


# -- green cards -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "terrain, code",
    [
        ([("average", [("poor", 0)])], "lawless.mine_needs_empty_terrain"),
        ([("average", [], {"mine": True})], "lawless.already_a_mine"),
    ],
)
def test_gold_mine_needs_a_terrain_without_herds(terrain, code):
    state = lay_out(start(), ANN, terrain)
    refused(state, "play_gold_mine", code, terrain="T1")


def test_gold_mine_turns_a_terrain_into_a_mine_that_houses_no_herd():
    state = act(lay_out(start(), ANN, [("excellent", [])]), "play_gold_mine", terrain="T1")
    assert state["ranches"][ANN]["terrains"][0]["mine"] and state["points"] == 3
    refused(state, "place_herd", "lawless.no_room_for_herd", quality="poor", terrain="T1")


@pytest.mark.parametrize(
    "action_type, field, value, cost",
    [
        ("play_fence", "fences", 1, 4),
        ("play_sheriff", "sheriff", 1, 4),
        ("play_mayor", "mayor", 1, 4),
        ("play_undertaker", "undertaker", 1, 4),
    ],
)
def test_bonus_cards_stay_in_play(action_type, field, value, cost):
    state = act(start(), action_type)
    ranch = state["ranches"][ANN]
    assert (ranch["fences"] if field == "fences" else ranch["characters"][field]) == value
    assert state["points"] == 6 - cost


def test_fences_add_two_to_the_surveillance_roll():
    state = act(act(lay_out(start(), ANN, coins=4), "buy_points", count=2), "play_fence")
    state = act(state, "play_fence")
    assert game.view(state, None)["ranches"][ANN]["surveillance_bonus"] == 4


def test_girls_bring_cowboys_from_the_pile():
    # the likely answer, both cowboys, is the first button
    assert offered(start(), "play_girls")[0]["params"]["found"]["options"] == [2, 1, 0]
    state = act(start(), "play_girls", found=2)
    assert state["hands"][ANN] == 4 and state["pile"] == 100
    state = act(replace(state, pile=1), "end_turn")
    assert offered(state, "play_girls", BOB)[0]["params"]["found"]["options"] == [1, 0]
    state = act(state, "play_girls", found=1)
    assert state["pile"] == 0 and state["hands"][BOB] == 3
    assert game.final(act(state, "end_turn"))  # the pile is empty


def test_the_mayor_may_reorder_the_row_before_each_turn():
    state = lay_out(start(), CID, characters={"mayor": 1})
    state = act(state, "end_turn")
    assert [t["type"] for t in game.legal(state, CID)] == ["mayor_reorder"]
    after = act(state, "mayor_reorder")
    assert after["row"] == state["row"] and after["pile"] == state["pile"]
    assert not offered(after, "mayor_reorder", CID)
    assert not offered(act(state, "draw_pile"), "mayor_reorder", CID)


def test_a_card_no_points_can_pay_for_is_offered_blocked_with_the_refusal_it_would_get():
    """The companion does not see the hand: every card with copies left is offered, and one
    that neither the points left nor the coins can pay for is offered blocked (the page
    dims it and, tapped, says why), with the very refusal that playing it gets."""
    state = lay_out(start(), BOB, characters={"novice": 1})
    state = act(act(state, "place_terrain", quality="poor"), "draw_row", position=1)
    saloon = offered(state, "play_saloon")[0]
    error = refused(state, "play_saloon", "lawless.points_unaffordable")
    assert saloon["blocked"] == {"code": error.code, "params": error.params}
    assert "blocked" not in offered(state, "place_terrain")[0]  # one point: 4 are left
    rich = lay_out(state, ANN, coins=3)  # one point to buy, and then the Saloon is paid
    assert "blocked" not in offered(rich, "play_saloon")[0]
