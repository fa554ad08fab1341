"""Recorded games: one or more whole games per game, kept as the actions the rules took and
the final state they led to (see ``record.py`` and ``tests/test_recorded_games.py``)."""
