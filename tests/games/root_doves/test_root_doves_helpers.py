"""Helpers for the Root/Doves tests (no tests here): a table past setup, actions by name,
and whole Doves turns played through ``apply`` the way the table does.

The standard table: Ann plays the Doves (seat 0), Bruno and Chloé the others; the Doves set
up their Ceasefire in clearing 10 (rabbit) with 4 warriors, and 2 warriors in 12 (fox).
"""

from __future__ import annotations
