"""The core's errors, all under :class:`CompanionError` (the package's one base). Each carries a
code (a catalog key ``error.<code>``) and parameters, like ``RuleError``; the web edge turns
them into JSON errors in the viewer's language. An :class:`OperatorError` is said to whoever
runs the Pi: its text is the whole message (the CLI prints it, the log keeps it), and a
player who meets one gets only its code."""

from __future__ import annotations

from typing import Any


class CompanionError(Exception):
    """The base of every error the core raises."""

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


class OperatorError(CompanionError):
    """A fault the operator must see in words (``str(error)``), not a player's refusal."""

    code = "internal"
    status = 500

    def __init__(self, message: str) -> None:
        super().__init__(type(self).code)
        self.args = (message,)  # str(error) is the message, for the CLI and the log


class JournalError(OperatorError):
    """The database cannot be used as it is (damaged, from a newer companion, an entry of a
    kind this companion does not know) or cannot be written now (a storage fault). The CLI
    exits with 3 on it; the web edge answers 503 ``journal_fault``."""

    code = "journal_fault"
    status = 503


class ConfigError(OperatorError):
    """The config (or a file it names) is wrong; the CLI exits with 2 on it."""

    code = "config"
