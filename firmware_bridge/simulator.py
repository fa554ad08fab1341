"""A virtual die reader on a pty, speaking protocol v1.1 (or v1) like the real firmware.

``DieReaderSimulator(path)`` opens a pty in raw mode and points the symlink ``path`` at its
slave, so a :class:`~firmware_bridge.die_reader.DieReader` opens ``path`` exactly as it
would open ``/dev/die-reader``. A thread answers ``?`` with HELLO, sends ``HB`` every
``heartbeat_s``, takes ``ACK`` and ``LED``, and resends every frame not yet ACKed each
``resend_s`` — as the firmware does. :meth:`throw` is a virtual throw (this is the device,
so it draws its own faces). The fault methods (noise, bad checksums, resends, silence,
unplug/replug) exist so tests can break the link on purpose.
"""

from __future__ import annotations

import errno
import os
import random
import select
import threading
import time
import tty
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

from companion.known_games import registry
from firmware_bridge.errors import BridgeError
from firmware_bridge.protocol import (
    SEQ_MODULUS,
    Ack,
    Button,
    Card,
    DeviceError,
    Heartbeat,
    Hello,
    Led,
    Message,
    Moving,
    Query,
    Rejected,
    Roll,
    SequencedMessage,
    Tilt,
    Want,
    encode,
    ids_for,
    parse_line,
)


def _declared(dice: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """``["L1:cattle", "d6"]`` as ``(("L1", "cattle"), ("d6", "d6"))``."""
    out = []
    for token in dice:
        die, _, kind = token.partition(":")
        out.append((die, kind or die))
    return tuple(out)


class DieReaderSimulator:
    """A die reader that is a pty. Thread-safe; ``close()`` is idempotent."""

    def __init__(
        self,
        path: str | os.PathLike,
        *,
        dice: Iterable[str] = ("d6",),
        device_id: str = "SIM-0001",
        firmware: str = "sim-1",
        clock: Callable[[], float] = time.monotonic,
        heartbeat_s: float = 2.0,
        resend_s: float = 1.0,
        poll_s: float = 0.1,
        first_seq: int = 0,
        rng: random.Random | None = None,
        boot_ids: bool = True,
    ) -> None:
        self.path = Path(path)
        self.hello = Hello(device_id, firmware, _declared(dice))
        self.boot_ids = boot_ids  # protocol v1.1; False speaks v1 (no boot id)
        self.heartbeat_s = heartbeat_s
        self.resend_s = resend_s
        self._clock = clock
        self._poll_s = poll_s
        self._first_seq = first_seq % SEQ_MODULUS
        self._rng = rng or random.SystemRandom()
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._waken, self._wake = os.pipe()  # close() ends the thread's select at once
        self._master = self._slave = -1
        self._inbox = bytearray()
        self._silent = False
        self._corrupt = 0
        self._lose_acks: set[int] = set()
        self._last_line = b""
        self.acked: list[int] = []  # seqs the host ACKed, in order (repeats included)
        self.leds: list[str] = []  # LED patterns the host sent
        self.queries = 0  # how many "?" came in
        self.wants: list[tuple[str, ...]] = []  # WANT lines the host sent
        self._plug()
        self._thread = threading.Thread(target=self._run, name="die-reader-sim", daemon=True)
        self._thread.start()

    # -- what a player does --------------------------------------------------------------
    def throw(
        self, kinds: list[str], faces: list[int] | None = None, moving: bool = True
    ) -> list[int]:
        """Throw ``kinds`` (``MOVING`` then one ``ROLL`` frame); return the faces shown.
        ``moving=False``: the ``ROLL`` only, the dice having been seen moving before
        (:meth:`moving`), as the real reader sends it once they have been calm a while."""
        if not kinds:
            raise BridgeError("no_dice")
        unknown = [kind for kind in kinds if kind not in registry.faces()]
        if unknown:
            raise BridgeError("unknown_die", die=unknown[0])
        if faces is None:
            faces = [self._rng.choice(registry.faces()[kind]) for kind in kinds]
        elif len(faces) != len(kinds) or any(
            f not in registry.faces()[k] for k, f in zip(kinds, faces)
        ):
            raise BridgeError("bad_face", die=",".join(kinds))
        with self._lock:
            self._require_plugged()
            if moving:
                self._send_frame(Moving(self._take_seq()))
            ids = self._die_ids(kinds)
            self._send_frame(Roll(self._take_seq(), tuple(zip(ids, faces))))
        return list(faces)

    def moving(self) -> None:
        """The dice start moving (``MOVING``): the reader's firmware sends it at the jolt,
        and the throw's ``ROLL`` once they have been calm ``SETTLE_MS``."""
        with self._lock:
            self._require_plugged()
            self._send_frame(Moving(self._take_seq()))

    def tilt(self, kind: str) -> None:
        with self._lock:
            self._require_plugged()
            self._send_frame(Tilt(self._take_seq(), self._die_ids([kind])[0]))

    def scan(self, uid: str) -> None:
        with self._lock:
            self._require_plugged()
            self._send_frame(Card(self._take_seq(), uid.lower()))

    def button(self, name: str, down: bool) -> None:
        with self._lock:
            self._require_plugged()
            self._send_frame(Button(self._take_seq(), name, down))

    def send_roll(self, faces: list[tuple[str, int]]) -> int:
        """A ``ROLL`` with exactly these ``(die id, face)`` pairs, checked by nobody — as a
        buggy or foreign device would send it. Returns its seq."""
        with self._lock:
            self._require_plugged()
            seq = self._take_seq()
            self._send_frame(Roll(seq, tuple(faces)))
            return seq

    def fail(self, code: str, text: str = "") -> None:
        """The device reports a fault (``ERR``)."""
        with self._lock:
            self._write(encode(DeviceError(code, text)))

    @property
    def pending(self) -> list[int]:
        """Seqs sent and not yet ACKed."""
        with self._lock:
            return list(self._pending)

    # -- faults --------------------------------------------------------------------------
    def noise(self, size: int = 64) -> bytes:
        """Write ``size`` random bytes (line noise, a baud-rate mismatch…)."""
        junk = bytes(self._rng.randrange(256) for _ in range(size))
        with self._lock:
            self._write(junk)
        return junk

    def corrupt_next(self, count: int = 1) -> None:
        """Send the next ``count`` frame transmissions with a wrong checksum."""
        with self._lock:
            self._corrupt += count

    def lose_ack(self, seq: int) -> None:
        """The next ACK of frame ``seq`` is lost on the way (the frame stays pending and is
        resent)."""
        with self._lock:
            self._lose_acks.add(seq)

    @property
    def next_seq(self) -> int:
        with self._lock:
            return self._seq

    def resend_last(self) -> None:
        """Send the last frame again, unchanged (as if its ACK had been lost)."""
        with self._lock:
            self._write(self._last_line)

    def silence(self, silent: bool = True) -> None:
        """Hang (no heartbeats, no answers, no resends) or come back."""
        with self._lock:
            self._silent = silent

    def unplug(self) -> None:
        """Pull the cable: the pty closes and the symlink disappears."""
        with self._lock:
            self._close_pty()

    def replug(self) -> None:
        """Plug back in: the device boots (seq and uptime restart) on a new pty."""
        with self._lock:
            self._close_pty()
            self._plug()

    @property
    def plugged(self) -> bool:
        with self._lock:
            return self._master >= 0

    def close(self) -> None:
        if self._stop.is_set():
            return
        self._stop.set()
        os.write(self._wake, b"x")
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join()
        with self._lock:
            self._close_pty()
        os.close(self._waken)
        os.close(self._wake)

    def __enter__(self) -> DieReaderSimulator:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the device ----------------------------------------------------------------------
    def _plug(self) -> None:
        """Boot: a fresh pty in raw mode, the symlink moved to it, HELLO sent."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        os.set_blocking(self._master, False)
        link = self.path.with_name(self.path.name + ".new")
        link.unlink(missing_ok=True)
        link.symlink_to(os.ttyname(self._slave))
        os.replace(link, self.path)
        self._booted_at = self._last_beat = self._clock()
        if self.boot_ids:
            self.hello = replace(self.hello, boot=f"{self._rng.getrandbits(32):08x}")
        self._seq = self._first_seq
        self._pending: dict[int, list] = {}  # seq -> [line, sent_at]
        self._inbox.clear()
        self._write(encode(self.hello))

    def _close_pty(self) -> None:
        if self._master < 0:
            return
        self.path.unlink(missing_ok=True)
        os.close(self._master)
        os.close(self._slave)
        self._master = self._slave = -1

    def _require_plugged(self) -> None:
        if self._master < 0:
            raise BridgeError("reader_unplugged")

    def _take_seq(self) -> int:
        seq, self._seq = self._seq, (self._seq + 1) % SEQ_MODULUS
        return seq

    def _die_ids(self, kinds: list[str]) -> list[str]:
        return list(ids_for(self.hello.dice, kinds))

    def _send_frame(self, message: SequencedMessage) -> None:
        line = encode(message)
        self._pending[message.seq] = [line, self._clock()]
        self._transmit(line)

    def _transmit(self, line: bytes) -> None:
        if self._silent:
            return  # hung: the frame stays pending and goes out when it recovers
        self._last_line = line
        if self._corrupt:
            self._corrupt -= 1
            body, _, given = line[:-1].rpartition(b"*")
            line = body + b"*%02X\n" % ((int(given, 16) + 1) % 256)
        self._write(line)

    def _write(self, data: bytes) -> None:
        view = memoryview(data)
        while self._master >= 0 and view:
            try:
                view = view[os.write(self._master, view) :]
            except BlockingIOError:
                return  # nobody is reading: like a USB device with no host, drop it
            except OSError as error:
                if error.errno != errno.EIO:
                    raise
                return

    def _run(self) -> None:
        """Answer what the host writes as it comes; look at the clock (heartbeats,
        resends) every ``poll_s``. Asleep in ``select`` between the two, as a device's
        UART interrupt is: the simulated reader runs on the table's own CPU."""
        while not self._stop.is_set():
            with self._lock:
                if self._master >= 0:
                    self._read_host()
                    if not self._silent:
                        self._keep_alive(self._clock())
                master = self._master
            if master < 0:
                self._stop.wait(self._poll_s)
                continue
            try:
                select.select([master, self._waken], [], [], self._poll_s)
            except (OSError, ValueError):  # unplugged meanwhile: the next turn sees it
                continue

    def _read_host(self) -> None:
        try:
            data = os.read(self._master, 4096)
        except (BlockingIOError, OSError):
            return
        self._inbox.extend(data)
        while b"\n" in self._inbox:
            line, _, rest = bytes(self._inbox).partition(b"\n")
            self._inbox[:] = rest
            if not self._silent:
                self._obey(parse_line(line))

    def _obey(self, message: Message | Rejected) -> None:
        if isinstance(message, Query):
            self.queries += 1
            self._write(encode(self.hello))
        elif isinstance(message, Ack):
            if message.seq in self._lose_acks:
                self._lose_acks.discard(message.seq)
                return
            self.acked.append(message.seq)
            self._pending.pop(message.seq, None)
        elif isinstance(message, Led):
            self.leds.append(message.pattern)
        elif isinstance(message, Want):
            self.wants.append(message.dice)

    def _keep_alive(self, now: float) -> None:
        if now - self._last_beat >= self.heartbeat_s:
            self._last_beat = now
            self._write(encode(Heartbeat(int((now - self._booted_at) * 1000))))
        for entry in self._pending.values():  # oldest first, across a seq wrap too
            if now - entry[1] >= self.resend_s:
                entry[1] = now
                self._transmit(entry[0])
