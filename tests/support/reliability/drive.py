"""Playing any game the way a table of careless players would: pick a random action from
the ``legal`` list a viewer was sent and fill its open parameters at random.

Nothing here knows a game's rules, so the same driver plays every game that exists (the
five real ones, and the test game ``tally`` in-process). Parameters are filled like
``tests/support/play.py``'s ``fill`` does, with a ``random.Random`` instead of hypothesis,
and text gets a fresh value each time (names must often be unique).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from companion.known_games import registry
from companion.rules.dice import FACES

REAL_GAMES = tuple(registry.found())
FIGURES = Path(__file__).resolve().parents[3] / "test-output" / "reliability"


def existing_games(names=REAL_GAMES) -> list[str]:
    """The games among ``names`` whose module exists and imports (some are being written)."""
    out = []
    for name in names:
        try:
            module = registry.game(name)
        except (ImportError, KeyError, SyntaxError):
            continue
        if all(hasattr(module, f) for f in ("setup", "apply", "legal", "view", "describe")):
            out.append(name)
    return out


def player_names(game: str, count: int | None = None) -> list[str]:
    allowed = registry.game(game).PLAYERS
    wanted = count if count is not None else min(max(3, allowed.start), allowed.stop - 1)
    return ["Ann", "Bruno", "Chloé", "Dmitri", "Eun-ji", "Farah"][:wanted]


def fill(template: dict, rng: random.Random) -> dict:
    """An action from a legal template, every open parameter filled at random."""
    action = {"type": template["type"], "seat": template["seat"]}
    if "round" in template:  # a sealed round's submission names its round
        action["round"] = template["round"]
    for name, spec in template["params"].items():
        action[name] = fill_param(spec, rng)
    return action


def fill_param(spec: dict, rng: random.Random):
    kind = spec["kind"]
    if kind == "int":
        step = spec.get("step", 1)
        return spec["min"] + step * rng.randint(0, (spec["max"] - spec["min"]) // step)
    if kind == "choice":
        return rng.choice(spec["options"])
    if kind == "multi":
        picks = list(spec["options"])
        rng.shuffle(picks)
        return picks[: rng.randint(spec["min"], spec["max"])]
    if kind == "text":
        return f"N{rng.randrange(10**6):06d}"[: spec["max"]]
    if kind == "dice":
        return [rng.choice(FACES[die]) for die in spec["dice"]]
    raise AssertionError(f"the reliability driver must be taught param kind {kind!r}")


def other_filling(template: dict, action: dict, rng: random.Random, tries: int = 60):
    """A filling of ``template`` that differs from ``action`` (None when there is none)."""
    for _ in range(tries):
        candidate = fill(template, rng)
        if canonical(candidate) != canonical(action):
            return candidate
    return None


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def record(name: str, figures: dict) -> Path:
    """Keep a run's figures for docs/reliability.md (test-output/reliability/<name>.json)."""
    FIGURES.mkdir(parents=True, exist_ok=True)
    path = FIGURES / f"{name}.json"
    path.write_text(json.dumps(figures, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


def record_part(name: str, part: str, figures: dict) -> Path:
    """Merge one parametrised case's figures into test-output/reliability/<name>.json."""
    path = FIGURES / f"{name}.json"
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data[part] = figures
    return record(name, data)
