"""HTML pages: home, new table, the table dashboard, the seat page, joining by QR code.

The pages are shells; the scripts of ``static/`` fill them from the API and keep them live
(``docs/pages.md``).
"""

from __future__ import annotations

import io
import json
from datetime import datetime

import segno
import segno.helpers
from babel.dates import format_skeleton, format_time
from flask import Blueprint, Response, redirect, render_template, request, send_file, url_for

from companion.access.viewer import Viewer
from companion.errors import Forbidden
from companion.known_games import registry
from companion.storage import card_catalogue as catalogue
from companion.writer import past_games
from web.address import join_url
from web.context import PIN_COOKIE, SEAT_COOKIE, config, device, language, service, t, viewer
from web.errors import ApiError

bp = Blueprint("pages", __name__)
COOKIE_AGE = 3600 * 24 * 30


# The files of a game's folder that a page may load, each from the game's own package.
GAME_ASSETS = {"panel.js": "text/javascript", "panel.css": "text/css"}


def page(template: str, **context):
    game = context.get("game")
    panel = _has_asset(game, "panel.js") if game else False
    return render_template(
        template,
        lang=language(),
        t=t,
        panel=panel,
        panel_css=_has_asset(game, "panel.css") if game else False,
        dice=_dice_json(),
        seat_params=json.dumps(_declared(game, registry.seat_params)),
        end_turn=json.dumps(_declared(game, registry.end_turn)),
        **context,
    )


def _declared(game: str | None, part) -> list[str]:
    """What the page's game declares (``SEAT_PARAMS``, ``END_TURN``); none without a game."""
    try:
        return list(part(game)) if game else []
    except KeyError:  # a table of a game this companion no longer has
        return []


def _dice_json() -> str:
    """Every die kind's faces and colours, declared by the games, for the pages' dice."""
    return json.dumps(
        {name: kind.public() for name, kind in registry.die_kinds().items()}, separators=(",", ":")
    )


def _has_asset(game: str, name: str) -> bool:
    try:
        return (registry.package(game).folder / name).is_file()
    except KeyError:
        return False


@bp.get("/static/games/<game>/<name>")
def game_asset(game, name):
    """A game's board drawing and its stylesheet, served from the game's folder
    (``companion/games/<game>/``)."""
    if name not in GAME_ASSETS:
        raise ApiError(404, "not_found")
    try:
        path = registry.package(game).folder / name
    except KeyError:
        raise ApiError(404, "not_found") from None
    if not path.is_file():
        raise ApiError(404, "not_found")
    return send_file(path, mimetype=GAME_ASSETS[name], max_age=3600)


@bp.get("/")
def home():
    """The evening's games, newest first: date, game, players, winner; the tablet that
    started a game may archive or delete it."""
    svc = service()
    mine = {tid for tid in list(svc.tables) if viewer(tid).admin}  # asked here, not on the writer
    rows = past_games.history(svc, mine.__contains__)
    for row in rows:
        row["date"] = date_label(row["created"], language())
    return page(
        "home.html",
        tables=[r for r in rows if not r["archived"]][:20],
        archived=[r for r in rows if r["archived"]][:50],
        active=svc.active_table_id(),
        page_kind="home",
    )


def date_label(created: str, lang: str) -> str:
    """ "Dec 1, 2026, 8:15 PM" / « 1 déc. 2026, 20:15 », by Babel, in the Pi's own zone."""
    try:
        moment = datetime.fromisoformat(created).astimezone()
    except ValueError:
        return ""
    return (
        format_skeleton("yMMMd", moment, locale=lang)
        + ", "
        + format_time(moment, "short", locale=lang)
    )


@bp.get("/new")
def new_table():
    return page("new.html", games=registry.names(), page_kind="new")


@bp.get("/table/<table_id>")
def table(table_id):
    record = _record(table_id)
    return page(
        "table.html",
        table_id=table_id,
        game=record.game,
        seat=None,
        page_kind="table",
        wifi=config().wifi.ssid,
        admin=viewer(table_id).admin,
        catalogue=_keeps_catalogue(record.game),
    )


def _keeps_catalogue(game: str) -> bool:
    """The game keeps a card catalogue (108 Outlaws): only then does the tablet offer it,
    and ask for it."""
    try:
        return catalogue.kept_by(registry.game(game))
    except KeyError:  # a table of a game this companion no longer has
        return False


@bp.get("/seat/<table_id>")
def seat(table_id):
    record = _record(table_id)
    who = viewer(table_id)
    if who.seat is None:
        return page("notjoined.html", table_id=table_id), 403
    on_tablet = request.cookies.get(PIN_COOKIE.format(table_id)) is not None
    return page(
        "seat.html",
        table_id=table_id,
        game=record.game,
        seat=who.seat,
        page_kind="table",
        on_tablet=on_tablet,
        name=record.players[who.seat],
        admin=False,
    )


@bp.get("/join/<table_id>/<code>")
def join(table_id, code):
    """Opening a QR link asks before it spends the code: link previews must not spend it.
    Every name the page shows comes from a code that still joins; one that joins nobody
    (used, replaced, never made) gets the page that says so and names no seat."""
    record = _record(table_id)
    who = viewer(table_id)
    seat = _seat_of_code(table_id, code)
    if seat is None:
        return _code_spent(table_id, who)
    if who.admin:
        return _tablet_stays_tablet(table_id, code, record.game, seat, 200)
    held = who.seat if who.seat is not None and who.seat != seat else None
    return page(
        "join.html",
        table_id=table_id,
        code=code,
        game=record.game,
        seat=seat,
        name=record.players[seat],
        started=_started(record.created),
        held=None if held is None else record.players[held],
    )


def _seat_of_code(table_id: str, code: str) -> int | None:
    """The seat ``code`` would give this device, spending nothing (``Seats.seat_of_code``)."""
    asker = device()
    return service().seats.seat_of_code(table_id, code, None if asker.anonymous else asker.key)


def _code_spent(table_id: str, who: Viewer):
    """A join link that joins nobody: said at once, with where a new code is, in the
    device's language. No seat is named; a phone holding one is offered its own page."""
    return page(
        "join_spent.html", table_id=table_id, tablet=who.admin, holds=who.seat is not None
    ), 403


def _started(created: str) -> str:
    """When a table was made, as its join page names it ("8:15 PM", « 20:15 »)."""
    try:
        return format_time(datetime.fromisoformat(created).astimezone(), "short", locale=language())
    except ValueError:
        return ""


@bp.post("/join/<table_id>/<code>")
def join_now(table_id, code):
    record = _record(table_id)
    who = viewer(table_id)
    if who.admin:
        seat = _seat_of_code(table_id, code)
        if seat is None:
            return _code_spent(table_id, who)
        return _tablet_stays_tablet(table_id, code, record.game, seat, 403)
    asker = device()  # a retry from the device that joined is answered as its first join
    try:
        seat, token = service().seats.join(table_id, code, None if asker.anonymous else asker.key)
    except Forbidden as refused:  # spent since the page was opened (another phone was quicker)
        if refused.code != "join_code_spent":
            raise
        return _code_spent(table_id, who)
    if who.seat is not None and who.seat != seat:  # the join page asked: the old seat goes
        service().seats.reissue(table_id, who.seat, Viewer(seat=who.seat))
    reply = redirect(url_for("pages.seat", table_id=table_id), code=303)
    reply.set_cookie(
        SEAT_COOKIE.format(table_id), token, max_age=COOKIE_AGE, httponly=True, samesite="Strict"
    )
    return reply


def _tablet_stays_tablet(table_id: str, code: str, game: str, seat: int, status: int):
    """The device holding the admin token opened a join link: it stays the dashboard, the
    code stays unspent, and the page shows the code for the player's phone to scan."""
    return page(
        "join.html", table_id=table_id, code=code, game=game, tablet=True, seat=seat
    ), status


@bp.get("/join/<table_id>/seat-<int:seat>.svg")
def join_qr(table_id, seat):
    codes = service().seats.join_codes(table_id, viewer(table_id))
    code = codes.get(seat)
    if code in (None, "on_tablet"):
        raise ApiError(404, "seat_joined")
    return qr_svg(join_url(table_id, code))


@bp.get("/qr/wifi.svg")
def wifi_qr():
    """Join the table's Wi-Fi: the standard WIFI: payload phones' cameras understand."""
    wifi = config().wifi
    if not wifi.ssid:
        raise ApiError(404, "not_found")
    buffer = io.BytesIO()
    segno.helpers.make_wifi(
        ssid=wifi.ssid, password=wifi.password or None, security=wifi.security or None
    ).save(buffer, kind="svg", scale=6, border=2, dark="#000", light="#fff", xmldecl=False)
    return Response(buffer.getvalue(), mimetype="image/svg+xml")


@bp.get("/qr/table/<table_id>.svg")
def table_qr(table_id):
    _record(table_id)
    return qr_svg(url_for("pages.table", table_id=table_id, _external=True))


def qr_svg(text: str) -> Response:
    buffer = io.BytesIO()
    segno.make(text, error="m").save(
        buffer, kind="svg", scale=6, border=2, dark="#000", light="#fff", xmldecl=False
    )
    return Response(buffer.getvalue(), mimetype="image/svg+xml")


@bp.get("/manifest.webmanifest")
def manifest():
    return Response(
        render_template("manifest.webmanifest", t=t), mimetype="application/manifest+json"
    )


def _record(table_id: str):
    table = service().tables.get(table_id)
    if table is None:
        raise ApiError(404, "no_such_table")
    return table.record
