"""The Lawless turn: surveillance, sale, rotation, gold mines, action points, end of turn."""

from __future__ import annotations

import pytest

from companion.games.lawless import game
from companion.rules.base import RuleError, replace
from tests.support.games.lawless.helpers import (
    act,
    coins,
    herd_ids,
    lay_out,
    roll,
    start,
    terrain_ids,
    to_actions,
)

# With Ann, Bob and Cid, Ann (ranch 0) plays first; Bob (ranch 1) is laid out during Ann's
# turn, so Bob's turn opens with his herds in place. Cid (ranch 2) rolls his difficulty.
BOB = 1


def bobs_turn(terrains, **ranch):
    state = lay_out(start(), BOB, terrains, **ranch)
    return act(state, "end_turn")


def kinds(state, index=BOB):
    return sorted(
        (h["quality"], h["rotation"])
        for t in state["ranches"][index]["terrains"]
        for h in t["herds"]
    )


# -- surveillance ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "herds, ranch, faces, kept",
    [
        # difficulty = left roll + herds; owner = roll + cowboys + 2 per fence
        ([("poor", 0), ("average", 1)], {}, (3, 5), [("average", 1), ("poor", 0)]),
        ([("poor", 0), ("average", 1)], {}, (3, 4), [("poor", 0)]),
        (
            [("poor", 0), ("average", 1)],
            {"characters": {"veteran": 1}, "fences": 1},
            (6, 3),
            [("average", 1), ("poor", 0)],
        ),
        # sheriff, mayor and undertaker do not watch herds
        (
            [("poor", 0), ("average", 1)],
            {"characters": {"sheriff": 1, "mayor": 1, "undertaker": 1}},
            (1, 2),
            [("poor", 0)],
        ),
        # Stampede: each herd counts double ...
        (
            [("poor", 0), ("average", 1)],
            {"stampede": True, "characters": {"novice": 1}},
            (1, 4),
            [("average", 1), ("poor", 0)],
        ),
        # ... and two herds escape, the two worth most if sold now
        (
            [("poor", 3), ("excellent", 0), ("average", 0)],
            {"stampede": True},
            (1, 1),
            [("average", 0)],
        ),
    ],
)
def test_surveillance(herds, ranch, faces, kept):
    state = bobs_turn([("excellent", herds[:3])], **ranch)
    asked = game.prompt(state)
    assert asked["seat"] == 2 and asked["action"]["type"] == "surveillance_difficulty"
    state = roll(state, faces[0])
    asked = game.prompt(state)
    assert asked["seat"] == 1 and asked["action"]["type"] == "surveillance_roll"
    state = roll(state, faces[1])
    assert kinds(state) == kept
    assert state["phase"] == "sale"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_left_hand_opponent_rolls_first_then_the_owner_as_the_die_reader_answers(players):
    """Round the table: each ranch's difficulty is rolled by the next seat clockwise (with 2
    players, the other player), then the owner rolls; a throw answers ``prompt()["action"]``
    exactly as the die reader does (companion/writer/input_router.py)."""
    state = start(["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][:players])
    for index in range(len(state["ranches"])):
        state = lay_out(state, index, [("excellent", [("poor", 0)])])
    for _ in range(len(state["ranches"])):
        state = act(state, "end_turn")
        owner = state["ranches"][state["current"]]["player"]
        left = (owner + 1) % players
        asked = game.prompt(state)
        assert (asked["seat"], asked["action"]) == (
            left,
            {"type": "surveillance_difficulty", "seat": left},
        )
        assert asked["why"]["params"]["roller"] == state["names"][left]
        with pytest.raises(RuleError):  # the owner may not roll first
            game.apply(state, {"type": "surveillance_roll", "seat": owner, "dice": [6]})
        state = game.apply(state, {**asked["action"], "dice": [3]})
        asked = game.prompt(state)
        assert (asked["seat"], asked["action"]) == (
            owner,
            {"type": "surveillance_roll", "seat": owner},
        )
        state = game.apply(state, {**asked["action"], "dice": [6]})
        state = act(state, "sell_herds", herds=[])


def test_equal_herds_the_owner_picks_which_escapes():
    state = bobs_turn([("average", [("average", 0)]), ("excellent", [("poor", 1), ("poor", 0)])])
    state = roll(state, 6, 1)
    assert state["phase"] == "escape"
    asked = game.prompt(state)
    assert asked["seat"] == 1 and asked["why"]["key"] == "lawless.why.escape"
    [template] = game.legal(state, 1)
    tied = template["params"]["herd"]["options"]
    assert len(tied) == 2
    state = act(state, "lose_herd", herd=tied[1])
    assert herd_ids(state, BOB) == [tied[0], herd_ids(state, BOB)[1]]
    assert kinds(state) == [("average", 0), ("poor", 0)]
    assert state["phase"] == "sale"


def test_stampede_with_three_equal_herds_asks_twice():
    state = bobs_turn(
        [("excellent", [("average", 0), ("average", 0), ("average", 0)])], stampede=True
    )
    state = roll(state, 6, 1)
    first = game.legal(state, 1)[0]["params"]["herd"]["options"]
    state = act(state, "lose_herd", herd=first[0])
    assert state["phase"] == "escape"
    state = act(state, "lose_herd", herd=game.legal(state, 1)[0]["params"]["herd"]["options"][0])
    assert len(herd_ids(state, BOB)) == 1 and state["phase"] == "sale"


def test_stampede_with_two_equal_top_herds_loses_both_without_asking():
    state = bobs_turn([("excellent", [("average", 0), ("average", 0), ("poor", 0)])], stampede=True)
    state = roll(state, 6, 1)
    assert kinds(state) == [("poor", 0)] and state["phase"] == "sale"


@pytest.mark.parametrize("frozen, difficulty", [(False, 1 + 3), (True, 1 + 1)])
def test_raided_herds_count_for_surveillance_unless_frozen(frozen, difficulty):
    state = start(freeze_raided_herds=frozen)
    state = lay_out(
        state,
        BOB,
        [("average", [("poor", 0), ("poor", 1)], {"raided": True}), ("poor", [("average", 0)])],
    )
    state = act(state, "end_turn")
    assert state["phase"] == "surveillance"
    state = roll(state, 1)
    assert state["step"]["difficulty"] == difficulty


@pytest.mark.parametrize("frozen, rotations_after", [(False, [1, 2]), (True, [0, 1])])
def test_raided_herds_turn_unless_frozen(frozen, rotations_after):
    state = lay_out(
        start(freeze_raided_herds=frozen),
        BOB,
        [("average", [("poor", 0), ("poor", 1)], {"raided": True})],
    )
    state = act(state, "end_turn")
    if not frozen:
        state = roll(state, 1, 6)
    # nothing is sellable, so the sale passes by itself; frozen herds are not even watched
    assert state["phase"] == "actions"
    assert [h["rotation"] for h in state["ranches"][BOB]["terrains"][0]["herds"]] == rotations_after


def test_a_raided_herd_may_escape_in_the_literal_reading():
    state = lay_out(
        start(), BOB, [("excellent", [("excellent", 3)], {"raided": True}), ("poor", [("poor", 0)])]
    )
    state = roll(act(state, "end_turn"), 6, 1)
    assert kinds(state) == [("poor", 0)]


# -- sale and rotation -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "quality, rotation, value",
    [
        ("poor", 0, 1),
        ("poor", 1, 2),
        ("poor", 2, 3),
        ("poor", 3, 4),
        ("average", 0, 2),
        ("average", 1, 4),
        ("average", 2, 6),
        ("average", 3, 8),
        ("excellent", 0, 3),
        ("excellent", 1, 6),
        ("excellent", 2, 9),
        ("excellent", 3, 12),
    ],
)
def test_sale_pays_base_times_multiplier(quality, rotation, value):
    state = roll(bobs_turn([("excellent", [(quality, rotation)])]), 1, 6)
    bank_before = coins(state)[0]
    state = act(state, "sell_herds", herds=herd_ids(state, BOB))
    assert coins(state) == (bank_before - value, [0, value, 0])
    assert herd_ids(state, BOB) == []


def test_unsold_herds_turn_a_quarter_and_stay_at_nine_oclock():
    state = roll(bobs_turn([("excellent", [("poor", 0), ("average", 2), ("excellent", 3)])]), 1, 6)
    sold = herd_ids(state, BOB)[1]
    state = act(state, "sell_herds", herds=[sold])
    assert kinds(state) == [("excellent", 3), ("poor", 1)]
    assert state["phase"] == "actions"


def test_keeping_every_herd_is_a_sale_of_nothing():
    state = roll(bobs_turn([("poor", [("poor", 0)])]), 1, 6)
    state = act(state, "sell_herds", herds=[])
    assert coins(state)[1] == [0, 0, 0] and kinds(state) == [("poor", 1)]


def test_a_herd_on_a_raided_terrain_cannot_be_sold():
    state = bobs_turn([("poor", [("poor", 2)], {"raided": True}), ("poor", [("poor", 0)])])
    state = roll(state, 1, 6)
    raided = state["ranches"][BOB]["terrains"][0]["herds"][0]["id"]
    with pytest.raises(RuleError) as error:
        act(state, "sell_herds", herds=[raided])
    assert error.value.code == "lawless.herd_raided"


def test_a_herd_placed_this_turn_is_sold_next_turn_at_noon():
    state = lay_out(start(), 0, [("poor", [])])
    state = act(state, "place_herd", quality="excellent", terrain=terrain_ids(state, 0)[0])
    assert kinds(state, 0) == [("excellent", 0)]
    state = act(state, "end_turn")
    state = to_actions(act(to_actions(act(state, "end_turn")), "end_turn"))
    assert state["current"] == 0 and kinds(state, 0) == [("excellent", 1)]


# -- gold mines ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "first, second, paid, destroyed",
    [
        (1, 1, 2, False),
        (4, 5, 9, False),
        (4, 6, 0, True),
        (5, 5, 0, True),
        (6, 6, 0, True),
    ],
)
def test_gold_mine(first, second, paid, destroyed):
    state = bobs_turn([("poor", [], {"mine": True}), ("average", [])])
    assert state["phase"] == "mines"
    asked = game.prompt(state)
    assert asked["why"]["key"] == "lawless.why.mine_first" and asked["seat"] == 1
    state = roll(state, first)
    assert game.prompt(state)["why"]["key"] == "lawless.why.mine_second"
    state = roll(state, second)
    assert coins(state)[1][BOB] == paid
    assert len(terrain_ids(state, BOB)) == (1 if destroyed else 2)
    assert state["phase"] == "actions"


def test_each_mine_rolls_and_a_raided_mine_pays_nothing():
    state = bobs_turn(
        [
            ("poor", [], {"mine": True}),
            ("poor", [], {"mine": True}),
            ("poor", [], {"mine": True, "raided": True}),
        ]
    )
    state = roll(state, 2, 3, 3, 3)
    assert coins(state)[1][BOB] == 11 and state["phase"] == "actions"


# -- action points -----------------------------------------------------------------------------


def test_row_costs_its_position_and_the_pile_costs_three():
    state = start()
    state = act(state, "draw_row", position=4)
    assert state["points"] == 2 and state["hands"][0] == 4 and state["row"][3] is False
    with pytest.raises(RuleError) as error:
        act(state, "draw_row", position=3)
    assert error.value.code == "lawless.points_unaffordable"  # 0 coins: nothing to buy
    assert error.value.params == {"cost": 3, "left": 2, "price": 2, "coins": 0, "missing": 1}
    with pytest.raises(RuleError):
        act(state, "draw_row", position=4)  # already drawn
    state = act(state, "draw_row", position=2)
    assert state["points"] == 0 and state["hands"][0] == 5


def test_buying_points_pays_two_coins_each_to_the_bank():
    state = lay_out(start(), 0, coins=5)
    state = act(state, "buy_points", count=2)
    assert state["points"] == 8 and state["bought"] == 2 and coins(state) == (49, [1, 0, 0])
    state = act(state, "draw_pile")
    assert state["points"] == 5 and state["pile"] == 101 and state["hands"][0] == 4
    assert not any(t["type"] == "buy_points" for t in game.legal(state, 0))


def test_unused_points_are_lost():
    state = act(act(start(), "draw_row", position=1), "end_turn")
    assert state["points"] == 6


# -- end of turn -----------------------------------------------------------------------------


def test_more_than_ten_cards_must_be_discarded_down_to_ten():
    state = lay_out(start(), 0, hand=12)
    state = act(state, "end_turn")
    assert state["phase"] == "discard"
    assert game.prompt(state)["why"] == {
        "key": "lawless.why.discard",
        "params": {"ranch": "Ann", "count": 2},
    }
    with pytest.raises(RuleError):
        act(state, "discard", count=1)
    state = act(state, "discard", count=2)
    assert state["hands"][0] == 10 and state["current"] == 1


def test_row_slides_left_and_refills_from_the_pile():
    state = act(act(start(), "draw_row", position=2), "draw_row", position=4)
    assert state["row"] == [True, False, True, False, True, True]
    state = act(state, "end_turn")
    assert state["row"] == [True] * 6 and state["pile"] == 100


def test_the_game_ends_when_the_pile_is_empty_after_the_refill():
    state = replace(start(), pile=1)
    state = act(act(state, "draw_row", position=1), "draw_row", position=2)
    state = act(state, "end_turn")
    assert state["row"] == [True] * 5 + [False] and state["pile"] == 0
    assert game.final(state) and game.legal(state, 0) == [] and game.prompt(state) is None


def test_the_game_ends_when_the_bank_is_empty_at_the_end_of_a_turn():
    state = lay_out(start(), 0, coins=50)
    assert not game.final(act(act(state, "buy_points", count=1), "end_turn"))
    assert game.final(act(state, "end_turn"))
