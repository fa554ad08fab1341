"""Nowheresville: Bandit Paradise: secret money, secret plans, robberies.

Everything that is this game lives in this folder: the rules (``game.py`` and the modules
it imports), the words (``i18n/``), the board (``panel.js``) and the rule notes (``rules.md``).
"""

# Parameters holding a seat number, and the actions that end a turn (docs/adding-a-game.md).
SEAT_PARAMS = ("absent_seat", "player")
END_TURN = ()
