"""The hash chain of a table's journal: each entry's hash covers the one before.

The first link is the hash of the table's record (game, players, options, seed commitment,
rules version, creation label); entry ``v`` stores ``sha256(hash of v-1, v, entry, actor,
source, at, idem)`` over the text exactly as stored. A changed, missing or reordered row
therefore breaks the chain at its version, and replay names the table and the version.
Pure: no I/O (``companion/storage/journal.py`` stores and checks it,
``companion/storage/witness.py`` keeps the last link of every table outside the database).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    """One entry as stored: the fields the chain covers, and the hash stored with it."""

    version: int
    entry: str
    actor: str
    source: str
    at: str
    idem: str | None
    hash: str | None


@dataclass(frozen=True)
class Break:
    """Where a chain breaks: the version and why (``"missing"``, ``"damaged"``)."""

    version: int
    reason: str


def _digest(*parts: object) -> str:
    text = json.dumps(parts, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def genesis(
    table_id: str,
    game: str,
    players: str,
    options: str,
    seed_hash: str,
    rules_version: int,
    created: str,
) -> str:
    """The link before entry 1 (the record's JSON fields as stored)."""
    return _digest("table", table_id, game, players, options, seed_hash, rules_version, created)


def link(previous: str, row: Row) -> str:
    return _digest(previous, row.version, row.entry, row.actor, row.source, row.at, row.idem)


def first_break(start: str, rows: Iterable[Row]) -> Break | None:
    """The first place the chain from ``start`` breaks, or None if it holds."""
    previous, expected = start, 1
    for row in rows:
        if row.version != expected:
            return Break(expected, "missing")
        previous = link(previous, row)
        if row.hash != previous:
            return Break(row.version, "damaged")
        expected += 1
    return None


def head(start: str, rows: Iterable[Row]) -> tuple[int, str]:
    """The last (version, hash) of a chain, computing each link (for rows written before
    the chain existed)."""
    version, previous = 0, start
    for row in rows:
        version, previous = row.version, link(previous, row)
    return version, previous
