"""Scripted openings: the moves that bring each kind of secret to the table for certain,
so a leak scenario never depends on a random walk happening to get there (a robbery in
Nowheresville comes late in random play, and a walk that never reaches a secret has tested
nothing). Each opening is played by the seats and the tablet through the service, like any
other move; the leak harness then forks at the first secret moment after it.

The moves are the rules tests' own scripted games (``tests/games``), cut where the secret
is asked for, so a change to a game's rules shows up in both places at once.
"""

from __future__ import annotations

from tests.support.games.abilene.game import sale, throw
from tests.support.games.nowheresville.basics import act, enlist
from tests.support.games.nowheresville.secrecy import script as nowheresville_game

NOWHERESVILLE = (("saloon", "in"), ("goal", 90000))


def nowheresville_until(kind: str, money: str) -> list[dict]:
    """The secrecy test's three rounds, up to (not including) the first ``kind`` move."""
    moves = nowheresville_game(money)
    return moves[: next(i for i, m in enumerate(moves) if m["type"] == kind)]


def abilene_until_a_sale() -> list[dict]:
    """Ann throws and sells at once: the corral votes open, then the seller's truth."""
    return [throw(0, [2, 3, 1, 2, 4]), sale(0, {}, "", 0)[0]]


# secret -> (game, table options, opening moves)
OPENINGS = {
    "plan": (
        "nowheresville",
        NOWHERESVILLE,
        [enlist(0, "Doc"), enlist(1, "Kid"), enlist(2, "Jo"), act("start")],
    ),
    "plan_virtual": (
        "nowheresville",
        NOWHERESVILLE + (("money", "virtual"),),
        nowheresville_until("plan", "virtual"),
    ),
    "count_pot": ("nowheresville", NOWHERESVILLE, nowheresville_until("count_pot", "physical")),
    "corral_vote": ("abilene", (), abilene_until_a_sale()),
    "sale_truth": ("abilene", (), abilene_until_a_sale()),
    "bid": (
        "tally",
        (),
        [{"type": "add", "seat": 0, "amount": 3}, {"type": "call_bids", "seat": 0}],
    ),
}
