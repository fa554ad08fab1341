"""What several test files share: ``act``, ``coins``, ``herd_ids``, ``lay_out``,
``money_total``, ``next_turn``, ``roll``, ``start``, ``terrain_ids``, ``to_actions``."""

from __future__ import annotations

from companion.games.lawless import game
from companion.games.lawless.ranch import new_herd, new_terrain
from companion.rules import ledger
from companion.rules.base import replace, replace_at
from tests.support.play import play, setup


def start(players=("Ann", "Bob", "Cid"), first=None, **options):
    """A table past the first-player choice: the first ranch is about to play."""
    state = setup(game, players, **options)
    first = first or state["names"][0]
    return play(game, state, {"type": "first_player", "seat": None, "player": first})


def acting_seat(state, action_type):
    """The seat whose legal actions include ``action_type`` (the owner when several)."""
    seats = [
        s
        for s in range(len(state["players"]))
        if any(t["type"] == action_type for t in game.legal(state, s))
    ]
    assert seats, f"nobody may {action_type} in phase {state['phase']}"
    owner = state["ranches"][state["current"]]["player"]
    return owner if owner in seats else seats[0]


def act(state, action_type, seat=None, seed=0, **params):
    seat = acting_seat(state, action_type) if seat is None else seat
    return play(game, state, {"type": action_type, "seat": seat, **params}, seed=seed)


def roll(state, *faces):
    """Answer the table's dice prompts, one face each, in order."""
    for face in faces:
        asked = game.prompt(state)
        assert asked and asked["kind"] == "dice", asked
        state = play(game, state, {**asked["action"], "dice": [face]})
    return state


def to_actions(state, sell=()):
    """Get the current ranch through surveillance (kept), sale and mines (paying 2 each)."""
    while state["phase"] != "actions":
        if state["phase"] == "surveillance":
            state = roll(state, 1, 6) if state["step"]["difficulty"] is None else roll(state, 6)
        elif state["phase"] == "sale":
            state = act(state, "sell_herds", herds=list(sell))
        elif state["phase"] == "mines":
            state = roll(state, 1, 1)
        else:
            raise AssertionError(state["phase"])
    return state


def next_turn(state):
    """End the current turn (discarding down to 10 if asked) and reach the next actions."""
    state = act(state, "end_turn")
    if state["phase"] == "discard":
        state = act(state, "discard", count=state["step"]["excess"])
    return state if state["phase"] == "over" else to_actions(state)


def lay_out(state, index, terrains=(), coins=0, hand=None, **ranch_changes):
    """Give ranch ``index`` terrains ``[(quality, [(herd quality, rotation), ...]), ...]``
    (a terrain may also be a dict of extra terrain fields under key 2), coins from the
    bank, a hand size, and any other ranch fields (``characters``, ``fences``...)."""
    ranch = dict(state["ranches"][index])
    number = state["next_id"]
    laid = []
    for spec in terrains:
        quality, herds = spec[0], spec[1]
        terrain = new_terrain(f"T{number}", quality)
        number += 1
        terrain["herds"] = []
        for herd_quality, rotation in herds:
            terrain["herds"].append(new_herd(f"H{number}", herd_quality, rotation))
            number += 1
        if len(spec) > 2:
            terrain.update(spec[2])
        laid.append(terrain)
    ranch["terrains"] = ranch["terrains"] + laid
    if "characters" in ranch_changes:
        ranch_changes["characters"] = {**ranch["characters"], **ranch_changes["characters"]}
    ranch.update(ranch_changes)
    state = replace(state, ranches=replace_at(state["ranches"], index, ranch), next_id=number)
    if coins:
        state = replace(state, ledger=ledger.transfer(state["ledger"], ledger.BANK, index, coins))
    if hand is not None:
        state = replace(state, hands=replace_at(state["hands"], ranch["player"], hand))
    return state


def herd_ids(state, index):
    return [h["id"] for t in state["ranches"][index]["terrains"] for h in t["herds"]]


def terrain_ids(state, index):
    return [t["id"] for t in state["ranches"][index]["terrains"]]


def coins(state):
    """(bank, fortunes) at a glance."""
    return state["ledger"]["bank"], list(state["ledger"]["purses"])


def money_total(state):
    return state["ledger"]["bank"] + sum(state["ledger"]["purses"])
