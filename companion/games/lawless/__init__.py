"""Lawless (Sans Foi Ni Loi): a ranch game of cards and one die.

Everything that is this game lives in this folder: the rules (``game.py`` and the modules
it imports), the words (``i18n/``), the board (``panel.js``) and the rule notes (``rules.md``).
"""

from companion.rules.cards import CardFace, declare

_PLACED = {
    "terrain": ("place_terrain", "quality", ("poor", "average", "excellent")),
    "herd": ("place_herd", "quality", ("poor", "average", "excellent")),
    "cowboy": ("place_cowboy", "level", ("novice", "experienced", "veteran")),
}
_PLAYED = (
    "fence",
    "sheriff",
    "mayor",
    "undertaker",
    "trapper",
    "saloon",
    "hold_up",
    "cheat",
    "stampede",
    "raid",
    "rails",
    "rustling",
    "lynching",
    "cavalry",
    "king_of_rodeo",
    "gold_mine",
    "girls",
)

# The cards a tag may be stuck on: a scan fills in the card being put into play.
CARD_FACES = declare(
    *(
        CardFace(
            f"{kind}_{value}",
            {"key": f"card.lawless.{kind}_{value}", "params": {}},
            {param: value},
            (action,),
        )
        for kind, (action, param, values) in _PLACED.items()
        for value in values
    ),
    *(
        CardFace(kind, {"key": f"action.lawless.play_{kind}", "params": {}}, {}, (f"play_{kind}",))
        for kind in _PLAYED
    ),
    CardFace(
        "hired_killer",
        {"key": "action.lawless.play_hired_killer", "params": {}},
        {},
        ("play_hired_killer", "hire_killer"),
    ),
)

# Parameters holding a seat number, and the actions that end a turn (docs/adding-a-game.md).
SEAT_PARAMS = ("seat",)
END_TURN = ("end_turn",)
