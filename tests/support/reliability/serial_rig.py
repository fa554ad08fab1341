"""A DieReader on a real pty whose other end the test writes, byte for byte.

The test plays the device: it answers the reader's ``?`` with one HELLO, then writes any
bytes it likes. ``feed`` ends every stream with a newline and a numbered *sentinel* frame and
waits for the sentinel's roll, so everything before it has been read. ``oracle_rolls`` says
which rolls a stream really holds: complete lines that parse as a ROLL of declared dice with
possible faces — the only rolls the reader may post.
"""

from __future__ import annotations

import os
import random
import select
import threading
import time
import tty
from pathlib import Path

from companion.rules.dice import FACES, is_face
from companion.writer.input_events import DieRolled
from firmware_bridge.die_reader import DieReader
from firmware_bridge.protocol import Hello, Roll, checksum, encode, frame, parse_line

DICE = {"A": "d6", "B": "d6", "L1": "cattle", "L2": "cattle", "C1": "cowboy"}
HELLO = Hello("FUZZ-1", "f1", tuple(DICE.items()))


def roll_frame(seq: int, faces: tuple) -> bytes:
    return encode(Roll(seq, tuple(faces)))


def as_event(seq: int, faces) -> tuple:
    return seq, tuple((DICE.get(die, die), face) for die, face in faces)


def oracle_rolls(stream: bytes) -> list[tuple]:
    """(seq, ((kind, face), ...)) for every complete line of ``stream`` that is a valid
    ROLL of known dice with possible faces, in order."""
    out = []
    for line in stream.split(b"\n")[:-1]:
        message = parse_line(line + b"\n")
        if not isinstance(message, Roll):
            continue
        dice = [(DICE.get(die, die), face) for die, face in message.faces]
        if all(kind in FACES and is_face(kind, face) for kind, face in dice):
            out.append((message.seq, tuple(dice)))
    return out


def junk_line(rng: random.Random):
    """One line of the kinds of junk a wire carries (bytes ending in a newline)."""
    kind = rng.randrange(8)
    if kind == 0:
        return (
            bytes(rng.randrange(256) for _ in range(rng.randrange(80))).replace(b"\n", b"") + b"\n"
        )
    if kind == 1:
        return b"\x00" * rng.randrange(1, 200) + b"\n"
    if kind == 2:
        return b"ROLL 7 A:3*00\n"  # a bad checksum
    junk_seq = rng.randrange(40_000, 65_536)  # never a seq the good frames use
    if kind == 3:
        return frame(f"ROLL {junk_seq} Q9:3")  # a die nobody declared
    if kind == 4:
        return frame(f"ROLL {junk_seq} A:7")  # a face a d6 does not have
    if kind == 5:
        return b"X" * rng.randrange(120, 400) + b"\n"
    if kind == 6:
        return frame(f"FOO {rng.randrange(100)}")
    return roll_frame(5, (("A", 2),))[: rng.randrange(1, 12)] + b"\n"


class PtyReader:
    def __init__(self, folder: Path, post=None) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self._lock = threading.Lock()
        self._events: list = []
        self._heard = bytearray()
        self.seq = 100
        self.last_sentinel: tuple | None = None
        self._drain = threading.Thread(target=self._read_replies, daemon=True)
        self._drain.start()
        self.reader = DieReader(
            os.ttyname(self.slave),
            post or self._record,
            clock=lambda: 1000.0,
            poll_s=0.005,
            heartbeat_timeout_s=1e9,
        )
        self._wait(lambda: b"?" in self._heard_bytes(), "the reader's question")
        self.write(b"\n" + encode(HELLO))
        self._wait(lambda: self.reader.state == "online", "the reader online")

    # -- the device side ---------------------------------------------------------------
    def _record(self, event) -> None:
        with self._lock:
            self._events.append(event)

    def _read_replies(self) -> None:
        while True:
            try:
                data = os.read(self.master, 4096)
            except OSError:
                return
            if not data:
                return
            with self._lock:
                self._heard.extend(data[-64:])
                del self._heard[:-256]

    def _heard_bytes(self) -> bytes:
        with self._lock:
            return bytes(self._heard)

    def write(self, data: bytes, limit_s: float = 30.0) -> None:
        """All of ``data`` into the pty, a small piece whenever the reader's side has room;
        a reader that stops reading fails the test within ``limit_s`` instead of blocking."""
        view = memoryview(data)
        deadline = time.monotonic() + limit_s  # a bound on a hang, not a timing assertion
        while view:
            assert time.monotonic() < deadline, f"the reader took no bytes for {limit_s}s"
            if select.select([], [self.master], [], 0.2)[1]:
                view = view[os.write(self.master, view[:512]) :]

    def _wait(self, predicate, what: str, limit_s: float = 30.0) -> None:
        deadline = time.monotonic() + limit_s  # a bound on a hang, not a timing assertion
        while not predicate():
            assert self.reader._supervisor.is_alive(), "the reader's supervisor died"
            assert time.monotonic() < deadline, f"no {what} after {limit_s}s"
            time.sleep(0.002)

    # -- streams -----------------------------------------------------------------------
    def next_seq(self) -> int:
        self.seq = (self.seq + 1) % 65536
        return self.seq

    def compose(self, chunks) -> tuple[bytes, list[tuple]]:
        """Bytes for ``chunks`` (bytes, or ("roll"|"partial"|"bad_sum", ...)), ending in a
        newline; and the rolls deliberately sent whole."""
        out, sent = bytearray(), []
        for chunk in chunks:
            if isinstance(chunk, bytes):
                out += chunk
                continue
            kind, detail = chunk
            if kind == "roll":
                seq = self.next_seq()
                out += b"\n" + roll_frame(seq, detail)
                sent.append(as_event(seq, detail))
            elif kind == "partial":
                line = roll_frame(self.next_seq(), detail[0])
                out += b"\n" + line[: max(1, len(line) - detail[1])]
            else:
                body = roll_frame(self.next_seq(), detail[0])[:-4]
                out += b"\n" + body + b"*%02X\n" % (checksum(body.decode()) ^ detail[1])
        return bytes(out) + b"\n", sent

    def feed(self, stream: bytes, limit_s: float = 60.0) -> list[tuple]:
        """Write ``stream`` and a sentinel; return the rolls posted meanwhile."""
        with self._lock:
            before = len(self._events)
        seq = self.next_seq()
        self.last_sentinel = as_event(seq, (("A", 6),))
        self.write(stream + roll_frame(seq, (("A", 6),)))
        self._wait(lambda: self.last_sentinel in self.rolls(before), "sentinel", limit_s)
        return self.rolls(before)

    def rolls(self, start: int = 0) -> list[tuple]:
        with self._lock:
            return [(e.seq, e.dice) for e in self._events[start:] if isinstance(e, DieRolled)]

    def counters(self, since: dict | None = None) -> dict:
        now = self.reader.counters
        return {k: v - (since or {}).get(k, 0) for k, v in now.items() if v}

    def close(self) -> None:
        self.reader.close()
        for fd in (self.slave, self.master):
            try:
                os.close(fd)
            except OSError:
                pass
        self._drain.join(timeout=5)
