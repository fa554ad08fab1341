"""What several test files share: ``fighting``."""

from __future__ import annotations

from companion.games.nowheresville import game as nv
from tests.support.games.nowheresville.basics import act, at_place, give
from tests.support.play import play


def fighting(*facing, cards=None, place="bank", **options):
    """Doc, Kid and Jo at the Bank (or ``place``); ``facing`` call a Shootout."""
    state = at_place(3, place, 0, 1, 2, **options)
    for name, equipment in (cards or {}).items():
        state = give(state, name, equipment=equipment)
    return play(nv, state, act("shootout", facing=list(facing)))
