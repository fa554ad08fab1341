"""108 Outlaws: play areas, icon tallies, the end trigger, scoring and solo mode.

Everything that is this game lives in this folder: the rules (``game.py`` and the modules
it imports), the words (``i18n/``), the board (``panel.js``) and the rule notes (``rules.md``).
"""
