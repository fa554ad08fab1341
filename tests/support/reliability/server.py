"""The real companion as a subprocess (``companion serve --sim``), to be killed with SIGKILL,
and a small HTTP client for it that never follows redirects and never hides a failure.

The server prints its URL when it is listening; ``--port 0`` lets the kernel pick a free
port, so a restart never races another test for a port.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

COMPANION = Path(sys.executable).with_name("companion")
URL_LINE = re.compile(rb"Open (http://[0-9.]+:([0-9]+)/)")


class Unreachable(Exception):
    """The request may or may not have reached the server (connection refused, reset…)."""


@dataclass
class Reply:
    status: int
    body: bytes
    headers: list[tuple[str, str]]

    def json(self):
        return json.loads(self.body)

    def cookies(self) -> dict[str, str]:
        out = {}
        for name, value in self.headers:
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                out[key.strip()] = rest.split(";", 1)[0]
        return out


class Client:
    """One HTTP/1.1 request per connection (as a phone that sleeps between taps)."""

    def __init__(self, port: int, timeout: float = 15.0) -> None:
        self.port = port
        self.timeout = timeout

    def request(
        self,
        method: str,
        path: str,
        data=None,
        token: str | None = None,
        headers: dict | None = None,
        raw: bytes | None = None,
    ) -> Reply:
        sent = dict(headers or {})
        body = raw
        if data is not None:
            body = json.dumps(data).encode()
            sent.setdefault("Content-Type", "application/json")
        if token:
            sent["Authorization"] = f"Bearer {token}"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        try:
            connection.request(method, path, body=body, headers=sent)
            reply = connection.getresponse()
            return Reply(reply.status, reply.read(), reply.getheaders())
        except (OSError, http.client.HTTPException) as error:
            raise Unreachable(f"{method} {path}: {type(error).__name__}: {error}") from error
        finally:
            connection.close()

    def get(self, path: str, token: str | None = None) -> Reply:
        return self.request("GET", path, token=token)

    def post(self, path: str, data: dict, token: str | None = None) -> Reply:
        return self.request("POST", path, data=data, token=token)


class CompanionProcess:
    """``companion serve --sim`` on loopback with a data folder and a config file."""

    def __init__(self, data_dir: Path, config: Path) -> None:
        self.data_dir = Path(data_dir)
        self.config = Path(config)
        self.process: subprocess.Popen | None = None
        self.port: int | None = None
        self.starts = 0
        self._out = self.data_dir.parent / f"{self.data_dir.name}-stdout.log"
        self._err = self.data_dir.parent / f"{self.data_dir.name}-stderr.log"

    def spawn(self) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.starts += 1
        with open(self._out, "wb") as out, open(self._err, "ab") as err:
            self.process = subprocess.Popen(
                [
                    str(COMPANION),
                    "serve",
                    "--sim",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    "0",
                    "--data",
                    str(self.data_dir),
                    "--config",
                    str(self.config),
                ],
                stdout=out,
                stderr=err,
                stdin=subprocess.DEVNULL,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        self.port = None

    def wait_ready(self, limit_s: float = 60.0) -> Client:
        """Wait for the URL line (a generous limit, not a timing assertion)."""
        assert self.process is not None
        deadline = time.monotonic() + limit_s
        while time.monotonic() < deadline:
            found = URL_LINE.search(self._out.read_bytes())
            if found:
                self.port = int(found.group(2))
                return Client(self.port)
            if self.process.poll() is not None:
                raise AssertionError(
                    f"companion exited with {self.process.returncode}:\n{self.stderr()[-3000:]}"
                )
            time.sleep(0.02)
        raise AssertionError(f"companion did not start in {limit_s}s:\n{self.stderr()[-3000:]}")

    def start(self) -> Client:
        self.spawn()
        return self.wait_ready()

    def kill(self) -> None:
        """Pull the plug: SIGKILL, no chance to flush or checkpoint anything."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        if self.process is not None:
            self.process.wait(timeout=30)
        self.process = None

    def stderr(self) -> str:
        return self._err.read_text(errors="replace") if self._err.exists() else ""

    def close(self) -> None:
        self.kill()


def run_cli(args: list[str], limit_s: float = 60.0) -> subprocess.CompletedProcess:
    """Run ``companion`` to completion (for start-ups expected to refuse a damaged journal)."""
    return subprocess.run(
        [str(COMPANION), *args], capture_output=True, timeout=limit_s, stdin=subprocess.DEVNULL
    )


def join_seat(client: Client, table_id: str, code: str) -> str:
    """Spend a join code like a phone does (a form post); return the seat token."""
    reply = client.request(
        "POST",
        f"/join/{table_id}/{code}",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        raw=b"",
    )
    assert reply.status == 303, (reply.status, reply.body[:300])
    return reply.cookies()[f"tc_seat_{table_id}"]
