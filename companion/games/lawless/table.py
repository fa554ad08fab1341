"""State-level helpers shared by the Lawless rules modules: who plays, money, cards, news.

A Lawless state holds one entry per *ranch* (with 2 players each player runs two ranches)
and one hand per *player*. Money lives in a shared ``ledger`` whose purses are the ranches.
"""

from __future__ import annotations

from typing import Any

from companion.rules import ledger, turns
from companion.rules.base import RuleError, replace, replace_at, require

DECK = 117
POINTS_PER_TURN = 6
POINT_PRICE = 2
HAND_LIMIT = 10
ROW_SIZE = 6
FACE_DOWN_COST = 3
NEWS_KEPT = 12

# The deck: how many copies of each card kind exist (rulebook, "Components" and
# "Card Effects"). Nothing comes back from the discard pile, so no kind can be put into
# play more often than this (hired killers excepted: they may return to a hand).
COPIES = {
    "terrain_poor": 16,
    "terrain_average": 4,
    "terrain_excellent": 4,
    "herd_poor": 9,
    "herd_average": 15,
    "herd_excellent": 6,
    "cowboy_novice": 8,
    "cowboy_experienced": 9,
    "cowboy_veteran": 3,
    "raid": 3,
    "stampede": 3,
    "hired_killer": 3,
    "hold_up": 3,
    "rails": 3,
    "saloon": 2,
    "rustling": 2,
    "cheat": 3,
    "lynching": 3,
    "sheriff": 1,
    "king_of_rodeo": 3,
    "cavalry": 3,
    "gold_mine": 2,
    "undertaker": 1,
    "girls": 2,
    "trapper": 3,
    "fence": 2,
    "mayor": 1,
}
# Action points to put a card into play (Lynching: 2 + the target's bonus).
COST = {
    "raid": 3,
    "stampede": 3,
    "hired_killer": 3,
    "hold_up": 3,
    "rails": 3,
    "saloon": 5,
    "rustling": 5,
    "cheat": 3,
    "lynching": 2,
    "sheriff": 4,
    "king_of_rodeo": 3,
    "cavalry": 3,
    "gold_mine": 3,
    "undertaker": 4,
    "girls": 3,
    "trapper": 3,
    "fence": 4,
    "mayor": 4,
}


def current(state: dict) -> dict:
    return state["ranches"][state["current"]]


def owner(state: dict) -> int:
    """The player (seat) whose ranch is playing."""
    return current(state)["player"]


def left_ranch(state: dict) -> int:
    """The ranch to the left of the current one (clockwise = next in turn order)."""
    return turns.left_of(state["current"], len(state["ranches"]))


def opponents(state: dict, index: int) -> list[int]:
    """Ranches of the other players (with 2 players: the other player's two ranches)."""
    player = state["ranches"][index]["player"]
    return [i for i, ranch in enumerate(state["ranches"]) if ranch["player"] != player]


def ranch_named(state: dict, name: str) -> int:
    for index, ranch in enumerate(state["ranches"]):
        if ranch["name"] == name:
            return index
    raise AssertionError(name)


def with_ranch(state: dict, index: int, ranch: dict) -> dict:
    return replace(state, ranches=replace_at(state["ranches"], index, ranch))


def freeze(state: dict) -> bool:
    """Table option: raided herds are frozen (not counted, not lost, not turned)."""
    return state["options"]["freeze_raided_herds"]


def fortune(state: dict, index: int) -> int:
    return state["ledger"]["purses"][index]


def bank(state: dict) -> int:
    return state["ledger"]["bank"]


def hand(state: dict, index: int) -> int:
    return state["hands"][state["ranches"][index]["player"]]


def with_hand(state: dict, player: int, delta: int) -> dict:
    return replace(state, hands=replace_at(state["hands"], player, state["hands"][player] + delta))


def add_news(state: dict, key: str, **params: Any) -> dict:
    """Remember what just happened, for the dashboard (the log only sees the actions)."""
    news = state["news"][-(NEWS_KEPT - 1) :] + [{"key": key, "params": params}]
    return replace(state, news=news)


def pay_from_bank(state: dict, index: int, amount: int) -> tuple[dict, int]:
    """The bank pays a ranch; a bank that is short pays what it has and says so."""
    money, paid = ledger.pay_what_is_there(state["ledger"], ledger.BANK, index, amount)
    state = replace(state, ledger=money)
    if paid < amount:
        state = add_news(state, "lawless.news.bank_short", asked=amount, paid=paid)
    return state, paid


def take_from(state: dict, payer: ledger.Party, payee: int, amount: int) -> tuple[dict, int]:
    """Move up to ``amount`` from a ranch or the bank; who has less gives what they have."""
    money, paid = ledger.pay_what_is_there(state["ledger"], payer, payee, amount)
    state = replace(state, ledger=money)
    if payer == ledger.BANK and paid < amount:
        state = add_news(state, "lawless.news.bank_short", asked=amount, paid=paid)
    return state, paid


def next_id(state: dict, prefix: str) -> tuple[dict, str]:
    number = state["next_id"]
    return replace(state, next_id=number + 1), f"{prefix}{number}"


def copies_left(state: dict, kind: str) -> int:
    return COPIES[kind] - state["played"].get(kind, 0)


def take_card(state: dict, kind: str, cost: int) -> dict:
    """Put a card of ``kind`` from the current hand into play, paying ``cost`` points."""
    index = state["current"]
    require(hand(state, index) > 0, "lawless.hand_empty", ranch=current(state)["name"])
    if kind != "hired_killer":
        require(
            copies_left(state, kind) > 0, "lawless.no_cards_left", card=kind, copies=COPIES[kind]
        )
    require_points(state, cost)
    played = dict(state["played"])
    played[kind] = played.get(kind, 0) + 1
    state = with_hand(state, owner(state), -1)
    return replace(state, points=state["points"] - cost, played=played)


def spend_points(state: dict, cost: int) -> dict:
    require_points(state, cost)
    return replace(state, points=state["points"] - cost)


def require_points(state: dict, cost: int) -> None:
    """Refuse an action the points left do not pay, saying what is missing: the points to
    buy and their price, or that the coins do not buy enough ("you have 0 coins")."""
    if state["points"] >= cost:
        return
    params = _shortfall(state, cost)
    require(unpayable(state, cost) is None, "lawless.points_unaffordable", **params)
    raise RuleError("lawless.not_enough_points", **params)


def unpayable(state: dict, cost: int) -> dict | None:
    """The refusal's words (``lawless.points_unaffordable``) when neither the points left
    nor any purchase of points pays ``cost``; None when it can be paid."""
    left, coins = state["points"], fortune(state, state["current"])
    if left >= cost or coins >= POINT_PRICE * (cost - left):
        return None
    return _shortfall(state, cost)


def _shortfall(state: dict, cost: int) -> dict:
    left = state["points"]
    coins = fortune(state, state["current"])
    return {
        "cost": cost,
        "left": left,
        "price": POINT_PRICE,
        "coins": coins,
        "missing": cost - left,
    }
