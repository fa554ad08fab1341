"""What several test files share: ``run_game``."""

from __future__ import annotations

import random

from companion.games.lawless import game
from companion.games.lawless.ranch import can_house
from companion.rules.base import RuleError
from tests.support.games.lawless.helpers import money_total
from tests.support.play import play, setup


def choose(state, rng):
    """A simple table: builds terrains, herds and cowboys, sells at 6 o'clock, draws."""
    asked = game.prompt(state)
    if asked["kind"] == "dice":
        return {**asked["action"], "dice": [rng.randint(1, 6)]}
    seat = asked["seat"]
    offers = {t["type"]: t for t in game.legal(state, seat)}
    if "lose_herd" in offers:
        return {"type": "lose_herd", "seat": seat, "herd": state["step"]["choices"][0]}
    if "sell_herds" in offers:
        ripe = [
            h["id"]
            for t in state["ranches"][state["current"]]["terrains"]
            if not t["raided"]
            for h in t["herds"]
            if h["rotation"] >= 2
        ]
        return {"type": "sell_herds", "seat": seat, "herds": ripe}
    if "discard" in offers:
        return {"type": "discard", "seat": seat, "count": state["step"]["excess"]}
    return _action(state, seat, offers, rng)


def _action(state, seat, offers, rng):
    ranch = state["ranches"][state["current"]]
    room = [t["id"] for t in ranch["terrains"] if can_house(t)]

    def options(action_type, name):
        return offers[action_type]["params"][name]["options"]

    wishes = []
    if room and "place_herd" in offers:
        wishes.append(
            {
                "type": "place_herd",
                "quality": options("place_herd", "quality")[0],
                "terrain": room[0],
            }
        )
    if "place_terrain" in offers and len(ranch["terrains"]) < 4:
        wishes.append(
            {"type": "place_terrain", "quality": rng.choice(options("place_terrain", "quality"))}
        )
    if "place_cowboy" in offers and rng.random() < 0.3:
        wishes.append({"type": "place_cowboy", "level": options("place_cowboy", "level")[0]})
    if "draw_row" in offers:
        wishes.append({"type": "draw_row", "position": options("draw_row", "position")[0]})
    for wish in wishes:
        try:
            game.apply(state, {**wish, "seat": seat})
        except RuleError:
            continue
        return {**wish, "seat": seat}
    return {"type": "end_turn", "seat": seat}


def run_game(players, seed):
    rng = random.Random(seed)
    state = setup(game, players)
    actions = [{"type": "first_player", "seat": None, "player": state["names"][-1]}]
    state = play(game, state, actions[0])
    total = money_total(state)
    while not game.final(state):
        action = choose(state, rng)
        state = play(game, state, action, check_pure=False)
        actions.append(action)
        assert money_total(state) == total and state["ledger"]["bank"] >= 0
        assert len(actions) < 5000
    return state, actions
