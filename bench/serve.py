"""``companion serve --sim`` as a subprocess (the real command line, as on the Pi), and a
small HTTP client for its API. Loopback only."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import time
from pathlib import Path

from bench.common import COMPANION, HOST, OUT, ROOT, free_port, rss_kib

CONFIG = """# bench: the rate limits are raised so a scripted game is not refused (429), and the
# caps per address, since every screen here is one address (127.0.0.1); the rest are the
# defaults.
[server]
requests_per_minute = 1000000
requests_per_minute_anonymous = 1000000
requests_per_minute_per_address = 1000000
connections_per_address = 1000

[streams]
per_address = 1000
"""


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far, from /proc/<pid>/stat."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Serve:
    def __init__(
        self, data_dir: Path, label: str = "serve", env: dict[str, str] | None = None
    ) -> None:
        """``env``: set for the server alone, on top of this process's environment."""
        OUT.mkdir(parents=True, exist_ok=True)
        data_dir.mkdir(parents=True, exist_ok=True)
        config = data_dir / "bench.toml"
        config.write_text(CONFIG)
        self.port = free_port()
        self.log = open(OUT / f"{label}.log", "w", encoding="utf-8")
        self.spawned = time.perf_counter()
        self.proc = subprocess.Popen(
            [
                *COMPANION,
                "serve",
                "--sim",
                "--host",
                HOST,
                "--port",
                str(self.port),
                "--data",
                str(data_dir),
                "--config",
                str(config),
            ],
            cwd=ROOT,
            env={**os.environ, **(env or {})},
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.first_page_s = self._first_page()
        self.csrf = ""

    def _first_page(self, timeout: float = 30.0) -> float:
        """Seconds from spawn to the first 200 on /."""
        deadline = self.spawned + timeout
        while time.perf_counter() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"companion serve exited ({self.proc.returncode}): see {self.log.name}"
                )
            try:
                status, _, _ = self.request("GET", "/", timeout=1)
                if status == 200:
                    elapsed = time.perf_counter() - self.spawned
                    self.first_page_cpu_s = cpu_seconds(self.proc.pid)
                    return elapsed
            except OSError:
                pass
            time.sleep(0.005)
        raise TimeoutError("companion serve never answered")

    def request(
        self, method: str, path: str, data=None, token: str | None = None, timeout: float = 10
    ) -> tuple[int, http.client.HTTPMessage, bytes]:
        connection = http.client.HTTPConnection(HOST, self.port, timeout=timeout)
        headers = {}
        if data is not None:
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Bearer {token}"
        try:
            connection.request(method, path, None if data is None else json.dumps(data), headers)
            reply = connection.getresponse()
            return reply.status, reply.headers, reply.read()
        finally:
            connection.close()

    def api(self, method: str, path: str, data=None, token: str | None = None) -> dict:
        status, _, body = self.request(method, path, data, token)
        if status >= 300:
            raise RuntimeError(f"{method} {path}: {status} {body[:200]!r}")
        return json.loads(body)

    def create_table(self, game: str, players: list[str]) -> dict:
        """As the tablet does: a CSRF cookie from a page, then POST /api/tables."""
        connection = http.client.HTTPConnection(HOST, self.port, timeout=10)
        try:
            connection.request("GET", "/")
            reply = connection.getresponse()
            reply.read()
            cookies = reply.headers.get_all("Set-Cookie")
            assert cookies, "the page set no cookie"
            cookie = next(c.split(";")[0] for c in cookies if c.startswith("tc_csrf="))
            connection.request(
                "POST",
                "/api/tables",
                json.dumps({"game": game, "players": players}),
                {
                    "Content-Type": "application/json",
                    "Cookie": cookie,
                    "X-CSRF-Token": cookie.split("=", 1)[1],
                },
            )
            reply = connection.getresponse()
            body = reply.read()
            if reply.status != 201:
                raise RuntimeError(f"create table: {reply.status} {body[:200]!r}")
            return json.loads(body)
        finally:
            connection.close()

    def join(self, join_url: str) -> str:
        """Spend a seat's join code as a phone does; return the seat's token (cookie)."""
        path = "/" + join_url.split("/", 3)[3]
        status, headers, _ = self.request("POST", path)
        if status != 303:
            raise RuntimeError(f"join: {status}")
        for cookie in headers.get_all("Set-Cookie") or []:
            if cookie.startswith("tc_seat_"):
                return cookie.split(";")[0].split("=", 1)[1]
        raise RuntimeError("join: no seat cookie")

    def rss(self) -> tuple[int, int]:
        return rss_kib(self.proc.pid)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()

    def __enter__(self) -> Serve:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
