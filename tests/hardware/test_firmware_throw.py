"""A throw, not a lift (hardware/firmware/throw.py): the sensor die answers a prompt only
after a throw's signature, on the MPU-6050 traces of tests/support/hardware/traces.py (made from
the movements' physics and the sensor's data sheet: see there). The host's own session
and input authority decide what answers a prompt, so the end-to-end test goes through
them, with the default ``confirm_rolls = false``."""

from __future__ import annotations

import pytest

from companion.writer.input_events import DieRolled
from firmware_bridge.protocol import Moving, Roll, parse_line
from firmware_bridge.session import ReaderSession
from tests.support.hardware import traces

SEEDS = range(1, 9)


def frames(firmware, samples, dice=("d6",)):
    """What the firmware's Reader sends for ``samples``, after its HELLO."""
    lines: list[str] = []
    reader = firmware.reader.Reader(lines.append, "PICO-1", "1.1.0", list(dice), boot="0a0b")
    reader.boot(0)
    for now, reading in samples:
        reader.reading(reading, now)
    return [parse_line(line.encode()) for line in lines[1:]]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("make", [traces.lift_and_hold, traces.place], ids=["lift", "place"])
def test_a_lift_or_a_place_sends_nothing(firmware, make, seed):
    assert frames(firmware, make(seed=seed)) == []


@pytest.mark.parametrize("make", [traces.lift_and_hold, traces.place], ids=["lift", "place"])
def test_the_traces_show_the_fault_a_calm_only_detector_had(firmware, make):
    """The same traces through the detector that ended a throw on calm alone (the tray's
    ``orientation.Motion``): it took the lift for a throw — the fault these guard."""
    lines: list[str] = []
    reader = firmware.reader.Reader(
        lines.append, "PICO-1", "1.1.0", ["d6"], motion=firmware.orientation.Motion()
    )
    for now, reading in make():
        reader.reading(reading, now)
    assert any(isinstance(parse_line(line.encode()), Roll) for line in lines)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(
    "make, face",
    [
        (lambda seed: traces.throw(land_on=5, seed=seed), 5),
        (lambda seed: traces.throw(land_on=3, shaken=False, seed=seed), 3),
        (lambda seed: traces.roll_along(land_on=4, seed=seed), 4),
    ],
    ids=["shaken-throw", "toss", "rolled-along"],
)
def test_a_throw_is_moving_then_its_face(firmware, make, face, seed):
    assert frames(firmware, make(seed)) == [Moving(0), Roll(1, (("d6", face),))]


def test_a_lift_then_a_throw_reads_the_throw(firmware):
    lifted = traces.lift_and_hold()
    samples = lifted + traces.throw(lifted[-1][0], land_on=2, start=lifted[-1][1])
    assert frames(firmware, samples) == [Moving(0), Roll(1, (("d6", 2),))]


def test_a_lift_and_hold_never_answers_the_hosts_prompt(firmware):
    """End to end: the firmware's lines into the host's session, a prompt open: the lift
    is no roll; the throw after it is one."""
    lines: list[str] = []
    reader = firmware.reader.Reader(lines.append, "PICO-1", "1.1.0", ["d6"], boot="0a0b")
    session = ReaderSession("die-reader", wait_for_confirm=False)
    session.connected(0.0)
    reader.boot(0)
    rolls = []

    def heard(now_ms):
        for line in lines:
            outcome = session.receive(parse_line(line.encode()), now_ms / 1000)
            rolls.extend(e for e in outcome.events if isinstance(e, DieRolled))
        lines.clear()

    heard(0)
    assert session.want(["d6"]).dice == ("d6",)  # the prompt is open
    lifted = traces.lift_and_hold(start_ms=100)
    for now, reading in lifted:
        reader.reading(reading, now)
        heard(now)
    assert rolls == []
    for now, reading in traces.throw(lifted[-1][0], land_on=6, start=lifted[-1][1]):
        reader.reading(reading, now)
        heard(now)
    assert [r.dice for r in rolls] == [(("d6", 6),)]


def test_under_a_tray_a_jolt_is_still_moving_and_never_a_face(firmware):
    """A tray sensor only tells the dice are moving (the keys give the faces): any jolt of
    the tray is enough, as before, and no face ever comes from it."""
    lines: list[str] = []
    reader = firmware.reader.Reader(lines.append, "PICO-1", "1.1.0", ["d6"], faces=())
    for now, reading in traces.place():
        reader.reading(reading, now)
    assert [parse_line(line.encode()) for line in lines] == [Moving(0)]
