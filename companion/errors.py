"""The core's errors. Each carries a code (a catalog key ``error.<code>``) and parameters,
like ``RuleError``; the web edge turns them into JSON errors in the viewer's language."""

from __future__ import annotations

from typing import Any


class CompanionError(Exception):
    status = 400

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


class NotFound(CompanionError):
    status = 404


class Forbidden(CompanionError):
    status = 403


class Conflict(CompanionError):
    """A stale ``expected_version``, or an idempotency key reused for another action."""

    status = 409


class Busy(CompanionError):
    """The writer did not answer in time; the action may still be applied (retry with the
    same idempotency key to find out)."""

    status = 503
