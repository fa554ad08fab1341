"""The floor: a bare waitress SSE endpoint that does nothing else.

A pty like the simulated reader's; one thread reads its other end; every line read is
pushed to every SSE client (a ``ROLL`` line as a ``state`` event with an id, anything else
as an event without one). Same waitress settings as the companion (``web.server``), no
Flask, no parsing, no journal, no views. ``GET /`` is a page whose EventSource appends one
``<li data-version>`` per state event, the browser's floor.
"""

from __future__ import annotations

import json
import os
import queue
import random
import threading
import tty

from bench.common import HOST
from companion.app.config import load
from firmware_bridge.protocol import Moving, Roll, encode
from web.server import make_server

PAGE = b"""<!doctype html><html><head><meta charset="utf-8"><title>floor</title></head>
<body><ol id="log"></ol><script>
const log = document.getElementById("log");
const source = new EventSource("/events");
source.addEventListener("state", (e) => {
  const li = document.createElement("li");
  li.dataset.version = e.lastEventId;
  li.textContent = JSON.parse(e.data).line;
  log.prepend(li);
});
</script></body></html>"""


def frame(kind: str, data: dict, event_id: int | None = None) -> bytes:
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {kind}\ndata: {json.dumps(data)}\n\n".encode()


class Floor:
    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.version = 0
        self._seq = 0
        self._lock = threading.Lock()
        self._subs: list[queue.Queue] = []
        self._reader = threading.Thread(target=self._read, name="floor-pty", daemon=True)
        self._reader.start()
        # every screen of a benchmark is one address: the per-address cap off, as for the
        # companion's host (bench/common.py), or the 17th of 32 clients is refused
        config = load(
            overrides={"server": {"host": HOST, "port": 0, "connections_per_address": 1000}}
        )
        self.server = make_server(self.app, config)
        self.port = self.server.effective_port
        self._thread = threading.Thread(target=self.server.run, name="floor-waitress", daemon=True)
        self._thread.start()

    # -- the device side -----------------------------------------------------------------
    def moving(self) -> None:
        """What the simulator writes when the dice start moving."""
        os.write(self.master, encode(Moving(self._next_seq())))

    def throw(self, count: int, moving: bool = True) -> None:
        """What the simulator writes for a throw: MOVING (unless sent before), then one
        ROLL frame."""
        if moving:
            self.moving()
        faces = tuple((f"D{i}", random.randint(1, 6)) for i in range(count))
        os.write(self.master, encode(Roll(self._next_seq(), faces)))

    def _next_seq(self) -> int:
        self._seq = (self._seq + 1) % 65536
        return self._seq

    # -- the server side -----------------------------------------------------------------
    def _read(self) -> None:
        pending = b""
        while True:
            try:
                data = os.read(self.slave, 4096)
            except OSError:
                return
            if not data:
                return
            pending += data
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                text = line.decode("ascii", "replace")
                with self._lock:
                    if text.startswith("ROLL"):
                        self.version += 1
                        item = frame("state", {"line": text}, self.version)
                    else:
                        item = frame("moving", {"line": text})
                    for sub in self._subs:
                        sub.put(item)

    def app(self, environ, start_response):
        if environ["PATH_INFO"] == "/events":
            return self._events(start_response)
        start_response(
            "200 OK",
            [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(PAGE)))],
        )
        return [PAGE]

    def _events(self, start_response):
        sub: queue.Queue = queue.Queue()
        with self._lock:
            self._subs.append(sub)
            first = frame("state", {"line": ""}, self.version)
        start_response(
            "200 OK", [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")]
        )

        def generate():
            try:
                yield b"retry: 1500\n\n" + first
                while True:
                    try:
                        item = sub.get(timeout=15)
                    except queue.Empty:
                        yield b":\n\n"
                        continue
                    if item is None:
                        return
                    yield item
            finally:
                with self._lock:
                    if sub in self._subs:
                        self._subs.remove(sub)

        return generate()

    def close(self) -> None:
        with self._lock:
            for sub in self._subs:
                sub.put(None)
        self.server.task_dispatcher.shutdown(timeout=5)
        self.server.close()
        self._thread.join(timeout=5)
        os.close(self.master)  # the reader thread's read fails: it ends
        self._reader.join(timeout=2)
        os.close(self.slave)

    def __enter__(self) -> Floor:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
