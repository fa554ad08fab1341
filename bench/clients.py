"""The parent's side of :mod:`bench.sse_client`: start the client process, collect the
arrival times it reports, wait for a given event id to reach every client."""

from __future__ import annotations

import json
import subprocess
import threading
from collections import defaultdict

from bench.common import PYTHON, ROOT


class SSEClients:
    def __init__(self, port: int, path: str, headers: list[dict]) -> None:
        self.count = len(headers)
        self._arrivals: dict[str, dict[int, float]] = defaultdict(dict)
        self.transient: dict[int, list[tuple[str, float]]] = defaultdict(list)
        self.ended: dict[int, str] = {}
        self.bytes = 0
        self.sizes: dict[str, int] = {}  # bytes of each id'd frame, as client 0 got it
        self._cond = threading.Condition()
        self._proc = subprocess.Popen(
            [PYTHON, "-m", "bench.sse_client", str(port), path, json.dumps(headers)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self._reader = threading.Thread(target=self._read, name="sse-clients", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self._proc.stdout is not None  # opened with stdout=PIPE
        for line in self._proc.stdout:
            parts = line.split()
            with self._cond:
                if parts and parts[0] == "S":
                    client, ident, _event, when, size = parts[1:6]
                    self._arrivals[ident].setdefault(int(client), float(when))
                    self.bytes += int(size)
                    if client == "0":
                        self.sizes[ident] = int(size)
                elif parts and parts[0] == "E":
                    self.transient[int(parts[1])].append((parts[2], float(parts[3])))
                    self.bytes += int(parts[4])
                elif parts and parts[0] == "X":
                    self.ended[int(parts[1])] = parts[2]
                self._cond.notify_all()
        with self._cond:
            self.ended.setdefault(-1, "process ended")
            self._cond.notify_all()

    def wait(self, ident, timeout: float = 10.0) -> list[float]:
        """The arrival time of event ``ident`` at every client (waits for all of them)."""
        key = str(ident)
        with self._cond:
            done = self._cond.wait_for(
                lambda: len(self._arrivals[key]) >= self.count or self.ended, timeout
            )
            if self.ended:
                raise RuntimeError(f"an SSE client stopped: {self.ended}")
            if not done:
                raise TimeoutError(
                    f"event {key} reached {len(self._arrivals[key])} of {self.count} clients"
                )
            return [self._arrivals[key][i] for i in range(self.count)]

    def first_after(self, kind: str, start: float) -> list[float | None]:
        """Per client, when the first ``kind`` event (no id) after ``start`` arrived."""
        with self._cond:
            for i in range(self.count):  # older events are never asked for again
                self.transient[i] = [e for e in self.transient[i] if e[1] > start]
            return [
                next((t for k, t in self.transient[i] if k == kind), None)
                for i in range(self.count)
            ]

    def close(self) -> None:
        if self._proc.poll() is None:
            assert self._proc.stdin is not None  # opened with stdin=PIPE
            try:
                self._proc.stdin.close()
            except OSError:
                pass
            try:
                self._proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._reader.join(timeout=5)

    def __enter__(self) -> SSEClients:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
