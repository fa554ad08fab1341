"""Raw HTTP/1.1 SSE clients in one process, one thread, one ``select`` loop: no library
between the socket and the clock. Run by the benchmarks as a subprocess, so the clients
never share a GIL with the server they time.

    python -m bench.sse_client PORT PATH HEADERS_JSON

HEADERS_JSON is a list with one dict of extra request headers per client (e.g. a bearer
token); a client given no ``Cookie`` first fetches its own signed ``tc_device`` cookie from
``/api/health``, as a browser's first page does. For every SSE frame that carries an id,
one line goes to stdout::

    S <client> <id> <event> <perf_counter seconds at the recv that completed it> <bytes>

for a frame with no id (a transient event such as ``roll``), ``E <client> <event> <time>
<bytes>``; and ``X <client> <reason>`` when a stream ends. Closing stdin stops the process.
``time.perf_counter`` is CLOCK_MONOTONIC, shared by every process on the machine, so the
parent compares these times with its own.
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import selectors
import socket
import sys
import time


class Stream:
    """HTTP response head, then chunked transfer coding, then SSE frames."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.raw = b""
        self.head_done = False
        self.chunked = False
        self.chunk_left = 0  # bytes of the current chunk still to read
        self.text = b""

    def feed(self, data: bytes, when: float, out: list[str]) -> None:
        self.raw += data
        if not self.head_done:
            end = self.raw.find(b"\r\n\r\n")
            if end < 0:
                return
            head, self.raw = self.raw[:end].decode("latin-1"), self.raw[end + 4 :]
            status = head.split("\r\n", 1)[0]
            if " 200 " not in status + " ":
                raise ConnectionError(status)
            self.chunked = "transfer-encoding: chunked" in head.lower()
            self.head_done = True
        self._dechunk()
        self._frames(when, out)

    def _dechunk(self) -> None:
        if not self.chunked:
            self.text += self.raw
            self.raw = b""
            return
        while self.raw:
            if self.chunk_left:
                take = self.raw[: self.chunk_left]
                self.text += take
                self.raw = self.raw[len(take) :]
                self.chunk_left -= len(take)
                if self.chunk_left:
                    return
                continue
            end = self.raw.find(b"\r\n")
            if end < 0:
                return
            size_field = self.raw[:end].split(b";")[0].strip()
            if not size_field:  # the CRLF that closes a chunk
                self.raw = self.raw[end + 2 :]
                continue
            self.chunk_left = int(size_field, 16)
            self.raw = self.raw[end + 2 :]
            if self.chunk_left == 0:
                raise EOFError("last chunk")

    def _frames(self, when: float, out: list[str]) -> None:
        while True:
            end = self.text.find(b"\n\n")
            if end < 0:
                return
            frame, self.text = self.text[:end], self.text[end + 2 :]
            event, ident = "message", None
            for line in frame.split(b"\n"):
                if line.startswith(b"id:"):
                    ident = line[3:].strip().decode()
                elif line.startswith(b"event:"):
                    event = line[6:].strip().decode()
            if ident is not None:
                out.append(f"S {self.index} {ident} {event} {when!r} {len(frame)}")
            elif event != "message":
                out.append(f"E {self.index} {event} {when!r} {len(frame)}")


def signed_device(port: int) -> str:
    """A device id the companion signed (a made-up one counts as anonymous); a server that
    offers none (the floor, another framework) gets a random one, which it ignores."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", "/api/health")
        reply = connection.getresponse()
        reply.read()
        for name, value in reply.getheaders():
            if name.lower() == "set-cookie" and value.startswith("tc_device="):
                return value.split("=", 1)[1].split(";", 1)[0]
    finally:
        connection.close()
    return secrets.token_hex(16)


def main(argv: list[str]) -> int:
    port, path, headers = int(argv[0]), argv[1], json.loads(argv[2])
    selector = selectors.DefaultSelector()
    streams = {}
    for index, extra in enumerate(headers):
        sock = socket.create_connection(("127.0.0.1", port))
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        lines = [
            f"GET {path} HTTP/1.1",
            f"Host: 127.0.0.1:{port}",
            "Accept: text/event-stream",
            "Cache-Control: no-cache",
        ]
        if not any(name.lower() == "cookie" for name in extra):
            # each client is its own device, as each phone keeps its own cookie: without
            # one, every client here would count as the one address 127.0.0.1 and the
            # per-device stream cap would end all but the newest few
            extra = {**extra, "Cookie": f"tc_device={signed_device(port)}"}
        lines += [f"{name}: {value}" for name, value in extra.items()]
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        sock.setblocking(False)
        streams[sock] = Stream(index)
        selector.register(sock, selectors.EVENT_READ)
    selector.register(sys.stdin, selectors.EVENT_READ)
    stdout = sys.stdout
    while streams:
        out: list[str] = []
        for key, _ in selector.select():
            if key.fileobj is sys.stdin:
                if not os.read(key.fd, 4096):
                    return 0
                continue
            fileobj = key.fileobj
            assert isinstance(fileobj, socket.socket)  # all but stdin are the streams' sockets
            sock = fileobj
            try:
                data = sock.recv(1 << 16)
                when = time.perf_counter()
                if not data:
                    raise EOFError("closed")
                streams[sock].feed(data, when, out)
            except (OSError, EOFError, ConnectionError, ValueError) as error:
                out.append(f"X {streams[sock].index} {type(error).__name__}")
                selector.unregister(sock)
                sock.close()
                del streams[sock]
        if out:
            stdout.write("\n".join(out) + "\n")
            stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
