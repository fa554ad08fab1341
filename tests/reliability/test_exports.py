"""The play's export (``GET /api/tables/<id>/export.json``, docs/after-the-game.md) is made
for the table whoever asks: in every game, at moments through a game played at random and
once it is over and closed, every viewer — the public table, a stranger, the tablet, each
seat's phone, in English and in French — gets the very same bytes, with no seat's own
secrets, no credential and no seed until the tablet closes the game. (The BG Stats file is
made from the same record and tested with its format.)"""

from __future__ import annotations

import json
import random
from contextlib import ExitStack

import pytest

from tests.support.reliability.drive import existing_games, player_names
from tests.support.reliability.inprocess import companion_app, new_table, phone_for, seat_token
from tests.support.reliability.leak import random_move
from tests.support.web.clients import Device

GAMES = [*existing_games(), "tally"]
# Random play ends most games within this many moves (Root's at once, when a player ends
# it; Abilene's random markets often outlast it); the export is read every MOMENT moves.
MOVES = 2000
MOMENT = 100


def exports(viewers: dict, table_id: str) -> dict[str, bytes]:
    out = {}
    for name, device in viewers.items():
        for lang in ("en", "fr"):
            reply = device.get(
                f"/api/tables/{table_id}/export.json", headers={"Accept-Language": lang}
            )
            assert reply.status_code == 200, (name, reply.status_code)
            out[f"{name} {lang}"] = reply.data
    return out


def check_moment(viewers: dict, table_id: str, credentials: list[str], closed: bool) -> dict:
    seen = exports(viewers, table_id)
    for lang in ("en", "fr"):
        made = {name: data for name, data in seen.items() if name.endswith(lang)}
        public = made[f"table {lang}"]
        differing = [name for name, data in made.items() if data != public]
        assert not differing, f"the export differs for {differing} from the public table's"
    for name, data in seen.items():
        for secret in credentials:
            assert secret.encode() not in data, f"a credential reached {name}'s export"
    play = json.loads(seen["table en"])
    assert (play["seed"] is not None) == closed
    return play


@pytest.mark.parametrize("game", GAMES)
def test_every_viewer_gets_the_same_export_in_every_game(tmp_path, game):
    names = player_names(game)
    rng = random.Random(7)
    with ExitStack() as stack:
        service, app = stack.enter_context(companion_app(tmp_path, memory=True))
        tablet, made = new_table(app, game, names)
        table_id = made["id"]
        phones = [phone_for(app, made, seat) for seat in range(len(names))]
        viewers = {
            "table": Device(app),
            "stranger": Device(app),
            "tablet": tablet,
            **{f"seat{seat}": phone for seat, phone in enumerate(phones)},
        }
        credentials = [made["admin_token"], *(seat_token(p, table_id) for p in phones)]
        credentials += [seat["join_code"] for seat in made["seats"]]
        play = check_moment(viewers, table_id, credentials, closed=False)
        for move in range(1, MOVES + 1):
            if service.table(table_id).ended:
                break
            random_move(service, table_id, rng)
            if move % MOMENT == 0:
                play = check_moment(viewers, table_id, credentials, closed=False)
        play = check_moment(viewers, table_id, credentials, closed=False)
        assert len(play["log"]) > 10  # the moments saw a game, not an empty table
        if service.table(table_id).ended:
            assert play["ended"] and play["standings"]
            assert tablet.post(f"/api/tables/{table_id}/close", {}).status_code == 200
            play = check_moment(viewers, table_id, credentials, closed=True)
            assert play["seed"] == service.table(table_id).epochs.seed.hex()
