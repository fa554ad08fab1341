"""The die reader's I/O shell: a pyserial port opened by URL, kept open, reopened.

``/dev/serial/by-id/...``, ``/dev/die-reader``, a pty path, ``socket://host:port``,
``rfc2217://`` and ``loop://`` all work (``serial.serial_for_url``). Framing is a
``serial.threaded`` protocol (:class:`LineFraming`) whose packets go to the pure parser;
a ``serial.threaded.ReaderThread`` owns each open port and locks its writes; one supervisor
thread opens the port, reopens it with capped exponential backoff after it vanishes, and
ticks the heartbeat watch. What lines *mean* is decided by the pure
:class:`~firmware_bridge.session.ReaderSession`; this module only carries out its outcomes.
Events go out through ``post`` (which only enqueues), in order, under one lock.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from typing import Any, cast

import serial
import serial.threaded

from companion.writer.input_events import DieRolled
from firmware_bridge.errors import BridgeError
from firmware_bridge.protocol import MAX_LINE, Hello, Led, Message, Rejected, encode, parse_line
from firmware_bridge.session import Frames, Outcome, ReaderSession

log = logging.getLogger(__name__)


class PortReader(serial.threaded.ReaderThread):
    """pyserial's reader thread, but a port that vanished mid-read (a pty whose other end
    closed answers ``in_waiting`` with EIO, an ``OSError`` pyserial does not catch) ends the
    link as a lost connection instead of an exception escaping the thread."""

    def run(self) -> None:
        try:
            super().run()
        except OSError as error:
            self.alive = False
            if self.protocol is not None:
                self.protocol.connection_lost(serial.SerialException(str(error)))


class Backoff:
    """Delays between reconnection attempts: ``min_s``, doubling, capped at ``max_s``."""

    def __init__(self, min_s: float = 0.5, max_s: float = 30.0) -> None:
        if not 0 < min_s <= max_s:
            raise ValueError("need 0 < min_s <= max_s")
        self.min_s, self.max_s = min_s, max_s
        self._next = min_s

    def next(self) -> float:
        delay, self._next = self._next, min(self._next * 2, self.max_s)
        return delay

    def reset(self) -> None:
        self._next = self.min_s


class LineFraming(serial.threaded.Packetizer):
    """Split the byte stream into lines of at most ``MAX_LINE`` bytes and parse each.

    A run of bytes with no newline that grows past the limit is reported once as
    ``Rejected("too_long")`` and skipped up to the next newline, so binary noise cannot make
    the buffer grow without bound.
    """

    TERMINATOR = b"\n"

    def __init__(
        self,
        on_message: Callable[[Message | Rejected, Any], None],
        on_lost: Callable[[BaseException | None], None],
    ) -> None:
        super().__init__()
        self._on_message = on_message
        self._on_lost = on_lost
        self._skipping = False

    def data_received(self, data: bytes) -> None:
        self.buffer.extend(data)
        while True:
            end = self.buffer.find(self.TERMINATOR)
            if end < 0:
                if len(self.buffer) >= MAX_LINE:
                    if not self._skipping:
                        self._on_message(Rejected("too_long"), self.transport)
                    self._skipping = True
                    del self.buffer[:]
                return
            packet = bytes(self.buffer[: end + 1])
            del self.buffer[: end + 1]
            if self._skipping:
                self._skipping = False
            else:
                self.handle_packet(packet)

    def handle_packet(self, packet: bytes) -> None:
        self._on_message(parse_line(packet), self.transport)

    def connection_lost(self, exc: BaseException | None) -> None:
        self.transport = None
        self._on_lost(exc)


def open_serial(url: str, baudrate: int = 115200) -> serial.SerialBase:
    """The default way to open a reader: any pyserial URL, 8N1, bounded writes."""
    return serial.serial_for_url(url, baudrate=baudrate, write_timeout=1.0)


class DieReader:
    """A die reader on a pyserial URL, posting ``companion.writer.input_events`` (docs/protocol.md).

    ``clock`` times the heartbeat watch, held buttons and backoff; the supervisor looks at it
    every ``poll_s`` real seconds, so tests drive time with a fake clock. ``open_port(url)``
    opens the port (default :func:`open_serial`).
    """

    def __init__(
        self,
        url: str,
        post: Callable[[Any], None],
        *,
        name: str = "die-reader",
        heartbeat_timeout_s: float = 6.0,
        backoff_min_s: float = 0.5,
        backoff_max_s: float = 30.0,
        hold_s: float = 1.5,
        wait_for_confirm: bool = False,
        baudrate: int = 115200,
        clock: Callable[[], float] = time.monotonic,
        open_port: Callable[[str], serial.SerialBase] | None = None,
        poll_s: float = 0.05,
        memory: Frames | None = None,
        stand_in: str = "",
    ) -> None:
        self.url = url
        self.name = name
        self.stand_in = stand_in  # "simulated": the pty simulator, not hardware
        self._post = post
        self._clock = clock
        self._open_port = open_port or (lambda u: open_serial(u, baudrate))
        self._poll_s = poll_s
        self._session = ReaderSession(
            name,
            heartbeat_timeout_s=heartbeat_timeout_s,
            hold_s=hold_s,
            wait_for_confirm=wait_for_confirm,
        )
        if memory is not None:
            self._session.memory = memory
        self._backoff = Backoff(backoff_min_s, backoff_max_s)
        self._lock = threading.RLock()
        self._closing = threading.Event()
        self._link: serial.threaded.ReaderThread | None = None
        self._lost_because: BaseException | None = None
        self._retry_at = clock()
        self._led: str | None = None
        self._want: list[str] | None = None  # the dice kinds the table asks for now
        self._supervisor = threading.Thread(
            target=self._supervise, name=f"{name}-supervisor", daemon=True
        )
        self._supervisor.start()

    # -- public --------------------------------------------------------------------------
    @property
    def state(self) -> str | None:
        """``None`` until the first attempt, then the state last posted."""
        with self._lock:
            return self._session.state

    @property
    def counters(self) -> dict[str, int]:
        """Rejected lines by reason, resends, disconnects…: a copy."""
        with self._lock:
            return self._session.counters

    @property
    def last_heard(self) -> float | None:
        """When a valid line last came in (this reader's clock), or ``None``."""
        with self._lock:
            return self._session.last_heard

    def probe(self) -> dict:
        """The live figures for ``/api/health`` and the Devices panel: counters as they are
        now (every line counted as it comes), seconds since the device was last heard."""
        with self._lock:
            heard = self._session.last_heard
            device_id, boot = self._session.identity
            out = {
                "counters": self._session.counters,
                "device_id": device_id,
                "boot": boot,
                "state": self._session.state or "offline",
                "heard_s_ago": None if heard is None else round(self._clock() - heard, 1),
            }
        if self.stand_in:
            out["stand_in"] = self.stand_in
        return out

    def want(self, kinds: list[str] | None) -> bool:
        """Tell the reader which dice the table asks for (``WANT``), or that none are
        (``None`` or ``[]``: ``WANT -``); remembered and re-sent after every HELLO."""
        with self._lock:
            self._want = list(kinds) if kinds else None
            return self._write_lines(self._link, [encode(self._session.want(self._want))])

    def send_led(self, pattern: str) -> bool:
        """Set the reader box's light; remembered and re-sent after every HELLO.
        Returns whether it went out now (False while the reader is away)."""
        try:
            line = encode(Led(pattern))
        except ValueError:
            raise BridgeError("bad_led_pattern", pattern=str(pattern)[:16]) from None
        with self._lock:
            self._led = pattern
            return self._write_lines(self._link, [line])

    def close(self) -> None:
        """Stop the supervisor and close the port. Idempotent."""
        self._closing.set()
        if self._supervisor.is_alive() and self._supervisor is not threading.current_thread():
            self._supervisor.join()

    def __enter__(self) -> DieReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- supervisor thread ---------------------------------------------------------------
    def _supervise(self) -> None:
        try:
            while not self._closing.is_set():
                try:
                    self._turn(self._clock())
                except Exception:  # a bug must not silently end the table's die reader
                    log.exception("die reader %s: supervisor error", self.name)
                self._closing.wait(self._poll_s)
        finally:
            self._drop_link(self._clock(), quietly=True)

    def _turn(self, now: float) -> None:
        link = self._link
        if link is not None and not link.alive:
            self._drop_link(now)
        if self._link is None and now >= self._retry_at:
            self._connect(now)
        with self._lock:
            self._carry_out(self._session.tick(now), self._link)

    def _connect(self, now: float) -> None:
        try:
            port = self._open_port(self.url)
        except (serial.SerialException, OSError, ValueError) as error:
            with self._lock:
                self._retry_at = now + self._backoff.next()
                self._carry_out(self._session.lost(now, _reason(error)), None)
            return
        # pyserial's stubs ask a Serial; the thread uses what every serial_for_url port has
        link = PortReader(
            cast(serial.Serial, port), lambda: LineFraming(self._on_message, self._on_lost)
        )
        link.name = f"{self.name}-reader"
        with self._lock:  # before the first line can arrive, so its HELLO counts
            self._link, self._lost_because = link, None
            outcome = self._session.connected(now)
        link.start()
        try:
            link.connect()
        except RuntimeError:
            pass  # lost already; the next supervisor turn notices link.alive is False
        with self._lock:
            self._carry_out(outcome, link)

    def _drop_link(self, now: float, quietly: bool = False) -> None:
        with self._lock:
            link, self._link = self._link, None
        if link is None:
            return
        link.stop()
        close_port(link.serial)
        if quietly:
            return
        with self._lock:
            self._retry_at = now + self._backoff.next()
            self._carry_out(self._session.lost(now, _reason(self._lost_because)), None)

    # -- reader thread -------------------------------------------------------------------
    def _on_message(self, message: Message | Rejected, transport: Any) -> None:
        with self._lock:
            away = self._session.state not in ("online", "fault")
            outcome = self._session.receive(message, self._clock())
            if not isinstance(message, Rejected):
                self._backoff.reset()
            if isinstance(message, Hello) or (away and self._session.state == "online"):
                # It introduced itself, or came back from a silence: it may have rebooted.
                if self._led is not None:
                    outcome.replies.append(Led(self._led))
                outcome.replies.append(self._session.want(self._want))
            outcome.events = [self._with_ack(event) for event in outcome.events]
            self._carry_out(outcome, transport)

    def _with_ack(self, event: Any) -> Any:
        """A ROLL is ACKed once the host has dealt with it: its event carries the call."""
        if not isinstance(event, DieRolled) or event.seq is None:
            return event
        seq = event.seq

        def ack() -> None:
            with self._lock:
                self._carry_out(self._session.settled(seq), self._link)

        return dataclasses.replace(event, ack=ack)

    def _on_lost(self, exc: BaseException | None) -> None:
        self._lost_because = exc

    # -- shared --------------------------------------------------------------------------
    def _carry_out(self, outcome: Outcome, link: Any) -> None:
        """Send the replies, then post the events (caller holds the lock: order is kept)."""
        self._write_lines(link, [encode(reply) for reply in outcome.replies])
        for event in outcome.events:
            self._post(event)

    def _write_lines(self, link: Any, lines: list[bytes]) -> bool:
        if link is None or not lines:
            return link is not None
        try:
            link.write(b"".join(lines))
        except (serial.SerialException, OSError):
            return False  # the port is going away; the supervisor will notice
        return True


def close_port(port: serial.SerialBase) -> None:
    """Close a port. pyserial's ``socket://`` close shuts the socket down and closes it in
    one ``try``: when the peer has gone, the shutdown fails and the socket is left open
    (pyserial 3.5, ``urlhandler/protocol_socket.py``), so it is closed here as well."""
    sock = getattr(port, "_socket", None)
    try:
        port.close()
    except (serial.SerialException, OSError):
        pass
    if sock is not None:
        sock.close()


def _reason(error: BaseException | None) -> str:
    if error is None:
        return "port closed"
    return f"{type(error).__name__}: {error}"[:120]
