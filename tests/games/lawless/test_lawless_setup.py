"""Lawless setup: bank by player count, hands, pile and row, ranches and turn order."""

from __future__ import annotations

import pytest

from companion.games.lawless import game
from companion.rules.base import RuleError
from tests.support.games.lawless.helpers import act, start
from tests.support.play import play, setup

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


@pytest.mark.parametrize(
    "players, bank, pile, ranches",
    [
        (2, 50, 105, 4),
        (3, 50, 102, 3),
        (4, 50, 99, 4),
        (5, 55, 96, 5),
        (6, 60, 93, 6),
    ],
)
def test_setup_counts(players, bank, pile, ranches):
    state = setup(game, NAMES[:players])
    assert state["ledger"]["bank"] == bank
    assert state["ledger"]["purses"] == [0] * ranches
    assert state["pile"] == pile
    assert state["row"] == [True] * 6
    assert state["hands"] == [3] * players
    assert state["phase"] == "first_player"
    assert game.prompt(state)["why"]["key"] == "lawless.why.first_player"


@pytest.mark.parametrize("players", [0, 1, 7])
def test_player_count_is_refused(players):
    with pytest.raises(RuleError) as error:
        setup(game, NAMES[:players] + ["Zed"] * max(0, players - 6))
    assert error.value.code == "player_count"
    assert error.value.params == {"min": 2, "max": 6}


def test_unknown_raid_option_is_refused():
    with pytest.raises(RuleError) as error:
        setup(game, NAMES[:3], freeze_raided_herds="sometimes")
    assert error.value.code == "bad_option"


@pytest.mark.parametrize(
    "first, order",
    [
        ("Ann", ["Ann 1", "Bob 1", "Ann 2", "Bob 2"]),
        ("Bob", ["Bob 1", "Ann 1", "Bob 2", "Ann 2"]),
    ],
)
def test_two_players_run_two_ranches_in_the_rulebook_order(first, order):
    state = start(["Ann", "Bob"], first=first)
    assert [r["name"] for r in state["ranches"]] == order
    owners = [r["player"] for r in state["ranches"]]
    assert owners == ([0, 1, 0, 1] if first == "Ann" else [1, 0, 1, 0])
    assert state["hands"] == [3, 3]


def test_first_player_starts_and_turns_go_clockwise():
    state = start(["Ann", "Bob", "Cid"], first="Cid")
    assert [r["name"] for r in state["ranches"]] == ["Cid", "Ann", "Bob"]
    assert state["current"] == 0 and state["turn"] == 1
    assert state["phase"] == "actions" and state["points"] == 6
    state = act(state, "end_turn")
    assert state["ranches"][state["current"]]["name"] == "Ann"


def test_same_names_are_told_apart():
    state = setup(game, ["Ann", "Ann", "bank"])
    assert len(set(state["names"])) == 3 and "bank" not in state["names"]


def test_only_the_table_names_the_first_player():
    state = setup(game, NAMES[:3])
    assert game.legal(state, 0) == []
    with pytest.raises(RuleError) as error:
        play(game, state, {"type": "first_player", "seat": 0, "player": "Ann"})
    assert error.value.code == "not_now"
