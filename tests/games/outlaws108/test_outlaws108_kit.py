"""Shared scripting for the 108 Outlaws tests: actions filled in from ``legal``.

``act`` builds an action from the seat's legal template, so a scripted game can only do what
the pages would offer; parameters not given take their plainest value (lowest number, first
choice, nothing picked).
"""

from __future__ import annotations

from tests.support.games.outlaws108.kit import act, new_game


def test_act_fills_a_legal_action():
    state = new_game(3)
    action = act(state, "play_earth", 0, icons=["navy"])
    assert action == {
        "type": "play_earth",
        "seat": 0,
        "number": 0,
        "icons": ["navy"],
        "upside_down": [],
    }  # no outlaw to exhaust yet: the field is not asked
