"""Debounce and short/long press, fed edge sequences with their times (no real time)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge.press import Press, PressDetector

SHORT, LONG = Press(long=False), Press(long=True)


def run(steps, hold_s=1.5, bounce_s=0.03):
    """Feed ``("down"|"up"|"tick", at)`` steps; collect what came out."""
    detector = PressDetector(hold_s, bounce_s)
    out = []
    for what, at in steps:
        if what == "tick":
            press = detector.tick(at)
        else:
            press = detector.edge(what == "down", at)
        if press is not None:
            out.append((press, at))
    return out


CASES = {
    "clean short press": (
        [("down", 0.0), ("tick", 0.05), ("up", 0.2), ("tick", 0.25)],
        [(SHORT, 0.25)],
    ),
    "bouncy press and release count once": (
        [
            ("down", 0.0),
            ("up", 0.004),
            ("down", 0.006),
            ("up", 0.009),
            ("down", 0.012),
            ("tick", 0.05),
            ("up", 0.3),
            ("down", 0.302),
            ("up", 0.305),
            ("tick", 0.34),
        ],
        [(SHORT, 0.34)],
    ),
    "a glitch shorter than the bounce time is nothing": (
        [("down", 0.0), ("up", 0.01), ("tick", 0.5)],
        [],
    ),
    "the next edge settles a level without a tick": (
        [("down", 0.0), ("up", 0.2), ("down", 0.5)],
        [(SHORT, 0.5)],
    ),
    "hold reports long at the hold time, release adds nothing": (
        [
            ("down", 0.0),
            ("tick", 0.05),
            ("tick", 1.0),
            ("tick", 1.53),
            ("tick", 2.0),
            ("up", 3.0),
            ("tick", 3.1),
        ],
        [(LONG, 1.53)],
    ),
    "a hold is measured from the settled press, not the first bounce": (
        [("down", 0.0), ("up", 0.01), ("down", 0.02), ("tick", 1.51), ("tick", 1.52)],
        [(LONG, 1.52)],
    ),
    "a hold seen only at release is still long, once": (
        [("down", 0.0), ("up", 2.0), ("tick", 2.1)],
        [(LONG, 2.1)],
    ),
    "just under the hold time is short": (
        [("down", 0.0), ("tick", 1.0), ("up", 1.49), ("tick", 1.6)],
        [(SHORT, 1.6)],
    ),
    "two presses": (
        [("down", 0.0), ("up", 0.1), ("down", 0.2), ("up", 0.3), ("tick", 0.4)],
        [(SHORT, 0.2), (SHORT, 0.4)],
    ),
    "repeated identical edges are harmless": (
        [("down", 0.0), ("down", 0.05), ("up", 0.1), ("up", 0.2), ("tick", 0.3)],
        [(SHORT, 0.2)],
    ),
}


@pytest.mark.parametrize("steps, expected", CASES.values(), ids=CASES.keys())
def test_edge_sequences(steps, expected):
    assert run(steps) == expected


def test_without_debounce_a_reader_button_settles_at_once():
    detector = PressDetector(1.5, 0.0)
    assert detector.edge(True, 0.0) is None and detector.pressed
    assert detector.edge(False, 0.2) == SHORT


def test_release_forgets_a_held_button():
    detector = PressDetector()
    detector.edge(True, 0.0)
    detector.tick(0.1)
    detector.release()
    assert not detector.pressed
    assert detector.tick(5.0) is None


def test_bad_timings_are_refused():
    with pytest.raises(ValueError):
        PressDetector(hold_s=0.01, bounce_s=0.03)


STEPS = st.lists(
    st.tuples(st.sampled_from(["down", "up", "tick"]), st.floats(0.0, 0.8)), max_size=60
)


@settings(max_examples=200, deadline=None)
@given(STEPS)
def test_each_press_is_reported_at_most_once(steps):
    """A long press is never also a short one, and bounce never makes two presses."""
    detector = PressDetector()
    at, reports_per_press, was_pressed = 0.0, [], False
    for what, gap in steps:
        at += gap
        press = detector.tick(at) if what == "tick" else detector.edge(what == "down", at)
        if detector.pressed and not was_pressed:
            reports_per_press.append(0)
        if press is not None:
            assert reports_per_press, "a report with no press before it"
            reports_per_press[-1] += 1
        was_pressed = detector.pressed
    assert all(count <= 1 for count in reports_per_press)
