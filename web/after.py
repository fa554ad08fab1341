"""After the game: the play exported (as JSON, and as a BG Stats play file), a rematch, and
the home page's history kept tidy (archive, delete). ``docs/after-the-game.md``.

An export is made for the table: it holds what the public view and the public journal show
(``Viewer()``: no seat, not the tablet), plus what the end of the game reveals (the seed, the
standings). Never a seat's secrets, whoever asks."""

from __future__ import annotations

import json
import uuid

from flask import Blueprint, Response, jsonify

from companion import registry, shelf
from companion.errors import Forbidden
from companion.table import Viewer
from web.api import body, created, kept
from web.context import catalog, holds, language, service, t, viewer
from web.errors import ApiError
from web.replay import once

bp = Blueprint("after", __name__, url_prefix="/api")
FORMAT = "table-companion-play"
PUBLIC = Viewer()


def play_record(table_id: str) -> dict:
    """Players, every journal line the table may read, final standings and the seed."""
    svc = service()
    view = svc.view(table_id, PUBLIC)
    table = svc.tables[table_id]
    record = table.record
    lang = language()
    players = record.players
    standings = [
        {
            **row,
            "name": players[row["seat"]],
            "score_text": _say(lang, row["score"], players, record.game),
        }
        for row in view["table"].get("standings") or []
    ]
    log = [
        {
            "version": line["version"],
            "at": line["at"],
            "kind": line["kind"],
            "undone": line["undone"],
            "line": line["line"],
            "text": _say(lang, line["line"], players, record.game),
        }
        for line in svc.log(table_id, PUBLIC)
    ]
    return {
        "format": FORMAT,
        "format_version": 1,
        "game": record.game,
        "title": t("game." + record.game),
        "players": players,
        "options": record.options,
        "created": record.created,
        "ended": view["table"]["ended"],
        "seed_hash": view["table"]["seed_hash"],
        "seed": view["table"].get("seed"),
        "standings": standings,
        "log": log,
    }


def _say(lang: str, line: dict, players: list[str], game: str) -> str:
    words = catalog()
    seats = registry.seat_params(game)  # as the pages read them (``C.isSeatParam``)
    params = {}
    for name, value in (line.get("params") or {}).items():
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and name in seats
            and 0 <= value < len(players)
        ):
            params[name] = players[value]
        elif isinstance(value, str) and words.has(f"value.{game}.{value}"):
            params[name] = words.t(lang, f"value.{game}.{value}")
        elif isinstance(value, list):
            params[name] = ", ".join(map(str, value))
        else:
            params[name] = value
    text = words.t(lang, line["key"], **params)
    then = line.get("then")
    return text + (" — " + _say(lang, then, players, game) if then else "")


@bp.get("/tables/<table_id>/export.json")
def export_json(table_id):
    return _download(
        json.dumps(play_record(table_id), ensure_ascii=False, indent=1),
        f"{table_id}.json",
        "application/json",
    )


@bp.get("/tables/<table_id>/export.bgsplay")
def export_bgstats(table_id):
    return _download(
        json.dumps(bgstats(play_record(table_id)), ensure_ascii=False, indent=1),
        f"{table_id}.bgsplay",
        "application/json",
    )


def bgstats(play: dict) -> dict:
    """The play as a BG Stats play file (``.bgsplay``: BG Stats opens it and adds the play,
    and syncs it to BoardGameGeek from there). Its tables are BG Stats' own export's:
    players, games, locations and plays, linked by ids."""
    places = {row["seat"]: row for row in play["standings"]}
    date = play["created"][:19].replace("T", " ")
    players = [
        {
            "id": seat + 1,
            "uuid": str(uuid.uuid5(uuid.NAMESPACE_URL, f"tc:{name}")),
            "name": name,
            "isAnonymous": False,
            "modificationDate": date,
        }
        for seat, name in enumerate(play["players"])
    ]
    scores = []
    for seat in range(len(play["players"])):
        row = places.get(seat, {})
        numbers = [
            v
            for v in (row.get("score") or {}).get("params", {}).values()
            if isinstance(v, int) and not isinstance(v, bool)
        ]
        scores.append(
            {
                "playerRefId": seat + 1,
                "seatOrder": seat + 1,
                "score": str(numbers[0]) if numbers else "",
                "rank": row.get("place") or 0,
                "winner": row.get("place") == 1,
                "newPlayer": False,
                "startPlayer": seat == 0,
            }
        )
    return {
        "about": "A play recorded by Table Companion, in the file format BG Stats opens.",
        "players": players,
        "locations": [
            {
                "id": 1,
                "uuid": str(uuid.uuid5(uuid.NAMESPACE_URL, "tc:table")),
                "name": "Table Companion",
                "modificationDate": date,
            }
        ],
        "games": [
            {
                "id": 1,
                "uuid": str(uuid.uuid5(uuid.NAMESPACE_URL, f"tc:{play['game']}")),
                "name": play["title"],
                "modificationDate": date,
                "cooperative": False,
                "highestWins": True,
                "noPoints": not any(s["score"] for s in scores),
                "usesTeams": False,
            }
        ],
        "plays": [
            {
                "uuid": str(uuid.uuid5(uuid.NAMESPACE_URL, f"tc:play:{play['seed_hash']}")),
                "playDate": date,
                "entryDate": date,
                "modificationDate": date,
                "gameRefId": 1,
                "locationRefId": 1,
                "ignored": False,
                "manualWinner": False,
                "rounds": 0,
                "usesTeams": False,
                "playerScores": scores,
                "comments": "seed sha256 " + play["seed_hash"],
            }
        ],
    }


def _download(text: str, name: str, mimetype: str) -> Response:
    return Response(
        text, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


@bp.post("/tables/<table_id>/rematch")
def rematch(table_id):
    """Same game, same players in the same seats, same options; a fresh seed."""
    data = body()

    def make():
        table = service().tables.get(table_id)
        if table is None:
            raise ApiError(404, "no_such_table")
        if not viewer(table_id).admin:
            raise Forbidden("rematch_needs_tablet")
        record = table.record
        made = service().create_table(record.game, record.players, record.options, holds())
        return created(made)

    return once(kept(data), make)


@bp.post("/tables/<table_id>/archive")
def archive(table_id):
    data = body()

    def done():
        shelf.archive(service(), table_id, viewer(table_id), data.get("archived", True))
        return jsonify({"id": table_id, "archived": data.get("archived", True)})

    return once(kept(data), done)


@bp.post("/tables/<table_id>/delete")
def delete(table_id):
    data = body()

    def done():
        shelf.delete(service(), table_id, viewer(table_id))
        return jsonify({"id": table_id, "deleted": True})

    return once(kept(data), done)
