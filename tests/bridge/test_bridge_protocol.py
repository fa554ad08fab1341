"""Protocol v1 parse/encode: tables of real lines, then properties."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge.protocol import (
    MAX_LINE,
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
    frame,
    parse_line,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"

GOOD = [
    (b"HELLO 1 PICO-E6614103 1.0.0 d6*5A\n", Hello("PICO-E6614103", "1.0.0", (("d6", "d6"),))),
    (
        b"HELLO 1 ABL-01 1.0.0 L1:cattle L2:cattle L3:cattle L4:cattle C1:cowboy*62\n",
        Hello(
            "ABL-01",
            "1.0.0",
            (
                ("L1", "cattle"),
                ("L2", "cattle"),
                ("L3", "cattle"),
                ("L4", "cattle"),
                ("C1", "cowboy"),
            ),
        ),
    ),
    (
        b"HELLO 1 ROOT-1 0.9 R1:root12 R2:root12*6D\n",
        Hello("ROOT-1", "0.9", (("R1", "root12"), ("R2", "root12"))),
    ),
    (b"ROLL 0 d6:4*71\n", Roll(0, (("d6", 4),))),
    (b"ROLL 65535 L1:0 L2:5 C1:4*57\n", Roll(65535, (("L1", 0), ("L2", 5), ("C1", 4)))),
    (b"MOVING 17*32\n", Moving(17)),
    (b"TILT 18 C1*7E\n", Tilt(18, "C1")),
    (b"CARD 19 04A2246A5B3C80*15\n", Card(19, "04a2246a5b3c80")),
    (b"BTN 20 confirm down*1A\n", Button(20, "confirm", True)),
    (b"BTN 21 confirm up*0C\n", Button(21, "confirm", False)),
    (b"HB 2000*28\n", Heartbeat(2000)),
    (b"HB 0*1A\n", Heartbeat(0)),
    (b"ERR imu no MPU-6050 at 0x68*20\n", DeviceError("imu", "no MPU-6050 at 0x68")),
    (b"ERR overflow*79\n", DeviceError("overflow")),
    (b"?*3F\n", Query()),
    (b"ACK 17*6F\n", Ack(17)),
    (b"LED blink*0F\n", Led("blink")),
    (b"LED on*6C\n", Led("on")),
    (b"HB 2000*28\r\n", Heartbeat(2000)),  # CRLF from a terminal program
    (b"HB 2000*28", Heartbeat(2000)),  # newline already stripped by the framing
    (b"ACK 17*6f\n", Ack(17)),  # lower-case hex checksum
]


@pytest.mark.parametrize("line, expected", GOOD, ids=[g[0][:24].decode() for g in GOOD])
def test_parses_real_lines(line, expected):
    assert parse_line(line) == expected


BAD = [
    (b"HELLO 1 PICO-1 1.0 d6\n", "checksum"),  # no checksum at all
    (b"?\n", "checksum"),  # a bare "?" typed by hand
    (b"ROLL 0 d6:4*72\n", "checksum"),  # wrong checksum
    (b"ROLL 0 d6:5*71\n", "checksum"),  # a flipped face
    (b"ROLL 0 d6:4*7\n", "checksum"),  # one hex digit
    (b"ROLL 0 d6:4*7G\n", "checksum"),  # not hex
    (b"ROLL 0 d6:4\xff*71\n", "binary"),
    (b"\x00\x01\x02\n", "binary"),
    (b"ROLL 0 d6:4*71\x1b\n", "binary"),
    (b"ROLL 0 " + b"d6:4 " * 30 + b"*00\n", "too_long"),
    (b"A" * 200, "too_long"),
    (b"HELLO 2 X 1.0 d6*55\n", "version"),
    (b"PING 1*01\n", "unknown_type"),
    (b"roll 1 d6:3*77\n", "unknown_type"),
    (b"*00\n", "malformed"),
    (b"HELLO 1 X*2B\n", "malformed"),
    (b"ROLL 5*08\n", "malformed"),
    (b"ROLL 5 d6*7A\n", "malformed"),
    (b"ROLL 5 d6:-1*5C\n", "malformed"),
    (b"ROLL 65536 d6:1*77\n", "malformed"),
    (b"ROLL 05 d6:1*41\n", "malformed"),
    (b"ROLL 5  d6:1*51\n", "malformed"),
    (b"MOVING*14\n", "malformed"),
    (b"MOVING 1 2*17\n", "malformed"),
    (b"TILT 3*16\n", "malformed"),
    (b"CARD 4 xyz*5B\n", "malformed"),
    (b"CARD 4 abc*40\n", "malformed"),
    (b"BTN 5 confirm pressed*59\n", "malformed"),
    (b"HB -5*32\n", "malformed"),
    (b"ACK*49\n", "malformed"),
    (b"LED*4D\n", "malformed"),
    (b"LED BLINK*2F\n", "malformed"),
    (b"ERR*45\n", "malformed"),
    (b"\n", "checksum"),
]


@pytest.mark.parametrize("line, reason", BAD, ids=[b[0][:24].decode("latin-1") for b in BAD])
def test_rejects_bad_lines_with_a_reason(line, reason):
    result = parse_line(line)
    assert isinstance(result, Rejected)
    assert result.reason == reason


def test_a_rejection_keeps_a_printable_excerpt():
    result = parse_line(b"\x00ROLL\xff*00\n")
    assert result.excerpt == "\\x00ROLL\\xff*00"


@pytest.mark.parametrize("body, expected", [("?", 0x3F), ("ACK 17", 0x6F), ("", 0)])
def test_checksum_is_the_xor_of_the_body(body, expected):
    assert checksum(body) == expected
    assert frame(body) == f"{body}*{expected:02X}\n".encode()


@pytest.mark.parametrize(
    "message",
    [
        Card(1, "ABCD"),  # upper case would not come back as it went
        Roll(1, ()),  # a throw of no dice
        Roll(70000, (("d6", 1),)),  # seq out of range
        Led("two words"),
        Hello("dev id", "1", ()),
        DeviceError("bad code", "x"),
        Roll(1, tuple(("L1", 1) for _ in range(30))),  # too long
    ],
)
def test_encode_refuses_what_parse_would_reject(message):
    with pytest.raises(ValueError):
        encode(message)


# -- properties --------------------------------------------------------------------------
SEQS = st.integers(0, 65535)
TOKENS = st.from_regex(r"[A-Za-z0-9._-]{1,12}", fullmatch=True)
KINDS = st.from_regex(r"[a-z0-9_]{1,8}", fullmatch=True)
DIE_IDS = st.from_regex(r"[A-Za-z0-9_]{1,4}", fullmatch=True)
NAMES = st.from_regex(r"[a-z0-9_]{1,16}", fullmatch=True)
TEXT = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=40)

MESSAGES = st.one_of(
    st.builds(
        Hello,
        TOKENS,
        TOKENS,
        st.lists(st.one_of(KINDS.map(lambda k: (k, k)), st.tuples(DIE_IDS, KINDS)), max_size=5).map(
            tuple
        ),
    ),
    st.builds(
        Roll,
        SEQS,
        st.lists(st.tuples(DIE_IDS, st.integers(0, 999)), min_size=1, max_size=8).map(tuple),
    ),
    st.builds(Moving, SEQS),
    st.builds(Tilt, SEQS, DIE_IDS),
    st.builds(Card, SEQS, st.binary(min_size=1, max_size=10).map(bytes.hex)),
    st.builds(Button, SEQS, NAMES, st.booleans()),
    st.builds(Heartbeat, st.integers(0, 2**32 - 1)),
    st.builds(DeviceError, st.from_regex(r"[A-Za-z0-9._-]{1,24}", fullmatch=True), TEXT),
    st.just(Query()),
    st.builds(Ack, SEQS),
    st.builds(Led, st.from_regex(r"[a-z0-9_-]{1,16}", fullmatch=True)),
)


@settings(max_examples=120, deadline=None)
@given(MESSAGES)
def test_parse_inverts_encode(message):
    line = encode(message)
    assert len(line) <= MAX_LINE and line.endswith(b"\n")
    assert parse_line(line) == message


def trust_problem(raw: bytes) -> str | None:
    """Why a line cannot be trusted, worked out here from docs/protocol.md's framing rules
    (printable ASCII, ``*HH`` the XOR of the body, at most MAX_LINE bytes); None for a
    line whose frame is sound."""
    line = raw.removesuffix(b"\n").removesuffix(b"\r")
    if len(line) + 1 > MAX_LINE:
        return "too_long"
    if any(byte < 0x20 or byte > 0x7E for byte in line):
        return "binary"
    body, star, given = line.rpartition(b"*")
    xor = 0
    for byte in body:
        xor ^= byte
    if not star or not re.fullmatch(rb"[0-9A-Fa-f]{2}", given) or int(given, 16) != xor:
        return "checksum"
    return None


# random bytes almost never carry a good checksum: framed printable bodies reach the parsers
RAW_LINES = st.one_of(
    st.binary(max_size=200),
    TEXT.map(frame),
    st.tuples(TEXT, st.integers(0, 255)).map(
        lambda body_sum: f"{body_sum[0]}*{body_sum[1]:02X}\n".encode()
    ),
    st.tuples(st.sampled_from(["ROLL", "HELLO", "BTN", "HB", "ACK", "LED"]), TEXT).map(
        lambda kind_rest: frame(" ".join(kind_rest))
    ),
)


@settings(max_examples=300, deadline=None)
@given(RAW_LINES)
def test_any_bytes_give_a_message_or_the_right_rejection(raw):
    result = parse_line(raw)
    problem = trust_problem(raw)
    if problem is not None:
        assert result == Rejected(problem)
    elif isinstance(result, Rejected):
        assert result.reason in {"malformed", "unknown_type", "version"}
    else:  # a message: exactly what the line says, so it encodes back to a sound frame
        assert trust_problem(encode(result)) is None and parse_line(encode(result)) == result


@settings(max_examples=100, deadline=None)
@given(MESSAGES, st.data())
def test_one_changed_byte_is_caught_by_the_checksum(message, data):
    line = bytearray(encode(message))
    at = data.draw(st.integers(0, len(line) - 5), label="position in the body")
    new = data.draw(st.integers(0x20, 0x7E).filter(lambda b: b not in (line[at], ord("*"))))
    line[at] = new
    assert parse_line(bytes(line)) == Rejected("checksum")


def test_every_example_in_the_protocol_doc_parses():
    examples = re.findall(
        r"^(?:[<>] )?([A-Z?][ -~]*\*[0-9A-F]{2})$",
        DOCS.read_text(encoding="utf-8"),
        flags=re.MULTILINE,
    )
    assert len(examples) >= 10
    for line in examples:
        assert not isinstance(parse_line(line.encode()), Rejected), line
