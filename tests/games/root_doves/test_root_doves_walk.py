"""Random legal play (hypothesis, drawing from ``legal``): the Doves' board stays sound,
``apply`` never mutates its input, and a replay of the resolved actions is the live state."""

from __future__ import annotations

import json
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.root_doves import board as B
from companion.games.root_doves import game
from tests.support.games.root_doves.helpers import check_prompt, fresh, started
from tests.support.play import legal_walk


def without(*kinds):
    """The game with some action types left out of ``legal`` (so walks go deeper than a
    random ``score`` of 30 points would let them)."""
    return SimpleNamespace(
        NAME=game.NAME,
        OPTIONS=game.OPTIONS,
        apply=game.apply,
        draws=game.draws,
        legal=lambda state, seat: [t for t in game.legal(state, seat) if t["type"] not in kinds],
    )


def check_board(state):
    board = state["board"]
    assert all(n > 0 for n in board["warriors"].values())
    assert B.warriors_in_supply(board) >= 0
    assert len(set(board["ceasefire"])) == len(board["ceasefire"]) <= B.CEASEFIRE_TOKENS
    pacified = [c for c in board["pacification"].values() if c is not None]
    assert len(set(pacified)) == len(pacified)
    assert not set(pacified) & set(board["ceasefire"]), "one token per clearing"
    for suit, clearing in board["pacification"].items():
        assert clearing is None or state["clearings"][clearing] == suit
    assert set(board["pile"]) <= set(B.CARD_SUITS)
    assert board["hand"] >= 0
    for kind in B.BUILDINGS:
        placed = board["buildings"][kind]
        assert len(set(placed)) == len(placed) <= len(board["slots"][kind])
    assert all(vp >= 0 for vp in state["vp"])
    if state["doves_turn"]:
        assert state["doves_turn"]["actions"] <= 3
    assert (state["stage"] == "over") == (state["winner"] is not None)


def check_offers(state):
    """No choice is ever offered empty, and whoever the prompt waits for can act."""
    for seat in (None, 0, 1, 2):
        for template in game.legal(state, seat):
            for spec in template["params"].values():
                assert spec["kind"] != "choice" or spec["options"], template
    check_prompt(state)


def walk(data, game_module, state, steps):
    taken = []
    for _, action, after in legal_walk(game_module, state, data.draw, 3, steps=steps):
        check_board(after)
        check_offers(after)
        assert game.describe(action, None)["key"].startswith("root_doves.log.")
        taken.append(action)
        state = after
    json.dumps(game.view(state, 0))
    return taken, state


def replay(state, actions):
    for action in actions:
        state = game.apply(state, action)
    return state


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_random_play_from_setup(data):
    start = fresh()
    actions, end = walk(data, game, start, steps=40)
    assert replay(start, actions) == end


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_random_play_with_battles_and_losses(data):
    start = started()
    actions, end = walk(data, without("score", "set_hand", "set_points"), start, steps=50)
    assert json.dumps(replay(start, actions), sort_keys=True) == json.dumps(end, sort_keys=True)


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_random_doves_turns(data):
    """The Doves' own play, deeper: no battles, no enemy removing their pieces."""
    start = started()
    quiet = without(
        "score",
        "set_points",
        "set_hand",
        "extra_hits",
        "lose_warriors",
        "remove_token",
        "remove_building",
        "battle",
    )
    actions, end = walk(data, quiet, start, steps=50)
    assert replay(start, actions) == end
