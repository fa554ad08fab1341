"""DieReader over pyserial's loop:// and failing openers; framing and backoff on their own."""

from __future__ import annotations

import threading

import pytest
import serial

from companion.writer.input_events import DeviceStatus, DieRolled
from firmware_bridge.die_reader import Backoff, DieReader, LineFraming
from firmware_bridge.errors import BridgeError
from firmware_bridge.protocol import Ack, Heartbeat, Hello, Rejected, Roll, Want, encode

HELLO = encode(Hello("LOOP-1", "1.0", (("L1", "cattle"), ("C1", "cowboy"))))


class LoopOpener:
    """Opens loop:// ports and keeps them, so a test can write into the reader's port."""

    def __init__(self) -> None:
        self.ports: list[serial.SerialBase] = []
        self.written = bytearray()  # everything written to the ports, the reader's lines too

    def __call__(self, url: str) -> serial.SerialBase:
        port = serial.serial_for_url(url, baudrate=115200, write_timeout=1.0)
        write = port.write

        def recorded(data):
            self.written += data
            return write(data)

        vars(port)["write"] = recorded  # this port's write only, in its instance dict
        self.ports.append(port)
        return port


@pytest.fixture
def loop_reader(clock, events):
    opener = LoopOpener()
    reader = DieReader("loop://", events, clock=clock, open_port=opener, poll_s=0.002)
    yield reader, events, opener
    reader.close()


# -- pure pieces -------------------------------------------------------------------------
def test_backoff_doubles_up_to_its_cap_and_resets():
    backoff = Backoff(0.5, 4.0)
    assert [backoff.next() for _ in range(6)] == [0.5, 1.0, 2.0, 4.0, 4.0, 4.0]
    backoff.reset()
    assert backoff.next() == 0.5


def framed(chunks):
    got = []
    framing = LineFraming(lambda message, transport: got.append(message), lambda exc: None)
    for chunk in chunks:
        framing.data_received(chunk)
    return got


def test_framing_reassembles_lines_split_anywhere():
    line = encode(Roll(3, (("d6", 5),))) + encode(Heartbeat(10))
    assert framed([line[i : i + 1] for i in range(len(line))]) == [
        Roll(3, (("d6", 5),)),
        Heartbeat(10),
    ]


def test_framing_bounds_a_run_without_newline_and_counts_it_once():
    got = framed([b"\x00" * 100, b"\x01" * 100, b"\x02" * 100, b"x\n" + encode(Ack(1))])
    assert got == [Rejected("too_long"), Ack(1)]


# -- loop:// -----------------------------------------------------------------------------
NOTHING_WANTED = Want(())


def said_hello(port, events, wait, opener, hello=HELLO, want=NOTHING_WANTED):
    """HELLO, and wait for the host's answer to it (its WANT) to be written: loop:// takes
    writes byte by byte, so lines written at the same time would interleave."""
    del opener.written[:]
    port.write(hello)
    wait(lambda: encode(want) in opener.written, what=f"the host's {want.body()}")
    assert "online" in events.states()


def test_on_loop_it_asks_hello_and_posts_rolls(loop_reader, wait):
    reader, events, opener = loop_reader
    port = wait(lambda: opener.ports and opener.ports[0], what="port opened")
    said_hello(port, events, wait, opener)
    port.write(encode(Roll(1, (("L1", 5), ("C1", 3)))))
    wait(lambda: events.all(DieRolled), what="a roll")
    assert events.all(DieRolled) == [
        DieRolled((("cattle", 5), ("cowboy", 3)), "reader", "die-reader", 1)
    ]
    assert events.states() == ["online"]
    # loop:// hands our own "?" and "ACK 1" back to us: they are counted, not obeyed
    wait(lambda: reader.counters["echo"] >= 2, what="echoes")
    assert reader.counters["accepted"] == 1


def test_a_reader_that_reboots_mid_prompt_is_told_the_prompts_dice_again(loop_reader, wait):
    reader, events, opener = loop_reader
    port = wait(lambda: opener.ports and opener.ports[0], what="port opened")
    said_hello(port, events, wait, opener)
    assert reader.want(["cowboy", "cattle"])  # a prompt opens
    wanted = Want(("C1", "L1"))
    wait(lambda: encode(wanted) in opener.written, what="WANT C1 L1")
    rebooted = encode(Hello("LOOP-1", "1.0", (("L1", "cattle"), ("C1", "cowboy")), "b2"))
    said_hello(port, events, wait, opener, rebooted, wanted)  # the same prompt, asked again


def test_on_loop_noise_is_counted_and_the_next_frame_still_gets_through(loop_reader, wait):
    reader, events, opener = loop_reader
    port = wait(lambda: opener.ports and opener.ports[0], what="port opened")
    said_hello(port, events, wait, opener)
    port.write(
        b"\xff\xfe garbage\n"
        + b"ROLL 1 d6:1*00\n"
        + b"\x00" * 500
        + b"\n"
        + b"FOO 1*57\n"
        + encode(Roll(2, (("d6", 6),)))
    )
    wait(lambda: events.all(DieRolled), what="a roll")
    counters = reader.counters
    assert (
        counters["binary"],
        counters["checksum"],
        counters["too_long"],
        counters["unknown_type"],
    ) == (1, 1, 1, 1)
    assert [e.seq for e in events.all(DieRolled)] == [2]
    assert events.all(DeviceStatus)[-1].state == "online"


def test_heartbeat_watch_runs_on_the_injected_clock(loop_reader, clock, wait):
    reader, events, opener = loop_reader
    port = wait(lambda: opener.ports and opener.ports[0], what="port opened")
    port.write(HELLO)
    wait(lambda: reader.state == "online", what="online")
    for beat in (1, 2):
        clock.advance(5.9)  # just inside the timeout, every time
        port.write(encode(Heartbeat(beat * 5900)))
        wait(lambda n=beat: reader.counters["heartbeats"] == n, what="the heartbeat read")
    assert reader.state == "online"
    clock.advance(6.0)
    wait(lambda: reader.state == "offline", what="offline after 6 s of silence")
    port.write(encode(Heartbeat(17800)))
    wait(lambda: reader.state == "online", what="back online")
    assert events.states() == ["online", "offline", "online"]
    assert events.all(DeviceStatus)[-2].counters["silences"] == 1


def test_send_led_goes_out_and_is_checked(loop_reader, wait):
    reader, events, opener = loop_reader
    wait(lambda: opener.ports, what="port opened")
    wait(lambda: reader.send_led("blink"), what="the LED line sent")
    wait(lambda: reader.counters["echo"] >= 2, what="the LED line echoed")
    with pytest.raises(BridgeError):
        reader.send_led("Not A Pattern")


def test_close_is_idempotent_and_closes_the_port(clock, events, wait):
    opener = LoopOpener()
    with DieReader("loop://", events, clock=clock, open_port=opener, poll_s=0.002) as reader:
        wait(lambda: opener.ports, what="port opened")
    reader.close()
    assert not opener.ports[0].is_open
    assert reader.send_led("on") is False


# -- reconnecting ------------------------------------------------------------------------
class TickingClock:
    """Each reading moves time on by one tick, so retry times do not depend on real time."""

    def __init__(self, tick: float = 0.125) -> None:
        self._lock = threading.Lock()
        self._ticks = 0
        self.tick = tick

    def __call__(self) -> float:
        with self._lock:
            self._ticks += 1
            return self._ticks * self.tick


def test_failed_opens_back_off_exponentially_up_to_the_cap(events, wait):
    clock, attempts = TickingClock(), []

    def vanished(url):
        attempts.append(clock())
        raise serial.SerialException(f"could not open port {url}: No such file")

    with DieReader(
        "/dev/die-reader-gone",
        events,
        clock=clock,
        open_port=vanished,
        backoff_min_s=0.5,
        backoff_max_s=4.0,
        poll_s=0.0005,
    ):
        wait(lambda: len(attempts) >= 7, what="seven attempts")
    gaps = [b - a for a, b in zip(attempts, attempts[1:])][:6]
    # a gap is the backoff delay plus at most a few ticks of the supervisor's own reads
    for gap, delay in zip(gaps, [0.5, 1.0, 2.0, 4.0, 4.0, 4.0]):
        assert delay <= gap <= delay + 0.5
    assert events.states() == ["reconnecting"]  # said once, not on every attempt


def test_a_port_that_dies_is_reopened_and_backoff_restarts_after_hello(clock, events, wait):
    opener = LoopOpener()
    with DieReader(
        "loop://", events, clock=clock, open_port=opener, poll_s=0.002, backoff_min_s=1.0
    ) as reader:
        first = wait(lambda: opener.ports and opener.ports[0], what="first port")
        first.write(HELLO)
        wait(lambda: reader.state == "online", what="online")
        first.close()  # loop:// ends the read loop when closed: the link is gone
        wait(lambda: reader.state == "reconnecting", what="reconnecting")
        clock.advance(1.0)
        second = wait(lambda: len(opener.ports) > 1 and opener.ports[1], what="second port")
        second.write(HELLO + encode(Roll(0, (("C1", 2),))))
        wait(lambda: events.all(DieRolled), what="a roll on the new port")
        assert events.states() == ["online", "reconnecting", "online"]
        assert reader.counters["disconnects"] == 1
