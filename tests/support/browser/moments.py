"""Fixed states to look at: a table of each game played by a seeded random walk (its draws
made from a fixed seed) until the view shows what a reading needs — herds on a terrain, an
end triggered with several turns left, a robbery's pot on the robber's phone. The same seed
gives the same game every run, so each moment is a fixed state; a moment the walk no longer
reaches fails the test (change its seed or its condition), it is never passed over."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from companion.errors import CompanionError
from companion.play.table import Viewer
from companion.rules.base import RuleError
from tests.support.reliability.drive import fill

STEPS = 3000


@dataclass(frozen=True)
class Moment:
    name: str
    wanted: Callable[[dict], bool]  # on the tablet's view of the state
    avoid: frozenset = frozenset()  # moves the walk leaves out on its way (a random score
    # of 30 points would end a Root game before any refugee reaches the pile)


def walk_until(service, table_id: str, rng: random.Random, moment: Moment) -> int:
    """Random legal moves by the tablet and the seats until ``moment`` holds; the number
    of moves it took."""
    players = len(service.table(table_id).record.players)
    viewers = [Viewer(admin=True), *(Viewer(seat=s) for s in range(players))]
    for step in range(STEPS):
        if moment.wanted(service.view(table_id, Viewer(admin=True))["state"]):
            return step
        table = service.table(table_id)
        assert not table.ended, f"the game ended before {moment.name}"
        choices = [
            (v, legal)
            for v in viewers
            for legal in [
                [
                    t
                    for t in service.call(lambda v=v: table.legal_for(v))
                    if t["type"] not in moment.avoid
                ]
            ]
            if legal
        ]
        assert choices, f"nobody can move before {moment.name}"
        viewer, legal = rng.choice(choices)
        try:
            service.act(table_id, fill(rng.choice(legal), rng), viewer)
        except (RuleError, CompanionError):
            pass  # a random filling the rules refuse: the walk goes on
    raise AssertionError(f"{moment.name} not reached in {STEPS} moves")


def herds_out(s):
    return (
        any(t["herds"] for r in s["ranches"] for t in r["terrains"])
        and s["killers"]
        and s["bank"] != s["pile"]
    )


NO_POINTS = frozenset({"score", "set_points"})  # typed at random, 30 points end the game
# game -> (players, table options, walk seed, moments in the order the walk meets them)
MOMENTS = {
    "lawless": (
        3,
        {},
        0,
        [
            Moment("the first player chosen", lambda s: s["phase"] != "first_player"),
            Moment("herds on a terrain and a hired killer", herds_out),
            Moment("the scoring table", lambda s: s["scoring"] is not None),
        ],
    ),
    # a long game (a high goal) so that a Shootout and a robbery come before the end
    "nowheresville": (
        3,
        {"goal": 90000},
        2,
        [
            Moment("planning the first round", lambda s: s["planning"] is not None),
            Moment(
                "notes on the pots and a gun in a gang",
                lambda s: (
                    s["pots"]["bank"]
                    and s["pots"]["coach"]
                    and any(
                        c["kind"] == "gun" for b in s["bandits"].values() for c in b["equipment"]
                    )
                ),
            ),
            Moment("a shootout", lambda s: s["shootout"] is not None),
            Moment("a robbery", lambda s: s["robbery"] is not None),
        ],
    ),
    # five players, so that the end can be triggered with four turns still to come
    "outlaws108": (
        5,
        {},
        6,
        [
            Moment("outlaws in play", lambda s: sum(a["outlaw_count"] for a in s["areas"]) >= 6),
            Moment(
                "the end triggered, four turns left",
                lambda s: s["end"]["triggered"] and s["end"]["turns_left"] == 4,
            ),
            Moment("the last turn", lambda s: s["last_turn"]),
            Moment("the final table", lambda s: s["standings"] is not None),
        ],
    ),
    "root_doves": (
        3,
        {},
        0,
        [
            Moment("refugees on the pile", lambda s: len(s["board"]["pile"]) >= 2, avoid=NO_POINTS),
            Moment(
                "a battle rolled",
                lambda s: bool(s["battle"] and s["battle"]["dice"]),
                avoid=NO_POINTS,
            ),
            Moment("a winner", lambda s: s["stage"] == "over"),
        ],
    ),
    "abilene": (
        3,
        {},
        4,
        [
            Moment("the first throw", lambda s: s["dice"] is not None),
            Moment("a sale sold and a loan taken", lambda s: bool(s["last_sale"] and s["loans"])),
            Moment("the final money", lambda s: bool(s.get("final"))),
        ],
    ),
}
