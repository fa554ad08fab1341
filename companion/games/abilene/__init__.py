"""Abilene: five custom dice, loans with interest, jail fees, secret corral votes.

Everything that is this game lives in this folder: the rules (``game.py`` and the modules
it imports), the words (``i18n/``), the board (``panel.js``) and the rule notes (``rules.md``).
"""

from __future__ import annotations

from companion.rules import dice
from companion.rules.cards import CardFace, declare

# « 2 dés bétail clairs … 3 dés cow-boy foncés »: the light cattle die and the dark cowboy die.
DICE = dice.declare(
    dice.DieKind(
        "cattle", (0, 1, 2, 3, 4, 5), on_table=2, label="L", colours=("#f4efe2", "#5a3b1c")
    ),
    dice.DieKind(
        "cowboy", (1, 1, 2, 2, 3, 4), on_table=3, label="C", colours=("#3a2a1e", "#f4efe2")
    ),
)

# The animal cards: a scan fills in the value of the animal being sold (and "no brand" for
# the unbranded $500 animals); which brand a branded one bears is the seller's to say.
CARD_FACES = declare(
    *(
        CardFace(
            f"animal_{value}",
            {"key": "card.abilene.animal", "params": {"value": value}},
            {"value": value},
            ("sale_truth",),
        )
        for value in (100, 300, 600, 1000)
    ),
    CardFace(
        "animal_500",
        {"key": "card.abilene.animal_unbranded", "params": {"value": 500}},
        {"value": 500, "brand": "no_brand"},
        ("sale_truth",),
    ),
)

# Parameters holding a seat number, and the actions that end a turn (docs/adding-a-game.md).
SEAT_PARAMS = (
    "absent_seat",
    "borrower",
    "borrower_seat",
    "lender_seat",
    "opponent",
    "opponent_seat",
    "owner",
    "payee",
    "payer",
    "player",
    "ranch",
    "seller",
    "voter",
)
END_TURN = ("end_turn",)
