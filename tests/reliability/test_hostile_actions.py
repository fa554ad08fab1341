"""Hostile actions for every game: each game is played by random legal moves, and between
moves its legal actions are sent broken — a wrong type of value, a huge number, NaN, a
dropped or extra parameter, another seat, another game's word, a forged ``drawn`` — by the
tablet and by the phones. The rules must refuse every broken one with a 4xx and a code, and
a refusal must leave the table exactly as it was. A 500 here is a crash in a game module.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.known_games import registry
from tests.support.reliability.drive import existing_games, fill, player_names, record_part
from tests.support.reliability.hostile import check_reply, mutate
from tests.support.reliability.inprocess import companion_app, fingerprint, new_table, phone_for

GAMES = existing_games() + ["tally"]


def hammer(tmp_path, game: str, moves: int, broken_per_move: int, seed: int) -> Counter:
    rng = random.Random(seed)
    seen: Counter = Counter()
    with companion_app(tmp_path) as (service, app):
        names = player_names(game)
        tablet, made = new_table(app, game, names)
        table_id = made["id"]
        devices = [tablet] + [phone_for(app, made, s) for s in range(len(names))]
        words = game_words()
        for _ in range(moves):
            device = rng.choice(devices)
            legal = legal_of(device, table_id)
            if not legal:
                device = tablet
                legal = legal_of(tablet, table_id)
                if not legal:
                    break
            for _ in range(broken_per_move):
                broken = mutate(fill(rng.choice(legal), rng), rng, words, len(names))
                before = fingerprint(service)
                reply = device.act(table_id, broken)
                seen["sent"] += 1
                seen[str(reply.status_code)] += 1
                check_reply(reply.status_code, reply.content_type, reply.data, game)
                if reply.status_code != 200:
                    assert fingerprint(service) == before, f"refused {broken} changed state"
            reply = device.act(table_id, fill(rng.choice(legal), rng))
            check_reply(reply.status_code, reply.content_type, reply.data, game)
            seen["moves_accepted"] += reply.status_code == 200
    return seen


def game_words() -> list[str]:
    """Every action type any game offers at its start: "another game's word"."""
    words: set[str] = set()
    for game in GAMES:
        module = registry.game(game)
        state = module.setup(player_names(game), dict(module.OPTIONS))
        for seat in [None, *range(len(player_names(game)))]:
            words.update(t["type"] for t in module.legal(state, seat))
    return sorted(words)


def legal_of(device, table_id: str) -> list[dict]:
    view = device.get(f"/api/tables/{table_id}").json
    return [] if view["table"]["ended"] else view["legal"]


@pytest.mark.parametrize("game", GAMES)
def test_broken_actions_are_refused_and_change_nothing(tmp_path, game):
    seen = hammer(tmp_path, game, moves=30, broken_per_move=5, seed=11)
    record_part("hostile_actions_short", game, dict(seen))
    assert seen["sent"] > 0


@pytest.mark.long
@pytest.mark.parametrize("game", GAMES)
def test_broken_actions_long(tmp_path, game):
    seen = Counter()
    for seed in range(10):
        seen.update(hammer(tmp_path / str(seed), game, moves=150, broken_per_move=6, seed=seed))
    record_part("hostile_actions_long", game, dict(seen))
