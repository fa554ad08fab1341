"""Corrections without undo: a logged "fix a count" for a public count the physical table
can disagree with (a card pile, a hand, coins, warriors in a clearing).

When the table finds that a count drifted several actions back (a draw nobody entered),
undoing back to it would throw away everything since. A fix is an ordinary action of the
table (``seat`` ``None``: only the tablet sends it) whose type starts with ``fix_``; it sets
the count to what the table sees, and the log marks it as a correction. Money is never set,
only moved: a game fixes a purse with a transfer to or from its bank, so money is conserved.
"""

from __future__ import annotations

from companion.rules.base import int_param, template

PREFIX = "fix_"


def fix_template(name: str, **params: dict) -> dict:
    """The table's template ``fix_<name>`` (the tablet's "Fix a count" form)."""
    return template(PREFIX + name, None, **params)


def count_param(now: int, most: int, least: int = 0) -> dict:
    """A count from ``least`` to ``most``; the form opens at the count the companion has."""
    return int_param(least, most, default=min(max(now, least), most))


def is_fix(action_type: object, named: frozenset | set | tuple = ()) -> bool:
    """A correction: a ``fix_`` action, or one of the game's own corrections named before
    this convention (its ``CORRECTIONS``, e.g. Abilene's ``set_cattle``)."""
    return isinstance(action_type, str) and (action_type.startswith(PREFIX) or action_type in named)
