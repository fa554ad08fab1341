"""The single writer: the service that makes every change in one order, where hardware
input goes, seats and the active table, the devices' side, the live streams and their
patches, the checks of a new table; the requests that change more than one table's play
(the card catalogue's, the rematch that carries the phones, past games archived or
deleted).

May import: companion.errors, companion.rules, companion.known_games, companion.storage,
companion.access, companion.randomness, companion.play
"""
