"""The board of Nowheresville: Location cards, their order and rewards, and the round's news.

Shared by the other ``nowheresville_*`` rooms. The news is the public story of the round
(deaths, robberies, purchases): the log line of an action is made from the action alone, so
what the rules make public about its *outcome* is told here and shown on every view. It
never holds a balance, a pot sum or a Fortune amount.
"""

from __future__ import annotations

from typing import Any

from companion.rules.base import require

# Resolution order, bottom to top of the layout ("Location Resolution").
PLACES = ("saloon", "school", "town", "shop", "black_market", "bank", "coach", "prison")
HIDEOUT = "hideout"
POTS = ("bank", "coach")
# "Cowboy hats" for prison breaks and Town assaults, "Safe" for the Bank, "Envelope" for
# the Coach ("Robbery").
SYMBOL = {"town": "hat", "prison": "hat", "bank": "safe", "coach": "envelope"}
SYMBOLS = ("hat", "safe", "envelope")
LOCATION_TARGET = 8
# How many places in the order of a Location receive something.
REWARDS = {
    "saloon": 2,
    "school": 2,
    "town": 2,
    "shop": 3,
    "black_market": 3,
    "bank": 1,
    "coach": 1,
    "prison": 1,
}
PRICE = {"shop": 100, "black_market": 200}
TOWN_PAY = (200, 100)
NEWS_KEPT = 24
NEWS = (
    "enlist",
    "heal_card",
    "hideout",
    "school",
    "work",
    "drew_card",
    "buy",
    "black_market",
    "revealed",
    "hand_gun",
    "decline",
    "fortune",
    "sheriff",
    "provision",
    "shootout",
    "shootout_over",
    "death",
    "robbery",
    "pot_taken",
    "discarded",
    "freed",
    "round_over",
    "winner",
)


def tell(state: dict, kind: str, **fields: Any) -> dict:
    """Add a public news item (only what the rules make public)."""
    assert kind in NEWS, kind
    item = {"kind": kind, "round": state["round"], **fields}
    return {**state, "news": (state["news"] + [item])[-NEWS_KEPT:]}


def places_in_play(state: dict) -> list[str]:
    return [p for p in PLACES if p != "saloon" or state["saloon"]]


def bandit(state: dict, name: str) -> dict:
    found = state["bandits"].get(name)
    require(found is not None, "nowheresville.no_such_bandit", bandit=str(name)[:30])
    return found


def put_bandit(state: dict, one: dict) -> dict:
    return {**state, "bandits": {**state["bandits"], one["name"]: one}}


def alive(state: dict, name: str) -> bool:
    """In play and not fallen this round (a dead original is back, but only next round)."""
    return name in state["bandits"] and name not in state["fallen"]


def owner(state: dict, name: str) -> int:
    return state["bandits"][name]["seat"]


def resolving(state: dict) -> str:
    """The bandit whose reward is being resolved, while a place's rewards are open."""
    name = current_bandit(state)
    assert name is not None, "no reward is being resolved"
    return name


def current_bandit(state: dict) -> str | None:
    """The bandit whose reward is being resolved now, if any."""
    res = state.get("resolution")
    if not res or res["unordered"] or res["position"] >= len(res["order"]):
        return None
    return res["order"][res["position"]]
