"""What several test files share: ``script``, ``steps``."""

from __future__ import annotations

import random

from companion.games.nowheresville import game as nv
from tests.support.games.nowheresville.basics import act, enlist, gear, plan
from tests.support.play import resolve_draws, setup

ODD_DECK = [1013 + 18 * i for i in range(40)]  # distinctive note values, never round


def script(mode, first_fortune=1100, second_fortune=2200, count=1):
    """Three rounds: Saloon, Shop, Town, Bank, Black Market, Coach, secret amounts."""
    counted = [act("count_pot", 1, bandit="Kid", big_notes=count)] if mode == "physical" else []
    return [
        enlist(0, "Doc"),
        enlist(1, "Kid"),
        enlist(2, "Jo"),
        act("start"),
        # round 1
        plan(0, original="saloon"),
        plan(1, original="shop"),
        plan(2, original="town"),
        gear(hat=2, safe=0, envelope=1, seat=0),
        act("fortune_money", 0, bandit="Doc", amount=first_fortune),
        act("work", 2, bandit="Jo"),
        act("buy", 1, bandit="Kid"),
        gear(hat=0, safe=5, envelope=0, seat=1),
        # round 2
        act("maintenance"),
        plan(0, original="shop"),
        plan(1, original="bank"),
        plan(2, original="black_market"),
        act("buy", 0, bandit="Doc"),
        gear(hat=1, safe=0, envelope=0, seat=0),
        act("black_market", 2, bandit="Jo"),
        act("rob", 1, bandit="Kid", gear=[2]),
        act("robbery_roll", 1, dice=[4]),
        *counted,
        # round 3
        act("maintenance"),
        plan(0, original="coach"),
        plan(1, original="saloon"),
        plan(2, original="hideout"),
        gear(hat=0, safe=0, envelope=0, seat=1),
        act("fortune_money", 1, bandit="Kid", amount=second_fortune),
        act("rob", 0, bandit="Doc", gear=[]),
        act("robbery_roll", 0, dice=[6]),
    ]


def opening(mode, purses):
    state = setup(nv, ["Ann", "Bob", "Cid"], saloon="in", goal=90000, money=mode)
    state = {**state, "ledger": {**state["ledger"], "purses": list(purses)}}
    if mode == "virtual":
        state = {**state, "notes": {**state["notes"], "deck": list(ODD_DECK)}}
    return state


def steps(mode, purses, seed=0, **amounts):
    """Yield (state, actions so far) after each action of the script."""
    state, done = opening(mode, purses), []
    rng = random.Random(seed)
    for action in script(mode, **amounts):
        action = resolve_draws(nv, state, action, rng)
        state = nv.apply(state, action)
        done.append(action)
        yield state, list(done)
