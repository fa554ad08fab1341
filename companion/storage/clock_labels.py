"""Wall-clock labels for journal entries."""

from __future__ import annotations

from datetime import UTC, datetime


def now_label() -> str:
    """A wall-clock label only: the Pi may have no clock battery and no network time, so
    nothing orders or decides by it; order is the version."""
    return datetime.now(UTC).isoformat(timespec="seconds")
