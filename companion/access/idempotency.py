"""Exactly once: an idempotency key bound to one request.

A client that did not hear the answer sends the same request again with the same key. The
key is bound to the request's *fingerprint* — its route, its viewer and its whole body — so
the same key with the same request gets the first answer, and the same key with another
request or from another viewer is a 409 ``idempotency_mismatch``, never a silent replay.
Table changes keep the fingerprint in their journal entry, so this holds across a restart.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Protocol

from companion.errors import Conflict
from companion.rules.base import RuleError

SHORTEST, LONGEST = 8, 80


@dataclass(frozen=True)
class Request:
    key: str
    fingerprint: str


def check_key(key: Any) -> str | None:
    """A client's idempotency key: 8 to 80 printable ASCII characters, or none at all."""
    if key is None:
        return None
    if (
        not isinstance(key, str)
        or not SHORTEST <= len(key) <= LONGEST
        or not (key.isascii() and key.isprintable())
    ):
        raise RuleError("bad_idempotency_key")
    return key


def fingerprint(route: str, who: str, body: Any) -> str:
    """What makes a request this request: where it goes, who sends it, everything it says."""
    text = json.dumps(
        [route, who, body], sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str
    )
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:32]


def make(key: Any, route: str, who: str, body: Any) -> Request | None:
    key = check_key(key)
    return None if key is None else Request(key, fingerprint(route, who, body))


@dataclass(frozen=True)
class Unbound:
    """A request whose viewer is not known yet (its credentials are worked out on the
    writer thread): its fingerprint is made by :func:`bind` once they are."""

    key: str
    route: str
    body: Any


def make_unbound(key: Any, route: str, body: Any) -> Unbound | None:
    key = check_key(key)
    return None if key is None else Unbound(key, route, body)


def bind(request: Request | Unbound | None, who: str) -> Request | None:
    """``request`` bound to its viewer's label ``who`` (a bound one is returned as it is)."""
    if isinstance(request, Unbound):
        return Request(request.key, fingerprint(request.route, who, request.body))
    return request


class Kept(Protocol):
    """What a table keeps of its journalled requests (a ``companion.play.table.Table``):
    each key's version, and its fingerprint."""

    idem: dict[str, int]
    requests: dict[str, str]


def first_answer(table: Kept, request: Request | None) -> dict | None:
    """The first answer to a retried change: ``table`` (a ``companion.play.table.Table``) keeps
    each journalled request's key and fingerprint, so this holds across restarts. None when
    the request is new; a key reused for another request is a 409."""
    if request is None or request.key not in table.idem:
        return None
    same_or_mismatch(request, table.requests.get(request.key))
    return {"version": table.idem[request.key], "replayed": True}


def same_or_mismatch(request: Request, first: str | None) -> None:
    """The key was used before: fine if for this very request, else 409. A journal written
    before fingerprints were kept has none; its keys are honoured as they were."""
    if first is not None and first != request.fingerprint:
        raise Conflict("idempotency_mismatch")
