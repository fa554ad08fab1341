"""waitress, set up for a table (docs/reliability.md, docs/deployment.md).

Each SSE stream holds a thread, so there are enough threads for a table (48 by default);
``channel_request_lookahead=1`` lets waitress notice a client that vanished mid-stream.

Connection hygiene, so that a phone on the Wi-Fi cannot take the table off the air:

- ``connection_limit`` caps open connections, and ``connections_per_address`` caps them
  per client address: a connection over its address's share is closed as soon as it is
  accepted, so one address can never hold the slots the tablet needs; when the server is
  full, a new connection pushes out the one that has waited longest with nothing in flight
  at the busiest address (never one being answered), so idle sockets cannot fill it;
- a request has ``request_deadline_s`` from its first byte to its last: a client that
  sends half a request (or one byte a second) is cut off at the deadline, however busy it
  keeps the socket;
- a connection with nothing in flight is closed after ``idle_timeout_s``. Live streams
  are never cut by either rule: a request being answered is not "arriving" nor idle
  (streams send a ``ping`` every 15 s and end at their own maximum age);
- ``max_request_body_size`` is ``max_body_bytes``: a declared ``Content-Length`` over it is
  answered 413 from the headers, before one byte of the body is read or stored, in the
  JSON every error is answered with (:class:`TableErrorTask`).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import Counter
from functools import lru_cache
from http.cookies import CookieError, SimpleCookie
from typing import TYPE_CHECKING

from flask import Flask
from waitress.adjustments import Adjustments
from waitress.channel import ClientDisconnected, HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask, WSGITask

from companion.app.config import Config
from web.context import LANG_COOKIE
from web.errors import HTTP_CODES
from web.i18n import Catalog, pick_language

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIApplication

log = logging.getLogger("companion.web")
CLEANUP_INTERVAL_S = 1  # how often the deadlines are looked at
SEND_NOW = "companion.send_now"  # the environ key of TableTask.send_now
WHEN_CLOSED = "companion.when_closed"  # the environ key of TableChannel.when_closed
# a stream whose client has this much unsent is stuck: it is ended (it reconnects and
# catches up from the journal); far below waitress's high watermark, where a write waits
BACKLOG_BYTES = 1 << 20
# TableTask.send_now and TableServer use waitress's channel and server internals, which no
# release promises to keep (``outbuf_lock``, ``total_outbufs_len``, ``write_soon``,
# ``send``, the accept hook): read at this version, which pyproject.toml pins exactly.
# tests/web/test_waitress_pin.py fails when another one is installed; moving to it means
# reading those internals again, then changing both.
WAITRESS_READ = "3.0.2"
# the frames of one change's fan-out kept encoded (here and in web/stream.py): one text per
# distinct viewer (the tablet, each seat, the public), whole or as a patch; 16 covers a
# six-seat table. Each kept frame can be a whole view (~18 KB for Abilene at 2,000
# actions), so the 64 kept before held ~3 MB that did no work (docs/deployment.md)
FRAMES_KEPT = 16


class TableTask(WSGITask):
    """A request being answered. A live stream's events are written by the thread that
    makes them (the writer, for a change): ``environ[SEND_NOW]`` writes one more piece of
    the body at once, from any thread, framed as the task frames its own. One thread thus
    writes a change to every screen, instead of waking one thread per screen to do it."""

    def get_environment(self):
        environ = super().get_environment()
        environ[SEND_NOW] = self.send_now
        environ[WHEN_CLOSED] = self.channel.when_closed
        return environ

    def send_now(self, data: bytes) -> bool:
        """Write ``data`` to the client now (what the socket does not take at once,
        waitress's loop sends when it can; nothing waits). Only once the body has begun
        (the headers are out). False if the client is gone or too far behind.

        With nothing unsent before it (a client that keeps up), the bytes go straight to
        the socket: one ``send`` and no copy into waitress's buffers. Else they queue
        behind what waits, in order. Either way under the channel's ``outbuf_lock``, which
        waitress's loop holds while it flushes."""
        channel = self.channel
        if not self.wrote_header or channel.total_outbufs_len > BACKLOG_BYTES:
            return False
        if self.chunked_response:
            data = chunked(data)
        try:
            with channel.outbuf_lock:  # re-entrant: write_soon takes it again
                if not channel.total_outbufs_len and channel.connected:
                    sent = channel.send(data, do_close=False)  # 0: would block, or gone
                    if sent:
                        channel.last_activity = time.time()
                    if sent == len(data):
                        return True
                    data = data[sent:]
                channel.write_soon(data)
        except (ClientDisconnected, OSError):
            return False
        return True


@lru_cache(maxsize=FRAMES_KEPT)
def chunked(data: bytes) -> bytes:
    """``data`` as one chunk of a chunked body. Cached: one change sends the same bytes to
    every stream of the same viewer (the bytes are the key: no stream gets another's)."""
    return b"%X\r\n%s\r\n" % (len(data), data)


class TableErrorTask(ErrorTask):
    """A request waitress refuses itself, before the app sees it (a body over
    ``max_body_bytes`` from its Content-Length: 413; a header too large, a request it
    cannot parse): answered as every error is (docs/api.md), ``{"error": {"code",
    "message"}}`` in the viewer's language, not waitress's plain text."""

    channel: TableChannel

    def execute(self) -> None:
        # types-waitress types an ErrorTask's request as the Error; in waitress 3.0.2 it is
        # the HTTPRequestParser that holds it (``request.error``, ``request.headers``)
        error = self.request.error  # type: ignore[attr-defined]
        headers = self.request.headers  # type: ignore[attr-defined]
        cookies = SimpleCookie()
        try:
            cookies.load(headers.get("COOKIE", ""))
        except CookieError:
            pass
        chosen = cookies.get(LANG_COOKIE)
        lang = pick_language(chosen.value if chosen else None, None, headers.get("ACCEPT_LANGUAGE"))
        code = HTTP_CODES.get(error.code, "bad_request")
        catalog = self.channel.server.catalog
        body = json.dumps(
            {"error": {"code": code, "message": catalog.t(lang, "error." + code), "params": {}}},
            ensure_ascii=False,
        ).encode()
        self.status = f"{error.code} {error.reason}"
        # a list in waitress 3.0.2 (types-waitress says Sequence)
        self.response_headers.append(("Content-Type", "application/json"))  # type: ignore[attr-defined]
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class TableChannel(HTTPChannel):
    """One client connection: knows when its current request began to arrive; admitted
    only if its address is within its share (see :meth:`TableServer.admit`)."""

    server: TableServer
    arrival_started: float | None = None
    task_class = TableTask
    error_task_class = TableErrorTask

    def __init__(self, server, sock, addr, adj, map=None) -> None:
        self.opened = time.monotonic()
        self._closers: list = []
        super().__init__(server, sock, addr, adj, map=map)
        server.admit(self)

    def when_closed(self, callback) -> None:
        """Run ``callback`` (once, on waitress's loop) when this connection closes: the
        client went away, or the server stops. A live stream ends then, and frees its slot
        and its thread at once instead of at its next ping (``web/stream.py``)."""
        self._closers.append(callback)
        if not self.connected:  # closed already: it may have missed the list
            self._run_closers()

    def handle_close(self) -> None:
        super().handle_close()
        self._run_closers()

    def _run_closers(self) -> None:
        closers, self._closers = self._closers, []
        for callback in closers:
            callback()

    @property
    def peer(self) -> str:
        return self.addr[0] if isinstance(self.addr, tuple) else str(self.addr)

    @property
    def answering(self) -> bool:
        """A request is being answered (a live stream, say), or waits for a thread."""
        return bool(self.requests)

    def received(self, data: bytes) -> bool:
        if self.request is None and data:
            self.arrival_started = time.monotonic()
        return super().received(data)

    def overdue(self, now: float, deadline_s: float, idle_s: float) -> bool:
        """A request still arriving past its deadline, or a connection idle too long."""
        if self.answering:
            return False
        if self.request is not None and self.arrival_started is not None:
            return now - self.arrival_started > deadline_s
        return (
            now - max(self.opened, self.arrival_started or 0.0, _monotonic(self.last_activity))
            > idle_s
        )


def _monotonic(wall: float) -> float:
    """waitress stamps activity with the wall clock; the deadlines run on the monotonic."""
    return time.monotonic() - (time.time() - wall)


class TableServer(TcpWSGIServer):
    """waitress's TCP server with the per-address cap, a connection cap that evicts an
    idle connection rather than stop accepting, and the arrival deadline."""

    effective_port: int  # set by waitress once the socket is bound (its stubs omit it)
    channel_class = TableChannel
    limit = 200
    per_address = 16
    request_deadline_s = 5.0
    idle_timeout_s = 30.0
    refused = 0
    catalog: Catalog  # the words of the errors waitress answers itself (TableErrorTask)

    def _open(self) -> list[TableChannel]:
        return [
            c
            # a dict of the channels by fd in waitress 3.0.2 (types-waitress says one channel)
            for c in list(self.active_channels.values())  # type: ignore[attr-defined]
            if isinstance(c, TableChannel) and not c.will_close
        ]

    def admit(self, channel: TableChannel) -> None:
        """Close the newcomer if its address holds its share already; else, if the server
        is full, close the connection that has waited longest with nothing in flight at
        the address that holds the most — never one being answered. Idle sockets thus
        cannot fill the server: the next connection pushes one of them out."""
        open_now = self._open()
        peers = Counter(c.peer for c in open_now)
        if peers[channel.peer] > self.per_address:
            return self._refuse(channel, "holds its share of connections")
        if len(open_now) <= self.limit:
            return None
        waiting = [c for c in open_now if c is not channel and not c.answering]
        if not waiting:
            return self._refuse(channel, "found every connection busy")
        victim = max(waiting, key=lambda c: (peers[c.peer], -c.opened))
        victim.will_close = True
        return None

    def _refuse(self, channel: TableChannel, why: str) -> None:
        channel.will_close = True  # closed by waitress's loop before anything is read
        self.refused += 1
        if self.refused in (1, 10, 100, 1000) or self.refused % 10000 == 0:
            log.warning(
                "refused a connection from %s: it %s (%d refused so far)",
                channel.peer,
                why,
                self.refused,
            )

    def maintenance(self, now: float) -> None:
        """Called by waitress every ``cleanup_interval``, in place of its own idle rule
        (``channel_timeout``, on the wall clock and blind to half-sent requests)."""
        mono = time.monotonic()
        for channel in self._open():
            if channel.overdue(mono, self.request_deadline_s, self.idle_timeout_s):
                channel.will_close = True


def make_server(app: WSGIApplication, config: Config, **overrides) -> TableServer:
    """The companion's server for ``app``: the companion's Flask app, or a bare WSGI one
    (the benchmarks' floors), whose errors waitress answers itself in the shipped words."""
    server_config = config.server
    settings = dict(
        host=server_config.host,
        port=server_config.port,
        threads=server_config.threads,
        channel_request_lookahead=1,
        clear_untrusted_proxy_headers=True,
        ident="companion",
        # a backstop only: TableServer.admit keeps to connection_limit
        connection_limit=2 * server_config.connection_limit + 8,
        max_request_body_size=server_config.max_body_bytes,
        max_request_header_size=server_config.max_header_bytes,
        cleanup_interval=CLEANUP_INTERVAL_S,
    )
    settings.update(overrides)
    server = TableServer(app, map={}, adj=Adjustments(**settings))
    server.catalog = app.extensions["companion"]["catalog"] if isinstance(app, Flask) else Catalog()
    server.limit = server_config.connection_limit
    server.per_address = server_config.connections_per_address
    server.request_deadline_s = server_config.request_deadline_s
    server.idle_timeout_s = server_config.idle_timeout_s
    return server


class ServerThread:
    """Runs a waitress server's loop on its own thread and stops it without a traceback.

    waitress's own ``run()`` has no stop; closing its sockets from another thread races
    with its ``select``. Here the loop turns in short slices and, once asked to stop,
    closes every channel on its own thread, then the worker threads are joined. Close the
    hub first, so no SSE stream holds a worker.
    """

    def __init__(self, server) -> None:
        self.server = server
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="waitress", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        server = self.server
        try:
            while not self._stop.is_set():
                server.asyncore.loop(
                    timeout=0.25, map=server._map, count=1, use_poll=server.adj.asyncore_use_poll
                )
        finally:
            for channel in list(server._map.values()):
                if isinstance(channel, HTTPChannel):  # the clients: the streams end
                    channel.handle_close()

    def stop(self, timeout: float = 5.0) -> None:
        if self._stop.is_set():
            return
        # the answers under way end first, the loop still turning to send their last
        # bytes (the streams end once the hub is closed): no answer is cut mid-write
        dispatcher = self.server.task_dispatcher
        deadline = time.monotonic() + timeout
        while (dispatcher.active_count or dispatcher.queue) and time.monotonic() < deadline:
            time.sleep(0.01)
        self._stop.set()
        self._thread.join(timeout=timeout)
        self.server.task_dispatcher.shutdown(timeout=timeout)
        # last, the listener and its trigger: a worker ending its answer pulls the
        # trigger, which must still be open (closed with the connections, it made an
        # EBADF traceback per open stream)
        self.server.close()
