"""``make_server`` serves a bare WSGI app as well as the companion's Flask one: the
benchmarks' floors (bench/floor.py, bench/durable_floor.py) are such apps, timed behind the
same waitress set-up. What waitress answers itself is still the JSON error, in the words
the companion ships."""

from __future__ import annotations

import json
import socket

from companion.app.config import load
from web.server import ServerThread, make_server


def bare_app(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"floor"]


def test_a_bare_wsgi_app_is_served_and_its_413_is_the_json_error():
    config = load(overrides={"server": {"host": "127.0.0.1", "port": 0, "max_body_bytes": 100}})
    runner = ServerThread(make_server(bare_app, config))
    try:
        port = runner.server.effective_port
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            reply = b""
            while chunk := sock.recv(65536):
                reply += chunk
        assert reply.split()[1] == b"200" and reply.endswith(b"floor")
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n")
            reply = b""
            while chunk := sock.recv(65536):
                reply += chunk
        top, _, body = reply.partition(b"\r\n\r\n")
        assert top.split()[1] == b"413"
        assert json.loads(body)["error"]["code"] == "too_large"
    finally:
        runner.stop()
