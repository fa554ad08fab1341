"""Tally: a small test-only game, a folder like any game's (rules and words)."""
