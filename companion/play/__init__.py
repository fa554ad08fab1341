"""One table at play, in memory: rebuilt from the journal, advanced one committed
action at a time; undo and correction, reveals as barriers, log lines, who may answer,
refusals, whom the table waits for, faults kept to their table, and the play as BG Stats
imports it.

May import: companion.errors, companion.rules, companion.known_games, companion.storage,
companion.access, companion.randomness
"""
