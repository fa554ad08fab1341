"""Per-request helpers: the service, the catalog, the device, the viewer, the language.

The helpers that read the request take it as ``asked`` (Flask's ``request`` when left out):
the change routes answered beside Flask's request context (``web/fast.py``) hand them the
plain werkzeug request of the same WSGI environ, so both ways read a request one way."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import current_app, g, request
from flask.globals import request_ctx
from werkzeug.wrappers import Request as Asked

from companion.access.tokens import digest
from companion.access.viewer import Credentials
from companion.play.table import Viewer
from web.devices import Device
from web.i18n import pick_language

ADMIN_COOKIE = "tc_admin_{}"
SEAT_COOKIE = "tc_seat_{}"
PIN_COOKIE = "tc_pin_{}"  # a private session on the shared tablet
CSRF_COOKIE = "tc_csrf"
DEVICE_COOKIE = "tc_device"
LANG_COOKIE = "tc_lang"
# the cookies that authenticate (a request carrying one is checked for CSRF)
CREDENTIAL_PREFIXES = ("tc_admin_", "tc_seat_", "tc_pin_")


def ext() -> dict:
    return current_app.extensions["companion"]


def service():
    return ext()["service"]


def catalog():
    return ext()["catalog"]


def config():
    return ext()["config"]


def language() -> str:
    if "lang" not in g:
        g.lang = pick_language(
            request.cookies.get(LANG_COOKIE),
            request.args.get("lang"),
            request.headers.get("Accept-Language"),
        )
    return g.lang


def t(key: str, /, **params) -> str:
    return catalog().t(language(), key, **params)


HELD_LOOKED_AT = 4  # seat or tablet cookies read for a device id (_held_credential)
DEVICE_KEY = "companion.device"  # the environ key the request's device is kept under


def device(asked: Asked | None = None, extensions: dict | None = None) -> Device:
    """Who counts as one device for stream caps and rate limits: the id in a cookie this
    server signed (``web/devices.py``); else a bearer token that is a credential here (a
    script playing a seat is that seat's device, as docs/api.md says); else the anonymous
    device of the address, which is offered a fresh signed id with this reply
    (:func:`unsigned_device`). A made-up cookie or token is anonymous: it cannot escape the
    limits by coming back as someone new. Worked out once per request and kept in its
    environ, which both ways of answering it share."""
    asked = request if asked is None else asked
    environ = asked.environ
    if DEVICE_KEY not in environ:
        address = asked.remote_addr or ""
        extensions = extensions or ext()
        found = extensions["devices"].verify(asked.cookies.get(DEVICE_COOKIE, ""))
        if found is not None:
            environ[DEVICE_KEY] = Device("dev:" + found, address, False)
        else:  # no device id read: a credential brought, or else the address's anonymous one
            service_ = extensions["service"]
            token = bearer(asked) or _held_credential(asked, service_)
            environ[DEVICE_KEY] = (
                Device("bearer:" + digest(token)[:32], address, False)
                if token and service_.seats.credential_known(token)
                else Device("anon:" + address, address, True)
            )
    return environ[DEVICE_KEY]


def _held_credential(asked: Asked, service: Any) -> str | None:
    """The first seat or tablet cookie of this request that is a credential here: a phone
    whose device id this server cannot read (the cookie lost, the page opened before it was
    offered) is still the device of the seat it holds, never its address's anonymous one
    that every other phone on the Wi-Fi shares."""
    seat, admin = SEAT_COOKIE.format(""), ADMIN_COOKIE.format("")
    held = [v for name, v in asked.cookies.items() if name.startswith((seat, admin))]
    # a few at most: a request stuffed with made-up seat cookies costs no more than a phone's
    for value in held[:HELD_LOOKED_AT]:
        if service.seats.credential_known(value):
            return value
    return None


def unsigned_device(asked: Asked | None = None) -> bool:
    """The request brought no device id this server signed (once :func:`device` has looked):
    it is offered one with the reply (``web/guard.py``)."""
    found = (request if asked is None else asked).environ.get(DEVICE_KEY)
    return found is not None and found.anonymous


def credential_cookie_sent(asked: Asked | None = None) -> bool:
    cookies = (request if asked is None else asked).cookies
    return any(name.startswith(CREDENTIAL_PREFIXES) for name in cookies)


def bearer(asked: Asked | None = None) -> str | None:
    header = (request if asked is None else asked).headers.get("Authorization", "")
    return header[7:].strip() if header.startswith("Bearer ") else None


def viewer(table_id: str) -> Viewer:
    """Who is asking, for this table: a seat token unlocks its seat, the admin token the
    tablet; the token may come in a cookie (pages) or an Authorization header (scripts)."""
    known = g.setdefault("viewers", {})
    if table_id not in known:
        known[table_id] = service().seats.viewer_for(table_id, *credentials(table_id))
    return known[table_id]


def asker(table_id: str, asked: Asked | None = None) -> Credentials:
    """The credentials this request carries for ``table_id``, for a change: the writer
    thread works out whose they are in the same step as the change
    (``service.seats.on_behalf``)."""
    return Credentials(*credentials(table_id, asked))


def holds(asked: Asked | None = None) -> Callable[[str], Credentials]:
    """The credentials this request carries, for any table by its id: the writer thread
    asks for the table the hardware feeds (``companion/writer/active_table.py``), which only it
    knows."""
    asked = request_ctx.request if asked is None else asked  # the request itself, not the proxy
    return lambda table_id: Credentials(*credentials(table_id, asked))


def credentials(table_id: str, asked: Asked | None = None) -> tuple[str | None, str | None]:
    """The admin token and the seat token this request carries for ``table_id``."""
    asked = request if asked is None else asked
    token = bearer(asked)
    cookies = asked.cookies
    seat = cookies.get(SEAT_COOKIE.format(table_id)) or token
    if seat is None and wants_seat_view(asked):
        seat = cookies.get(PIN_COOKIE.format(table_id))
    admin = cookies.get(ADMIN_COOKIE.format(table_id)) or token
    return admin, seat


def wants_seat_view(asked: Asked | None = None) -> bool:
    """The tablet holds both the admin cookie and, during a private session, a seat's PIN
    cookie. Only the seat page asks for the seat's view (its requests say so); the
    dashboard never shows a seat's secrets, even if someone forgot to lock."""
    asked = request if asked is None else asked
    return (
        asked.path.startswith("/seat/")
        or asked.args.get("as") == "seat"
        or asked.headers.get("X-Companion-View") == "seat"
    )
