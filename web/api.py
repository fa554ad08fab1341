"""The JSON API (``docs/api.md``; OpenAPI at ``/api/openapi.json``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from flask import Blueprint, jsonify, make_response, request, url_for

from companion.access import idempotency as requests
from companion.access.idempotency import Request, Unbound
from companion.known_games import registry
from companion.writer.service import Service
from web.address import join_url
from web.context import (
    ADMIN_COOKIE,
    CSRF_COOKIE,
    LANG_COOKIE,
    PIN_COOKIE,
    Asked,
    asker,
    bearer,
    catalog,
    device,
    holds,
    service,
    t,
    viewer,
)
from web.errors import ApiError
from web.i18n import LANGUAGES
from web.openapi import spec
from web.replay import digits, once

bp = Blueprint("api", __name__, url_prefix="/api")
COOKIE_AGE = 3600 * 24 * 30


def body(asked: Asked | None = None) -> dict:
    """The request's JSON object. Nesting too deep to parse and text that is not valid
    Unicode (a lone surrogate from "\ud800") are refused here, before anything stores them."""
    asked = request if asked is None else asked
    try:
        data = asked.get_json(silent=True)
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except (RecursionError, UnicodeEncodeError, ValueError):
        raise ApiError(400, "bad_json") from None
    if not isinstance(data, dict):
        raise ApiError(400, "bad_json")
    return data


def change(data: dict, asked: Asked | None = None) -> Unbound | None:
    """The idempotency key of a table change (the body's ``idempotency_key`` or an
    ``Idempotency-Key`` header), with its route and the rest of its body; the writer binds
    it to its viewer (``requests.bind``) and the journal keeps it with the change."""
    asked = request if asked is None else asked
    key = data.get("idempotency_key", asked.headers.get("Idempotency-Key"))
    return requests.make_unbound(key, asked.path, _rest(data))


def kept(data: dict) -> Request | None:
    """The same for a change the journal does not keep (a new table, a PIN, a lock, a
    throw): bound to the device that sent it, whose viewer the change itself may alter.
    Every client without a signed device id shares its address's device, so such a
    request is bound to what that client alone sent as well (its CSRF cookie, its bearer
    token): another client at the address that learns the key gets a 409, never the first
    answer (a new table's admin cookie)."""
    who = device()
    if who.anonymous:
        own = request.cookies.get(CSRF_COOKIE, "") + "\n" + (bearer() or "")
        return _bound(data, who.key + "\n" + own)  # hashed into the fingerprint
    return _bound(data, who.key)


def _bound(data: dict, who: str) -> Request | None:
    key = data.get("idempotency_key", request.headers.get("Idempotency-Key"))
    return requests.make(key, request.path, who, _rest(data))


def _rest(data: dict) -> dict:
    return {name: value for name, value in data.items() if name != "idempotency_key"}


def optional_int(data: dict, name: str) -> int | None:
    value = data.get(name)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ApiError(400, "bad_field", name=name)
    return value


@bp.get("/games")
def games():
    out = []
    for name in registry.names():
        game = registry.game(name)
        out.append(
            {
                "game": name,
                "title": t("game." + name),
                "players": {"min": game.PLAYERS.start, "max": game.PLAYERS.stop - 1},
                "options": game.OPTIONS,
                "choices": {name: list(values) for name, values in game.OPTION_CHOICES.items()},
            }
        )
    return jsonify({"games": out})


@bp.post("/tables")
def create_table():
    data = body()
    return once(kept(data), lambda: _create_table(data))


def _create_table(data: dict):
    made = service().create_table(
        data.get("game"), data.get("players"), data.get("options"), holds()
    )
    return created(made)


def created(made: dict):
    """The reply to a new table (made here or as a rematch): its links, and the admin
    cookie that makes this device its tablet."""
    tid = made["id"]
    reply = jsonify(
        {
            "id": tid,
            "admin_token": made["admin_token"],
            "seed_hash": made["seed_hash"],
            "active": made["active"],
            "table_url": url_for("pages.table", table_id=tid, _external=True),
            "seats": [
                {
                    "seat": seat,
                    "join_code": code,
                    "join_url": join_url(tid, code),
                }
                for seat, code in enumerate(made["join_codes"])
            ],
        }
    )
    reply.status_code = 201
    reply.set_cookie(
        ADMIN_COOKIE.format(tid),
        made["admin_token"],
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="Strict",
    )
    return reply


@bp.get("/tables/<table_id>")
def table(table_id):
    return jsonify(service().view(table_id, viewer(table_id)))


@dataclass(frozen=True)
class Change:
    """A table change as a route asks it, ready to run: its body read and checked and its
    idempotency key made (so far nothing has happened), then :meth:`run` on the service."""

    run: Callable[[Service], dict]


def _acting(table_id: str, data: dict, asked: Asked) -> Change:
    action, who = data.get("action"), asker(table_id, asked)
    version, key = optional_int(data, "expected_version"), change(data, asked)
    return Change(
        lambda svc: svc.act(
            table_id, action, who, expected_version=version, request=key, source="web"
        )
    )


def _undoing(table_id: str, data: dict, asked: Asked) -> Change:
    who, version = asker(table_id, asked), optional_int(data, "expected_version")
    key = change(data, asked)
    return Change(lambda svc: svc.undo(table_id, who, expected_version=version, request=key))


def _correcting(table_id: str, data: dict, asked: Asked) -> Change:
    dice, who = data.get("dice"), asker(table_id, asked)
    version, key = optional_int(data, "expected_version"), change(data, asked)
    return Change(lambda svc: svc.correct(table_id, dice, who, version, key))


def _closing(table_id: str, data: dict, asked: Asked) -> Change:
    who, key = asker(table_id, asked), change(data, asked)
    return Change(lambda svc: svc.close_game(table_id, who, key))


# The table changes answered with the change's own answer, by name (the last part of the
# route): Flask's views below, and ``web/fast.py`` for an ordinary request, read them here.
CHANGES: dict[str, Callable[[str, dict, Asked], Change]] = {
    "actions": _acting,
    "undo": _undoing,
    "correct": _correcting,
    "close": _closing,
}


def _changed(route: str, table_id: str):
    return jsonify(CHANGES[route](table_id, body(), request).run(service()))


@bp.post("/tables/<table_id>/actions")
def act(table_id):
    return _changed("actions", table_id)


@bp.post("/tables/<table_id>/undo")
def undo(table_id):
    return _changed("undo", table_id)


@bp.post("/tables/<table_id>/correct")
def correct(table_id):
    """A misread roll fixed from the tablet: the faces that really showed."""
    return _changed("correct", table_id)


@bp.post("/tables/<table_id>/dice")
def dice(table_id):
    data = body()
    version = optional_int(data, "expected_version")
    return once(
        kept(data),
        lambda: jsonify(
            service().dice(
                table_id,
                data.get("dice"),
                asker(table_id),
                request=change(data),
                expected_version=version,
            )
        ),
    )


@bp.post("/tables/<table_id>/roll")
def roll(table_id):
    data = body()

    def throw():
        thrown = service().throw(table_id, asker(table_id), change(data))
        if isinstance(thrown, dict):  # a retry of a throw already made: its first answer
            return jsonify(thrown)
        return jsonify({"throwing": thrown}), 202

    return once(kept(data), throw)


@bp.post("/tables/<table_id>/close")
def close_game(table_id):
    """The tablet confirms the end of the game: the seed is published."""
    return _changed("close", table_id)


@bp.get("/tables/<table_id>/log")
def log(table_id):
    return jsonify(
        {
            "log": service().log(
                table_id, viewer(table_id), digits(request.args.get("after", "0"), "after")
            )
        }
    )


@bp.get("/tables/<table_id>/seats")
def seats(table_id):
    codes = service().seats.join_codes(table_id, viewer(table_id))
    out = []
    for seat, code in sorted(codes.items()):
        open_code = code not in (None, "on_tablet")
        out.append(
            {
                "seat": seat,
                "joined": code is None,
                "on_tablet": code == "on_tablet",
                "join_url": join_url(table_id, code) if open_code else None,
                "qr": url_for("pages.join_qr", table_id=table_id, seat=seat) if open_code else None,
            }
        )
    return jsonify({"seats": out})


@bp.post("/tables/<table_id>/seats/<int:seat>/pin")
def keep_on_tablet(table_id, seat):
    data = body()

    def done():
        service().seats.keep_on_tablet(table_id, seat, data.get("pin"), viewer(table_id))
        return jsonify({"seat": seat, "on_tablet": True})

    return once(kept(data), done)


@bp.post("/tables/<table_id>/seats/<int:seat>/unlock")
def unlock(table_id, seat):
    data = body()
    return once(kept(data), lambda: _unlock(table_id, seat, data))


def _unlock(table_id, seat, data):
    token = service().seats.unlock(table_id, seat, data.get("pin"), viewer(table_id), device().key)
    reply = jsonify({"seat_url": url_for("pages.seat", table_id=table_id)})
    # the session ends on the server (service.seats.sessions); the cookie goes with it
    reply.set_cookie(
        PIN_COOKIE.format(table_id),
        token,
        max_age=int(service().seats.sessions.length_s),
        httponly=True,
        samesite="Strict",
    )
    return reply


@bp.post("/tables/<table_id>/lock")
def lock(table_id):
    return once(kept(body()), lambda: _lock(table_id))


def _lock(table_id):
    service().seats.lock(table_id, viewer(table_id))
    reply = jsonify({"table_url": url_for("pages.table", table_id=table_id)})
    reply.delete_cookie(PIN_COOKIE.format(table_id), httponly=True, samesite="Strict")
    return reply


@bp.post("/tables/<table_id>/seats/<int:seat>/reissue")
def reissue(table_id, seat):
    return once(kept(body()), lambda: _reissue(table_id, seat))


def _reissue(table_id, seat):
    code = service().seats.reissue(table_id, seat, viewer(table_id))
    return jsonify(
        {
            "seat": seat,
            "join_url": join_url(table_id, code),
        }
    )


@bp.post("/tables/<table_id>/cards")
def name_card(table_id):
    data = body()

    def done():
        service().name_card(table_id, data.get("uid"), data.get("card"), viewer(table_id))
        return jsonify({"ok": True})

    return once(kept(data), done)


@bp.post("/tables/<table_id>/dice-owners")
def give_die(table_id):
    data = body()

    def done():
        owners = service().devices.give_die(
            table_id, data.get("device"), data.get("seat"), viewer(table_id)
        )
        return jsonify({"owners": owners})

    return once(kept(data), done)


@bp.post("/tables/<table_id>/active")
def make_active(table_id):
    """This table's tablet asks for the hardware: moved (200) if it may steer it, else the
    tablet of the table it feeds is asked (202)."""

    def done():
        moved = service().steering.set_active(table_id, holds())
        return jsonify(moved), 200 if "active" in moved else 202

    return once(kept(body()), done)


@bp.get("/tables/<table_id>/active/asks")
def hardware_asks(table_id):
    return jsonify({"asks": service().steering.hardware_asked(table_id, viewer(table_id))})


@bp.post("/tables/<table_id>/active/give")
def give_hardware(table_id):
    """The tablet of the table the hardware feeds gives it to a table that asked."""
    data = body()
    return once(
        kept(data),
        lambda: jsonify(
            service().steering.give_hardware(table_id, data.get("table"), viewer(table_id))
        ),
    )


@bp.get("/health")
def health():
    return jsonify(service().health())


@bp.post("/language")
def language():
    data = body()
    return once(kept(data), lambda: _language(data.get("lang")))


def _language(lang):
    if lang not in LANGUAGES:
        raise ApiError(400, "bad_field", name="lang")
    reply = jsonify({"lang": lang})
    reply.set_cookie(LANG_COOKIE, lang, max_age=3600 * 24 * 365, samesite="Strict")
    return reply


@bp.get("/i18n/<lang>.json")
def words(lang):
    if lang not in LANGUAGES:
        raise ApiError(404, "not_found")
    reply = make_response(catalog().as_json(lang, request.args.get("game")))
    reply.mimetype = "application/json"
    return reply


@bp.get("/openapi.json")
def openapi():
    return jsonify(spec())
