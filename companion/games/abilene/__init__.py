"""Abilene: five custom dice, loans with interest, jail fees, secret corral votes.

Everything that is this game lives in this folder: the rules (``game.py`` and the modules
it imports), the words (``i18n/``), the board (``panel.js``) and the rule notes (``rules.md``).
"""

from __future__ import annotations

from companion.rules import dice

# « 2 dés bétail clairs … 3 dés cow-boy foncés »: the light cattle die and the dark cowboy die.
DICE = dice.declare(
    dice.DieKind("cattle", (0, 1, 2, 3, 4, 5), on_table=2, label="L",
                 colours=("#f4efe2", "#5a3b1c")),
    dice.DieKind("cowboy", (1, 1, 2, 2, 3, 4), on_table=3, label="C",
                 colours=("#3a2a1e", "#f4efe2")))
