"""``companion serve`` caps glibc's malloc arenas (``companion/app/malloc_arenas.py``); an
operator's own ``MALLOC_ARENA_MAX`` is left as it is."""

from __future__ import annotations

import platform

from companion.app import malloc_arenas


def test_glibc_takes_the_cap(monkeypatch):
    monkeypatch.delenv("MALLOC_ARENA_MAX", raising=False)
    assert platform.libc_ver()[0] == "glibc"  # the Pi's Raspberry Pi OS and CI's Debian
    assert malloc_arenas.few_arenas() is True


def test_the_operators_setting_wins(monkeypatch):
    monkeypatch.setenv("MALLOC_ARENA_MAX", "8")
    assert malloc_arenas.few_arenas() is False
