"""What several test files share: ``opened``, ``truth``, ``vote``."""

from __future__ import annotations

from companion.games.abilene import game as abilene
from tests.support.play import play, setup

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def game(players: int = 3, **options) -> dict:
    return setup(abilene, NAMES[:players], **options)


def act(state: dict, *actions: dict) -> dict:
    return play(abilene, state, *actions)


def opened(players: int = 3, **options) -> dict:
    """Ann (seat 0) has thrown and declared a sale."""
    return act(
        game(players, **options),
        {"type": "throw", "seat": 0, "dice": [1, 2, 1, 1, 2]},
        {"type": "sell", "seat": 0},
    )


def vote(seat: int, card: str) -> dict:
    return {"type": "corral_vote", "seat": seat, "card": card}


def truth(brand: str, value: int) -> dict:
    return {"type": "sale_truth", "seat": 0, "brand": brand, "value": value}
