"""Randomness: draws derived from a committed seed, and a table's seeds over its life.

May import: companion.errors, companion.rules, companion.storage
"""
