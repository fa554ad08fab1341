"""The firmware's wire.py against the host's protocol.py: same lines, both ways."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
    checksum,
    encode,
    parse_line,
)


def test_every_device_line_is_what_the_host_parser_expects(firmware):
    wire = firmware.wire
    table = [
        (
            wire.hello("PICO-E7452D2F", "1.0.0", ["L1:cattle", "C1:cowboy", "d6"]),
            Hello("PICO-E7452D2F", "1.0.0", (("L1", "cattle"), ("C1", "cowboy"), ("d6", "d6"))),
        ),
        (wire.roll(65535, [("L1", 0), ("C1", 4)]), Roll(65535, (("L1", 0), ("C1", 4)))),
        (wire.moving(3), Moving(3)),
        (wire.tilt(4, "C1"), Tilt(4, "C1")),
        (wire.card(5, "04A2246A5B3C80"), Card(5, "04a2246a5b3c80")),
        (wire.button(6, "confirm", True), Button(6, "confirm", True)),
        (wire.button(7, "confirm", False), Button(7, "confirm", False)),
        (wire.heartbeat(123456), Heartbeat(123456)),
        (wire.error("imu", "[Errno 5] EIO"), DeviceError("imu", "[Errno 5] EIO")),
        (wire.error("overflow"), DeviceError("overflow")),
    ]
    for line, expected in table:
        assert parse_line(line.encode()) == expected
        assert line.encode() == encode(expected)


@pytest.mark.parametrize(
    "message, command",
    [
        (Query(), ("?",)),
        (Ack(0), ("ACK", 0)),
        (Ack(65535), ("ACK", 65535)),
        (Led("blink"), ("LED", "blink")),
    ],
)
def test_the_firmware_obeys_what_the_host_sends(firmware, message, command):
    assert firmware.wire.parse_host(encode(message).decode()) == command
    assert firmware.wire.parse_host(encode(message).decode().rstrip("\n") + "\r") == command


@pytest.mark.parametrize("line", ["?", " ?\r\n"])
def test_a_person_at_a_terminal_may_type_a_bare_question_mark(firmware, line):
    assert firmware.wire.parse_host(line) == ("?",)


@pytest.mark.parametrize(
    "line",
    [
        "ACK 5*00",
        "ACK 5",
        "ACK 05*41",
        "ACK 70000*49",
        "ACK x*11",
        "LED*4D",
        "HELLO*00",
        "ROLL 1 d6:3*7E",
        "",
        "*",
        "ACK 5*zz",
        "\x00\x01*01",
    ],
)
def test_anything_else_is_ignored(firmware, line):
    assert firmware.wire.parse_host(line) is None


def test_an_over_long_line_cannot_be_made(firmware):
    with pytest.raises(ValueError):
        firmware.wire.roll(1, [("L1", 1)] * 40)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)  # imports only
@given(st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=110))
def test_the_two_checksums_agree(board, body):
    wire = board.load("wire")
    assert wire.checksum(body) == checksum(body)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seq=st.integers(0, 65535),
    faces=st.lists(
        st.tuples(st.from_regex(r"[A-Z][0-9]", fullmatch=True), st.integers(0, 6)),
        min_size=1,
        max_size=10,
    ),
)
def test_any_roll_the_firmware_makes_parses_on_the_host(board, seq, faces):
    line = board.load("wire").roll(seq, faces).encode()
    parsed = parse_line(line)
    assert not isinstance(parsed, Rejected)
    assert parsed == Roll(seq, tuple(faces))
