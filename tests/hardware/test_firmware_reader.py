"""The firmware's behaviour (reader.py, orientation.py) on the host, and a whole
conversation between it and the host's ReaderSession."""

from __future__ import annotations

import math

import pytest

from companion.writer.input_events import DiceMoving, DieRolled, DieTilted
from firmware_bridge.protocol import (
    Ack,
    Button,
    Heartbeat,
    Hello,
    Moving,
    Roll,
    Tilt,
    Want,
    encode,
    parse_line,
)
from firmware_bridge.session import ReaderSession
from tests.support.hardware import traces

REST_1 = (0.0, 0.0, 1.0)  # d6: face 1 up
REST_3 = (1.0, 0.0, 0.0)  # d6: face 3 up
COCKED = (0.0, math.sqrt(0.5), math.sqrt(0.5))  # leaning on an edge between 1 and 2


class Device:
    """A Reader with its outgoing lines parsed by the host parser."""

    def __init__(self, firmware, dice=("d6",), **kwargs) -> None:
        self.lines: list[str] = []
        self.reader = firmware.reader.Reader(
            self.lines.append, "PICO-1", "1.0.0", list(dice), **kwargs
        )
        self.now = 0
        self.up = (0, 0, 1)  # the reading the die rests at

    def sent(self) -> list:
        out = [parse_line(line.encode()) for line in self.lines]
        self.lines.clear()
        return out

    def rest(self, reading, ms: int, step: int = 20) -> None:
        for _ in range(ms // step):
            self.now += step
            self.reader.reading(reading, self.now)
        self.up = reading

    def throw_onto(self, reading) -> None:
        """A throw (tests/support/hardware/traces.py) that comes to rest at ``reading``."""
        for now, sample in traces.throw(self.now, land_on=reading, start=self.up):
            self.reader.reading(sample, now)
        self.now, self.up = now, reading


@pytest.mark.parametrize(
    "reading, face",
    [
        ((0, 0, 1), 1),
        ((0, 0, -1), 6),
        ((0, 1, 0), 2),
        ((0, -1, 0), 5),
        ((1, 0, 0), 3),
        ((-1, 0, 0), 4),
        ((0.15, -0.1, 0.98), 1),
        (COCKED, None),
        ((0, 0, 0.2), None),
        ((0, 0, 2.0), None),
    ],
)
def test_face_up_for_a_d6(firmware, reading, face):
    orientation = firmware.orientation
    assert orientation.face_up(reading, orientation.FACES["d6"]) == face


@pytest.mark.parametrize(
    "kind, values",
    [("d6", {1, 2, 3, 4, 5, 6}), ("cattle", {0, 1, 2, 3, 4, 5}), ("cowboy", {1, 2, 3, 4})],
)
def test_face_tables_cover_each_kind(firmware, kind, values):
    faces = firmware.orientation.FACES[kind]
    assert len(faces) == 6 and {face for face, _ in faces} == values
    assert firmware.reader.VALUES[kind] == tuple(sorted(values))


def test_motion_needs_a_jolt_and_then_calm(firmware):
    motion = firmware.orientation.Motion(settle_ms=600)
    seen = [motion.sample(REST_1, t) for t in range(0, 400, 20)]
    seen.append(motion.sample((1.5, 0.3, 0.2), 400))
    seen += [motion.sample(REST_3, t) for t in range(420, 1000, 20)]
    seen += [motion.sample(REST_3, t) for t in range(1000, 1200, 20)]
    assert [s for s in seen if s] == ["moving", "settled"]
    assert seen.index("settled") - seen.index("moving") == 32  # 600 ms calm after landing


def test_boot_says_hello_and_a_throw_is_moving_then_roll(firmware):
    device = Device(firmware)
    device.reader.boot(0)
    device.rest(REST_1, 400)
    device.throw_onto(REST_3)
    assert device.sent() == [
        Hello("PICO-1", "1.0.0", (("d6", "d6"),)),
        Moving(0),
        Roll(1, (("d6", 3),)),
    ]


def test_a_cocked_die_is_a_tilt(firmware):
    device = Device(firmware, dice=["C1:cowboy"])
    device.rest(REST_1, 100)
    device.throw_onto(COCKED)
    assert device.sent() == [Moving(0), Tilt(1, "C1")]


def test_unacked_frames_are_resent_until_acked(firmware):
    device = Device(firmware)
    device.reader.key("confirm", True, 100)
    device.reader.key("confirm", False, 300)
    device.sent()
    device.reader.tick(1099)
    assert device.sent() == []
    device.reader.tick(1100)
    assert device.sent() == [Button(0, "confirm", True)]
    device.reader.tick(1300)
    assert device.sent() == [Button(1, "confirm", False)]
    device.reader.host_line(encode(Ack(0)).decode(), 1400)
    device.reader.host_line(encode(Ack(1)).decode(), 1400)
    device.reader.tick(9000)
    assert [m for m in device.sent() if not isinstance(m, Heartbeat)] == []


def test_heartbeats_carry_uptime(firmware):
    device = Device(firmware)
    device.reader.boot(10_000)
    device.sent()
    for now in range(10_000, 16_001, 500):
        device.reader.tick(now)
    assert device.sent() == [Heartbeat(2000), Heartbeat(4000), Heartbeat(6000)]


ABILENE = ["L1:cattle", "L2:cattle", "C1:cowboy", "C2:cowboy", "C3:cowboy"]


def test_the_keypad_types_the_five_abilene_dice_in_hello_order(firmware):
    device = Device(firmware, dice=ABILENE)  # « 2 dés bétail clairs … 3 dés cow-boy foncés »
    for key in "30" + "0" + "241":  # the "0" is not a cowboy face: ignored
        device.reader.key(key, True, 5)
        device.reader.key(key, False, 6)
    device.reader.key("confirm", True, 7)
    device.reader.key("confirm", False, 8)
    assert device.sent() == [
        Roll(0, (("L1", 3), ("L2", 0), ("C1", 2), ("C2", 4), ("C3", 1))),
        Button(1, "confirm", True),
        Button(2, "confirm", False),
    ]


def test_the_keypad_types_exactly_the_dice_the_host_wants(firmware):
    device = Device(firmware, dice=ABILENE, boot="a1b2c3d4")
    device.reader.boot(0)
    assert device.sent() == [
        Hello(
            "PICO-1",
            "1.0.0",
            (
                ("L1", "cattle"),
                ("L2", "cattle"),
                ("C1", "cowboy"),
                ("C2", "cowboy"),
                ("C3", "cowboy"),
            ),
            "a1b2c3d4",
        )
    ]
    device.reader.host_line(encode(Want(("C1", "C2"))).decode(), 0)  # a two-dice duel
    assert device.reader.light == "blink"
    for key in "42":
        device.reader.key(key, True, 5)
    assert device.sent() == [Roll(0, (("C1", 4), ("C2", 2)))]
    device.reader.host_line(encode(Want(())).decode(), 10)  # WANT -: nothing asked
    assert device.reader.light == device.reader.led
    device.reader.key("3", True, 11)
    assert device.sent() == []


def test_led_patterns(firmware):
    device = Device(firmware)
    level = firmware.reader.led_level
    device.reader.host_line(encode_led("blink"), 0)
    assert device.reader.led == "blink"
    assert [level("blink", t) for t in (0, 499, 500, 1000)] == [True, True, False, True]
    assert level("on", 123) and not level("off", 123) and not level("party", 0)
    device.reader.host_line(encode_led("party"), 0)  # unknown: keep the last one
    assert device.reader.led == "blink"


def encode_led(pattern):
    from firmware_bridge.protocol import Led

    return encode(Led(pattern)).decode()


def test_pending_frames_are_bounded(firmware):
    device = Device(firmware)
    for _ in range(40):
        device.reader.key("confirm", True, 0)
    assert len(device.reader.pending) == firmware.reader.MAX_PENDING
    assert device.reader.pending[0][0] == 40 - firmware.reader.MAX_PENDING


def test_firmware_and_host_session_agree_end_to_end(firmware):
    """Lines from the firmware go through the host session, whose replies go back."""
    device = Device(firmware, dice=["L1:cattle"])
    session = ReaderSession("reader")
    events = []

    def exchange(now_ms):
        for line in list(device.lines):
            outcome = session.receive(parse_line(line.encode()), now_ms / 1000)
            events.extend(outcome.events)
            for event in outcome.events:  # the host deals with the roll, then ACKs it
                if isinstance(event, DieRolled):
                    outcome.replies += session.settled(event.seq).replies
            for reply in outcome.replies:
                device.reader.host_line(encode(reply).decode(), now_ms)
        device.lines.clear()

    for reply in session.connected(0).replies:
        device.reader.host_line(encode(reply).decode(), 0)  # "?" -> HELLO
    exchange(0)
    device.rest((0, 0, 1), 200)
    device.throw_onto((-1, 0, 0))  # cattle: 3 on top
    device.lines.append(device.lines[-1])  # a duplicate on the wire
    exchange(device.now)
    device.rest((-1, 0, 0), 200)
    device.throw_onto((0.0, 0.7, 0.7))  # cocked
    exchange(device.now)
    assert device.reader.pending == []
    assert [e for e in events if not hasattr(e, "state")] == [
        DiceMoving("reader"),
        DieRolled((("cattle", 3),), "reader", "reader", 1),
        DiceMoving("reader"),
        DieTilted("cattle", "reader"),
    ]
    assert session.counters["resent"] == 1


def test_every_frame_the_firmware_keeps_for_resending_is_recognised_as_a_resend(firmware):
    """With the host's ACKs lost, the firmware keeps its newest ``MAX_PENDING`` frames and
    resends them all: the host's de-dup window must hold at least that many (the firmware's
    own constant, not the host's window, sets the bar)."""
    from companion.writer.input_events import CardScanned

    device = Device(firmware)
    session = ReaderSession("reader")
    session.connected(0.0)
    device.reader.boot(0)
    keep = firmware.reader.MAX_PENDING

    def heard(now_ms):
        events = []
        for line in device.lines:  # the ACKs the host answers never reach the device
            events += session.receive(parse_line(line.encode()), now_ms / 1000).events
        device.lines.clear()
        return [e for e in events if isinstance(e, CardScanned)]

    heard(0)
    for n in range(keep + 3):
        device.reader.card(f"04a1b2{n:04x}", 10 + n)
    assert len(heard(100)) == keep + 3
    device.reader.tick(100 + firmware.reader.RESEND_MS)  # every kept frame, once more
    assert len(device.lines) >= keep
    assert heard(100 + firmware.reader.RESEND_MS) == []
    assert session.counters["resent"] == keep


def test_a_fault_stays_on_the_host_after_every_hello_until_it_is_gone(firmware):
    """A missing sensor: the host asks ``?`` again (it restarted, or reconnected); the
    firmware's HELLO is followed by its standing ERR, so health never goes back to online
    while the fault is there, and does once the firmware clears it."""
    device = Device(firmware)
    session = ReaderSession("reader")

    def exchange(replies, now_ms):
        for reply in replies:
            device.reader.host_line(encode(reply).decode(), now_ms)
        for line in list(device.lines):
            session.receive(parse_line(line.encode()), now_ms / 1000)
        device.lines.clear()

    device.reader.boot(0)
    device.reader.fault("imu", "no MPU-6050 at 0x68 on I2C0 (SDA GP4, SCL GP5)")
    exchange(session.connected(0.0).replies, 10)
    assert session.state == "fault" and "no MPU-6050 at 0x68" in session.detail
    for now_ms in (1000, 2000):
        session.lost(now_ms / 1000, "unplugged")
        exchange(session.connected(now_ms / 1000).replies, now_ms)  # "?" -> HELLO, ERR
        assert session.state == "fault" and session.detail.startswith("imu no MPU-6050")
    device.reader.clear("imu")  # it says HELLO again, with no ERR after it this time
    assert [line.split(" ", 1)[0] for line in device.lines] == ["HELLO"]
    exchange([], 3000)
    device.reader.tick(4000)  # its next line, a heartbeat, ends the faults it did not restate
    exchange([], 4000)
    assert session.state == "online"
