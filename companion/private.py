"""A seat kept on the tablet behind a PIN, for a player without a phone (docs/api.md,
"Who may act").

The tablet sets the seat's PIN once (the seat's join code is spent and the public log says
the seat is on the tablet). Unlocking with the PIN mints a fresh seat token for a short
private session; locking rotates the token, so a forgotten cookie is dead. Wrong PINs are
limited per seat: after ``MAX_TRIES`` the seat is locked for ``LOCKOUT_S`` seconds.
"""

from __future__ import annotations

import hashlib
import time
from typing import Callable

from companion.errors import CompanionError
from companion.rules.base import RuleError

MAX_TRIES = 5
LOCKOUT_S = 60.0


class TooManyTries(CompanionError):
    status = 429


def check_pin(pin: object) -> str:
    if not isinstance(pin, str) or not pin.isdigit() or not 4 <= len(pin) <= 8:
        raise RuleError("bad_pin")
    return pin


def pin_digest(table_id: str, seat: int, pin: str) -> str:
    # Salted by table and seat: the same PIN on two seats gives two different hashes.
    return hashlib.sha256(f"{table_id}:{seat}:{pin}".encode()).hexdigest()


class PinTries:
    """Counts wrong PINs per (table, seat) with an injected clock."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._wrong: dict[tuple[str, int], tuple[int, float]] = {}

    def check(self, table_id: str, seat: int) -> None:
        count, since = self._wrong.get((table_id, seat), (0, 0.0))
        if count >= MAX_TRIES:
            if self.clock() - since < LOCKOUT_S:
                raise TooManyTries("pin_locked", seconds=int(LOCKOUT_S))
            del self._wrong[(table_id, seat)]

    def failed(self, table_id: str, seat: int) -> None:
        count, _since = self._wrong.get((table_id, seat), (0, 0.0))
        self._wrong[(table_id, seat)] = (count + 1, self.clock())

    def succeeded(self, table_id: str, seat: int) -> None:
        self._wrong.pop((table_id, seat), None)
