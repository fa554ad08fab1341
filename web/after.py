"""After the game: the play exported (as JSON, and in the format BG Stats imports), a rematch, and
the home page's history kept tidy (archive, delete). ``docs/after-the-game.md``.

An export is made for the table: it holds what the public view and the public journal show
(``Viewer()``: no seat, not the tablet), plus what the end of the game reveals (the seed, the
standings). Never a seat's secrets, whoever asks."""

from __future__ import annotations

import json
from urllib.parse import quote

from flask import Blueprint, Response, jsonify, redirect

from companion.errors import Forbidden
from companion.known_games import registry
from companion.play.bgstats_play import bgstats_play
from companion.play.table import Viewer
from companion.writer import past_games
from companion.writer.rematch import carry_phones
from web.api import body, created, kept
from web.context import catalog, holds, language, service, t, viewer
from web.errors import ApiError
from web.replay import once

bp = Blueprint("after", __name__, url_prefix="/api")
FORMAT = "table-companion-play"
# BG Stats' own link scheme (its https form falls back to the app's web site, which a table
# without internet cannot reach)
BGSTATS_LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="
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
            # a count fixed by hand or dice corrected on the tablet, marked as the log does
            "correction": bool(line.get("fix")) or line["kind"] == "correction",
            "line": line["line"],
            "text": _said(lang, line, players, record.game),
        }
        for line in svc.log(table_id, PUBLIC)
    ]
    corrections = sum(1 for line in log if line["correction"] and not line["undone"])
    return {
        "format": FORMAT,
        "format_version": 1,
        "id": table_id,
        "game": record.game,
        "title": t("game." + record.game),
        "players": players,
        "options": record.options,
        "created": record.created,
        "ended": view["table"]["ended"],
        "seed_hash": view["table"]["seed_hash"],
        "seed": view["table"].get("seed"),
        "standings": standings,
        "start_seat": svc.call(table.start_seat),
        "corrections": corrections,
        "corrections_text": t("export.corrections", count=corrections) if corrections else "",
        "log": log,
    }


def _said(lang: str, line: dict, players: list[str], game: str) -> str:
    """A log line's text as the table page writes it: a count fixed by hand is marked."""
    text = _say(lang, line["line"], players, game)
    return catalog().t(lang, "core.fix") + " — " + text if line.get("fix") else text


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
    text += " — " + _say(lang, then, players, game) if then else ""
    # what the line also says (a sale revealed, its payments; what an undo had disclosed)
    return "".join([text, *(" — " + _say(lang, a, players, game) for a in line.get("also", ()))])


@bp.get("/tables/<table_id>/export.json")
def export_json(table_id):
    return _download(
        json.dumps(play_record(table_id), ensure_ascii=False, indent=1),
        f"{table_id}.json",
        "application/json",
    )


@bp.get("/tables/<table_id>/export.bgstats.json")
def export_bgstats(table_id):
    return _download(
        json.dumps(bgstats(table_id), ensure_ascii=False, indent=1),
        f"{table_id}.bgstats.json",
        "application/json",
    )


@bp.get("/tables/<table_id>/bgstats")
def open_in_bgstats(table_id):
    """The same play handed to the BG Stats app on this device: its own link format, which
    opens the app's import dialog (no network needed: the data is in the link)."""
    data = json.dumps(bgstats(table_id), ensure_ascii=False, separators=(",", ":"))
    return redirect(BGSTATS_LINK + quote(data, safe=""), 302)


def bgstats(table_id: str) -> dict:
    """The play in the format BG Stats imports (``companion/play/bgstats_play.py``)."""
    play = play_record(table_id)
    return bgstats_play(play, registry.game(play["game"]).BGG_ID)


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
        carry_phones(service(), table_id, made["id"])  # each phone to its new seat
        return created(made)

    return once(kept(data), make)


@bp.post("/tables/<table_id>/archive")
def archive(table_id):
    data = body()

    def done():
        past_games.archive(service(), table_id, viewer(table_id), data.get("archived", True))
        return jsonify({"id": table_id, "archived": data.get("archived", True)})

    return once(kept(data), done)


@bp.post("/tables/<table_id>/delete")
def delete(table_id):
    data = body()

    def done():
        past_games.delete(service(), table_id, viewer(table_id))
        return jsonify({"id": table_id, "deleted": True})

    return once(kept(data), done)
