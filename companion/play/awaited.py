"""Who the table waits for: the one answer every "your turn" reads.

The phones' headline and buzz, the tablet's "whose turn" and a refusal's "waiting for Ann"
all ask this, so they cannot disagree. A game's public ``turn`` says whose turn of the game
it is; the table may be waiting for someone else meanwhile (the left-hand neighbour rolling
a surveillance test, every voter of a corral vote, both duellists), and that is whom a
player's phone must call.
"""

from __future__ import annotations

from typing import TypeGuard


def awaited_seats(prompt: dict | None, turn: int | None) -> list[int]:
    """The seats the table waits for, in seat order of the prompt.

    A sealed round (``kind`` "secret") waits for the seats that have not submitted; a throw
    answered die by die waits for each die's owner; any other prompt for its ``seat``
    (``None``: the table's own choice, made on the tablet — nobody's phone); with no prompt
    at all, for the seat whose ``turn`` it is.
    """
    if prompt is None:
        return [] if turn is None else [turn]
    if prompt.get("kind") == "secret":
        submitted = prompt.get("submitted", [])
        return [s for s in prompt.get("seats", []) if s not in submitted]
    owners = [s for s in prompt.get("owners") or [] if _is_seat(s)]
    if owners:
        return list(dict.fromkeys(owners))
    seat = prompt.get("seat")
    return [seat] if _is_seat(seat) else []


def _is_seat(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
