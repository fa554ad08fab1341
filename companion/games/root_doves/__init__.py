"""Root with the United Doves Society: refugee pile, evacuation, battle dice.

Everything that is this game lives in this folder: the rules (``game.py`` and the modules
it imports), the words (``i18n/``), the board (``panel.js``) and the rule notes (``rules.md``).
"""

from __future__ import annotations

from companion.rules import dice

# Root's battle dice: twelve faces, three each of 0, 1, 2 and 3.
DICE = dice.declare(
    dice.DieKind(
        "root12",
        (0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3),
        on_table=2,
        label="R",
        colours=("#e8d9b0", "#3b2a12"),
    )
)

# Parameters holding a seat number, and the actions that end a turn (docs/adding-a-game.md).
SEAT_PARAMS = ("seat",)
END_TURN = ("end_turn",)
