"""Loops in tests that must end. A rules bug that stops a turn from passing, or a page that
never adds the field it was asked for, makes a ``while`` loop spin for ever; ``steps`` is
``range(limit)`` that fails, naming what never happened, when the loop asks for one more."""

from __future__ import annotations

from collections.abc import Iterator


def steps(limit: int, what: str) -> Iterator[int]:
    """``for _ in steps(200, "the end of the game"): ... break`` — the loop must ``break``
    within ``limit`` rounds, else the test fails with ``what`` instead of hanging."""
    yield from range(limit)
    raise AssertionError(f"still waiting for {what} after {limit} steps")
