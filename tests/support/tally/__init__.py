"""Tally: a small test-only game, a folder like any game's (rules and words)."""

SEAT_PARAMS = ("seat",)  # tally's lines name the seat that bid, added, picked
END_TURN = ("end_turn",)
