"""Helpers for the Lawless tests (no tests here): start a table, act as the seat the rules
expect, answer dice prompts, and lay out a ranch for a table-driven test.

Laying out a ranch edits the state directly (coins are moved from the bank through the
ledger, so the money invariant still holds); everything after that goes through ``apply``.
"""

from __future__ import annotations
