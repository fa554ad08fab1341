"""Random draws the companion makes, derived from a committed seed (docs/architecture.md, "Randomness").

Each table gets a secret 256-bit seed at creation and publishes ``sha256(seed)``. The n-th
draw of the action at position p (p counts the actions in effect, so an undone action does
not count) comes from ``HMAC-SHA256(seed, f"{p}:{n}")`` by rejection sampling, so there is no
modulo bias. An undo followed by the same action draws the same thing, and once the game is
over the seed is revealed so anyone can re-derive every hidden draw.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_seed() -> bytes:
    return secrets.token_bytes(32)


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def _stream(seed: bytes, position: int, draw: int, attempt: int) -> int:
    message = f"{position}:{draw}" if attempt == 0 else f"{position}:{draw}:{attempt}"
    return int.from_bytes(hmac.new(seed, message.encode(), hashlib.sha256).digest(), "big")


def index(seed: bytes, position: int, draw: int, size: int) -> int:
    """A uniform index in ``range(size)`` for draw ``draw`` of the action at ``position``."""
    if size <= 0:
        raise ValueError("cannot draw from an empty population")
    space = 1 << 256
    limit = space - (space % size)  # accept only values below a multiple of size
    attempt = 0
    while True:
        value = _stream(seed, position, draw, attempt)
        if value < limit:
            return value % size
        attempt += 1


def resolve(seed: bytes, position: int, spec: dict[str, dict]) -> dict[str, list]:
    """Resolve a game's ``draws`` spec: each name gets ``count`` items without replacement.

    Names are resolved in sorted order and draws are numbered across them, so the outcome
    depends only on the seed, the position and the spec.
    """
    drawn: dict[str, list] = {}
    number = 0
    for name in sorted(spec):
        pool = list(spec[name]["population"])
        count = spec[name].get("count", 1)
        if count > len(pool):
            raise ValueError(f"cannot draw {count} from {len(pool)}")
        picked = []
        for _ in range(count):
            picked.append(pool.pop(index(seed, position, number, len(pool))))
            number += 1
        drawn[name] = picked
    return drawn
