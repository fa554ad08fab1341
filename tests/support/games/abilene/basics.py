"""What several test files share: ``act``, ``end``, ``game``, ``purses``, ``throw``,
``types``."""

from __future__ import annotations

from companion.games.abilene import game as abilene
from tests.support.play import play, setup

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"]


def game(players: int = 3, **options) -> dict:
    return setup(abilene, NAMES[:players], **options)


def act(state: dict, *actions: dict) -> dict:
    return play(abilene, state, *actions)


def throw(seat: int, dice=(2, 3, 1, 2, 4)) -> dict:
    return {"type": "throw", "seat": seat, "dice": list(dice)}


def end(seat: int) -> dict:
    return {"type": "end_turn", "seat": seat}


def purses(state: dict) -> list[int]:
    return state["money"]["purses"]


def types(state: dict, seat) -> set[str]:
    return {t["type"] for t in abilene.legal(state, seat)}
