"""Scripted Lawless turns and whole games, replayed through ``apply`` as the table does."""

from __future__ import annotations

import pytest

from companion.games.lawless import game
from companion.rules.base import RuleError
from tests.support.games.lawless.games import run_game
from tests.support.games.lawless.helpers import (
    act,
    coins,
    herd_ids,
    lay_out,
    next_turn,
    roll,
    start,
    terrain_ids,
)
from tests.support.play import play, setup

ANN, BOB, CID = 0, 1, 2


# -- scripted turns ------------------------------------------------------------------------


def test_a_raid_freed_by_the_cavalry():
    state = lay_out(
        start(),
        BOB,
        [
            ("excellent", [("average", 1), ("poor", 0)]),
            ("poor", [], {"mine": True}),
            ("poor", [("poor", 3)]),
        ],
    )
    state = act(state, "play_raid", terrain="T1")
    state = act(state, "end_turn")
    # Bob: the raided herds are watched (difficulty 1 + 3) but may not be sold
    state = roll(state, 1)
    assert state["step"]["difficulty"] == 4
    state = roll(state, 6)
    with pytest.raises(RuleError) as error:
        act(state, "sell_herds", herds=["H2"])
    assert error.value.code == "lawless.herd_raided"
    state = act(state, "sell_herds", herds=[])
    state = roll(state, 2, 2)
    assert coins(state)[1] == [0, 4, 0]
    view = game.view(state, None)
    assert [h["sellable"] for h in view["ranches"][BOB]["terrains"][0]["herds"]] == [False, False]
    assert [h["rotation"] for h in view["ranches"][BOB]["terrains"][0]["herds"]] == [2, 1]
    state = act(state, "play_cavalry", terrain="T1")
    state = next_turn(next_turn(state))  # Cid, then Ann
    state = act(state, "end_turn")
    state = roll(state, 1, 6)
    state = act(state, "sell_herds", herds=["H2", "H3"])
    assert coins(state)[1] == [0, 4 + 2 * 3 + 1 * 2, 0]  # 4 from the mine, then 6 + 2
    assert state["phase"] == "mines"  # and the mine rolls again


def test_a_stampede_loses_two_herds_until_the_king_of_the_rodeo():
    state = lay_out(
        start(),
        BOB,
        [("excellent", [("average", 2), ("poor", 0), ("poor", 1)])],
        characters={"veteran": 1},
    )
    state = act(state, "play_stampede", target="Bob")
    state = act(state, "end_turn")
    asked = game.prompt(state)
    assert asked["why"]["params"]["herds"] == 6
    state = roll(state, 1)
    assert state["step"]["difficulty"] == 7
    state = roll(state, 3)  # 3 + 3 < 7: the average (6) and poor at 3 o'clock (2) escape
    assert herd_ids(state, BOB) == ["H3"]
    state = act(state, "sell_herds", herds=[])
    state = act(state, "play_king_of_rodeo")
    state = next_turn(next_turn(state))
    state = act(state, "end_turn")
    assert game.prompt(state)["why"]["params"]["herds"] == 1


def test_a_mine_explosion():
    state = act(start(), "end_turn")
    state = act(state, "place_terrain", quality="excellent")
    state = act(state, "play_gold_mine", terrain="T1")
    assert state["points"] == 2
    state = next_turn(next_turn(state))
    state = act(state, "end_turn")
    assert state["phase"] == "mines"
    state = roll(state, 5, 6)
    assert terrain_ids(state, BOB) == [] and coins(state) == (50, [0, 0, 0])
    assert state["news"][-1]["key"] == "lawless.news.mine_exploded"


def test_the_bank_running_dry_pays_what_is_left_and_ends_the_game():
    state = lay_out(
        start(), BOB, [("excellent", [("excellent", 3)] * 3), ("excellent", [("excellent", 3)] * 2)]
    )
    state = roll(act(state, "end_turn"), 1, 6)
    state = act(state, "sell_herds", herds=herd_ids(state, BOB))  # 60 asked
    assert coins(state) == (0, [0, 50, 0])
    assert state["news"][-1]["key"] == "lawless.news.sold"
    assert state["news"][-2] == {
        "key": "lawless.news.bank_short",
        "params": {"asked": 60, "paid": 50},
    }
    ended = act(state, "end_turn")
    assert game.final(ended) and ended["news"][-1]["key"] == "lawless.news.game_over_bank_empty"
    # buying points refills the bank before the end of the turn: the game goes on
    refilled = act(act(state, "buy_points", count=1), "end_turn")
    assert not game.final(refilled) and refilled["ledger"]["bank"] == 2


def _trapper(state):
    return roll(act(state, "play_trapper"), 6)


def _hold_up_the_bank(state):
    return roll(act(state, "play_hold_up", target="bank"), 6)


def _killer(attack, defend):
    def script(state):
        state = act(state, "hire_killer", bonus=2, bounty=5, target="Bob")
        return roll(state, attack, defend)

    return script


def _lynching(state):
    return act(state, "play_lynching", target="Bob", character="novice")


@pytest.mark.parametrize(
    "script, asked, paid_to",
    [
        (_trapper, 9, ANN),  # die + 3
        (_hold_up_the_bank, 9, ANN),
        (_killer(6, 1), 5, ANN),  # the bounty
        (_killer(1, 6), 5, BOB),  # the bounty, to the defender
        (_lynching, 2, CID),  # Cid's undertaker buries Bob's novice
    ],
)
def test_every_payout_from_a_short_bank_pays_what_is_left_and_ends_the_game(script, asked, paid_to):
    state = lay_out(start(), BOB, characters={"novice": 1})
    state = lay_out(state, CID, characters={"undertaker": 1})
    state = lay_out(state, ANN, coins=49)  # one coin left in the bank
    before = coins(state)[1]
    state = script(state)
    assert coins(state)[0] == 0 and coins(state)[1][paid_to] == before[paid_to] + 1
    assert {"key": "lawless.news.bank_short", "params": {"asked": asked, "paid": 1}} in state[
        "news"
    ]
    state = act(state, "end_turn")
    assert game.final(state) and state["news"][-1]["key"] == "lawless.news.game_over_bank_empty"


def test_the_bank_pays_what_it_has_for_a_mine():
    state = lay_out(start(), BOB, [("poor", [], {"mine": True})])
    state = lay_out(state, ANN, coins=47)
    state = roll(act(state, "end_turn"), 4, 5)
    assert coins(state) == (0, [47, 3, 0])


# -- whole games --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, seed",
    [
        (["Ann", "Bob"], 1),
        (["Ann", "Bob", "Cid"], 2),
        (["A", "B", "C", "D", "E", "F"], 3),
    ],
)
def test_whole_games_end_with_a_scoring_table(players, seed):
    state, actions = run_game(players, seed)
    table = game.view(state, None)["scoring"]
    assert len(table["rows"]) == (4 if len(players) == 2 else len(players))
    assert [p["total"] for p in table["players"]] == [
        sum(r["total"] for r in table["rows"] if r["player"] == p) for p in range(len(players))
    ]
    # rulebook, "End of the Game": the winner has the greatest number of prestige points
    # (every player holding it, on a tie); each row's total is its four categories' points
    for row in table["rows"]:
        assert row["total"] == sum(cell["points"] for cell in row["cells"].values())
    best = max(p["total"] for p in table["players"])
    assert table["winners"] == [p["player"] for p in table["players"] if p["total"] == best]
    assert state["pile"] == 0 or state["ledger"]["bank"] == 0
    # the journal replays to the same final state
    replayed = play(game, setup(game, players), *actions, check_pure=False)
    assert replayed == state


def test_two_player_game_plays_the_four_ranches_in_order():
    state = start(["Ann", "Bob"])
    seen = []
    for _ in range(6):
        seen.append((state["ranches"][state["current"]]["name"], game.prompt(state)["seat"]))
        state = next_turn(state)
    assert seen == [
        ("Ann 1", 0),
        ("Bob 1", 1),
        ("Ann 2", 0),
        ("Bob 2", 1),
        ("Ann 1", 0),
        ("Bob 1", 1),
    ]


def test_two_player_ranches_share_their_players_hand():
    state = start(["Ann", "Bob"])
    state = act(state, "draw_pile")
    state = next_turn(next_turn(state))  # Bob 1, then Ann 2 with Ann's hand of 4
    assert state["ranches"][state["current"]]["name"] == "Ann 2" and state["hands"] == [4, 3]
    assert game.view(state, 0)["me"] == {"player": 0, "hand": 4, "ranches": [0, 2]}
    # an opponent is the other player's ranch, never one's own other ranch
    cheat = [t for t in game.legal(state, 0) if t["type"] == "play_cheat"][0]
    assert cheat["params"]["victim"]["options"] == ["Bob 1", "Bob 2"]
