"""Hired killers' duels in each outcome, aiming, memory of the shot, and the undertaker."""

from __future__ import annotations

import pytest

from companion.games.lawless import game
from companion.rules.base import RuleError
from tests.support.games.lawless.helpers import act, coins, lay_out, money_total, roll, start

ANN, BOB, CID = 0, 1, 2


def hire(state, target="Bob", bonus=2, bounty=5):
    return act(state, "hire_killer", bonus=bonus, bounty=bounty, target=target)


def duel(state, attack, defend):
    asked = game.prompt(state)
    assert asked["action"]["type"] == "duel_attack"
    state = roll(state, attack)
    asked = game.prompt(state)
    assert asked["action"]["type"] == "duel_defend"
    return roll(state, defend)


@pytest.mark.parametrize(
    "attack, defend, outcome",
    [
        (6, 3, "won"),  # 6+2 = 8 against 3+1 = 4
        (1, 6, "lost"),  # 1+2 = 3 against 6+1 = 7
        (3, 4, "tie"),  # 3+2 = 5 against 4+1 = 5
    ],
)
def test_duel_outcomes(attack, defend, outcome):
    state = lay_out(start(), BOB, characters={"novice": 1, "experienced": 0})
    state = hire(state)
    assert state["points"] == 3 and state["hands"][ANN] == 2
    prompts = [game.prompt(state)["seat"]]
    state = roll(state, attack)
    prompts.append(game.prompt(state)["seat"])
    state = roll(state, defend)
    assert prompts == [ANN, BOB]
    killer = state["killers"]["1"]
    bob = state["ranches"][BOB]
    if outcome == "won":
        assert bob["characters"]["novice"] == 0 and killer["alive"] and killer["shot"] == [1]
        assert state["hands"][ANN] == 3 and state["ranches"][ANN]["trophies"] == 1
        assert coins(state) == (45, [5, 0, 0])
    elif outcome == "lost":
        assert bob["characters"]["novice"] == 1 and not killer["alive"]
        assert state["hands"][ANN] == 2 and coins(state) == (45, [0, 5, 0])
    else:
        assert bob["characters"]["novice"] == 0 and not killer["alive"]
        assert state["hands"][ANN] == 2 and coins(state) == (50, [0, 0, 0])
    assert state["step"] is None and state["phase"] == "actions"


@pytest.mark.parametrize(
    "characters, target",
    [
        ({"sheriff": 1, "mayor": 1, "veteran": 2}, "sheriff"),
        ({"mayor": 1, "veteran": 2}, "mayor"),
        ({"experienced": 1, "novice": 3}, "experienced"),
    ],
)
def test_the_killer_aims_at_the_highest_bonus(characters, target):
    state = hire(lay_out(start(), BOB, characters=characters))
    assert state["step"]["target"] == target
    asked = game.prompt(state)
    assert asked["why"]["key"] == "lawless.why.duel_attack"


def test_between_a_veteran_and_the_undertaker_the_attacker_aims():
    state = hire(lay_out(start(), BOB, characters={"veteran": 1, "undertaker": 1}))
    assert game.prompt(state)["why"]["key"] == "lawless.why.aim"
    [aim] = game.legal(state, ANN)
    assert aim["params"]["character"]["options"] == ["undertaker", "veteran"]
    state = act(state, "aim_killer", character="veteran")
    state = duel(state, 6, 1)
    bob = state["ranches"][BOB]["characters"]
    assert bob["veteran"] == 0 and bob["undertaker"] == 1
    # the undertaker buries the veteran: 2 coins, after the killer's 5
    assert coins(state) == (43, [5, 2, 0])


def test_a_killer_remembers_whom_it_shot_and_pays_it_on_its_death():
    state = lay_out(start(), BOB, characters={"veteran": 1})
    state = lay_out(state, CID, characters={"mayor": 1})
    state = duel(hire(state, bonus=3, bounty=4), 6, 1)  # shoots Bob's veteran (+3)
    assert state["killers"]["1"]["shot"] == [3]
    for _ in range(3):  # the card went back to Ann's hand; Bob and Cid pass
        state = act(state, "end_turn")
    # Ann plays the same killer again, against Cid's mayor (+4), and loses
    known = [t for t in game.legal(state, ANN) if t["type"] == "play_hired_killer"]
    assert known[0]["params"]["killer"]["options"] == ["1"]
    state = act(state, "play_hired_killer", killer="1", target="Cid")
    state = duel(state, 1, 6)  # 1+3 against 6+4
    assert coins(state)[1] == [4, 0, 4 + 3]
    assert not any(t["type"] == "play_hired_killer" for t in game.legal(state, ANN))


def test_three_killers_at_most():
    state = lay_out(start(), BOB, characters={"novice": 3})
    state = lay_out(state, ANN, coins=10, hand=5)
    state = act(state, "buy_points", count=3)
    for _ in range(3):
        state = duel(hire(state), 1, 1)  # 1+2 against 1+1: the killer wins
    assert sorted(state["killers"]) == ["1", "2", "3"]
    assert not any(t["type"] == "hire_killer" for t in game.legal(state, ANN))
    assert money_total(state) == 50


def test_no_killer_against_a_ranch_without_characters():
    state = lay_out(start(), CID, characters={"novice": 1})
    [template] = [t for t in game.legal(state, ANN) if t["type"] == "hire_killer"]
    assert template["params"]["target"]["options"] == ["Cid"]
    with pytest.raises(RuleError) as error:
        hire(state, target="Bob")
    assert error.value.code == "bad_choice"


def test_tie_with_the_undertaker_as_target_pays_nobody():
    state = hire(lay_out(start(), BOB, characters={"undertaker": 1}))
    state = duel(state, 4, 3)  # 4+2 against 3+3
    assert coins(state) == (50, [0, 0, 0])
    assert state["ranches"][BOB]["characters"]["undertaker"] == 0


def test_two_player_duel_asks_the_other_player_to_defend():
    state = start(["Ann", "Bob"])
    state = lay_out(state, 3, characters={"experienced": 1})  # Bob's second ranch
    state = act(state, "hire_killer", bonus=1, bounty=3, target="Bob 2")
    assert game.prompt(state)["seat"] == 0
    state = roll(state, 2)
    assert game.prompt(state)["seat"] == 1
    state = roll(state, 1)  # 2+1 against 1+2: tie
    assert state["ranches"][3]["characters"]["experienced"] == 0
