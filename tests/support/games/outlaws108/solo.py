"""What several test files share: ``answer_all``, ``solo_game``, ``to_removal``."""

from __future__ import annotations

from companion.games.outlaws108 import game
from tests.support.bounded import steps
from tests.support.games.outlaws108.kit import describe_solo_row, do, earth, new_game

PLAIN = ["leadership", "infantry"]


def solo_game(costs=None):
    state = new_game(1)
    return describe_solo_row(state, {slot: PLAIN for slot in range(1, 10)} | (costs or {}))


def to_removal(state, outlaws=4):
    """Solo turns (an Earth card, or a draw when none is in hand) up to ``outlaws``."""
    for _ in steps(8 * outlaws, f"{outlaws} outlaws in play"):
        if len(state["areas"][0]["outlaws"]) >= outlaws:
            break
        if state["areas"][0]["hand"]["earth"]:
            state = earth(state)
        else:
            state = do(do(state, "draw", 0, cards="earth_2"), "end_turn", 0)
    return state


def answer_all(state, icons):
    prompts = []
    for icon in icons:
        prompts.append(game.prompt(state)["why"])
        state = do(state, "removal_icon", 0, icon=icon)
    return state, prompts
