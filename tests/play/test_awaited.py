"""Whom the table waits for (companion/play/awaited.py), for every kind of prompt the kernel
makes: the one answer the phones' "Your turn", the tablet's headline and a refusal's
"waiting for" read."""

from __future__ import annotations

import pytest

from companion.play.awaited import awaited_seats
from companion.rules.base import choice_prompt, dice_prompt, secret_prompt

CASES = {
    # a sealed round waits for the seats that have not submitted, whoever's turn it is
    "a corral vote, Bruno voted": (secret_prompt([0, 2], [1], "abilene.why.corral"), 1, [0, 2]),
    "planning, nobody in yet": (secret_prompt([0, 1, 2], [], "why.planning"), None, [0, 1, 2]),
    # a throw: its seat, whoever's turn of the game it is (the left-hand neighbour rolls)
    "a surveillance roll by Bruno on Ann's turn": (
        dice_prompt(1, ["d6"], "surveillance_difficulty", "why"),
        0,
        [1],
    ),
    # a duel: each die's owner
    "a duel": (
        dice_prompt(2, ["cowboy", "cowboy"], "duel_roll", "why", owners=[2, 0]),
        2,
        [2, 0],
    ),
    "a throw whose dice are all one seat's": (
        dice_prompt(1, ["d6", "d6"], "roll", "why", owners=[1, 1]),
        1,
        [1],
    ),
    "a seat's choice": (choice_prompt(2, "why"), 0, [2]),
    # the table's own choice, made on the tablet: no phone's turn
    "the table chooses": (choice_prompt(None, "why.first_player"), 1, []),
    "the table throws": (dice_prompt(None, ["d6"], "roll", "why"), 1, []),
    "no prompt: the game's turn": (None, 1, [1]),
    "no prompt, no turn": (None, None, []),
}


@pytest.mark.parametrize("prompt, turn, awaited", CASES.values(), ids=list(CASES))
def test_the_seats_the_table_waits_for(prompt, turn, awaited):
    assert awaited_seats(prompt, turn) == awaited
