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


def matches(token: str | None, stored_hash: str | None) -> bool:
    if not token or not stored_hash or len(token) > 200:
        return False
    return hmac.compare_digest(digest(token), stored_hash)


def same_code(given: str | None, code: str | None) -> bool:
    if not given or not code or len(given) > 200:
        return False
    return hmac.compare_digest(given.encode(), code.encode())
