"""What several test files share: ``REMOVE``, ``pacified_with_pile``."""

from __future__ import annotations

from tests.support.games.root_doves.helpers import act, started


def pacified_with_pile(pile):
    """The fox Pacification token in 12, ``pile`` on the refugee pile, Bruno to remove it."""
    state = started()
    board = {
        **state["board"],
        "pile": list(pile),
        "pacification": {"fox": "12", "rabbit": None, "mouse": None},
    }
    return {**state, "board": board}


REMOVE = act("remove_token", clearing="12", by="Bruno")
