"""108 Outlaws: play areas, icon tallies, the end trigger, scoring and solo mode.

Everything that is this game lives in this folder: the rules (``game.py`` and the modules
it imports), the words (``i18n/``), the board (``panel.js``) and the rule notes (``rules.md``).
"""

from companion.rules.cards import CardFace, declare

# Each of the 108 outlaws may carry a tag: a scan fills in the number of the card played.
CARD_FACES = declare(
    *(
        CardFace(
            f"outlaw_{number}",
            {"key": "card.outlaws108.outlaw", "params": {"number": number}},
            {"number": number},
            ("play_earth", "play_heaven", "effect_play_earth", "effect_play_heaven"),
        )
        for number in range(1, 109)
    )
)

# Parameters holding a seat number, and the actions that end a turn (docs/adding-a-game.md).
SEAT_PARAMS = ("seat",)
END_TURN = ("end_turn",)
