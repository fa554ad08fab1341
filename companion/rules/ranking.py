"""Ranked places and points, shared by every game that scores by rank.

Places are "competition ranking" (1-2-2-4): tied entries share a place and the next place
is skipped, as the Lawless rulebook's own example requires.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def places(values: Sequence[int | float], higher_is_better: bool = True) -> list[int]:
    """The place of each value: 1 for the best; ties share, the next place is skipped."""
    sign = -1 if higher_is_better else 1
    keyed = [sign * v for v in values]
    return [1 + sum(1 for other in keyed if other < mine) for mine in keyed]


def place_points(
    values: Sequence[int], table: Sequence[int], zero_scores_nothing: bool = True
) -> list[int]:
    """Points by place from ``table`` (``table[0]`` for 1st); places past it score 0.

    With ``zero_scores_nothing``, an entry with nothing (value 0) scores 0 whatever its place.
    """
    out = []
    for value, place in zip(values, places(values)):
        if zero_scores_nothing and value == 0:
            out.append(0)
        else:
            out.append(table[place - 1] if place <= len(table) else 0)
    return out


def order_by(keys: Sequence[tuple]) -> list[int]:
    """Indices ordered by their key tuples, best (smallest) first; stable for equal keys."""
    return sorted(range(len(keys)), key=lambda i: keys[i])


def winners(totals: Sequence[int | float]) -> list[int]:
    """Every index that holds the highest total (a tie on the top is a shared win)."""
    best = max(totals)
    return [i for i, total in enumerate(totals) if total == best]


def standing(seat: int, place: int | None, key: str, **params: Any) -> dict:
    """One row of a game's final standings (``standings(state)`` in ``base.py``): the seat,
    its place (``None``: unranked, only the winner is known) and the number that decided it,
    as a catalog line."""
    return {"seat": seat, "place": place, "score": {"key": key, "params": params}}
