"""What several test files share: ``Autopilot``, ``rotating``."""

from __future__ import annotations

import random

from companion.games.nowheresville import game as nv
from companion.rules.base import RuleError
from tests.support.games.nowheresville.basics import plan
from tests.support.play import resolve_draws

PREFERENCE = [
    "maintenance",
    "start",
    "gear",
    "count_pot",
    "free_bandit",
    "discard_gear",
    "fortune_money",
    "sheriff",
    "robbery_roll",
    "give_up",
    "agree_order",
    "rob",
    "work",
    "train",
    "buy",
    "black_market",
    "end_shootout",
    "tie_roll",
    "decline",
]


class Autopilot:
    """Plays whatever the table waits for, with a schedule of plans; records every step."""

    def __init__(self, state, schedule, rolls=(6, 2, 5, 3, 4, 1)):
        self.state, self.schedule, self.rolls = state, schedule, list(rolls)
        self.actions, self.states, self.freed = [], [state], 0
        self.rng = random.Random(7)

    def plan_for(self, seat):
        slots = list(nv.legal(self.state, seat)[0]["params"])
        places = self.schedule(self.state["round"], seat)
        return plan(
            seat,
            **dict(zip([s for s in slots if s != "heal"], places)),
            **({"heal": "none"} if "heal" in slots else {}),
        )

    def fill(self, template):
        action = {"type": template["type"], "seat": template["seat"]}
        for name, spec in template["params"].items():
            if spec["kind"] == "dice":
                self.rolls.append(self.rolls.pop(0))
                action[name] = [self.rolls[0]]
            elif spec["kind"] == "multi":
                action[name] = spec["options"][: spec["max"] if name == "gear" else spec["min"]]
            elif spec["kind"] == "choice":
                action[name] = spec["options"][0]
            elif spec["kind"] == "int":
                action[name] = {"amount": spec["max"], "hat": 3, "safe": 3, "envelope": 3}.get(
                    name, spec["min"]
                )
            else:
                self.freed += 1
                action[name] = f"Rico {self.freed}"
        if template["type"] == "fortune_money":
            action["amount"] = 300
        return action

    def step(self):
        if self.state["phase"] == "planning":
            candidates = [self.plan_for(nv.prompt(self.state)["seats"][0])]
        else:
            offered = [
                t
                for seat in [None, *range(len(self.state["players"]))]
                for t in nv.legal(self.state, seat)
            ]
            offered.sort(
                key=lambda t: (
                    PREFERENCE.index(t["type"]) if t["type"] in PREFERENCE else len(PREFERENCE)
                )
            )
            candidates = [self.fill(t) for t in offered]
        for action in candidates:  # e.g. a Shop card one cannot afford: the next choice
            action = resolve_draws(nv, self.state, action, self.rng)
            try:
                self.state = nv.apply(self.state, action)
            except RuleError:
                continue
            self.actions.append(action)
            self.states.append(self.state)
            return
        raise AssertionError("nothing legal could be played")

    def until(self, done, limit=5000):
        for _ in range(limit):
            if done(self.state):
                return self.state
            self.step()
        raise AssertionError("the game did not get there")


def rotating(round_number, seat):
    spots = ["saloon", "town", "bank", "school", "coach", "shop", "prison", "black_market"]
    offsets = [0, 1, 4, 1, 4] if round_number % 2 else [0, 3, 0, 6, 2]
    first = (round_number + offsets[seat]) % len(spots)  # some bandits meet, some do not
    return [spots[(first + n) % len(spots)] for n in range(3)]  # up to a gang of three
