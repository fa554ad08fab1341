"""The pure reader session: de-duplication, die names, state, heartbeat watch."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.writer.input_events import (
    ButtonPressed,
    CardScanned,
    DeviceStatus,
    DiceMoving,
    DieRolled,
    DieTilted,
    InputRefused,
)
from firmware_bridge.protocol import (
    Ack,
    Button,
    Card,
    DeviceError,
    Heartbeat,
    Hello,
    Led,
    Moving,
    Query,
    Rejected,
    Roll,
    Tilt,
    Want,
    encode,
)
from firmware_bridge.session import FrameMemory, ReaderSession

FIRMWARE = Path(__file__).resolve().parents[2] / "hardware" / "firmware"


def firmware_constant(file: str, name: str) -> int:
    """A module-level number of the die reader's firmware, read from its source."""
    for node in ast.parse((FIRMWARE / file).read_text()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == name:
            return ast.literal_eval(node.value)
    raise LookupError(name)


ABILENE = Hello("ABL-01", "1.0", (("L1", "cattle"), ("L2", "cattle"), ("C1", "cowboy")))
PLAIN = Hello("PICO-1", "1.0", (("d6", "d6"),))


def online(hello=PLAIN, **kwargs) -> ReaderSession:
    session = ReaderSession("reader", **kwargs)
    session.connected(0.0)
    session.receive(hello, 0.0)
    return session


def rolls(outcome):
    return [e for e in outcome.events if isinstance(e, DieRolled)]


def states(outcome):
    return [e.state for e in outcome.events if isinstance(e, DeviceStatus)]


def test_connecting_asks_hello_and_hello_brings_it_online():
    session = ReaderSession("reader")
    assert session.connected(0.0).replies == [Query()]
    out = session.receive(PLAIN, 0.1)
    assert out.events == [DeviceStatus("reader", "die_reader", "online", "PICO-1 1.0")]


def test_a_roll_is_acked_and_posted_with_kinds_from_hello():
    session = online(ABILENE, wait_for_confirm=True)
    out = session.receive(Roll(7, (("L1", 3), ("C1", 4), ("L2", 0))), 1.0)
    assert out.replies == []  # the ACK waits until the host has dealt with the roll
    assert session.settled(7).replies == [Ack(7)]
    assert rolls(out) == [
        DieRolled(
            (("cattle", 3), ("cowboy", 4), ("cattle", 0)),
            "reader",
            "reader",
            7,
            wait_for_confirm=True,
        )
    ]


def test_a_die_not_declared_is_its_own_kind():
    out = online(ABILENE).receive(Roll(1, (("d6", 6), ("root12", 3))), 1.0)
    assert rolls(out)[0].dice == (("d6", 6), ("root12", 3))


@pytest.mark.parametrize(
    "roll, counter",
    [
        (Roll(1, (("X9", 3),)), "unknown_die"),
        (Roll(1, (("d6", 7),)), "bad_face"),
        (Roll(1, (("C1", 0),)), "bad_face"),  # the cowboy die has no 0
        (Roll(1, (("L1", 2), ("C1", 5))), "bad_face"),
    ],
)
def test_an_impossible_roll_is_acked_counted_and_refused(roll, counter):
    session = online(ABILENE)
    out = session.receive(roll, 1.0)
    assert out.replies == [Ack(1)] and rolls(out) == []
    assert session.counters[counter] == 1 and session.counters["refused"] == 1
    refused = [e for e in out.events if isinstance(e, InputRefused)]
    assert refused == [InputRefused("reader", roll.body(), f"reader_{counter}")]


def test_a_resend_is_acked_again_but_posted_once():
    session = online()
    first = session.receive(Roll(5, (("d6", 2),)), 1.0)
    early = session.receive(Roll(5, (("d6", 2),)), 1.5)
    assert early.replies == [] and rolls(early) == []  # still being dealt with: no ACK yet
    session.settled(5)
    again = session.receive(Roll(5, (("d6", 2),)), 2.0)
    assert len(rolls(first)) == 1 and rolls(again) == []
    assert again.replies == [Ack(5)]
    assert session.counters["resent"] == 2 and session.counters["accepted"] == 1


def test_seq_wraps_around():
    session = online()
    posted = []
    for seq in (65534, 65535, 0, 1, 65535):
        posted += rolls(session.receive(Roll(seq, (("d6", 1),)), 1.0))
    assert [r.seq for r in posted] == [65534, 65535, 0, 1]


def test_a_seq_that_comes_round_again_after_a_wrap_is_a_new_frame():
    """The firmware's seq wraps at its ``SEQ_MODULUS``: after that many frames, seq 0 is
    the next frame, not a resend of the first (hardware/firmware/wire.py)."""
    wrap = firmware_constant("wire.py", "SEQ_MODULUS")
    session = online()
    for seq in range(wrap):
        session.receive(Moving(seq), 1.0)
    assert session.receive(Moving(0), 1.0).events == [DiceMoving("reader")]


def test_hello_resets_deduplication():
    session = online()
    session.receive(Roll(0, (("d6", 4),)), 1.0)
    session.receive(PLAIN, 2.0)  # the device rebooted and counts from 0 again
    assert len(rolls(session.receive(Roll(0, (("d6", 4),)), 3.0))) == 1


def test_uptime_going_backwards_resets_deduplication():
    session = online()
    session.receive(Heartbeat(90_000), 1.0)
    session.receive(Roll(0, (("d6", 4),)), 1.5)
    session.receive(Heartbeat(92_000), 2.0)
    assert rolls(session.receive(Roll(0, (("d6", 4),)), 2.5)) == []  # a resend
    session.receive(Heartbeat(1_000), 3.0)  # rebooted, HELLO lost
    assert len(rolls(session.receive(Roll(0, (("d6", 4),)), 3.5))) == 1


def test_frames_before_hello_are_not_acked_so_the_device_resends_them():
    session = ReaderSession("reader")
    session.connected(0.0)
    out = session.receive(Roll(3, (("L1", 2),)), 0.1)
    assert out.replies == [Query()] and out.events == []
    assert session.counters["before_hello"] == 1
    session.receive(ABILENE, 0.2)
    assert rolls(session.receive(Roll(3, (("L1", 2),)), 1.1))[0].dice == (("cattle", 2),)


def test_heartbeat_before_hello_asks_again():
    session = ReaderSession("reader")
    session.connected(0.0)
    assert session.receive(Heartbeat(100), 1.0).replies == [Query()]


@pytest.mark.parametrize(
    "frame, event",
    [
        (Moving(1), DiceMoving("reader")),
        (Tilt(1, "C1"), DieTilted("cowboy", "reader")),
        (Tilt(1, "d6"), DieTilted("d6", "reader")),
        (Card(1, "04a2246a5b3c80"), CardScanned("04a2246a5b3c80", "reader")),
    ],
)
def test_other_frames_become_events(frame, event):
    out = online(ABILENE).receive(frame, 1.0)
    assert out.events == [event] and out.replies == [Ack(1)]


def test_reader_box_buttons_become_presses():
    session = online(hold_s=1.5)
    assert session.receive(Button(1, "confirm", True), 1.0).events == []
    out = session.receive(Button(2, "confirm", False), 1.2)
    assert out.events == [ButtonPressed("confirm", False, "reader")]
    session.receive(Button(3, "confirm", True), 2.0)
    assert session.tick(3.6).events == [ButtonPressed("confirm", True, "reader")]
    assert session.receive(Button(4, "confirm", False), 4.0).events == []


def test_silence_goes_offline_and_keeps_asking():
    session = online(heartbeat_timeout_s=6.0)
    session.receive(Heartbeat(2000), 2.0)
    assert session.tick(7.9).events == []
    out = session.tick(8.0)
    assert states(out) == ["offline"] and out.replies == [Query()]
    assert session.tick(10.0).replies == []
    assert session.tick(14.0).replies == [Query()] and session.tick(14.0).events == []
    assert states(session.receive(Heartbeat(14000), 14.5)) == ["online"]
    assert session.counters["silences"] == 1


def test_a_fault_stands_until_a_hello_goes_without_it():
    """docs/protocol.md, "Liveness and state": the firmware says every standing fault right
    after every HELLO, and HELLO again when one is gone (hardware/firmware/reader.py)."""
    session = online()
    assert states(session.receive(DeviceError("imu", "no MPU-6050 at 0x68"), 1.0)) == ["fault"]
    assert session.status().detail == "imu no MPU-6050 at 0x68"
    # The keys still type dice while the sensor is missing: the roll counts, the fault stays.
    assert states(session.receive(Heartbeat(5000), 2.0)) == []
    assert states(session.receive(Moving(1), 2.5)) == []
    out = session.receive(Roll(2, (("d6", 3),)), 3.0)
    assert rolls(out) and states(out) == [] and session.state == "fault"
    # A second fault is added to the first, not put in its place.
    session.receive(DeviceError("nfc", "no MFRC522 on SPI (version 0x00)"), 3.5)
    assert (
        session.status().detail == "imu no MPU-6050 at 0x68; nfc no MFRC522 on SPI (version 0x00)"
    )
    # A HELLO restating only the card reader's fault: the sensor's is gone at the next line.
    assert states(session.receive(PLAIN, 4.0)) == []  # no flicker to online meanwhile
    session.receive(DeviceError("nfc", "no MFRC522 on SPI (version 0x00)"), 4.0)
    assert session.state == "fault"
    session.receive(Heartbeat(7000), 5.0)
    assert (session.state, session.status().detail) == (
        "fault",
        "nfc no MFRC522 on SPI (version 0x00)",
    )
    # A HELLO with no fault after it: online once another line comes.
    session.receive(PLAIN, 6.0)
    assert states(session.receive(Heartbeat(9000), 6.5)) == ["online"]
    assert session.status().detail == "PICO-1 1.0"


def test_a_fault_outlives_a_lost_port_until_the_device_says_it_is_gone():
    session = online()
    session.receive(DeviceError("imu", "no MPU-6050 at 0x68"), 1.0)
    session.lost(2.0, "SerialException: gone")
    session.connected(3.0)
    assert states(session.receive(PLAIN, 3.1)) == ["fault"]  # never online in between
    session.receive(DeviceError("imu", "no MPU-6050 at 0x68"), 3.1)
    assert states(session.receive(Heartbeat(1000), 4.0)) == [] and session.state == "fault"


def test_losing_the_port_is_reconnecting_and_stops_the_watch():
    session = online()
    out = session.lost(1.0, "SerialException: gone")
    assert states(out) == ["reconnecting"] and session.counters["disconnects"] == 1
    assert session.tick(100.0).events == []
    assert session.lost(101.0, "SerialException: gone").events == []  # no repeats
    assert session.counters["disconnects"] == 1


@pytest.mark.parametrize(
    "rejected", ["binary", "checksum", "too_long", "unknown_type", "malformed", "version"]
)
def test_rejections_are_counted(rejected):
    session = online()
    assert session.receive(Rejected(rejected), 1.0).events == []
    assert session.counters[rejected] == 1
    assert session.status().counters[rejected] == 1


@pytest.mark.parametrize("echo", [Query(), Ack(3), Led("on")])
def test_our_own_lines_coming_back_are_counted_as_echo(echo):
    session = online()
    assert session.receive(echo, 1.0).events == []
    assert session.counters["echo"] == 1


# -- protocol v1.1: boot ids, WANT, the ACK after the host dealt with a roll ------------
BOOTED = Hello("ABL-02", "1.1", (("L1", "cattle"), ("C1", "cowboy"), ("C2", "cowboy")), "a1")


def test_a_hello_with_the_same_boot_id_keeps_the_seqs_seen():
    session = online(BOOTED)
    session.receive(Roll(4, (("L1", 2),)), 1.0)
    session.settled(4)
    session.lost(2.0, "gone")
    session.connected(3.0)
    session.receive(BOOTED, 3.1)  # answers "?" after the reconnect: not a reboot
    again = session.receive(Roll(4, (("L1", 2),)), 3.2)
    assert rolls(again) == [] and again.replies == [Ack(4)]


def test_a_new_boot_id_starts_a_new_numbering():
    session = online(BOOTED)
    session.receive(Roll(4, (("L1", 2),)), 1.0)
    session.settled(4)
    session.receive(Hello("ABL-02", "1.1", BOOTED.dice, "b2"), 2.0)
    assert len(rolls(session.receive(Roll(4, (("L1", 5),)), 2.1))) == 1


def test_a_host_restart_remembers_what_it_dealt_with():
    memory = FrameMemory()
    first = online(BOOTED)
    first.memory = memory
    first.receive(Roll(9, (("C1", 3),)), 1.0)
    assert first.receipt(9) == ("ABL-02", "a1", 9)
    first.settled(9)
    second = ReaderSession("reader")  # the host restarted before the device heard its ACK
    second.memory = memory
    second.connected(5.0)
    second.receive(BOOTED, 5.1)
    again = second.receive(Roll(9, (("C1", 3),)), 5.2)
    assert rolls(again) == [] and again.replies == [Ack(9)]


def test_a_v1_hello_answering_our_query_keeps_the_seqs_until_a_heartbeat_tells():
    session = online(heartbeat_timeout_s=6.0)
    session.receive(Heartbeat(2000), 1.0)
    session.receive(Roll(3, (("d6", 5),)), 1.5)
    session.settled(3)
    assert states(session.tick(8.0)) == ["offline"]  # silence: the host asks "?"
    session.receive(PLAIN, 8.1)  # ...and the answer is no reboot
    held = session.receive(Roll(3, (("d6", 5),)), 8.2)
    assert rolls(held) == [] and held.replies == []  # not ACKed: resend or new boot?
    assert session.counters["held"] == 1
    session.receive(Heartbeat(9300), 8.3)  # it kept counting: a resend
    again = session.receive(Roll(3, (("d6", 5),)), 8.4)
    assert rolls(again) == [] and again.replies == [Ack(3)]


def test_a_v1_heartbeat_that_shows_a_reboot_lets_the_held_frame_in():
    session = online(heartbeat_timeout_s=6.0)
    session.receive(Heartbeat(2000), 1.0)
    session.receive(Roll(0, (("d6", 5),)), 1.5)
    session.settled(0)
    session.tick(8.0)
    session.receive(PLAIN, 8.1)
    assert rolls(session.receive(Roll(0, (("d6", 2),)), 8.2)) == []
    session.receive(Heartbeat(900), 8.3)  # booted a second ago: a new numbering
    assert len(rolls(session.receive(Roll(0, (("d6", 2),)), 8.4))) == 1


def test_the_answer_to_our_query_after_silence_is_not_online_until_a_heartbeat():
    session = online(heartbeat_timeout_s=6.0)
    session.receive(Heartbeat(2000), 1.0)
    assert states(session.tick(8.0)) == ["offline"]
    assert "online" not in states(session.receive(PLAIN, 8.1))
    assert session.state == "offline"
    assert states(session.receive(Heartbeat(10000), 9.0)) == ["online"]


def test_every_line_is_counted_as_it_comes():
    session = online()
    session.receive(Rejected("checksum"), 1.0)
    assert session.counters["checksum"] == 1 and session.counters["frames"] == 3 - 1
    session.receive(Heartbeat(1000), 1.1)
    assert session.counters["frames"] == 3


def test_want_names_the_declared_dice_in_the_prompts_order():
    session = online(BOOTED)
    assert session.want(["cowboy", "cowboy"]) == Want(("C1", "C2"))
    assert session.want(["cowboy", "cattle"]) == Want(("C1", "L1"))
    assert session.want(["d6"]) == Want(("d6",))
    assert session.want(None) == Want(()) and encode(Want(())) == b"WANT -*01\n"
