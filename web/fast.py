"""The table's changes on their shortest way from the socket to the journal.

``POST /api/tables/<id>/{actions,undo,correct,close}`` is what a tap on the tablet or a
phone sends, and each one waits for a commit and then for every screen. Flask's request
context (its request and app contexts, URL adapter, session, signals, before and after
hooks, teardown) costs a quarter of a millisecond of such a change here, cold, more than
the rules of the change (``bench/README.md``, section 0, measures both ways). So an
*ordinary* change is answered beside Flask: the same guard (``web/guard.py``), the same
request helpers (``web/context.py``), the same body, key and route (``web/api.py``
``CHANGES``) and the same service call, read from a plain werkzeug request of the same
WSGI environ, and the same headers on the answer.

Ordinary means nothing is to be refused or offered before the change runs: the Host is
allowed, the body is a JSON object with a good key, the CSRF check passes and no cookie is
to be offered (a script with a token, or a page with its signed device id). Reading all
that changes nothing, so anything else goes to Flask as it came (its body put back) and
Flask says why, in the viewer's language, exactly as before. Once the rate limit has taken
its token, nothing goes back: a refusal from the limit or from the table (a move out of
turn, a stale version, a key reused) is answered by Flask's own error handlers and
``after_request`` stamp, in a request context made for that answer only, without running
the guard a second time.
"""

from __future__ import annotations

import io
import logging

from flask import Flask
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from companion.errors import CompanionError
from companion.rules.errors import RuleError
from web import api, guard
from web.context import Asked
from web.errors import WebError

log = logging.getLogger("companion.web")
PREFIX = "/api/tables/"
# what reading an ordinary change refuses (a bad Host, body, key, field or CSRF header):
# Flask's own way reads the request again and answers it in the viewer's language
REFUSALS = (WebError, CompanionError, RuleError, HTTPException, ValueError)


class Fast:
    """WSGI: an ordinary table change answered here, everything else by ``flask``."""

    def __init__(self, app: Flask, flask) -> None:
        self.app = app
        self.flask = flask
        self.extensions = app.extensions["companion"]
        self.largest = self.extensions["config"].server.max_body_bytes

    def __call__(self, environ: dict, start_response):
        route = _route(environ)
        if route is None:
            return self.flask(environ, start_response)
        table_id, name = route
        asked = Asked(environ)
        raw = self._body(environ)
        try:
            prepared = self._ordinary(asked, raw, table_id, name)
        except REFUSALS:  # reading it changed nothing: Flask reads it again and says why
            prepared = None
        except Exception:  # a fault of this way, not of the request: said, and Flask answers
            log.exception("the fast way could not read a change; Flask answers it")
            prepared = None
        if prepared is None or raw is None:  # no body, nothing prepared: Flask's own way
            if raw is not None:
                environ["wsgi.input"] = io.BytesIO(raw)
            return self.flask(environ, start_response)
        try:
            guard.check_rate(asked, self.extensions)
            done = prepared.run(self.extensions["service"])
        except Exception as error:  # answered as Flask answers it (web/errors.py)
            environ["wsgi.input"] = io.BytesIO(raw)
            return self._refused(environ, error)(environ, start_response)
        # what Flask's JSON answer and guard.stamp make of it, without a Response object:
        # an ordinary change is offered no cookie, so its headers are the stamped ones only
        body = (self.app.json.dumps(done, separators=(",", ":")) + "\n").encode()
        start_response(
            "200 OK",
            [
                ("Content-Type", "application/json"),
                ("Content-Length", str(len(body))),
                *guard.stamped(asked.path),
            ],
        )
        return [body]

    def _body(self, environ: dict) -> bytes | None:
        """The body as sent, if it says how long it is and is within the limit."""
        length = environ.get("CONTENT_LENGTH") or ""
        if not (length.isascii() and length.isdigit()) or int(length) > self.largest:
            return None
        return environ["wsgi.input"].read(int(length))

    def _ordinary(self, asked: Asked, raw: bytes | None, table_id: str, name: str):
        """The change ``asked`` for, ready to run, if nothing stands before it (else None,
        or an error that Flask will raise again in its own words)."""
        if raw is None:
            return None
        guard.check_host(asked, self.extensions)
        guard.check_change(asked)
        if guard.offers_cookies(asked, self.extensions):
            return None
        asked.environ["wsgi.input"] = io.BytesIO(raw)
        return api.CHANGES[name](table_id, api.body(asked), asked)

    def _refused(self, environ: dict, error: Exception) -> Response:
        """Flask's answer to ``error`` raised by a view: its handler, then its stamp."""
        app = self.app
        with app.request_context(environ):
            return app.finalize_request(app.handle_user_exception(error))


def _route(environ: dict) -> tuple[str, str] | None:
    """``(table id, change)`` of a ``POST /api/tables/<id>/<change>``, else None."""
    if environ.get("REQUEST_METHOD") != "POST":
        return None
    path = environ.get("PATH_INFO", "")
    if not path.startswith(PREFIX):
        return None
    table_id, slash, name = path[len(PREFIX) :].partition("/")
    if not slash or not table_id or name not in api.CHANGES:
        return None
    return table_id, name


def install(app: Flask) -> None:
    """Put the fast way in front of ``app``'s own WSGI callable."""
    # Flask's documented way to wrap its WSGI callable (its stubs call it a method)
    app.wsgi_app = Fast(app, app.wsgi_app)  # type: ignore[method-assign]
