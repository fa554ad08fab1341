"""What every request must pass before it reaches a view: the Host check (DNS rebinding),
the request rate per device and per address, the CSRF guard and the content type of
changes."""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import threading
import time
from functools import lru_cache

from flask import Flask, request

from companion.app.config import ServerConfig
from web.context import (
    CSRF_COOKIE,
    DEVICE_COOKIE,
    Asked,
    bearer,
    credential_cookie_sent,
    device,
    ext,
    unsigned_device,
)
from web.devices import Device
from web.errors import ApiError

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


def host_allowed(host: str, allowed: list[str]) -> bool:
    """IP literals, localhost and configured names only: a rebinding attacker's own domain
    name is refused even when it resolves to this Pi."""
    return _host_allowed(host, tuple(allowed))


@lru_cache(maxsize=256)  # every request asks; a table sees a handful of Host values
def _host_allowed(host: str, allowed: tuple[str, ...]) -> bool:
    name = host.strip().lower()
    if name.startswith("["):
        name = name[1 : name.find("]")] if "]" in name else name
    elif name.count(":") == 1:
        name = name.rsplit(":", 1)[0]
    if name in ("localhost", *[a.lower() for a in allowed]):
        return True
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


class RateLimiter:
    """A token bucket per key: ``per_minute`` requests, refilled continuously."""

    KEPT = 4000  # buckets remembered; past that, the full ones (which say nothing) go

    def __init__(self, per_minute: int, clock=None) -> None:
        self.rate = per_minute / 60.0
        self.capacity = float(max(per_minute // 4, 10))
        self.clock = clock or time.monotonic
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str) -> bool:
        now = self.clock()
        with self._lock:
            if len(self._buckets) > self.KEPT:
                self._forget_full(now)
            tokens, last = self._buckets.get(key, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - last) * self.rate)
            if tokens < 1:
                self._buckets[key] = (tokens, now)
                return False
            self._buckets[key] = (tokens - 1, now)
            return True

    def _forget_full(self, now: float) -> None:
        """Drop the buckets that have refilled: forgetting them changes nothing. (Clearing
        all would let a client that mints many ids wipe everyone's bucket.)"""
        self._buckets = {
            key: (tokens, last)
            for key, (tokens, last) in self._buckets.items()
            if tokens + (now - last) * self.rate < self.capacity
        }


class Limits:
    """Every request draws from its address's bucket and from its device's: a signed
    device has its own, every anonymous request of an address shares one, tighter."""

    def __init__(self, server: ServerConfig, clock=None) -> None:
        self.device = RateLimiter(server.requests_per_minute, clock)
        self.anonymous = RateLimiter(server.requests_per_minute_anonymous, clock)
        self.address = RateLimiter(server.requests_per_minute_per_address, clock)

    def allow(self, who: Device) -> bool:
        bucket = self.anonymous if who.anonymous else self.device
        return self.address.allow(who.address) and bucket.allow(who.key)


def init_app(app: Flask) -> None:
    app.before_request(_check)
    app.after_request(_stamp)


def _check():
    check(request, ext())


def check(asked: Asked, extensions: dict) -> None:
    """Flask's order: the Host, the rate (every request but a static file's), then what a
    change must bring (:func:`check_change`). ``web/fast.py`` runs the same parts."""
    check_host(asked, extensions)
    if asked.path.startswith("/static/"):
        return
    check_rate(asked, extensions)
    if asked.method in SAFE_METHODS:
        return
    check_change(asked)


def check_host(asked: Asked, extensions: dict) -> None:
    if not host_allowed(asked.host, extensions["config"].server.allowed_hosts):
        raise ApiError(421, "wrong_host")


def check_rate(asked: Asked, extensions: dict) -> None:
    """Takes a token from the device's bucket and the address's (a refusal takes none)."""
    if not extensions["limiter"].allow(device(asked, extensions)):
        raise ApiError(429, "too_many_requests")


def check_change(asked: Asked) -> None:
    """What a request that changes something must bring; reads the request, changes nothing."""
    if not asked.path.startswith("/api/") and not same_origin(asked):
        raise ApiError(403, "csrf")  # another site's form (the join page posts a form)
    if asked.path.startswith("/api/"):
        if asked.mimetype != "application/json":
            raise ApiError(415, "json_only")
        # A cookie rides along with any cross-site request; a custom header equal to the
        # CSRF cookie cannot be set by another site. A bearer token is not ambient, but
        # it exempts nothing while a credential cookie rides along: the cookie is what
        # authenticates then (``web/context.py`` takes it first), so a junk header must
        # not switch the check off.
        if bearer(asked) is None or credential_cookie_sent(asked):
            sent = asked.headers.get("X-CSRF-Token", "")
            cookie = asked.cookies.get(CSRF_COOKIE, "")
            if not cookie and not sent:
                # a script, most likely: say how to pass (docs/api.md, "From a script")
                raise ApiError(403, "csrf_missing")
            if not cookie or not _same(sent, cookie):
                raise ApiError(403, "csrf")


def same_origin(asked: Asked) -> bool:
    """A form post from this site: browsers say where it comes from. Anything that says
    another site, or "null", is refused; a client that says nothing (a script) passes."""
    site = asked.headers.get("Sec-Fetch-Site")
    if site is not None:  # set by the browser itself: the surest word
        return site in ("same-origin", "none")
    origin = asked.headers.get("Origin")
    if origin is None:
        return True
    return origin.split("://", 1)[-1] == asked.host


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


# on every answer, unless a route set its own
STAMPED = (
    ("X-Content-Type-Options", "nosniff"),
    # join links carry a code in their path: never send it to another site
    ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
    (
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    ),
)


def _stamp(response):
    return stamp(response, request, ext())


def stamped(path: str) -> tuple[tuple[str, str], ...]:
    """The headers every answer to ``path`` carries (unless its route set its own)."""
    cache = "public, max-age=3600" if path.startswith("/static/") else "no-store"
    return (("Cache-Control", cache), *STAMPED)


def stamp(response, asked: Asked, extensions: dict):
    """The security headers on every answer (unless its route set its own), and the
    cookies a page is offered: a signed device id if it brought none (:func:`offers`)."""
    headers = response.headers
    present = {name.lower() for name in headers.keys()}
    for name, value in stamped(asked.path):
        if name.lower() not in present:
            headers.add(name, value)
    if bearer(asked) is not None:
        return response  # a script that brings its token: it is offered no cookies
    if unsigned_device(asked):  # none, or one this server did not sign: replaced
        response.set_cookie(
            DEVICE_COOKIE,
            extensions["devices"].issue(),
            max_age=3600 * 24 * 365,
            httponly=True,
            samesite="Strict",
        )
    if CSRF_COOKIE not in asked.cookies:
        response.set_cookie(
            CSRF_COOKIE, secrets.token_urlsafe(24), max_age=3600 * 24 * 365, samesite="Strict"
        )
    return response


def offers_cookies(asked: Asked, extensions: dict) -> bool:
    """The answer to ``asked`` sets a cookie (:func:`stamp`): a device id or a CSRF token."""
    if bearer(asked) is not None:
        return False
    return device(asked, extensions).anonymous or CSRF_COOKIE not in asked.cookies
