"""The reader against the simulator on real ptys: unplug/replug, noise, bad frames, resends,
silence. After each fault it must recover with no roll lost and none doubled."""

from __future__ import annotations

import os
import random
import select
import time

import pytest

from companion.writer.input_events import (
    ButtonPressed,
    CardScanned,
    DeviceStatus,
    DiceMoving,
    DieRolled,
    DieTilted,
)
from firmware_bridge.die_reader import DieReader
from firmware_bridge.errors import BridgeError
from firmware_bridge.protocol import Query, encode
from firmware_bridge.simulator import DieReaderSimulator

ABILENE = ["L1:cattle", "L2:cattle", "L3:cattle", "L4:cattle", "C1:cowboy"]


@pytest.fixture
def rig(tmp_path, clock, events):
    """A simulator and a reader on one fake clock; the reader opens the sim's symlink."""
    path = tmp_path / "die-reader"
    sim = DieReaderSimulator(path, dice=ABILENE, clock=clock, rng=random.Random(7), poll_s=0.002)
    reader = DieReader(
        str(path), events, clock=clock, poll_s=0.002, backoff_min_s=0.5, backoff_max_s=2.0
    )
    yield sim, reader, events
    reader.close()
    sim.close()


def rolled(events):
    return [e.dice for e in events.all(DieRolled)]


def expect_rolls(events, expected, clock, wait):
    """Wait for exactly ``expected`` rolls, moving time on so the device resends."""
    wait(
        lambda: len(rolled(events)) >= len(expected),
        tick=lambda: clock.advance(0.05),
        what=f"{len(expected)} rolls",
    )
    assert rolled(events) == expected


def online(reader, clock, wait):
    wait(lambda: reader.state == "online", tick=lambda: clock.advance(0.05), what="online")


def throw(sim, kinds, **kw):
    faces = sim.throw(kinds, **kw)
    return tuple(zip(kinds, faces))


def test_a_throw_arrives_once_with_its_moving_frame(rig, clock, wait):
    sim, reader, events = rig
    online(reader, clock, wait)
    thrown = throw(sim, ["cattle", "cattle", "cowboy"])
    expect_rolls(events, [thrown], clock, wait)
    assert events.all(DiceMoving) == [DiceMoving("die-reader")]
    wait(lambda: not sim.pending, what="all frames ACKed")
    assert os.path.islink(sim.path)


def test_unplug_and_replug_resume_by_themselves(rig, clock, wait):
    sim, reader, events = rig
    online(reader, clock, wait)
    expected = [throw(sim, ["cattle"])]
    expect_rolls(events, expected, clock, wait)
    for _ in range(3):
        wait(lambda: not sim.pending, tick=lambda: clock.advance(0.05), what="ACKs")
        sim.unplug()
        assert not sim.path.exists() and not sim.plugged
        with pytest.raises(BridgeError):
            sim.throw(["cattle"])
        wait(
            lambda: reader.state == "reconnecting",
            tick=lambda: clock.advance(0.05),
            what="reconnecting",
        )
        clock.advance(3.0)  # a few failed attempts against the missing path
        sim.replug()  # the device reboots: seq starts at 0 again
        online(reader, clock, wait)
        expected.append(throw(sim, ["cattle", "cowboy"]))
        expect_rolls(events, expected, clock, wait)
    assert reader.counters["disconnects"] == 3
    assert "reconnecting" in [e.state for e in events.all(DeviceStatus)]


def test_a_flood_of_noise_and_bad_frames(rig, clock, wait):
    sim, reader, events = rig
    online(reader, clock, wait)
    expected = []
    for _ in range(5):
        sim.noise(300)
        sim.corrupt_next(2)
        expected.append(throw(sim, ["cattle", "cattle", "cattle", "cattle", "cowboy"]))
        sim.noise(40)
        expect_rolls(events, expected, clock, wait)
    counters = reader.counters
    assert counters["checksum"] + counters["binary"] + counters["too_long"] >= 5
    assert counters["accepted"] >= 5


def test_resends_are_acked_but_never_doubled(rig, clock, wait):
    sim, reader, events = rig
    online(reader, clock, wait)
    thrown = throw(sim, ["cowboy"])
    expect_rolls(events, [thrown], clock, wait)
    for _ in range(3):
        sim.resend_last()
    wait(lambda: reader.counters["resent"] >= 3, what="resends seen")
    assert rolled(events) == [thrown]
    seq = events.all(DieRolled)[0].seq
    wait(lambda: sim.acked.count(seq) >= 4, what="the frame and every resend ACKed")


def test_silence_goes_offline_then_online_and_the_held_roll_arrives(rig, clock, wait):
    sim, reader, events = rig
    online(reader, clock, wait)
    sim.silence()
    for _ in range(13):
        clock.advance(0.5)
    wait(lambda: reader.state == "offline", what="offline")
    thrown = throw(sim, ["cattle"])  # a hung device keeps it and sends it when it recovers
    sim.silence(False)
    online(reader, clock, wait)
    expect_rolls(events, [thrown], clock, wait)
    assert reader.counters["silences"] == 1


def test_seq_wraps_across_a_real_pty(tmp_path, clock, events, wait):
    with (
        DieReaderSimulator(tmp_path / "r", clock=clock, first_seq=65533, poll_s=0.002) as sim,
        DieReader(str(tmp_path / "r"), events, clock=clock, poll_s=0.002) as reader,
    ):
        online(reader, clock, wait)
        expected = [throw(sim, ["d6"]) for _ in range(3)]  # seqs 65534, 0, 2
        expect_rolls(events, expected, clock, wait)
        assert [e.seq for e in events.all(DieRolled)] == [65534, 0, 2]


def test_leds_cards_tilts_and_faults_cross_the_pty(rig, clock, wait):
    sim, reader, events = rig
    online(reader, clock, wait)
    reader.send_led("blink")
    sim.scan("04A2246A5B3C80")
    sim.tilt("cowboy")
    sim.button("confirm", True)
    sim.button("confirm", False)
    wait(lambda: sim.leds == ["blink"], what="LED pattern at the device")
    wait(
        lambda: events.all(CardScanned) and events.all(DieTilted),
        tick=lambda: clock.advance(0.05),
        what="the card and the tilt",
    )
    assert events.all(CardScanned) == [CardScanned("04a2246a5b3c80", "die-reader")]
    assert events.all(DieTilted) == [DieTilted("cowboy", "die-reader")]
    wait(lambda: events.all(ButtonPressed), tick=lambda: clock.advance(0.05), what="a press")
    assert events.all(ButtonPressed) == [ButtonPressed("confirm", False, "reader")]
    sim.fail("imu", "no MPU-6050 at 0x68")
    wait(lambda: reader.state == "fault", what="fault")
    sim.unplug()
    clock.advance(1.0)
    sim.replug()
    online(reader, clock, wait)
    wait(lambda: sim.leds == ["blink", "blink"], what="LED pattern re-sent after HELLO")


@pytest.mark.parametrize(
    "kinds, faces",
    [([], None), (["d20"], None), (["d6"], [7]), (["cowboy"], [0]), (["d6", "d6"], [1])],
)
def test_the_simulator_refuses_impossible_throws(tmp_path, kinds, faces):
    with DieReaderSimulator(tmp_path / "r") as sim, pytest.raises(BridgeError):
        sim.throw(kinds, faces)


def test_a_simulator_closes_cleanly_twice(tmp_path):
    sim = DieReaderSimulator(tmp_path / "sub" / "r")  # makes its folder
    assert (tmp_path / "sub" / "r").is_symlink()
    sim.close()
    sim.close()
    assert not (tmp_path / "sub" / "r").exists()


def test_the_simulator_answers_the_host_at_once_and_otherwise_sleeps(tmp_path):
    """It waits in ``select`` on the pty: a query is answered as soon as it is written, not
    at the next look at the clock (before, it polled every 10 ms, a hundred wake-ups a
    second on the table's own CPU, and answered only at its next poll)."""
    with DieReaderSimulator(tmp_path / "reader", poll_s=30.0) as sim:
        host = os.open(tmp_path / "reader", os.O_RDWR | os.O_NOCTTY)
        try:
            os.read(host, 4096)  # the HELLO it booted with
            time.sleep(0.3)  # it has looked at the clock and sleeps till it is written to
            os.write(host, encode(Query()))
            ready, _, _ = select.select([host], [], [], 5.0)
            assert ready, "no answer within 5 s (the clock is looked at every 30 s)"
            assert os.read(host, 4096).startswith(b"HELLO")
            assert sim.queries == 1
        finally:
            os.close(host)
