"""The journal on disk: the SQLite file and its tables, what each row says happened,
the rules version each action was made under, the hash chain and its witness, the start-up
integrity check, backups, the card catalogue kept across games, wall-clock labels.

May import: companion.errors, companion.rules, companion.known_games
"""
