"""Tokens: long random values, stored only as hashes, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(32)


def new_join_code() -> str:
    return secrets.token_urlsafe(12)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Hashed:
    """:func:`digest` that remembers its last token: one request's token is compared with
    every seat's hash and the tablet's, and hashed once for all of them. The token is
    known again by identity (the same string object), never by comparing secrets."""

    def __init__(self) -> None:
        self._token: str | None = None
        self._digest = ""

    def digest(self, token: str) -> str:
        if token is not self._token:
            self._token, self._digest = token, digest(token)
        return self._digest


def matches(token: str | None, stored_hash: str | None, hashed: Hashed | None = None) -> bool:
    if not token or not stored_hash or len(token) > 200:
        return False
    mine = hashed.digest(token) if hashed is not None else digest(token)
    return hmac.compare_digest(mine, stored_hash)


def same_code(given: str | None, code: str | None) -> bool:
    if not given or not code or len(given) > 200:
        return False
    return hmac.compare_digest(given.encode(), code.encode())
