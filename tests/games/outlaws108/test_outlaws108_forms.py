"""108 Outlaws from the dashboard: the forms ``legal`` offers are quick and sensible, the table
always has something to do, and the board says who is next and when the last turn is."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.outlaws108 import cards, game
from companion.rules.base import replace
from tests.support.bounded import steps
from tests.support.games.outlaws108.kit import act, do, draw_turn, earth, new_game
from tests.support.games.outlaws108.scoring import band_of_outlaws, scoring_game
from tests.support.games.outlaws108.solo import solo_game
from tests.support.play import legal_walk, setup


def templates(state):
    return [t for seat in [None, *range(len(state["players"]))] for t in game.legal(state, seat)]


def check_forms(state):
    """What a player meets on the tablet: no option offered twice, short option lists, int
    fields whose lowest value is a sensible default, and never a dead end."""
    offered = templates(state)
    assert offered or game.final(state), f"nobody can act in phase {state['phase']}"
    for template in offered:
        for name, spec in template["params"].items():
            if spec["kind"] in ("choice", "multi"):
                assert len(spec["options"]) == len(set(spec["options"])), (template["type"], name)
                assert len(spec["options"]) <= 12, (template["type"], name)
            if spec["kind"] == "int":
                assert spec["min"] in (0, 1) and spec["max"] <= 108, (template["type"], name)


@settings(max_examples=25, deadline=None)
@given(st.data(), st.integers(1, 4))
def test_every_form_is_sensible_and_nobody_is_stuck(data, players):
    state = setup(game, [f"P{i}" for i in range(players)])
    check_forms(state)
    for _, _, after in legal_walk(game, state, data.draw, players, steps=50):
        check_forms(after)


def test_the_common_play_is_one_tap_and_ok():
    """An Earth card with its icon: every other field may stay as the form opens it."""
    state = new_game(3)
    (form,) = [t for t in game.legal(state, 0) if t["type"] == "play_earth"]
    assert list(form["params"]) == ["icons", "number", "upside_down"]
    assert form["params"]["icons"] == {"kind": "multi", "options": cards.ICONS, "min": 0, "max": 2}
    state = do(state, "play_earth", 0, icons=["cavalry"])
    assert state["areas"][0]["outlaws"][0]["icons"] == ["cavalry"]


def test_a_campaign_cost_is_one_count_per_icon():
    state = earth(new_game(2), "scout")
    state = draw_turn(state)
    (form,) = [t for t in game.legal(state, 0) if t["type"] == "campaign"]
    counts = {name: spec for name, spec in form["params"].items() if name.startswith("cost_")}
    assert list(counts) == [f"cost_{icon}" for icon in cards.COST_ICONS]
    assert all(spec == {"kind": "int", "min": 0, "max": 4} for spec in counts.values())
    state = do(state, "campaign", 0, tier="minor", points=2, cost=["scout"], exhaust=[1])
    assert state["areas"][0]["campaigns"][0]["cost"] == ["scout"]


def test_solo_with_eight_heaven_cards_and_no_active_outlaw_is_not_stuck():
    """No Heaven card can be paid for and no 9th card drawn: discarding (a cost) makes room,
    and the Draw action comes back."""
    state = earth(solo_game(), "scout")
    state = do(state, "campaign", 0, slot=1, exhaust=[1], waived=2)
    state = do(do(state, "draw", 0, cards="heaven_1"), "end_turn", 0)
    # Hands are not shuffled by the companion: say the draws have all been Heaven cards.
    state = replace(state, areas=[replace(state["areas"][0], hand={"earth": 0, "heaven": 8})])
    types = {t["type"] for t in game.legal(state, 0)}
    assert types == {"discard"}
    state = do(state, "discard", 0, realm="heaven")
    assert "draw" in {t["type"] for t in game.legal(state, 0)}


@pytest.mark.parametrize("players, trigger", [(2, 0), (3, 0), (3, 1), (3, 2), (1, 0)])
def test_next_player_and_the_last_turn(players, trigger):
    state = new_game(players)
    if players == 1:
        state = solo_game()
    for _ in steps(10, "the trigger's turn"):
        if state["current"] == trigger:
            break
        state = draw_turn(state)
    state = band_of_outlaws(state, 12)
    for _ in steps(10, "the end of the last round"):
        if state["phase"] != "turn":
            break
        shown = game.view(state, None)
        last = shown["end"]["turns_left"] == 1
        assert shown["last_turn"] is last
        assert shown["next"] == (None if last else (state["current"] + 1) % players)
        state = do(state, "end_turn", state["current"])
        if state["phase"] == "turn":
            state = do(state, "draw", state["current"], cards="earth_2")
    shown = game.view(state, None)
    assert (shown["current"], shown["next"], shown["last_turn"]) == (None, None, False)


def test_flexible_icons_are_shown_once_as_either_or():
    """A Strategist and a Ruan Brother's Navy icons count as one icon or the other."""
    state = do(new_game(2), "play_earth", 0, number=37)  # Zhu Wu: Navy or Support
    state = do(draw_turn(do(state, "end_turn", 0)), "play_heaven", 0, number=27, exhaust=[1])
    either = game.view(state, None)["areas"][0]["either"]
    assert either["all"] == [
        {"icons": ["cavalry", "navy"], "count": 2},
        {"icons": ["cavalry", "navy", "support"], "count": 1},
    ]
    assert either["active"] == [{"icons": ["cavalry", "navy"], "count": 2}]


def test_scoring_prompt_says_when_all_is_entered():
    state = scoring_game()
    assert game.prompt(state)["why"]["key"] == "outlaws108.why.scoring"
    state = do(state, "score_heaven", 1, outlaw=2, points=5)
    assert game.prompt(state)["why"] == {"key": "outlaws108.why.confirm_scores", "params": {}}


@pytest.mark.parametrize(
    "kind, given, key",
    [
        ("play_earth", {}, "outlaws108.log.play_earth"),
        ("play_earth", {"number": 40}, "outlaws108.log.play_earth_no"),
        ("play_earth", {"exhaust": [1]}, "outlaws108.log.play_earth_exhausting"),
        ("play_earth", {"number": 40, "exhaust": [1]}, "outlaws108.log.play_earth_no_exhausting"),
        ("play_heaven", {"exhaust": [1]}, "outlaws108.log.play_heaven"),
        ("play_heaven", {"number": 3, "exhaust": [1]}, "outlaws108.log.play_heaven_no"),
    ],
)
def test_log_says_the_card_and_what_it_exhausted(kind, given, key):
    state = draw_turn(draw_turn(earth(new_game(3))))
    line = game.describe(act(state, kind, 0, **given), None)
    assert line["key"] == key
    assert line["params"]["exhausted"] == ", ".join(str(s) for s in given.get("exhaust", []))
    assert line["params"]["count"] == len(given.get("exhaust", []))  # the plural's number


@pytest.mark.parametrize("taken", ["earth_2", "earth_1", "heaven_1"])
def test_the_draw_is_logged_as_the_choice_the_player_tapped(taken):
    line = game.describe({"type": "draw", "seat": 1, "cards": taken}, None)
    assert line == {"key": "outlaws108.log.draw", "params": {"seat": 1, "cards": taken}}
