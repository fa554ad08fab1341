"""Recorded games replay to exactly their final state, on every run.

A rule change that would replay an old journal differently fails here until the game's
``RULES_VERSION`` is bumped and a migration (``MIGRATIONS``, see
``companion/storage/rules_versions.py``) or a new recording (``python -m tests.recorded.record
GAME``) is committed. Recordings made under an older version must still load through the migrations.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.known_games import registry
from companion.storage import rules_versions
from companion.storage.entries import ActionApplied
from companion.storage.journal import Entry

HERE = Path(__file__).resolve().parent / "recorded"
RECORDINGS = sorted(HERE.glob("*.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_game_has_a_recording_under_its_current_rules():
    current = {(r["game"], r["rules_version"]) for r in map(load, RECORDINGS)}
    for name in registry.found():
        version = registry.game(name).RULES_VERSION
        assert (name, version) in current, (
            f"{name} is at RULES_VERSION {version} with no recorded game under it: "
            f"python -m tests.recorded.record {name}"
        )


@pytest.mark.parametrize("path", RECORDINGS, ids=lambda p: p.stem)
def test_a_recorded_game_replays_to_its_final_state(path):
    recording = load(path)
    game = registry.game(recording["game"])
    entries = [
        Entry(n + 1, ActionApplied(action), "admin", "web", "", None)
        for n, action in enumerate(recording["actions"])
    ]
    actions = [
        e.body.action for e in rules_versions.bring_up(game, recording["rules_version"], entries)
    ]
    state = game.setup(list(recording["players"]), dict(recording["options"]))
    for action in actions:
        state = game.apply(state, action)
    assert game.final(state)
    if recording["rules_version"] == game.RULES_VERSION:
        assert json.loads(json.dumps(state)) == recording["final"], (
            f"the rules now replay {path.name} differently: bump RULES_VERSION in "
            f"companion/games/{recording['game']}/game.py and add a migration or a new "
            "recording"
        )
