"""108 Outlaws solo mode: campaign row, hand limit 8, the campaign-removal routine, the end."""

from __future__ import annotations

import pytest

from companion.games.outlaws108 import game
from companion.rules.base import RuleError
from tests.support.games.outlaws108.kit import act, describe_solo_row, do, earth, new_game
from tests.support.games.outlaws108.scoring import band_of_outlaws
from tests.support.games.outlaws108.solo import answer_all, solo_game, to_removal
from tests.support.play import play


def refused(state, action):
    with pytest.raises(RuleError) as caught:
        game.apply(state, action)
    return caught.value


def test_campaign_row_is_described_before_the_first_turn():
    state = new_game(1)
    assert game.prompt(state)["why"] == {
        "key": "outlaws108.why.describe_major",
        "params": {"slot": 1, "left": 9},
    }
    assert game.legal(state, None) == []
    # One campaign at a time, in table order: the slot is already filled in.
    assert game.legal(state, 0)[0]["params"]["slot"]["options"] == [1]
    assert refused(state, act(state, "describe_campaign", 0, points=3)).code == (
        "outlaws108.campaign_cost_needed"
    )
    for _ in range(3):
        state = do(state, "describe_campaign", 0, points=3, cost=["navy", "navy"])
    assert game.prompt(state)["why"] == {
        "key": "outlaws108.why.describe_minor",
        "params": {"slot": 4, "left": 6},
    }
    assert state["campaign_row"][0] == {
        "slot": 1,
        "tier": "major",
        "points": 3,
        "cost": ["navy", "navy"],
        "status": "open",
    }
    state = describe_solo_row(state, {})
    assert state["phase"] == "turn"
    assert game.prompt(state)["why"]["key"] == "outlaws108.why.turn"


@pytest.mark.parametrize(
    "taken, hand_after, code",
    [
        ("earth_1", 8, None),
        ("heaven_1", 8, None),
        ("earth_2", None, "outlaws108.hand_limit"),
    ],
)
def test_a_ninth_card_is_never_drawn(taken, hand_after, code):
    state = solo_game()
    options = next(t for t in game.legal(state, 0) if t["type"] == "draw")["params"]["cards"]
    assert options["options"] == ["earth_1", "heaven_1"]  # only what fits under 8
    action = {"type": "draw", "seat": 0, "cards": taken}
    if code:
        error = refused(state, action)
        assert (error.code, error.params) == (code, {"limit": 8, "hand": 7})
        return
    hand = play(game, state, action)["areas"][0]["hand"]
    assert hand["earth"] + hand["heaven"] == hand_after


def test_at_eight_cards_the_player_must_play():
    state = do(do(solo_game(), "draw", 0, cards="earth_1"), "end_turn", 0)
    assert game.prompt(state)["why"] == {
        "key": "outlaws108.why.must_play",
        "params": {"player": "P0", "limit": 8},
    }
    assert "draw" not in {t["type"] for t in game.legal(state, 0)}
    error = refused(state, {"type": "draw", "seat": 0, "cards": "heaven_1"})
    assert error.code == "outlaws108.must_play"
    state = do(state, "play_earth", 0, icons=["scout"])
    # A card effect may not draw past 8 either.
    error = refused(state, act(state, "effect_draw", 0, points=2, earth=2))
    assert error.code == "outlaws108.hand_limit"
    assert do(state, "effect_draw", 0, points=2, earth=1)["areas"][0]["hand"]["earth"] == 6


@pytest.mark.parametrize(
    "costs, answers, removed",
    [
        ({2: ["navy", "scout"], 7: ["navy"]}, ["navy"], [2, 7]),
        ({3: ["scout"]}, ["cavalry", "none", "scout"], [3]),
        ({9: ["support"]}, ["none"] * 5 + ["support"], [9]),
        ({}, ["campaign", "none"] + ["none"] * 9, []),
    ],
)
def test_removal_routine_says_which_campaigns_to_remove(costs, answers, removed):
    state = to_removal(solo_game(costs))
    assert state["phase"] == "removal"
    state, prompts = answer_all(state, answers)
    assert prompts[0] == {
        "key": "outlaws108.why.removal_icon_earth",
        "params": {"card": 1, "icon": 1, "outlaws": 4},
    }
    key = "removed" if removed else "removed_none"
    assert game.prompt(state)["why"] == {
        "key": f"outlaws108.why.{key}",
        "params": {"campaigns": ", ".join(str(s) for s in removed), "count": len(removed)},
    }
    assert [t["type"] for t in game.legal(state, 0)] == ["rows_refreshed"]
    state = do(state, "rows_refreshed", 0)
    assert state["phase"] == "turn" and state["current"] == 0
    assert [c["slot"] for c in state["campaign_row"] if c["status"] == "removed"] == removed
    slots = next(t for t in game.legal(state, 0) if t["type"] == "campaign")["params"]["slot"]
    assert set(slots["options"]).isdisjoint(removed)


def test_routine_walks_down_a_card_then_right_then_the_heaven_row():
    state = to_removal(solo_game())
    state, prompts = answer_all(
        state, ["scout", "cavalry", "none", "none", "none", "none", "none", "navy"]
    )
    places = [(p["key"][-5:], p["params"]["card"], p["params"]["icon"]) for p in prompts]
    assert places == [
        ("earth", 1, 1),
        ("earth", 1, 2),
        ("earth", 1, 3),
        ("earth", 2, 1),
        ("earth", 3, 1),
        ("earth", 4, 1),
        ("earth", 5, 1),
        ("eaven", 1, 1),
    ]


def test_taken_campaigns_are_not_removed_and_removal_runs_at_four_and_eight():
    state = solo_game({1: ["scout"], 2: ["scout"]})
    state = earth(state, "scout")
    state = do(state, "campaign", 0, slot=1, exhaust=[1], waived=0)
    assert state["areas"][0]["campaigns"] == [
        {"tier": "major", "points": 1, "cost": ["scout"], "slot": 1}
    ]
    state = do(do(state, "play_earth", 0, icons=["navy"]), "end_turn", 0)
    state = to_removal(state, 4)
    state = do(answer_all(state, ["scout"])[0], "rows_refreshed", 0)
    statuses = {c["slot"]: c["status"] for c in state["campaign_row"]}
    assert statuses[1] == "taken" and statuses[2] == "removed"
    state = to_removal(state, 7)
    assert state["phase"] == "turn"
    state = to_removal(state, 8)
    assert state["phase"] == "removal" and state["removal"]["threshold"] == 8


def test_a_turn_passing_four_and_eight_runs_the_routine_twice():
    costs = {slot: ["infantry"] for slot in range(2, 10)} | {1: ["leadership"]}
    state = do(band_of_outlaws(solo_game(costs), 9), "end_turn", 0)
    assert state["removal"]["threshold"] == 4
    state = do(answer_all(state, ["leadership"])[0], "rows_refreshed", 0)
    assert state["phase"] == "removal" and state["removal"]["threshold"] == 8
    state = do(answer_all(state, ["infantry"])[0], "rows_refreshed", 0)
    assert state["phase"] == "turn" and state["removals_done"] == [4, 8]


def test_solo_campaign_cost_comes_from_the_row():
    state = earth(solo_game({5: ["navy", "navy"]}), "navy")
    error = refused(state, act(state, "campaign", 0, slot=5, exhaust=[1]))
    assert error.code == "outlaws108.cost_not_covered" and error.params == {"missing": 1}
    state = do(state, "campaign", 0, slot=5, exhaust=[1], waived=1)
    assert state["areas"][0]["campaigns"][0]["points"] == 5


def test_solo_game_to_the_end():
    state = solo_game({1: ["support"], 4: ["scout"], 6: ["cavalry"]})
    state = to_removal(state, 4)
    state = do(answer_all(state, ["navy", "none", "scout"])[0], "rows_refreshed", 0)
    state = do(state, "play_heaven", 0, heaven_icons=["support", "navy"], exhaust=[1])
    state = do(state, "campaign", 0, slot=1, exhaust=[5], waived=0)
    state = do(do(state, "end_turn", 0), "draw", 0, cards="heaven_1")
    state = to_removal(do(state, "end_turn", 0), 8)
    state = do(answer_all(state, ["cavalry"])[0], "rows_refreshed", 0)
    assert [c["slot"] for c in state["campaign_row"] if c["status"] == "removed"] == [4, 6]
    state = to_removal(state, 12)
    assert state["phase"] == "scoring" and len(state["areas"][0]["outlaws"]) == 12
    state = do(do(state, "score_heaven", 0, outlaw=5, points=40), "confirm_scores", None)
    (line,) = game.view(state, None)["standings"]
    assert (line["total"], line["rank"], line["place"]) == (41, "wu_song", 1)
