"""Raw HTTP over sockets to the real server, from chosen loopback addresses: a tablet that
must be answered within a second, and crowds of slow, idle or forged clients.

Loopback is a whole /8 on Linux: the "phones" connect from 127.0.0.2 and up, the tablet from
127.0.0.1, so the server sees different addresses as it would on the Wi-Fi.
"""

from __future__ import annotations

import json
import select
import socket
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.reliability.drive import fill, player_names
from tests.support.reliability.server import CompanionProcess

ANSWER_S = 1.0  # the bound: the tablet is answered within a second


@contextmanager
def served_table(folder: Path, config_text: str, game: str = "lawless"):
    """``companion serve`` on loopback with ``config_text``, and one table made by a
    script; yields the process and the table's creation answer."""
    config = folder / "companion.toml"
    config.write_text(config_text, encoding="utf-8")
    proc = CompanionProcess(folder / "data", config)
    proc.start()
    assert proc.port is not None  # known once started
    try:
        status, body = exchange(
            proc.port,
            http(
                "POST",
                "/api/tables",
                token="script",
                data={"game": game, "players": player_names(game)},
            ),
        )
        assert status == 201, body[:300]
        yield proc, json.loads(body)
    finally:
        proc.close()


def connect(port: int, source: str = "127.0.0.1", timeout: float = ANSWER_S) -> socket.socket:
    sock = socket.create_connection(
        ("127.0.0.1", port), timeout=timeout, source_address=(source, 0)
    )
    return sock


def exchange(port: int, request: bytes, source: str = "127.0.0.1") -> tuple[int, bytes]:
    """One request, the whole answer read within ``ANSWER_S`` (else ``socket.timeout``)."""
    status, _, body = exchange_full(port, request, source)
    return status, body


def exchange_full(port: int, request: bytes, source: str = "127.0.0.1") -> tuple[int, dict, bytes]:
    """``exchange``, with the cookies the answer sets."""
    deadline = time.monotonic() + ANSWER_S
    with connect(port, source) as sock:
        sock.sendall(request)
        data = b""
        while True:
            sock.settimeout(max(0.01, deadline - time.monotonic()))
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    cookies = {}
    for line in head.decode("latin-1").split("\r\n")[1:]:
        name, _, value = line.partition(":")
        if name.lower() == "set-cookie":
            key, _, rest = value.strip().partition("=")
            cookies[key] = rest.split(";", 1)[0]
    return int(head.split()[1]), cookies, body


def http(
    method: str,
    path: str,
    token: str | None = None,
    data: dict | None = None,
    extra: str = "",
    cookies: dict | None = None,
) -> bytes:
    body = json.dumps(data).encode() if data is not None else b""
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    if token:
        lines.append(f"Authorization: Bearer {token}")
    if cookies:
        lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in cookies.items()))
    if data is not None:
        lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    head = "\r\n".join(lines) + "\r\n" + extra + "\r\n"
    return head.encode() + body


class Stream:
    """A live stream read over its socket; each read bounded by the socket's timeout."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.buffer = b""

    def next_state(self) -> dict:
        """The data of the next ``state`` event."""
        while True:
            while b"\n\n" in self.buffer:
                frame, self.buffer = self.buffer.split(b"\n\n", 1)
                if b"event: state" in frame:
                    return json.loads(frame.split(b"data: ", 1)[1])
            chunk = self.sock.recv(65536)
            if not chunk:
                raise AssertionError(f"the stream ended: {self.buffer[-300:]!r}")
            self.buffer += chunk

    def status(self) -> bytes:
        """The status code of the answer, read from its head ("" if refused outright)."""
        while b"\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                return b""
            self.buffer += chunk
        return self.buffer.split()[1]

    def close(self) -> None:
        self.sock.close()


def open_stream(
    port: int,
    table_id: str,
    token: str | None,
    after: int,
    source: str = "127.0.0.1",
    cookies: dict | None = None,
) -> Stream:
    sock = connect(port, source)
    request = http(
        "GET",
        f"/api/tables/{table_id}/events",
        token,
        cookies=cookies,
        extra=f"Last-Event-ID: {after}\r\n",
    ).replace(b"Connection: close\r\n", b"")
    sock.sendall(request)
    return Stream(sock)


def signed_device(port: int, source: str = "127.0.0.1") -> dict:
    """The cookies a browser has after its first page: a signed device id and CSRF."""
    status, cookies, _ = exchange_full(port, http("GET", "/api/health"), source)
    assert status == 200 and "tc_device" in cookies, cookies
    return cookies


def tablet_acts(port: int, made: dict, rng, cookies: dict | None = None) -> int:
    """The tablet reads its view and makes one change (a random legal action, or the dice
    its prompt asks for); every exchange within a second. Returns the version before."""
    table_id, admin = made["id"], made["admin_token"]
    for _ in range(30):
        status, body = exchange(
            port, http("GET", f"/api/tables/{table_id}", admin, cookies=cookies)
        )
        assert status == 200, body[:300]
        view = json.loads(body)
        prompt = view.get("prompt") or {}
        if prompt.get("kind") == "dice":
            dice = [{"die": kind, "face": 1} for kind in prompt["dice"]]
            request = http(
                "POST", f"/api/tables/{table_id}/dice", admin, {"dice": dice}, cookies=cookies
            )
        elif view["legal"]:
            request = http(
                "POST",
                f"/api/tables/{table_id}/actions",
                admin,
                {"action": fill(rng.choice(view["legal"]), rng)},
                cookies=cookies,
            )
        else:
            continue
        status, body = exchange(port, request)
        assert status < 500, body[:300]
        if status == 200:
            return view["table"]["version"]
    raise AssertionError("the tablet found nothing it could do")


@dataclass
class Crowd:
    """Sockets that hold the server: ``idle`` ones never send a byte, ``slow`` ones send a
    request one byte at a time and never finish it."""

    port: int
    sources: list[str]
    sockets: list[tuple[socket.socket, bool]] = field(default_factory=list)
    refused: int = 0
    ended: set = field(default_factory=set)

    def open(self, count: int) -> None:
        for i in range(count):
            source = self.sources[i % len(self.sources)]
            try:
                sock = connect(self.port, source, timeout=5.0)
            except OSError:
                self.refused += 1
                continue
            sock.setblocking(False)
            self.sockets.append((sock, i % 2 == 0))  # every other one is slow

    def drip(self) -> None:
        """One more byte of a request that never ends, on every slow socket still open."""
        for sock, slow in self.sockets:
            if slow:
                try:
                    sock.send(b"X-Slow: " if sock.fileno() >= 0 else b"")
                except OSError:
                    pass

    def closed_by_server(self) -> int:
        """How many sockets the server has closed (EOF or reset); what it sent first, if
        anything, is read and dropped."""
        for index, (sock, _) in enumerate(self.sockets):
            if index in self.ended:
                continue
            try:
                while select.select([sock], [], [], 0)[0]:
                    if sock.recv(4096) == b"":
                        self.ended.add(index)
                        break
            except OSError:
                self.ended.add(index)
        return len(self.ended)

    def close(self) -> None:
        for sock, _ in self.sockets:
            sock.close()
