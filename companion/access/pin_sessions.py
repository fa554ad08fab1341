"""A seat kept on the tablet behind a PIN, for a player without a phone (docs/api.md,
"Who may act").

The tablet sets the seat's PIN once (the seat's join code is spent and the public log says
the seat is on the tablet). Only the device holding the table's admin token may unlock it
(the tablet). Unlocking with the PIN mints a fresh token for a short private session kept
only in memory (:class:`Sessions`): it expires on the server, and locking, expiry,
re-issuing the seat or a restart end it. Wrong PINs are limited per device: after
``MAX_TRIES`` that device waits ``LOCKOUT_S`` seconds; a passer-by cannot lock the player out.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Callable
from dataclasses import dataclass

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
    """Counts wrong PINs per (table, seat, device) with an injected clock."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._wrong: dict[tuple[str, int, str], tuple[int, float]] = {}

    def check(self, table_id: str, seat: int, device: str) -> None:
        count, since = self._wrong.get((table_id, seat, device), (0, 0.0))
        if count >= MAX_TRIES:
            if self.clock() - since < LOCKOUT_S:
                raise TooManyTries("pin_locked", seconds=int(LOCKOUT_S))
            del self._wrong[(table_id, seat, device)]

    def failed(self, table_id: str, seat: int, device: str) -> None:
        if len(self._wrong) > 2000:  # a flood of made-up devices: forget, never grow
            self._wrong.clear()
        count, _since = self._wrong.get((table_id, seat, device), (0, 0.0))
        self._wrong[(table_id, seat, device)] = (count + 1, self.clock())

    def succeeded(self, table_id: str, seat: int, device: str) -> None:
        self._wrong.pop((table_id, seat, device), None)


@dataclass(frozen=True)
class Session:
    """One private session: the hash of its token and when it ends (the injected clock)."""

    token_hash: str
    ends: float


class Sessions:
    """The open private sessions, one per (table, seat) at most, in memory only."""

    def __init__(self, length_s: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.length_s = length_s
        self.clock = clock
        self._open: dict[tuple[str, int], Session] = {}

    def open(self, table_id: str, seat: int, token_hash: str) -> Session:
        session = Session(token_hash, self.clock() + self.length_s)
        self._open[(table_id, seat)] = session
        return session

    def seat_for(self, table_id: str, token: str, digest: Callable[[str], str]) -> int | None:
        """The seat whose live session ``token`` opens (an expired one opens nothing)."""
        for (tid, seat), session in self._open.items():
            if (
                tid == table_id
                and session.ends > self.clock()
                and hmac.compare_digest(digest(token), session.token_hash)
            ):
                return seat
        return None

    def current(self, table_id: str, seat: int) -> Session | None:
        return self._open.get((table_id, seat))

    def end(self, table_id: str, seat: int, session: Session | None = None) -> bool:
        """End the seat's session (only ``session``, when given); whether one ended."""
        open_now = self._open.get((table_id, seat))
        if open_now is None or (session is not None and open_now != session):
            return False
        del self._open[(table_id, seat)]
        return True
