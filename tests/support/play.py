"""Playing a rules module without the table: fill legal templates, resolve draws, replay.

Property tests draw random legal sequences with :func:`legal_walk`; scenario tests use
:func:`play` to apply scripted actions the way ``companion/play/table.py`` does (draws first).
"""

from __future__ import annotations

import json
import random as _random

from hypothesis import strategies as st

from companion.rules.base import RuleError
from companion.rules.dice import FACES


def setup(game, players, **options):
    merged = dict(game.OPTIONS)
    merged.update(options)
    return game.setup(list(players), merged)


def resolve_draws(game, state, action, rng):
    """Fill ``action["drawn"]`` as the table would (any fair choice will do in tests)."""
    spec = game.draws(state, action) if hasattr(game, "draws") else {}
    if not spec:
        return action
    drawn = {name: rng.sample(list(d["population"]), d["count"]) for name, d in spec.items()}
    return {**action, "drawn": drawn}


def play(game, state, *actions, seed=0, check_pure=True):
    """Apply ``actions`` in order (draws resolved with a seeded RNG); return the final state.

    With ``check_pure`` each ``apply`` is checked not to mutate its input state.
    """
    rng = _random.Random(seed)
    for action in actions:
        action = resolve_draws(game, state, action, rng)
        before = json.dumps(state, sort_keys=True) if check_pure else None
        new_state = game.apply(state, action)
        if check_pure:
            assert json.dumps(state, sort_keys=True) == before, f"apply mutated its input: {action}"
        state = new_state
    return state


def fill(template, draw):
    """An action from a legal template, every open parameter filled by ``draw`` (hypothesis)."""
    action = {"type": template["type"], "seat": template["seat"]}
    if "round" in template:  # a sealed round's submission names its round
        action["round"] = template["round"]
    for name, spec in template["params"].items():
        kind = spec["kind"]
        if kind == "int":
            step = spec.get("step", 1)
            action[name] = spec["min"] + step * draw(
                st.integers(0, (spec["max"] - spec["min"]) // step)
            )
        elif kind == "choice":
            action[name] = draw(st.sampled_from(spec["options"]))
        elif kind == "multi":
            size = draw(st.integers(spec["min"], spec["max"]))
            picks = draw(st.permutations(spec["options"]))
            action[name] = list(picks[:size])
        elif kind == "text":
            action[name] = draw(st.sampled_from(["Ann", "x", "Long Name"]))[: spec["max"]]
        elif kind == "dice":
            action[name] = [draw(st.sampled_from(FACES[k])) for k in spec["dice"]]
        else:  # pragma: no cover - a new kind must be taught here
            raise AssertionError(f"unknown param kind {kind}")
    return action


def seats_of(state_view_players: int):
    return [None, *range(state_view_players)]


def legal_walk(game, state, draw, players, steps=60, seed=0):
    """Take up to ``steps`` random legal actions; yield (state_before, action, state_after).

    An action drawn from ``legal`` may still be refused by ``apply`` (a template cannot
    express every constraint); such a refusal must leave the state unchanged, and the walk
    goes on. Stops early when no seat has anything legal.
    """
    rng = _random.Random(seed)
    for _ in range(steps):
        templates = [t for seat in [None, *range(players)] for t in game.legal(state, seat)]
        if not templates:
            return
        template = draw(st.sampled_from(templates))
        action = resolve_draws(game, state, fill(template, draw), rng)
        before = json.dumps(state, sort_keys=True)  # cheaper than a deep copy, as strict
        try:
            after = game.apply(state, action)
        except RuleError:
            assert json.dumps(state, sort_keys=True) == before, "a refused action changed the state"
            continue
        assert json.dumps(state, sort_keys=True) == before, "apply mutated its input"
        yield state, action, after
        state = after


def fill_at_random(template, rng):
    """An action from a legal template, every open parameter filled by ``rng`` (a seeded
    ``random.Random``: walks that must be the same on every run)."""
    action = {"type": template["type"], "seat": template["seat"]}
    if "round" in template:  # a sealed round's submission names its round
        action["round"] = template["round"]
    for name, spec in template["params"].items():
        kind = spec["kind"]
        if kind == "int":
            step = spec.get("step", 1)
            action[name] = spec["min"] + step * rng.randint(0, (spec["max"] - spec["min"]) // step)
        elif kind == "choice":
            action[name] = rng.choice(spec["options"])
        elif kind == "multi":
            picks = rng.sample(spec["options"], len(spec["options"]))
            action[name] = picks[: rng.randint(spec["min"], spec["max"])]
        elif kind == "text":
            action[name] = rng.choice(["Ann", "x", "Long Name"])[: spec["max"]]
        elif kind == "dice":
            action[name] = [rng.choice(FACES[k]) for k in spec["dice"]]
        else:  # pragma: no cover - a new kind must be taught here
            raise AssertionError(f"unknown param kind {kind}")
    return action


def seeded_walk(game, state, players, seed, steps=200):
    """:func:`legal_walk` driven by a seeded RNG instead of hypothesis: the same walk on
    every run. Yields (state_before, action, state_after) for each action applied."""
    rng = _random.Random(seed)
    for _ in range(steps):
        templates = [t for seat in [None, *range(players)] for t in game.legal(state, seat)]
        if not templates:
            return
        action = resolve_draws(game, state, fill_at_random(rng.choice(templates), rng), rng)
        try:
            after = game.apply(state, action)
        except RuleError:
            continue
        yield state, action, after
        state = after
