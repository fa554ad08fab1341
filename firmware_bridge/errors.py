"""The bridge's one exception base."""

from __future__ import annotations

from typing import Any


class BridgeError(Exception):
    """A hardware-side error with a stable ``code`` (catalog key ``error.<code>``)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def __repr__(self) -> str:
        return f"BridgeError({self.code!r}, {self.params!r})"
