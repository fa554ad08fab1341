"""Every error becomes ``{"error": {"code", "message"}}`` in the viewer's language (JSON
routes) or a plain page (pages). Never a traceback: unexpected faults are logged here and
answered with a bare 500."""

from __future__ import annotations

import logging
import re

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from companion.errors import CompanionError, JournalError
from companion.rules.base import RuleError
from web.context import catalog, language, service, t

log = logging.getLogger("companion.web")

HTTP_CODES = {
    400: "bad_request",
    403: "forbidden",
    404: "not_found",
    405: "bad_method",
    409: "conflict",
    413: "too_large",
    415: "json_only",
    421: "wrong_host",
    422: "not_allowed",
    429: "too_many_requests",
    500: "internal",
    503: "busy",
}


class WebError(Exception):
    """The base of the web edge's own errors."""


class ApiError(WebError):
    """A request refused at the edge (before the core saw it): a status, a code, params."""

    def __init__(self, status: int, code: str, **params) -> None:
        super().__init__(code)
        self.status, self.code, self.params = status, code, params


def init_app(app: Flask) -> None:
    app.register_error_handler(ApiError, lambda e: _reply(e.status, e.code, e.params))
    app.register_error_handler(RuleError, lambda e: _reply(422, e.code, e.params))
    app.register_error_handler(CompanionError, lambda e: _reply(e.status, e.code, e.params))
    app.register_error_handler(JournalError, _journal_fault)
    app.register_error_handler(HTTPException, _http)
    app.register_error_handler(Exception, _unexpected)


def _labelled(params: dict) -> dict:
    """A field is named by its label in the viewer's language ("Amount", « Montant »), never
    by its key: the game's parameter or option label when the request names a table or a
    game, else the core's; a die is named by its word (« dé de bétail », not "cattle")."""
    out = dict(params)
    name = params.get("name")
    if isinstance(name, str):
        for key in (*_game_keys(name), f"field.{name}"):
            if catalog().has(key):
                out["name"] = t(key)
                break
    words = any(field != "name" and isinstance(value, str) for field, value in params.items())
    game = _request_game() if words else None
    for field, value in (
        params.items() if game else ()
    ):  # a game's word ("fox") in the viewer's language
        if field != "name" and isinstance(value, str) and catalog().has(f"value.{game}.{value}"):
            out[field] = t(f"value.{game}.{value}")
    for field in DIE_FIELDS:
        if isinstance(params.get(field), str):
            out[field] = ", ".join(
                t("die." + kind) if catalog().has("die." + kind) else kind
                for kind in params[field].split(",")
            )
    return out


# Parameters of the core's errors that hold die kinds (one, or several with commas).
DIE_FIELDS = ("die", "expected")


def _game_keys(name: str) -> list[str]:
    """Where a game labels ``name``: its action parameters, then its table options."""
    game = _request_game()
    return [] if game is None else [f"param.{game}.{name}", f"option.{game}.{name}"]


def _request_game() -> str | None:
    table_id = (request.view_args or {}).get("table_id")
    table = service().tables.get(table_id) if isinstance(table_id, str) else None
    if table is not None:
        return table.record.game
    try:  # the body this error may be about (too large, too deep) is never read twice
        sent = request.get_json(silent=True) if request.is_json else None
    except (HTTPException, RecursionError, ValueError):
        sent = None
    game = sent.get("game") if isinstance(sent, dict) else None
    return game if isinstance(game, str) else None


def _http(error: HTTPException):
    status = error.code or 500
    return _reply(status, HTTP_CODES.get(status, "bad_request"), {})


def _journal_fault(error: JournalError):
    log.error("journal fault: %s", error)  # the operator's words stay in the log
    return _reply(error.status, error.code, {})


def _unexpected(error: Exception):
    log.exception("unexpected error on %s %s", request.method, request.path)
    return _reply(500, "internal", {})


def _waiting(params: dict) -> str:
    """What the table waits for, added to a refusal (``companion/play/refusals.py``)."""
    names, why = params.get("waiting_for"), params.get("waiting")
    reason = ""
    if isinstance(why, dict) and isinstance(why.get("key"), str):
        game = why.get("game")
        words = {
            name: t(f"value.{game}.{value}")
            if isinstance(value, str) and t(f"value.{game}.{value}") != f"value.{game}.{value}"
            else value
            for name, value in (why.get("params") or {}).items()
            if isinstance(value, (str, int))
        }
        reason = t(why["key"], **words)
    if names and reason:
        return t("core.refused_waiting_for", names=names, why=_unnamed(reason, names))
    if names:
        return t("core.refused_turn", names=names)
    return t("core.refused_waiting", why=reason) if reason else ""


def _unnamed(why: str, names: str) -> str:
    """The prompt's line without the names it starts with, which "Waiting for Ann" already
    says ("Ann: throw the five dice" -> "throw the five dice"); ``C.refusal`` does the same."""
    head = re.match(re.escape(names) + r"\s*:\s*", why)
    return why[head.end() :] if head else why


def _reply(status: int, code: str, params: dict):
    safe = {k: v for k, v in params.items() if isinstance(v, (str, int, float, bool))}
    because = safe.get("because")
    if isinstance(because, str):  # a nested refusal's code, put into words
        safe["because"] = t("error." + because, **_labelled(safe))
    message = " ".join(
        part for part in (t("error." + code, **_labelled(safe)), _waiting(params)) if part
    )
    if request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json":
        return jsonify({"error": {"code": code, "message": message, "params": safe}}), status
    return render_template(
        "error.html", message=message, status=status, t=t, lang=language()
    ), status
