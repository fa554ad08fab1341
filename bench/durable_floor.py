"""The durable floor: the least a server can do for a change that is on disk before any
screen sees it, spoken the way the shared harness's ``companion_http.py`` drives the
companion, so the harness measures it as it is (``bench/peers.py`` runs it beside them).

The companion's own waitress set-up (``web.server``: its server, channels and the direct
write to a stream, ``TableTask.send_now``) and nothing of the rest: no Flask, no guard, no
rules, no views. ``POST /api/tables/<id>/actions`` and ``/undo`` each ``INSERT`` one row
into a SQLite file in the data folder (WAL, ``synchronous=FULL``: the ``COMMIT`` fsyncs, as
the journal's does), then write a fixed ``state`` event with the new version to every
stream and answer ``{"version": n}``. Against boardgame.io (in memory) this tells what the
fsync alone costs a change, whatever is built on it.

    python -m bench.durable_floor serve --sim --config F --host H --port P --data D
"""

from __future__ import annotations

import argparse
import json
import secrets
import signal
import sys
import threading
from pathlib import Path

from bench.common import bare_sqlite
from companion.app.config import load
from web.server import SEND_NOW, ServerThread, make_server

VIEW = json.dumps({"view": {"note": "x" * 2800}, "log": []})  # about the tablet's frame


class DurableFloor:
    def __init__(self, data: Path) -> None:
        self.db = bare_sqlite(data / "floor.sqlite", check_same_thread=False)
        self.db.execute("CREATE TABLE IF NOT EXISTS entries (version INTEGER PRIMARY KEY, body)")
        self.version = 0
        self.lock = threading.Lock()
        self.sinks: list = []
        self.admin = secrets.token_urlsafe(16)
        self.table = secrets.token_hex(6)
        self.ended = threading.Event()  # set on stop: every stream ends

    def __call__(self, environ, start_response):
        method, path = environ["REQUEST_METHOD"], environ.get("PATH_INFO", "")
        if method == "POST" and path.endswith(("/actions", "/undo")):
            body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
            return self._json(start_response, {"version": self.change(body)})
        if method == "POST" and path == "/api/tables":
            return self._json(start_response, {"id": self.table, "admin_token": self.admin})
        if method == "GET" and path.endswith("/events"):
            return self.stream(environ, start_response)
        return self._json(start_response, {"ok": True})

    def change(self, body: bytes) -> int:
        with self.lock:
            version = self.version + 1
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("INSERT INTO entries VALUES (?, ?)", (version, body))
            self.db.execute("COMMIT")  # fsync: durable before any screen sees it
            self.version = version
            frame = f"id: {version}\nevent: state\ndata: {VIEW}\n\n".encode()
            for send in list(self.sinks):
                if not send(frame):
                    self.sinks.remove(send)
            return version

    def stream(self, environ, start_response):
        start_response("200 OK", [("Content-Type", "text/event-stream")])
        send_now = environ[SEND_NOW]

        def events():
            yield f"retry: 1500\n\nid: {self.version}\nevent: state\ndata: {VIEW}\n\n".encode()
            with self.lock:
                self.sinks.append(send_now)  # the thread that makes a change writes it
            self.ended.wait()

        return events()

    @staticmethod
    def _json(start_response, data: dict):
        body = json.dumps(data).encode()
        start_response(
            "200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
        )
        return [body]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="durable_floor")
    parser.add_argument("command", choices=["serve"])
    parser.add_argument("--sim", action="store_true")
    parser.add_argument("--config")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--data", required=True)
    args = parser.parse_args(argv)
    config = load(
        overrides={
            "server": {"host": args.host, "port": args.port, "connections_per_address": 1000}
        }
    )
    floor = DurableFloor(Path(args.data))
    runner = ServerThread(make_server(floor, config))
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    stop.wait()
    floor.ended.set()
    runner.stop(timeout=2)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
