"""Secret money, the Bank and Coach pots, the virtual money deck and the goal.

Every dollar moves through ``companion/rules/ledger.py`` with an unlimited bank: what
players pay goes to the bank, what they gain comes from it, the $300 death toll goes from
player to player. Balances and pot sums live only here and in the owner's own view.

The pots hold a public *count* of face-down notes. With physical notes the companion never
knows their sum (the robber types it on their own phone); with the virtual money deck the
note values are kept in ``state["notes"]`` (deck, discards, and the notes on each pot),
which no view ever shows, and the table draws the notes through ``draws``.
"""

from __future__ import annotations

from typing import Any

from companion.games.nowheresville.board import POTS, tell
from companion.rules import ledger
from companion.rules.base import RuleError, require
from companion.rules.ranking import winners

START_MONEY = 500
PROVISION = 100
DEATH_TOLL = 300
RICH = 1000  # "more than 1000 dollars"
GOALS = {2: 3000, 3: 2500, 4: 2000, 5: 2000}
NOTE_VALUES = (100, 200)


def goal_for(players: int, options: dict) -> int:
    """The rulebook's goal by player count, unless the table chose another."""
    return options["goal"] or GOALS[players]


def purse(state: dict, seat: int) -> int:
    return ledger.balance(state["ledger"], seat)


def pay(state: dict, seat: int, amount: int) -> dict:
    """A payment to the bank; refused with ``cannot_afford`` (shown only to the payer)."""
    return {**state, "ledger": ledger.transfer(state["ledger"], seat, ledger.BANK, amount)}


def gain(state: dict, name: str, amount: int) -> dict:
    """Bandit ``name`` brings ``amount`` home from the bank; an accomplice's provision
    ($100) is taken at once ("More Bandits in a Gang")."""
    seat = state["bandits"][name]["seat"]
    state = {**state, "ledger": ledger.transfer(state["ledger"], ledger.BANK, seat, amount)}
    return provision(state, name)


def provision(state: dict, name: str) -> dict:
    one = state["bandits"][name]
    if one["original"]:
        return state
    paid_ledger, _ = ledger.pay_what_is_there(state["ledger"], one["seat"], ledger.BANK, PROVISION)
    return tell({**state, "ledger": paid_ledger}, "provision", bandit=name, player=one["seat"])


def death_toll(state: dict, owner: int, shooter: str | None) -> tuple[dict, bool]:
    """Over $1,000 the dead bandit's owner pays $300 to the shooter's owner."""
    if shooter is None or shooter not in state["bandits"]:
        return state, False
    payee = state["bandits"][shooter]["seat"]
    if payee == owner or purse(state, owner) <= RICH:
        return state, False
    state = {**state, "ledger": ledger.transfer(state["ledger"], owner, payee, DEATH_TOLL)}
    return provision(state, shooter), True


def record_taking(state: dict, seat: int, pot: str, amount: int) -> dict:
    """The robber's own record of a pot (shown on their phone only)."""
    entry = {"round": state["round"], "pot": pot, "amount": amount}
    takings = list(state["takings"])
    takings[seat] = takings[seat] + [entry]
    return {**state, "takings": takings}


def chart_point(state: dict) -> dict:
    """Each seat's balance at the end of the round, for its own money chart."""
    chart = [
        points + [[state["round"], purse(state, seat)]]
        for seat, points in enumerate(state["chart"])
    ]
    return {**state, "chart": chart}


def winner(state: dict) -> int | None:
    """At or over the goal, the most money wins; an exact tie at the top plays on."""
    purses = state["ledger"]["purses"]
    best = winners(purses)
    if len(best) == 1 and purses[best[0]] >= state["goal"]:
        return best[0]
    return None


# -- the pots --------------------------------------------------------------------------


def notes_due(state: dict) -> dict[str, int]:
    """Maintenance: one note on each pot, two on a pot successfully robbed last round."""
    return {pot: 2 if state["robbed"][pot] else 1 for pot in POTS}


def fresh_deck(options: dict) -> list[int]:
    return [100] * options["notes_100"] + [200] * options["notes_200"]


def note_draws(state: dict, count: int) -> dict:
    """The table's draws for ``count`` notes: from the deck, then from the reshuffled
    discards (topped up with fresh money when even those run short, rulebook final tip 2)."""
    deck = state["notes"]["deck"]
    from_deck = min(count, len(deck))
    spec = {}
    if from_deck:
        spec["deck"] = {"population": list(deck), "count": from_deck}
    if count > from_deck:
        spec["reshuffled"] = {
            "population": _pile(state, count - from_deck),
            "count": count - from_deck,
        }
    return spec


def _pile(state: dict, needed: int) -> list[int]:
    pile = list(state["notes"]["discards"])
    while len(pile) < needed:
        pile += fresh_deck(state["options"])
    return pile


def deal(state: dict, due: dict[str, int], drawn: dict | None) -> dict:
    """Put ``due`` notes on each pot (virtual mode: the drawn notes, secretly)."""
    pots = {pot: state["pots"][pot] + due[pot] for pot in POTS}
    state = {**state, "pots": pots}
    if state["notes"] is None:
        return state
    spec = note_draws(state, sum(due.values()))
    drawn = drawn if isinstance(drawn, dict) else {}
    notes = dict(state["notes"])
    dealt = []
    for name in sorted(spec):
        taken = _checked_draw(drawn.get(name), spec[name])
        dealt += taken
        notes["deck"] = _without(spec[name]["population"], taken)
        if name == "reshuffled":
            notes["discards"] = []
    for pot in POTS:
        notes[pot] = notes[pot] + dealt[: due[pot]]
        dealt = dealt[due[pot] :]
    return {**state, "notes": notes}


def _checked_draw(values: Any, spec: dict) -> list[int]:
    require(isinstance(values, list) and len(values) == spec["count"], "nowheresville.bad_draw")
    try:
        _without(spec["population"], values)
    except ValueError:
        raise RuleError("nowheresville.bad_draw") from None
    return list(values)


def _without(pool: list[int], taken: list[int]) -> list[int]:
    rest = list(pool)
    for value in taken:
        rest.remove(value)
    return rest


def empty_pot(state: dict, pot: str) -> tuple[dict, int, int | None]:
    """A successful robbery clears the pot: returns (state, notes taken, sum if known)."""
    count = state["pots"][pot]
    state = {**state, "pots": {**state["pots"], pot: 0}, "robbed": {**state["robbed"], pot: True}}
    if state["notes"] is None:
        return state, count, None
    notes = state["notes"]
    taken = notes[pot]
    notes = {**notes, pot: [], "discards": notes["discards"] + taken}
    return {**state, "notes": notes}, count, sum(taken)
