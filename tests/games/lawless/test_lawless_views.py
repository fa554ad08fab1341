"""What Lawless shows and accepts: views, prompts, log lines, refusals, reachability."""

from __future__ import annotations

import json

import pytest

from companion.games.lawless import game
from companion.rules.base import RuleError, replace
from tests.support.games.lawless.helpers import act, lay_out, roll, start
from tests.support.play import setup

ANN, BOB, CID = 0, 1, 2


@pytest.mark.parametrize(
    "rotation, angle, clock, multiplier, value",
    [
        (0, 0, "noon", 1, 3),
        (1, 90, "3", 2, 6),
        (2, 180, "6", 3, 9),
        (3, 270, "9", 4, 12),
    ],
)
def test_herds_are_shown_at_their_true_angle(rotation, angle, clock, multiplier, value):
    state = lay_out(start(), BOB, [("excellent", [("excellent", rotation)])])
    [herd] = game.view(state, None)["ranches"][BOB]["terrains"][0]["herds"]
    assert (herd["angle"], herd["clock"], herd["multiplier"], herd["value"]) == (
        angle,
        clock,
        multiplier,
        value,
    )


def test_the_view_shows_bank_pile_row_points_and_whose_turn():
    state = act(start(), "draw_row", position=3)
    view = game.view(state, None)
    assert (view["bank"], view["pile"], view["points"], view["turn"]) == (50, 102, 3, ANN)
    assert view["row"][2] == {"position": 3, "filled": False, "cost": 3}
    assert view["row"][5] == {"position": 6, "filled": True, "cost": 6}
    assert view["face_down_cost"] == 3 and view["ranches"][ANN]["hand"] == 4
    assert view["charts"][0]["series"][0]["label"] == "Ann"


def test_no_secrets_a_seat_sees_the_table_plus_its_own_hand_size():
    state = act(start(["Ann", "Bob"]), "draw_pile")
    public = game.view(state, None)
    for seat in (0, 1):
        mine = game.view(state, seat)
        assert {k: v for k, v in mine.items() if k != "me"} == public
    assert game.view(state, 1)["me"] == {"player": 1, "hand": 3, "ranches": [1, 3]}
    json.dumps(public)  # plain JSON


@pytest.mark.parametrize(
    "action, key",
    [
        (
            {"type": "place_terrain", "seat": 0, "quality": "average"},
            "lawless.log.place_terrain.average",
        ),
        (
            {"type": "place_cowboy", "seat": 0, "level": "veteran"},
            "lawless.log.place_cowboy.veteran",
        ),
        (
            {"type": "play_lynching", "seat": 0, "target": "Bob", "character": "mayor"},
            "lawless.log.play_lynching.mayor",
        ),
        ({"type": "play_hold_up", "seat": 0, "target": "bank"}, "lawless.log.play_hold_up.bank"),
        ({"type": "play_hold_up", "seat": 0, "target": "Bob"}, "lawless.log.play_hold_up"),
        ({"type": "sell_herds", "seat": 0, "herds": []}, "lawless.log.sell_herds.none"),
        ({"type": "sell_herds", "seat": 0, "herds": ["H1", "H4"]}, "lawless.log.sell_herds"),
        ({"type": "mine_roll", "seat": 0, "dice": [5]}, "lawless.log.mine_roll"),
    ],
)
def test_log_lines(action, key):
    line = game.describe(action, None)
    assert line["key"] == key and line["params"]["seat"] == 0
    if action["type"] == "sell_herds" and action["herds"]:
        assert line["params"]["herds"] == "H1, H4"
    if "dice" in action:
        assert line["params"]["roll"] == "5"


@pytest.mark.parametrize(
    "action, code",
    [
        ("not an action", "bad_action"),
        ({"seat": 0}, "bad_action"),
        ({"type": 7, "seat": 0}, "bad_action"),
        ({"type": "teleport", "seat": 0}, "not_now"),
        ({"type": "end_turn", "seat": 1}, "not_now"),
        ({"type": "end_turn", "seat": 0, "extra": 1}, "bad_param"),
        ({"type": "draw_row", "seat": 0}, "missing_param"),
        ({"type": "draw_row", "seat": 0, "position": 9}, "bad_choice"),
        ({"type": "buy_points", "seat": 0, "count": 1}, "lawless.cannot_buy_points"),
        ({"type": "place_terrain", "seat": 0, "quality": "golden"}, "bad_choice"),
    ],
)
def test_malformed_or_untimely_actions_are_refused(action, code):
    state = start()
    with pytest.raises(RuleError) as error:
        game.apply(state, action)
    assert error.value.code == code


def test_the_prompts_name_who_rolls_and_why():
    state = lay_out(start(), BOB, [("poor", [("poor", 0)])], characters={"novice": 1})
    state = act(state, "end_turn")
    assert game.prompt(state)["why"] == {
        "key": "lawless.why.difficulty",
        "params": {"ranch": "Bob", "roller": "Cid", "herds": 1},
    }
    state = roll(state, 4)
    assert game.prompt(state)["why"] == {
        "key": "lawless.why.surveillance",
        "params": {"ranch": "Bob", "difficulty": 5, "bonus": 1},
    }
    state = roll(state, 4)
    assert game.prompt(state) == {
        "kind": "choice",
        "seat": BOB,
        "why": {"key": "lawless.why.sale", "params": {"ranch": "Bob"}},
    }


def test_every_action_type_is_reachable_from_legal():
    seen = set()

    def note(state):
        for seat in [None, 0, 1, 2]:
            seen.update(t["type"] for t in game.legal(state, seat))
        return state

    note(setup(game, ["Ann", "Bob", "Cid"]))
    state = lay_out(
        start(),
        BOB,
        [("excellent", [("average", 0), ("poor", 1)]), ("poor", [], {"mine": True})],
        characters={"veteran": 1, "undertaker": 1},
        coins=4,
    )
    state = lay_out(state, CID, characters={"mayor": 1})
    state = lay_out(
        state,
        ANN,
        [("poor", [], {"raided": True}), ("average", [])],
        stampede=True,
        coins=4,
        hand=12,
    )
    state = replace(state, killers={"1": {"bonus": 1, "bounty": 2, "shot": [], "alive": True}})
    note(state)
    note(act(state, "play_hold_up", target="bank"))
    note(act(state, "play_trapper"))
    aim = note(act(state, "hire_killer", bonus=2, bounty=3, target="Bob"))
    note(roll(note(act(aim, "aim_killer", character="veteran")), 6))
    note(act(state, "end_turn"))  # Ann must discard
    bob = note(act(act(state, "end_turn"), "discard", count=2))  # Bob: mayor, surveillance
    bob = note(roll(note(act(bob, "mayor_reorder")), 6))
    bob = note(roll(bob, 1))  # 1 + 3 against 6 + 2: two herds worth 2 each, Bob picks
    bob = note(act(bob, "lose_herd", herd=bob["step"]["choices"][0]))
    note(roll(note(act(bob, "sell_herds", herds=[])), 1))  # then the mine's two rolls
    assert seen == set(game.HANDLERS)
