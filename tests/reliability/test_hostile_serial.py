"""Hostile serial input: random bytes, NULs, long lines, partial frames, bad checksums and
floods, into the protocol parser, into the DieReader over a real pty, and on into a table.

The properties: the parser never raises and only ever returns a Roll for a line that spells
exactly that roll with a correct checksum; the reader never dies (a good frame after any junk
still gets through) and never invents a roll (every DieRolled it posts was sent as a valid
ROLL line); a table waiting for dice is changed by the good frames only.

(tests/bridge covers the parser's table of real lines, encode/parse round trips and single
changed bytes; this file throws generated streams and floods at the running reader.)
"""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.play.table import Viewer
from companion.rules.dice import FACES
from firmware_bridge.protocol import (
    REJECT_REASONS,
    Hello,
    Rejected,
    Roll,
    checksum,
    encode,
    parse_line,
)
from tests.support.reliability.drive import record_part
from tests.support.reliability.serial_rig import (
    DICE,
    PtyReader,
    junk_line,
    oracle_rolls,
    roll_frame,
)

NUMBERS = st.one_of(
    st.integers(0, 70_000).map(str),
    st.sampled_from(
        ["007", "-1", "+3", "1e3", "0x1F", "", " ", "٣", "65535", "65536", "4294967296"]
    ),
)
ROLL_BODIES = st.builds(
    lambda seq, dice: " ".join(["ROLL", seq, *(f"{d}:{f}" for d, f in dice)]),
    NUMBERS,
    st.lists(
        st.tuples(st.sampled_from(["A", "L1", "C1", "d6", "Q9", "", "a:b"]), NUMBERS), max_size=6
    ),
)
SIGNED_ROLLS = ROLL_BODIES.filter(lambda b: b.isascii()).map(
    lambda body: f"{body}*{checksum(body):02X}".encode()
)
LINE_BYTES = st.one_of(
    SIGNED_ROLLS,
    st.binary(max_size=300),
    st.text(max_size=200).map(lambda s: s.encode("utf-8", "surrogatepass")),
    st.builds(
        lambda body: body + b"*" + b"%02X" % checksum(body.decode("ascii")),
        st.from_regex(rb"\A(ROLL|HELLO|HB|BTN|CARD|TILT|MOVING|ERR)( [ -)+-~]{0,20}){0,6}\Z"),
    ),
)


def parse_fuzz(examples: int) -> dict:
    seen = {"lines": 0, "rolls": 0}

    @settings(max_examples=examples, deadline=None, database=None)
    @given(LINE_BYTES, st.sampled_from([b"", b"\n", b"\r\n", b"\r", b"\x00\n"]))
    def one(line, ending):
        raw = line + ending
        result = parse_line(raw)
        seen["lines"] += 1
        if isinstance(result, Rejected):
            assert result.reason in REJECT_REASONS
            return
        if isinstance(result, Roll):
            seen["rolls"] += 1
            text = raw.rstrip(b"\n").rstrip(b"\r").decode("ascii")
            body, _, given_sum = text.rpartition("*")
            assert body == result.body() and int(given_sum, 16) == checksum(body)

    one()
    return seen


def test_the_parser_never_raises_and_never_invents_a_roll():
    record_part("hostile_serial_short", "parser", parse_fuzz(300))


@pytest.mark.long
def test_the_parser_long():
    record_part("hostile_serial_long", "parser", parse_fuzz(20_000))


def test_the_parser_survives_str_input_with_surrogates_and_giant_lines():
    for raw in [
        "\ud800ROLL 1 A:3*00",
        "ROLL " + "9" * 100_000,
        "\x00" * 10_000,
        "",
        "*",
        "**",
        "*ZZ",
        "ROLL 1 A:3*" + "\udcff" * 2,
        b"\xff" * 100_000,
    ]:
        assert isinstance(parse_line(raw), Rejected)


ROLLS = st.lists(st.sampled_from(sorted(DICE)), min_size=1, max_size=5, unique=True).flatmap(
    lambda ids: st.tuples(*(st.sampled_from(FACES[DICE[i]]) for i in ids)).map(
        lambda faces: tuple(zip(ids, faces))
    )
)
CHUNKS = st.lists(
    st.one_of(
        st.binary(max_size=200),  # line noise
        st.binary(max_size=60).map(lambda b: b.replace(b"\n", b"") + b"\n"),  # a junk line
        st.integers(1, 400).map(lambda n: b"\x00" * n),  # NULs
        st.integers(120, 3000).map(lambda n: b"R" * n),  # a line that never ends
        st.tuples(ROLLS, st.integers(1, 20)).map(lambda r: ("partial", r)),
        st.tuples(ROLLS, st.integers(1, 255)).map(lambda r: ("bad_sum", r)),
        ROLLS.map(lambda r: ("roll", r)),
    ),
    max_size=25,
)


@pytest.fixture(scope="module")
def pty_reader(tmp_path_factory):
    rig = PtyReader(tmp_path_factory.mktemp("pty"))
    yield rig
    rig.close()


def generated_streams(rig: PtyReader, examples: int) -> dict:
    """Random mixes of good frames and junk through the real pty: every roll sent comes
    out, and nothing comes out that was not sent as a valid ROLL."""
    tried = {"examples": 0, "bytes": 0}
    before = rig.counters()

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(CHUNKS)
    def one(chunks):
        stream, sent = rig.compose(chunks)
        tried["examples"] += 1
        tried["bytes"] += len(stream)
        got = rig.feed(stream)
        assert got == oracle_rolls(stream) + [rig.last_sentinel]  # none invented
        assert set(sent) <= set(got)  # none lost

    one()
    return {**tried, **rig.counters(before)}


def test_generated_streams_over_a_real_pty(pty_reader):
    record_part("hostile_serial_short", "generated_streams", generated_streams(pty_reader, 40))


def flood(rig: PtyReader, lines: int, seed: int) -> dict:
    rng = random.Random(seed)
    before = rig.counters()
    chunks, good = [], 0
    for n in range(lines):
        if n % 97 == 0:
            chunks.append(
                (
                    "roll",
                    tuple((die, rng.choice(FACES[kind])) for die, kind in list(DICE.items())[:3]),
                )
            )
            good += 1
        else:
            chunks.append(junk_line(rng))
    stream, sent = rig.compose(chunks)
    got = rig.feed(stream, limit_s=300)
    assert got == sent + [rig.last_sentinel] == oracle_rolls(stream) + [rig.last_sentinel]
    return {"lines": lines, "good_frames": good, "bytes": len(stream), **rig.counters(before)}


def test_a_flood_of_ten_thousand_lines(pty_reader):
    record_part("hostile_serial_short", "flood", flood(pty_reader, 10_000, seed=1))


@pytest.mark.long
def test_a_flood_of_a_hundred_thousand_lines(pty_reader):
    record_part("hostile_serial_long", "flood", flood(pty_reader, 100_000, seed=2))


@pytest.mark.long
def test_generated_streams_long(pty_reader):
    record_part("hostile_serial_long", "generated_streams", generated_streams(pty_reader, 1500))


def test_junk_on_the_wire_never_moves_a_table(tmp_path, service):
    """End to end: a table waits for a d6; 2,000 lines of junk change nothing; one good
    ROLL frame becomes exactly one action."""
    made = service.create_table("tally", ["Ann", "Bruno"], {})
    service.act(made["id"], {"type": "ask", "seat": 0}, Viewer(admin=True))
    rig = PtyReader(tmp_path, post=service.post)
    try:
        rng = random.Random(5)
        stream, _ = rig.compose([junk_line(rng) for _ in range(2000)])
        rig.write(stream)
        rig.write(b"\n" + encode(Hello("JUNK-1", "x", (("Z", "cattle"),))))  # a rebooted
        rig.write(encode(Roll(1, (("Z", 3),))))  # reader with other dice: a free roll
        version = service.table(made["id"]).version
        rig.write(b"\n" + roll_frame(2, (("d6", 4),)))
        deadline = time.monotonic() + 30
        while service.table(made["id"]).version == version and time.monotonic() < deadline:
            time.sleep(0.01)
        table = service.table(made["id"])
        assert table.version == version + 1
        assert table.entries[-1].body.action == {"type": "roll", "seat": 0, "dice": [4]}
        assert [e.body.KIND for e in table.entries] == ["action", "action"]
    finally:
        rig.close()
