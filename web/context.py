"""Per-request helpers: the service, the catalog, the device, the viewer, the language."""

from __future__ import annotations

from flask import current_app, g, request

from companion.table import Viewer
from companion.viewer import Credentials
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


def device() -> Device:
    """Who counts as one device for stream caps and rate limits: the id in a cookie this
    server signed (``web/devices.py``), else the anonymous device of the address, which is
    offered a fresh signed id with this reply. A made-up cookie is anonymous: it cannot
    escape the limits by coming back as someone new."""
    if "device" not in g:
        address = request.remote_addr or ""
        ids = ext()["devices"]
        found = ids.verify(request.cookies.get(DEVICE_COOKIE, ""))
        if found is not None:
            g.device = Device("dev:" + found, address, False)
        else:
            g.unsigned_device = True  # offered a signed id with the reply (web/guard.py)
            g.device = Device("anon:" + address, address, True)
    return g.device


def credential_cookie_sent() -> bool:
    return any(name.startswith(CREDENTIAL_PREFIXES) for name in request.cookies)


def bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    return header[7:].strip() if header.startswith("Bearer ") else None


def viewer(table_id: str) -> Viewer:
    """Who is asking, for this table: a seat token unlocks its seat, the admin token the
    tablet; the token may come in a cookie (pages) or an Authorization header (scripts)."""
    known = g.setdefault("viewers", {})
    if table_id not in known:
        known[table_id] = service().viewer_for(table_id, *credentials(table_id))
    return known[table_id]


def asker(table_id: str) -> Credentials:
    """The credentials this request carries for ``table_id``, for a change: the writer
    thread works out whose they are in the same step as the change (``Service.on_behalf``)."""
    return Credentials(*credentials(table_id))


def credentials(table_id: str) -> tuple[str | None, str | None]:
    """The admin token and the seat token this request carries for ``table_id``."""
    token = bearer()
    seat = request.cookies.get(SEAT_COOKIE.format(table_id)) or token
    if seat is None and wants_seat_view():
        seat = request.cookies.get(PIN_COOKIE.format(table_id))
    admin = request.cookies.get(ADMIN_COOKIE.format(table_id)) or token
    return admin, seat


def wants_seat_view() -> bool:
    """The tablet holds both the admin cookie and, during a private session, a seat's PIN
    cookie. Only the seat page asks for the seat's view (its requests say so); the
    dashboard never shows a seat's secrets, even if someone forgot to lock."""
    return (
        request.path.startswith("/seat/")
        or request.args.get("as") == "seat"
        or request.headers.get("X-Companion-View") == "seat"
    )
