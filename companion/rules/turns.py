"""Turn order around the table, shared by the turn-based games."""

from __future__ import annotations


def next_seat(current: int, seats: int, skip: frozenset[int] | set[int] = frozenset()) -> int:
    """The seat after ``current`` clockwise, passing over seats in ``skip``."""
    for step in range(1, seats + 1):
        candidate = (current + step) % seats
        if candidate not in skip:
            return candidate
    return current


def left_of(seat: int, seats: int) -> int:
    """The left-hand neighbour: play goes clockwise, so it is the next seat."""
    return (seat + 1) % seats


def order_from(start: int, seats: int) -> list[int]:
    """All seats in turn order, beginning with ``start``."""
    return [(start + i) % seats for i in range(seats)]
