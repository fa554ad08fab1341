"""Root with the United Doves Society: setup, the points track, turn order, and scenario
tests of whole Doves turns and of a whole game to 30 points."""

from __future__ import annotations

import json

import pytest

from companion.games.root_doves import game
from companion.rules.base import RuleError
from tests.support.games.root_doves.helpers import (
    act,
    dawn,
    daylight_and_evening,
    doves_turn,
    evening,
    fresh,
    others_pass,
    refused,
    started,
    types,
)
from tests.support.play import play


# -- setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "options, doves, factions",
    [
        ({}, 0, [None, "Bruno", "Chloé"]),
        ({"doves_seat": 2, "factions": "Marquise, Eyrie"}, 2, ["Marquise", "Eyrie", None]),
        (
            {"doves_seat": 1, "factions": ["Canopée", "", "Alliance"]},
            1,
            ["Canopée", None, "Alliance"],
        ),
    ],
)
def test_factions_at_the_table(options, doves, factions):
    state = fresh(**options)
    assert state["doves"] == doves
    assert state["factions"] == factions
    assert game.view(state, None)["factions"] == factions


@pytest.mark.parametrize(
    "players, options, code",
    [
        (("Ann",), {}, "root_doves.player_count"),
        (("Ann", "Ann"), {}, "root_doves.duplicate_names"),
        (("Ann", "Bruno"), {"doves_seat": 2}, "out_of_range"),
        (("Ann", "Bruno"), {"first_seat": -1}, "out_of_range"),
        (("Ann", "Bruno"), {"factions": 7}, "bad_param"),
    ],
)
def test_setup_refuses(players, options, code):
    with pytest.raises(RuleError) as error:
        fresh(players, **options)
    assert error.value.code == code


def test_setup_defaults_are_the_autumn_map_and_editable_board_numbers():
    state = fresh()
    assert len(state["clearings"]) == 12
    assert sorted(set(state["clearings"].values())) == ["fox", "mouse", "rabbit"]
    assert [list(state["clearings"].values()).count(s) for s in ("fox", "rabbit", "mouse")] == [
        4,
        4,
        4,
    ]
    state = play(
        game,
        state,
        act("set_clearing", None, clearing=" Col ", suit="mouse"),
        act("set_clearing", None, clearing="1", suit="rabbit"),
        act("set_evacuation_track", None, track="0, 1, 4"),
        act("set_building_slot", None, building="school", slot=2, cost=3, points=2, draw=1),
    )
    assert state["clearings"]["Col"] == "mouse" and state["clearings"]["1"] == "rabbit"
    assert state["board"]["track"] == [0, 1, 4]
    assert state["board"]["slots"]["school"][1] == {"cost": 3, "points": 2, "draw": 1}


def test_setup_places_one_ceasefire_and_six_warriors_then_starts():
    state = fresh()
    assert "start_game" not in types(state, None)
    assert game.prompt(state)["why"]["key"] == "root_doves.why.setup"
    state = play(
        game,
        state,
        act("setup_ceasefire", clearing="10"),
        act("setup_warriors", clearing="10", warriors=5),
    )
    assert "setup_ceasefire" not in types(state)
    assert (
        refused(state, act("setup_ceasefire", clearing="11")) == "root_doves.setup_ceasefire_placed"
    )
    assert (
        refused(state, act("setup_warriors", clearing="11", warriors=2))
        == "root_doves.setup_six_warriors"
    )
    assert refused(state, act("start_game", None)) == "root_doves.setup_incomplete"
    assert refused(state, act("score", 1, points=2)) == "root_doves.setup_first"
    state = play(
        game, state, act("setup_warriors", clearing="11", warriors=1), act("start_game", None)
    )
    assert state["stage"] == "play"
    assert state["turn"] == {"seat": 0, "phase": "birdsong", "number": 1}
    board = game.view(state, 0)["board"]
    assert board["warriors"]["supply"] == 9 and board["ceasefire"]["supply"] == 2
    assert board["hand"] == 3


# -- the track, turn order and phases ---------------------------------------------------------
def test_turn_order_phases_and_points_chart():
    state = started(first_seat=1)
    assert state["turn"]["seat"] == 1
    # base Root 4.3: battle is a Daylight action, so Birdsong offers none
    assert types(state, 1) == ["next_phase", "end_turn", "score"]
    daylight = play(game, state, act("next_phase", 1))
    assert types(daylight, 1) == ["attack_doves", "battle", "next_phase", "end_turn", "score"]
    state = play(game, state, act("score", 1, points=3), act("next_phase", 1), act("next_phase", 1))
    assert state["turn"]["phase"] == "evening" and "next_phase" not in types(state, 1)
    state = play(game, state, act("end_turn", 1), act("score", 2, points=2), act("end_turn", 2))
    assert state["turn"] == {"seat": 0, "phase": "birdsong", "number": 3}
    chart = game.view(state, None)["charts"][0]
    assert chart["title"] == "root_doves.chart.vp"
    bruno = next(s for s in chart["series"] if s["label"] == "Bruno")
    assert bruno["points"] == [[0, 0], [1, 3], [2, 3], [3, 3]]  # the last one: now
    chloe = next(s for s in chart["series"] if s["label"] == "Chloé")
    assert chloe["points"][-2:] == [[2, 2], [3, 2]]


@pytest.mark.parametrize("points, expected", [(5, 5), (1, 1), (30, 30)])
def test_scoring_and_thirty_wins(points, expected):
    state = play(game, started(), act("score", 2, points=points))
    assert state["vp"][2] == expected
    assert game.final(state) is (expected >= 30)
    if expected >= 30:
        assert state["winner"] == 2 and state["won_by"] == "points"
        assert all(game.legal(state, s) == [] for s in (None, 0, 1, 2))
        assert game.prompt(state) is None


def test_the_score_form_starts_at_one_point():
    """The shell's number input starts at the minimum: a score starts at +1, not -30."""
    score = next(t for t in game.legal(started(), 2) if t["type"] == "score")
    assert score["params"]["points"] == {"kind": "int", "min": 1, "max": 30}


@pytest.mark.parametrize(
    "before, points, expected, over",
    [
        (7, 4, 4, False),  # a score typed wrong turns ago, put right
        (7, 0, 0, False),
        (12, 31, 31, True),  # a correction that reaches 30 still wins at once
    ],
)
def test_the_tablet_corrects_a_factions_points(before, points, expected, over):
    state = play(game, started(), act("score", 2, points=before))
    correction = next(t for t in game.legal(state, None) if t["type"] == "set_points")
    assert correction["params"]["player"]["options"] == ["Ann", "Bruno", "Chloé"]
    state = play(game, state, act("set_points", None, player="Chloé", points=points))
    assert state["vp"] == [0, 0, expected] and game.final(state) is over
    assert "set_points" not in types(state, 2)  # a phone never corrects the track


def test_dominance_card_replaces_points_and_wins_at_birdsong():
    state = play(game, started(first_seat=1), act("score", 1, points=10))
    assert "activate_dominance" not in types(state, 1)
    state = play(game, state, act("next_phase", 1), act("activate_dominance", 1, suit="bird"))
    assert state["dominance"][1] == "bird"
    assert "score" not in types(state, 1)
    assert refused(state, act("score", 1, points=1)) == "root_doves.dominance_no_points"
    assert refused(state, act("dominance_victory", 1)) == "root_doves.dominance_at_birdsong"
    state = others_pass(play(game, state, act("end_turn", 1)))
    state = evening(play(game, dawn(state), act("choose_mandate", mandate="stabilisation")))
    assert state["turn"] == {"seat": 1, "phase": "birdsong", "number": 4}
    state = play(game, state, act("dominance_victory", 1))
    assert game.final(state) and state["won_by"] == "dominance" and state["winner"] == 1


# -- whole Doves turns ------------------------------------------------------------------------
def test_first_turn_no_evacuation_without_pacification_and_emergency_mandate():
    state = started()
    assert types(state) == ["no_evacuation", "set_hand", "remove_token", "lose_warriors", "score"]
    assert (
        game.view(state, 0)["evacuation"]["next_line"]["key"]
        == "root_doves.evacuation.next_none.no_pacification"
    )
    state = play(game, state, act("no_evacuation", reason="no_pacification"))
    said = game.view(state, None)["evacuation"]["last_line"]
    assert said == {
        "key": "root_doves.evacuation.none.no_pacification",
        "params": {"turn": 1, "cards": 0},
    }
    state = play(
        game,
        state,
        act("strategic_retreat", from_="12", to="10", warriors=1),
        act("next_phase"),
        act("choose_mandate", mandate="emergency"),
        act("ceasefire", clearing="12", source="supply"),
        act("ceasefire", clearing="4", source="supply"),
        act("ceasefire", clearing="5", source="4"),
    )
    assert state["board"]["ceasefire"] == ["5", "10", "12"]
    state = play(game, state, act("interposition", warriors=3))
    assert state["board"]["warriors"] == {"10": 6, "12": 2, "5": 1}
    state = play(
        game,
        state,
        act("recruit", clearing="5"),
        act("move", from_="10", to="9", warriors=2),
        act("recruit", clearing="12"),
    )
    assert types(state).count("recruit") == 0
    view = game.view(state, 0)
    actions = next(i for i in view["checklist"] if i["key"] == "root_doves.check.actions.emergency")
    assert actions["params"] == {"used": 3, "limit": 3} and actions["status"] == "done"
    state = evening(state)
    assert state["board"]["hand"] == 4
    assert state["turn"]["seat"] == 1


def test_civil_protection_pacifies_disarms_and_exfiltrates_with_dispensary():
    state = others_pass(
        play(
            game,
            started(),
            act("no_evacuation", reason="no_pacification"),
            act("next_phase"),
            act("choose_mandate", mandate="emergency"),
            act("ceasefire", clearing="12", source="supply"),
            act("interposition", warriors=2),
        )
    )
    state = others_pass(evening(state)) if state["turn"]["seat"] == 0 else state
    state = dawn(state)
    state = play(game, state, act("choose_mandate", mandate="protection"))
    assert types(state)[0] == "pacify"
    assert "next_phase" not in types(state)
    assert refused(state, act("next_phase")) == "root_doves.pacify_first"
    state = play(game, state, act("pacify", clearing="10"))
    assert state["board"]["pacification"]["rabbit"] == "10"
    assert state["board"]["ceasefire"] == ["12"]
    # A Dispensary in 10 so the exfiltration earns its bonus card (typed in by the table).
    state = {
        **state,
        "board": {**state["board"], "buildings": {"dispensary": ["10"], "school": []}},
    }
    state = play(
        game,
        state,
        act("disarm", opponent="Bruno"),
        act("exfiltrate", clearing="10"),
        act("refugee", from_="12", card="bird"),
        act("dispensary_refugee", card="mouse"),
    )
    assert state["board"]["pile"] == ["bird", "mouse"]
    assert state["board"]["hand"] == 4 + 1 - 2
    assert "refugee" not in types(state) and "dispensary_refugee" not in types(state)
    assert state["doves_turn"]["disarmed"] == [1]
    state = others_pass(evening(state))
    assert game.view(state, None)["evacuation"]["next_line"] == {
        "key": "root_doves.evacuation.next",
        "params": {"cards": 2, "points": 2},
    }
    state = dawn(state)
    assert state["vp"][0] == 2 and state["board"]["pile"] == []
    assert game.view(state, 0)["evacuation"]["last"]["by_suit"] == {
        "fox": 0,
        "rabbit": 0,
        "mouse": 1,
        "bird": 1,
    }


def test_stabilisation_builds_aids_crafts_and_secures():
    state = started()
    state = dawn(state)
    state = play(
        game, state, act("choose_mandate", mandate="protection"), act("pacify", clearing="10")
    )
    state = others_pass(evening(state))
    state = dawn(state)
    state = play(
        game,
        state,
        act("set_hand", cards=6),
        act("choose_mandate", mandate="stabilisation"),
        act("build", building="school", clearing="10"),
        act("development_aid", opponent="Chloé"),
        act("craft", tokens=["10"], points=2),
    )
    assert state["vp"] == [1 + 2, 0, 1]
    assert state["board"]["buildings"]["school"] == ["10"]
    assert state["board"]["hand"] == 6 - 1 + 2 - 1
    assert "development_aid" not in types(state) and "craft" not in types(state)
    state = play(game, state, act("secure", clearing="10", card="fox"))
    assert state["doves_turn"]["actions"] == 3 and state["board"]["hand"] == 5
    view = game.view(state, 0)
    assert view["board"]["draw_bonus"] == 1 and view["board"]["evening_draw"] == 2
    state = play(game, state, act("next_phase"))
    assert types(state)[0] == "evening_draw"
    assert refused(state, act("end_turn")) == "root_doves.draw_first"
    state = play(game, state, act("evening_draw", cards=2))
    assert game.prompt(state)["why"]["key"] == "root_doves.why.discard_first"
    assert refused(state, act("end_turn")) == "root_doves.discard_first"
    state = play(game, state, act("discard_down", cards=2), act("end_turn"))
    assert state["board"]["hand"] == 5


def test_perilous_rescue_only_where_there_is_no_token():
    state = dawn(started())
    state = play(
        game,
        state,
        act("perilous_rescue", clearing="12", card="fox"),
        act("perilous_rescue", clearing="3", card="bird"),
    )
    assert state["board"]["pile"] == ["fox", "bird"] and state["board"]["hand"] == 1
    assert (
        refused(state, act("perilous_rescue", clearing="10", card="rabbit"))
        == "root_doves.rescue_needs_no_token"
    )
    assert (
        refused(state, act("perilous_rescue", clearing="3", card="fox"))
        == "root_doves.card_must_match"
    )


# -- a whole game -----------------------------------------------------------------------------
def test_whole_game_to_thirty_points():
    """Turn after turn the Doves pacify, rescue refugees and evacuate them at Dawn; the
    others score by hand. The game ends the moment the Doves reach 30."""
    state = started()
    state = doves_turn(state, "protection", [act("pacify", clearing="10")])
    turns = 0
    while not game.final(state):
        turns += 1
        state = dawn(state)
        if game.final(state):
            break
        state = play(
            game,
            state,
            act("set_hand", cards=5),
            act("perilous_rescue", clearing="3", card="rabbit"),
            act("perilous_rescue", clearing="1", card="fox"),
            act("perilous_rescue", clearing="2", card="bird"),
            act("perilous_rescue", clearing="7", card="mouse"),
        )
        state = daylight_and_evening(state, "stabilisation", [])
        if state["stage"] == "play":
            state = play(game, state, act("score", 1, points=1))
        assert turns < 20
    assert state["winner"] == 0 and state["vp"][0] >= 30 and state["won_by"] == "points"
    # Evacuations of 4 refugees score 5 each on the default track: 6 x 5 = 30.
    assert state["vp"][0] == 30 and turns == 7
    assert json.loads(json.dumps(game.view(state, None)))["winner"] == 0


# -- views, log lines, structural sharing -----------------------------------------------------
def test_every_viewer_sees_the_same_view_and_log():
    """Nothing is secret: the pile is open and hand sizes are public in Root."""
    state = play(game, dawn(started()), act("perilous_rescue", clearing="3", card="bird"))
    views = [game.view(state, seat) for seat in (None, 0, 1, 2)]
    assert [v.pop("mine") for v in views] == [False, True, False, False]
    assert all(v == views[0] for v in views)
    action = act("perilous_rescue", clearing="3", card="bird")
    assert len({json.dumps(game.describe(action, seat)) for seat in (None, 0, 1, 2)}) == 1


def test_apply_copies_only_what_changes():
    state = dawn(started())
    scored = game.apply(state, act("score", 2, points=1))
    assert scored["board"] is state["board"] and scored["clearings"] is state["clearings"]
    rescued = game.apply(state, act("perilous_rescue", clearing="3", card="rabbit"))
    assert rescued["board"]["warriors"] is state["board"]["warriors"]
    assert rescued["board"]["slots"] is state["board"]["slots"]
