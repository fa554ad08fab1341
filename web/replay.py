"""Exactly once at the web edge: the first answer to each idempotency key.

Table changes are kept in the journal with their request's fingerprint (see
``companion/access/idempotency.py``), so a retry finds its first answer even after a restart. The
other state-changing requests — a new table, a PIN, a re-issued seat, a named card, the active
table, a throw of the virtual dice — keep their first answer here, in memory: a client that
lost the reply and retries with the same key gets the same reply (the same new table, the same
join code), and the same key with another request or from another viewer is a 409.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from flask import Response, current_app, make_response

from companion.access.idempotency import Request
from companion.errors import Conflict
from web.errors import ApiError

KEPT = 512  # answers kept; a retry comes within seconds, not after hundreds of changes
LONGEST_ID = 12


class Replies:
    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._answers: OrderedDict[str, tuple[str, int, list, bytes]] = OrderedDict()
        self._lock = threading.Lock()
        self._busy: dict[str, threading.Lock] = {}

    def answer(self, request: Request, make: Callable[[], object]) -> Response:
        """The first answer to ``request``'s key, made by ``make`` the first time; two copies
        of one request arriving together are answered one after the other."""
        with self._lock:
            busy = self._busy.setdefault(request.key, threading.Lock())
        with busy:
            try:
                return self._first(request, make)
            finally:
                with self._lock:
                    self._busy.pop(request.key, None)

    def _first(self, request: Request, make: Callable[[], object]) -> Response:
        with self._lock:
            kept = self._answers.get(request.key)
        if kept is not None:
            fingerprint, status, headers, data = kept
            if fingerprint != request.fingerprint:
                raise Conflict("idempotency_mismatch")
            return Response(data, status=status, headers=headers)
        reply = make_response(make())
        if reply.status_code < 400 and not reply.is_streamed:
            with self._lock:
                self._answers[request.key] = (
                    request.fingerprint,
                    reply.status_code,
                    list(reply.headers.items()),
                    reply.get_data(),
                )
                while len(self._answers) > self.kept:
                    self._answers.popitem(last=False)
        return reply


def once(request: Request | None, make: Callable[[], object]):
    """Answer a state-changing request exactly once per idempotency key."""
    if request is None:
        return make()
    return current_app.extensions["companion"]["replies"].answer(request, make)


def digits(raw: str | None, name: str) -> int:
    """A number from a URL or a header: ASCII digits only (``²`` and ``١`` are digits to
    Python, not to us), at most twelve of them."""
    raw = raw or "0"
    if not (raw.isascii() and raw.isdigit()) or len(raw) > LONGEST_ID:
        raise ApiError(400, "bad_field", name=name)
    return int(raw)
