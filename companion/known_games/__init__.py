"""The games this companion knows: found from their folders (and the
``table_companion.games`` entry points), each held to the game contract when it loads.

May import: companion.errors, companion.rules, companion.games
"""
