"""Random draws the companion makes, derived from a committed seed (docs/architecture.md,
"Randomness").

Each table gets a secret 256-bit seed at creation and publishes ``sha256(seed)``. Draws are
keyed by *what* they are, never by where they fall: the k-th item of a kind in effect (the
7th refugee discard, the 12th virtual die) comes from ``HMAC-SHA256(seed, f"{kind}:{k}")``
by rejection sampling, so there is no modulo bias. ``k`` counts the items of that kind in
the actions in effect before the draw, so an undone draw does not count, an action that
draws nothing never shifts one, and an undo followed by the same action draws the same
thing. A game's draw names (``draws(state, action)``) are its kinds; the table's own kind
is ``die`` (virtual dice).

Closing a game publishes its seed; if play resumes after that, a fresh seed is committed
first (an *epoch*), so nothing still to be drawn can be predicted from a published seed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Sequence

DIE = "die"  # the kind of a virtual die, drawn by the table itself (not by a game)


def new_seed() -> bytes:
    return secrets.token_bytes(32)


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def committed(seed: bytes, seed_hash: str) -> bool:
    """``seed`` is the one ``seed_hash`` committed to (compared in constant time)."""
    return hmac.compare_digest(commitment(seed).encode(), str(seed_hash).encode())


def _stream(seed: bytes, kind: str, k: int, attempt: int) -> int:
    message = f"{kind}:{k}" if attempt == 0 else f"{kind}:{k}:{attempt}"
    return int.from_bytes(hmac.new(seed, message.encode(), hashlib.sha256).digest(), "big")


def index(seed: bytes, kind: str, k: int, size: int) -> int:
    """A uniform index in ``range(size)`` for the k-th draw of ``kind`` (k from 0)."""
    if size <= 0:
        raise ValueError("cannot draw from an empty population")
    space = 1 << 256
    limit = space - (space % size)  # accept only values below a multiple of size
    attempt = 0
    while True:
        value = _stream(seed, kind, k, attempt)
        if value < limit:
            return value % size
        attempt += 1


def counts(actions: Iterable[dict], before: dict[str, int] | None = None) -> dict[str, int]:
    """How many items of each kind the resolved ``actions`` drew (their ``drawn``), added to
    the counts ``before`` them."""
    out: dict[str, int] = dict(before or {})
    for action in actions:
        for kind, items in (action.get("drawn") or {}).items():
            out[kind] = out.get(kind, 0) + len(items)
    return out


def resolve(seed: bytes, drawn_before: dict[str, int], spec: dict[str, dict]) -> dict[str, list]:
    """Resolve a game's ``draws`` spec: each name (its kind) gets ``count`` items without
    replacement; item i of kind K is draw ``drawn_before[K] + i`` of K."""
    if DIE in spec:
        raise ValueError(f"{DIE!r} is the table's own kind of draw")
    drawn: dict[str, list] = {}
    for kind in sorted(spec):
        pool = list(spec[kind]["population"])
        count = spec[kind].get("count", 1)
        if count > len(pool):
            raise ValueError(f"cannot draw {count} from {len(pool)}")
        first = drawn_before.get(kind, 0)
        drawn[kind] = [pool.pop(index(seed, kind, first + i, len(pool))) for i in range(count)]
    return drawn


def dice(
    seed: bytes, drawn_before: dict[str, int], throws: Sequence[tuple[str, Sequence[int]]]
) -> list[list]:
    """Virtual dice: one ``[die kind, face]`` per ``(die kind, faces)`` thrown, each face
    uniform over the die's faces (repeated faces listed each time), the i-th die being draw
    ``drawn_before["die"] + i`` of kind ``die``."""
    first = drawn_before.get(DIE, 0)
    return [
        [kind, faces[index(seed, DIE, first + i, len(faces))]]
        for i, (kind, faces) in enumerate(throws)
    ]
