"""The one error the rules raise (the rules package's exception base)."""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """An illegal action. ``code`` names the message; ``params`` fill it in.

    The words are put on at the web edge, in the viewer's language, from the catalog key
    ``error.<code>``; so codes are stable identifiers like ``"no_room_for_herd"``.
    """

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def __repr__(self) -> str:
        return f"RuleError({self.code!r}, {self.params!r})"
