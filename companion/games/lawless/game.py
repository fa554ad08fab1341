"""Lawless (Sans Foi Ni Loi): the companion keeps every count of a ranch game played with
physical cards and one die. Rulebook sections are quoted by name;
the notes are in ``rules.md`` beside this file. The turn runs as phases (see ``flow.py``):

first_player -> [per ranch turn] surveillance -> escape -> sale -> rotation -> mines
-> actions (with card steps: hold_up, trapper, aim, duel) -> discard -> next ranch ... over

Interpretations chosen (also in ``companion/games/lawless/rules.md``):

- **Ranches and hands.** With 2 players each player runs two ranches, played P1-ranch 1,
  P2-ranch 1, P1-ranch 2, P2-ranch 2 ("Two-Player Rules"); each *player* has one hand of
  3 cards at setup shared by both ranches. Fortunes, terrains and scoring are per ranch; a
  player's score is the sum of theirs. The "opponents" a card may target are the other
  player's ranches (nobody attacks their own other ranch); the surveillance roller is the
  next ranch in turn order, i.e. the left-hand opponent.
- **First player** is chosen by a real die roll; the table then names them (``first_player``).
- **Raided herds** (Indian Raid): read literally by default - they still count towards the
  surveillance difficulty, may escape and still turn, but cannot be sold and do not score.
  Option ``freeze_raided_herds=True``: not counted, not lost, not turned. A raided terrain's mine
  is not rolled at all (no income, no explosion). A herd on a raided terrain may be rustled.
- **Surveillance loss**: the herd worth most if sold now (base x multiplier) escapes; two
  under Stampede; between equally valuable herds the owner picks.
- **Gold Mine** only on a terrain without herds and without a mine (the rulebook says only
  that the terrain can no longer house any); a raided terrain may receive one.
- **Saloon**: the companion draws each opponent's lost cowboy at random (``draws``).
- **The bank pays what it has**: a payout larger than the bank pays the rest and says so; the
  game ends at the end of a turn when the bank (after any points bought) or the pile is empty.
- **Hold-up** against an opponent poorer than the roll takes what they have.
- **Hired Killers** are numbered 1-3 by the table the first time each is played, with the
  bonus and bounty typed in from the card; each remembers the bonuses it shot. Between
  characters of equal top bonus (a veteran and the undertaker) the attacker aims.
- **Undertaker**: +2 coins per character eliminated (cowboy, sheriff, mayor, undertaker, as
  the Hired Killer card defines characters); a shot-down killer is not buried; an undertaker
  who is himself eliminated is not paid for it.
- **Sheriff** protection against Hold-up and Cattle Rustling is per ranch (with 2 players
  the other ranch of its player is not covered); against the Professional Cheat it covers the
  hand, which with 2 players both ranches of its player share. Lynching costs 2 + the bonus
  of the character hanged.
- **Deck limits**: a kind of card cannot be put into play more often than the deck holds
  (e.g. one Sheriff, two Saloons): nothing returns from the discard pile.
- **Girls**: the player says how many cowboys the pile gave (at most 2, fewer if the pile
  had fewer); the pile count drops by that many.
- **Mayor**: before each turn starts its owner may reorder the row; no count changes.
- **Scoring**: places 1-2-2-4 (ties share), 5/3/2/1 points, nothing for 5th-6th or for a
  ranch with none; a tie on the top total is a shared win.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.games.lawless import cards, duel, flow
from companion.games.lawless.legal import legal
from companion.games.lawless.ranch import can_house, cowboy_count, new_ranch
from companion.games.lawless.table import (
    COPIES,
    DECK,
    HAND_LIMIT,
    POINT_PRICE,
    ROW_SIZE,
    add_news,
    copies_left,
    current,
    fortune,
    hand,
    opponents,
    owner,
    ranch_named,
)
from companion.games.lawless.view import describe, prompt, view
from companion.rules import ledger
from companion.rules.base import Handler, match_template, replace, require
from companion.rules.ranking import places, standing

NAME = "lawless"
PLAYERS = range(2, 7)
OPTIONS = {"freeze_raided_herds": False}
RULES_VERSION = 2
#: Once the game is over, everyone counts their coins ("End of the Game"): the tablet may
#: still fix a ranch's coins until it closes the game.
AFTER_THE_END = frozenset({"fix_coins"})

DEALT = 3
BANK_BY_PLAYERS = {2: 50, 3: 50, 4: 50, 5: 55, 6: 60}

__all__ = [
    "NAME",
    "PLAYERS",
    "OPTIONS",
    "RULES_VERSION",
    "setup",
    "apply",
    "legal",
    "prompt",
    "view",
    "describe",
    "draws",
    "final",
]


def setup(players: list[str], options: dict) -> dict:
    """Deal 3 cards a player, lay the row of 6, open the bank ("Setup")."""
    count = len(players)
    require(count in PLAYERS, "player_count", min=PLAYERS.start, max=PLAYERS.stop - 1)
    merged = {**OPTIONS, **options}
    require(
        isinstance(merged["freeze_raided_herds"], bool), "bad_option", name="freeze_raided_herds"
    )
    names = _unique([str(p).strip() or f"#{i + 1}" for i, p in enumerate(players)], {"bank"})
    ranches = _ranches(names, 0)
    return {
        "players": list(players),
        "names": names,
        "options": merged,
        "phase": "first_player",
        "step": None,
        "ranches": ranches,
        "hands": [DEALT] * count,
        "ledger": ledger.open_ledger(len(ranches), 0, BANK_BY_PLAYERS[count]),
        "pile": DECK - DEALT * count - ROW_SIZE,
        "row": [True] * ROW_SIZE,
        "current": 0,
        "turn": 0,
        "points": 0,
        "bought": 0,
        "mayor_may": False,
        "played": {},
        "killers": {},
        "next_id": 1,
        "news": [],
        # [turn, coins of each ranch, prestige of each player] at the end of every turn
        "history": [[0, [0] * len(ranches), [0] * count]],
    }


def _unique(names: list[str], taken: set[str]) -> list[str]:
    out = []
    for name in names:
        candidate = name
        while candidate in taken or candidate in out:
            candidate += "'"
        out.append(candidate)
    return out


def _ranches(names: list[str], first: int) -> list[dict]:
    """Ranches in turn order from the first player; two each with 2 players."""
    order = [(first + i) % len(names) for i in range(len(names))]
    if len(names) > 2:
        return [new_ranch(p, names[p]) for p in order]
    labels = _unique([f"{names[p]} {k}" for k in (1, 2) for p in order], set(names) | {"bank"})
    return [new_ranch(p, label) for p, label in zip(order * 2, labels)]


def first_player(state: dict, action: dict) -> dict:
    first = state["names"].index(action["player"])
    state = replace(state, ranches=_ranches(state["names"], first))
    return flow.begin_turn(state, 0)


def mayor_reorder(state: dict, action: dict) -> dict:
    state = replace(state, mayor_may=False)
    return add_news(state, "lawless.news.mayor_reorder")


def fix_pile(state: dict, action: dict) -> dict:
    return replace(state, pile=action["count"])


def fix_hand(state: dict, action: dict) -> dict:
    player = state["names"].index(action["holder"])
    hands = list(state["hands"])
    hands[player] = action["count"]
    state = replace(state, hands=hands)
    if state["phase"] == "discard" and player == owner(state):
        # the cards over the limit are counted again ("Hand limit")
        excess = action["count"] - HAND_LIMIT
        if excess <= 0:
            return flow.finish_turn(state)
        state = replace(state, step={**state["step"], "excess": excess})
    return state


def fix_coins(state: dict, action: dict) -> dict:
    """Coins are never set, only moved: the difference goes to or from the bank."""
    index = ranch_named(state, action["ranch"])
    most = fortune(state, index) + state["ledger"]["bank"]
    require(
        action["coins"] <= most,
        "lawless.fix_beyond_bank",
        ranch=action["ranch"],
        bank=state["ledger"]["bank"],
        most=most,
    )
    difference = action["coins"] - fortune(state, index)
    payer: ledger.Party = ledger.BANK if difference > 0 else index
    payee: ledger.Party = index if difference > 0 else ledger.BANK
    return replace(state, ledger=ledger.transfer(state["ledger"], payer, payee, abs(difference)))


def notes(before: dict, after: dict, action: dict) -> dict | None:
    """A coin correction's log line says the coins it moved (+ from the bank, − to it)."""
    if action["type"] != "fix_coins":
        return None
    index = ranch_named(before, action["ranch"])
    return {"moved": fortune(after, index) - fortune(before, index)}


def _dice(step: Callable[[dict, int], dict]) -> Handler:
    return lambda state, action: step(state, action["dice"][0])


HANDLERS = {
    "first_player": first_player,
    "mayor_reorder": mayor_reorder,
    "fix_pile": fix_pile,
    "fix_hand": fix_hand,
    "fix_coins": fix_coins,
    "surveillance_difficulty": _dice(flow.difficulty),
    "surveillance_roll": _dice(flow.watch),
    "lose_herd": lambda s, a: flow.choose_escape(s, a["herd"]),
    "sell_herds": lambda s, a: flow.sell(s, a["herds"]),
    "mine_roll": _dice(flow.mine_roll),
    "end_turn": lambda s, a: flow.end_turn(s),
    "discard": lambda s, a: flow.discard(s, a["count"]),
    "draw_row": cards.draw_row,
    "draw_pile": cards.draw_pile,
    "buy_points": cards.buy_points,
    "place_terrain": cards.place_terrain,
    "place_herd": cards.place_herd,
    "place_cowboy": cards.place_cowboy,
    "play_raid": cards.play_raid,
    "play_stampede": cards.play_stampede,
    "play_rails": cards.play_rails,
    "play_hold_up": cards.play_hold_up,
    "hold_up_roll": cards.hold_up_roll,
    "play_saloon": cards.play_saloon,
    "play_rustling": cards.play_rustling,
    "play_cheat": cards.play_cheat,
    "play_lynching": cards.play_lynching,
    "play_cavalry": cards.play_cavalry,
    "play_king_of_rodeo": cards.play_king_of_rodeo,
    "play_gold_mine": cards.play_gold_mine,
    "play_fence": cards.play_fence,
    "play_sheriff": cards.play_character("sheriff"),
    "play_mayor": cards.play_character("mayor"),
    "play_undertaker": cards.play_character("undertaker"),
    "play_girls": cards.play_girls,
    "play_trapper": cards.play_trapper,
    "trapper_roll": cards.trapper_roll,
    "hire_killer": duel.hire_killer,
    "play_hired_killer": duel.play_hired_killer,
    "aim_killer": duel.aim_killer,
    "duel_attack": duel.duel_attack,
    "duel_defend": duel.duel_defend,
}


def apply(state: dict, action: dict) -> dict:
    """Check the action against ``legal`` (after the friendlier card checks), then run it."""
    require(isinstance(action, dict) and isinstance(action.get("type"), str), "bad_action")
    _explain(state, action)
    match_template(legal(state, action.get("seat"), action.get("type")), action)
    if state["mayor_may"] and action["type"] not in (
        "mayor_reorder",
        "fix_pile",
        "fix_hand",
        "fix_coins",
    ):
        state = replace(state, mayor_may=False)
    return HANDLERS[action["type"]](state, action)


def card_kind(action: dict) -> str | None:
    """The deck kind an action puts into play, or None."""
    action_type = action.get("type")
    for prefix, param in (("terrain", "quality"), ("herd", "quality"), ("cowboy", "level")):
        if action_type == f"place_{prefix}":
            return f"{prefix}_{action.get(param)}"
    if action_type in ("hire_killer", "play_hired_killer"):
        return "hired_killer"
    if isinstance(action_type, str) and action_type.startswith("play_"):
        return action_type[len("play_") :]
    return None


def _explain(state: dict, action: dict) -> None:
    """Say *why* a card cannot be played, where ``legal`` would only leave it out."""
    if (
        state["phase"] != "actions"
        or state["step"] is not None
        or action.get("seat") != owner(state)
    ):
        return
    if action["type"] == "buy_points":
        count = action.get("count")
        count = count if isinstance(count, int) and not isinstance(count, bool) else 1
        coins = fortune(state, state["current"])
        require(
            coins >= POINT_PRICE * max(count, 1),
            "lawless.cannot_buy_points",
            ranch=current(state)["name"],
            coins=coins,
            price=POINT_PRICE,
            count=max(count, 1),
        )
    kind = card_kind(action)
    if kind is None:
        return
    require(hand(state, state["current"]) > 0, "lawless.hand_empty", ranch=current(state)["name"])
    if kind in COPIES and kind != "hired_killer":
        require(
            copies_left(state, kind) > 0, "lawless.no_cards_left", card=kind, copies=COPIES[kind]
        )
    if action["type"] == "place_herd":
        require(
            any(can_house(t) for t in current(state)["terrains"]),
            "lawless.no_room_for_herd",
            ranch=current(state)["name"],
        )
    if action["type"] == "play_saloon":
        require(
            any(cowboy_count(state["ranches"][i]) for i in opponents(state, state["current"])),
            "lawless.no_cowboys_to_lure",
        )


def draws(state: dict, action: dict) -> dict:
    """Saloon: one random cowboy card from each opponent who has any."""
    if (
        not isinstance(action, dict)
        or action.get("type") != "play_saloon"
        or state["phase"] != "actions"
        or state["step"] is not None
    ):
        return {}
    return cards.saloon_draws(state)


def final(state: dict) -> bool:
    return state["phase"] == "over"


def start_seat(state: dict) -> int | None:
    """Who took the first turn: the player the table named after the die roll (rulebook,
    "The first player is chosen by a die roll"); their ranch comes first in turn order."""
    return None if state["phase"] == "first_player" else state["ranches"][0]["player"]


def standings(state: dict) -> list[dict]:
    """Final places by prestige, the scoring table's totals (rulebook, "End of the game")."""
    from companion.games.lawless.scoring import score_table

    totals = [p["total"] for p in score_table(state)["players"]]
    return [
        standing(seat, place, "final.points", points=total)
        for seat, (total, place) in enumerate(zip(totals, places(totals)))
    ]
