"""Record whole games as regression journals: ``python -m tests.recorded.record [GAME ...]``.

A recording is taken from a whole-game scenario test as it runs: every ``apply`` the rules
make is watched, and the path from the set-up state to the final one is followed back through
the states each ``apply`` returned (probing moves a driver tries and drops are not on it). It
is saved as ``tests/recorded/<game>-<name>.json``: players, options, the rules version, every
action with its resolved draws, and the final state. ``tests/test_recorded_games.py`` replays
each one on every run.
"""

from __future__ import annotations

import importlib
import json
import sys
from contextlib import contextmanager
from pathlib import Path

from companion.known_games import registry

HERE = Path(__file__).resolve().parent

# game -> [(name, test module, test function, arguments)]: whole games the suite plays
SCENARIOS: dict[str, list[tuple[str, str, str, tuple]]] = {
    "lawless": [
        (
            "three-ranchers",
            "tests.games.lawless.test_lawless_games",
            "test_whole_games_end_with_a_scoring_table",
            (["Ann", "Bob", "Cid"], 2),
        )
    ],
    "nowheresville": [
        (
            "three-virtual",
            "tests.games.nowheresville.test_nowheresville_game",
            "test_a_whole_game_to_a_winner",
            (3, "virtual"),
        )
    ],
    "abilene": [
        (
            "last-cow",
            "tests.games.abilene.test_abilene_game",
            "test_a_whole_game_to_the_last_cow",
            (),
        )
    ],
    "root_doves": [
        (
            "thirty-points",
            "tests.games.root_doves.test_root_doves",
            "test_whole_game_to_thirty_points",
            (),
        )
    ],
    "outlaws108": [
        (
            "three-players",
            "tests.games.outlaws108.test_outlaws108_scoring",
            "test_three_player_game_to_the_end",
            (),
        ),
        ("solo", "tests.games.outlaws108.test_outlaws108_solo", "test_solo_game_to_the_end", ()),
    ],
}


@contextmanager
def watching(game):
    """Every state ``setup`` and ``apply`` return, with what made it."""
    made: dict[int, tuple] = {}
    real_setup, real_apply = game.setup, game.apply

    def setup(players, options):
        state = real_setup(players, options)
        made[id(state)] = ("setup", list(players), dict(options), state)
        return state

    def apply(state, action):
        after = real_apply(state, action)
        if after is not state:
            made.setdefault(id(after), ("apply", state, action, after))
        return after

    game.setup, game.apply = setup, apply
    try:
        yield made
    finally:
        game.setup, game.apply = real_setup, real_apply


def path_to_the_end(game, made: dict) -> dict:
    finals = [item[3] for item in made.values() if item[0] == "apply" and game.final(item[3])]
    if not finals:
        raise SystemExit(f"{game.NAME}: the scenario never reached the end of a game")
    state, actions = finals[-1], []
    while made[id(state)][0] == "apply":
        _, before, action, _ = made[id(state)]
        actions.append(action)
        state = before
    _, players, options, _ = made[id(state)]
    return {"players": players, "options": options, "actions": actions[::-1], "final": finals[-1]}


def record(game_name: str) -> list[Path]:
    game = registry.game(game_name)
    written = []
    for name, module, function, args in SCENARIOS[game_name]:
        with watching(game) as made:
            getattr(importlib.import_module(module), function)(*args)
        found = path_to_the_end(game, made)
        target = HERE / f"{game_name}-{name}.json"
        target.write_text(
            json.dumps(
                {"game": game_name, "rules_version": game.RULES_VERSION, **found},
                ensure_ascii=False,
                sort_keys=True,
                separators=(",", ":"),
            )
            + "\n",
            encoding="utf-8",
        )
        written.append(target)
    return written


def main(argv: list[str]) -> None:
    from tests.support.tally import game as tally  # the suite's own game must be known too

    registry.register(tally)
    for game_name in argv or sorted(SCENARIOS):
        for path in record(game_name):
            print(path.relative_to(HERE.parents[1]))


if __name__ == "__main__":
    main(sys.argv[1:])
