"""Bandits and their gangs: Attribute tokens and caps, equipment, Experience total, death.

Rulebook sections "Game Setup", "Bandit School", "Weapons", "The Death of a Bandit" and
"More Bandits in a Gang". A bandit is plain state::

    {"name", "seat", "original": bool, "card": {"experience", "courage", "bullets", "hits"},
     "bullets", "courage", "experience" (tokens), "wounds", "equipment": [card, ...],
     "face_down": int, "lucky": int, "wicked": [int, ...]}

An equipment card is ``{"id", "kind": "gear", "hat", "safe", "envelope"}`` or
``{"id", "kind": "gun", "experience", "free", "bullets", "hands"}``.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.nowheresville import money
from companion.games.nowheresville.board import bandit, put_bandit, tell
from companion.rules.base import replace_at, require

CAPS = {"bullets": 6, "experience": 3, "courage": 3}
# What one Bandit School lesson gives (rulebook: 3 Bullets, 1 Experience, 1 Courage).
LESSONS = {"bullets": 3, "experience": 1, "courage": 1}
ATTRIBUTES = ("bullets", "experience", "courage")
GANG_LIMIT = 3
SLOTS = ("original", "accomplice", "accomplice2")
CARD_FIELDS = ("experience", "courage", "bullets", "hits")
EXPERIENCE_TOKEN = 2


def card_from(action: dict) -> dict:
    return {field: action[field] for field in CARD_FIELDS}


def fresh(name: str, seat: int, card: dict, original: bool) -> dict:
    """A bandit with only its starting Attributes (white numbers on the card)."""
    return {
        "name": name,
        "seat": seat,
        "original": original,
        "card": card,
        "bullets": min(card["bullets"], CAPS["bullets"]),
        "courage": min(card["courage"], CAPS["courage"]),
        "experience": 0,
        "wounds": 0,
        "equipment": [],
        "face_down": 0,
        "lucky": 0,
        "wicked": [],
    }


def unique_name(state: dict, seat: int, name: str) -> str:
    """Bandits are named on the board and in every form, so each name is told apart: a name
    already in play gets its owner's name after it ("Doc (Bruno)")."""
    taken = set(state["bandits"]) | set(state["fallen"])
    owned = f"{name} ({state['players'][seat]})"
    candidates = [name, owned] + [f"{owned} {n}" for n in range(2, len(taken) + 3)]
    return next(c for c in candidates if c not in taken)


def enlist(state: dict, seat: int, name: str, card: dict) -> tuple[dict, str]:
    """Add a bandit to ``seat``'s gang; the first one is the original, the rest accomplices.
    Returns the state and the name he goes by."""
    members = state["gangs"][seat]
    require(len(members) < GANG_LIMIT, "nowheresville.gang_full")
    name = unique_name(state, seat, name)
    state = put_bandit(state, fresh(name, seat, card, original=not members))
    return {**state, "gangs": replace_at(state["gangs"], seat, members + [name])}, name


def slots(state: dict, seat: int) -> dict[str, str]:
    """Slot name -> bandit name, for the planning form (original first)."""
    return dict(zip(SLOTS, state["gangs"][seat]))


def add_tokens(one: dict, attribute: str, amount: int) -> dict:
    return {**one, attribute: min(CAPS[attribute], one[attribute] + amount)}


def at_cap(one: dict, attribute: str) -> bool:
    return one[attribute] >= CAPS[attribute]


def guns(one: dict) -> list[dict]:
    return [c for c in one["equipment"] if c["kind"] == "gun"]


def gear(one: dict) -> list[dict]:
    return [c for c in one["equipment"] if c["kind"] == "gear"]


def cards_by_id(one: dict, ids: list[int]) -> list[dict]:
    return [c for c in one["equipment"] if c["id"] in ids]


def experience_total(one: dict, in_use: Sequence[dict] = ()) -> int:
    """Card value + Experience tokens x 2 + Experience of the guns in use + Wicked Man."""
    return (
        one["card"]["experience"]
        + EXPERIENCE_TOKEN * one["experience"]
        + sum(c["experience"] for c in in_use)
        + sum(one["wicked"])
    )


def free_shots(one: dict, in_use: list[dict]) -> int:
    """Free shots per Shootout: the Colt unless a two-handed gun is used, guns' free
    bullets, and Lucky Shot cards."""
    colt = 0 if any(c["hands"] == 2 for c in in_use) else 1
    return colt + sum(c["free"] for c in in_use) + one["lucky"]


def check_arms(cards: list[dict]) -> None:
    """One two-handed gun or two one-handed pistols at most ("Weapons")."""
    require(sum(c["hands"] for c in cards) <= 2, "nowheresville.too_many_hands")


def equip(one: dict, card: dict) -> dict:
    """A card joins the bandit face-up; a gun's one-time "+N" bullets are collected now."""
    one = {**one, "equipment": one["equipment"] + [card]}
    if card["kind"] == "gun" and card["bullets"]:
        one = add_tokens(one, "bullets", card["bullets"])
    return one


def drop(one: dict, ids: list[int]) -> dict:
    return {**one, "equipment": [c for c in one["equipment"] if c["id"] not in ids]}


def wound(state: dict, name: str, wounds: int, shooter: str | None) -> dict:
    """Add Wound tokens; at the bandit's Hits he dies (``shooter`` may be paid)."""
    one = bandit(state, name)
    hits = one["card"]["hits"]
    state = put_bandit(state, {**one, "wounds": min(hits, one["wounds"] + wounds)})
    if one["wounds"] + wounds >= hits:
        state = fall(state, name, shooter)
    return state


def fall(state: dict, name: str, shooter: str | None) -> dict:
    """The Death of a Bandit: equipment and tokens are discarded; over $1,000 the owner pays
    $300 to the shooter; the original comes back with his starting Attributes, an
    accomplice is lost. Either way the bandit takes no further part in this round."""
    one = bandit(state, name)
    seat = one["seat"]
    state, paid = money.death_toll(state, seat, shooter)
    if one["original"]:
        state = put_bandit(state, fresh(name, seat, one["card"], True))
    else:
        bandits = {k: v for k, v in state["bandits"].items() if k != name}
        members = [n for n in state["gangs"][seat] if n != name]
        state = {**state, "bandits": bandits, "gangs": replace_at(state["gangs"], seat, members)}
    state = {**state, "fallen": state["fallen"] + [name]}
    return tell(
        state,
        "death",
        bandit=name,
        player=seat,
        paid=paid,
        to=state["bandits"][shooter]["seat"] if paid else None,
    )


def heal(state: dict, name: str, amount: int | None) -> dict:
    """Remove ``amount`` Wound tokens (all of them when ``amount`` is None)."""
    one = bandit(state, name)
    left = 0 if amount is None else max(0, one["wounds"] - amount)
    return put_bandit(state, {**one, "wounds": left})
