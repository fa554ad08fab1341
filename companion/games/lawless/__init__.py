"""Lawless (Sans Foi Ni Loi): a ranch game of cards and one die.

Everything that is this game lives in this folder: the rules (``game.py`` and the modules
it imports), the words (``i18n/``), the board (``panel.js``) and the rule notes (``rules.md``).
"""
