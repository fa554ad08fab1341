"""8. Slow storage: every ``fsync`` and ``fdatasync`` of the server made ``SLOW_FSYNC_MS``
longer (``bench/slow_fsync.c``, built here with gcc into ``bench/out/`` and LD_PRELOAD'ed
into the server process alone), 0, 5 and 20 ms, as a microSD card's flush may take.

Per delay:

* **the shim applies**: a bare ``os.fdatasync`` and ``os.fsync`` loop, and a bare SQLite
  ``INSERT`` + ``COMMIT`` loop (WAL, ``synchronous=FULL``), each in a process started with
  the shim, timed per call (each must take at least the delay);
* **what a player waits**: a move → the last of 8 screens, the shared harness's
  ``companion_http.py`` as it is (``--ns 8``), on the companion and on the durable floor, the
  changes spaced so that one is done before the next (a table makes a few a minute);
* **throughput and fairness**: ``CLIENTS`` clients, each with a Lawless table of its own on
  one ``companion serve`` (one journal, one writer), sending ``first_player`` / ``undo`` as
  fast as each is answered for ``seconds``: acknowledged changes per second, each client's
  share, each request's wait (sent → answered), and first come, first served: the order the
  journal committed the changes (its rows, by their idempotency keys) against the order they
  were sent.
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from bench.common import HOST, OUT, PYTHON, ROOT, percentile
from bench.peers import PEER_VENV, PEERS, _run, launcher, parse
from bench.serve import Serve

DELAYS_MS = (0, 5, 20)
CLIENTS = 4
SOURCE = ROOT / "bench" / "slow_fsync.c"
SHIM = OUT / "slow_fsync.so"


def build() -> Path:
    """The shim, compiled with gcc (again whenever its source is newer)."""
    OUT.mkdir(parents=True, exist_ok=True)
    if not SHIM.exists() or SHIM.stat().st_mtime < SOURCE.stat().st_mtime:
        subprocess.run(
            ["gcc", "-O2", "-Wall", "-shared", "-fPIC", "-o", str(SHIM), str(SOURCE), "-ldl"],
            check=True,
            capture_output=True,
            text=True,
        )
    return SHIM


def shim_env(delay_ms: float) -> dict[str, str]:
    return {"LD_PRELOAD": str(SHIM), "SLOW_FSYNC_MS": str(delay_ms)} if delay_ms else {}


PROBE = """
import os, sqlite3, sys, time
folder, calls = sys.argv[1], int(sys.argv[2])
out = {}
fd = os.open(os.path.join(folder, "probe.bin"), os.O_RDWR | os.O_CREAT)
for name, sync in (("fdatasync", os.fdatasync), ("fsync", os.fsync)):
    times = []
    for i in range(calls):
        os.pwrite(fd, b"x" * 512, i * 512)
        start = time.perf_counter(); sync(fd); times.append(time.perf_counter() - start)
    out[name] = times
os.close(fd)
path = os.path.join(folder, "probe.sqlite")
for old in (path, path + "-wal", path + "-shm"):
    if os.path.exists(old):
        os.remove(old)
db = sqlite3.connect(path, isolation_level=None)
db.execute("PRAGMA journal_mode=WAL"); db.execute("PRAGMA synchronous=FULL")
db.execute("CREATE TABLE t (v)")
times = []
for i in range(calls):
    start = time.perf_counter()
    db.execute("BEGIN"); db.execute("INSERT INTO t VALUES (?)", (i,)); db.execute("COMMIT")
    times.append(time.perf_counter() - start)
out["sqlite_commit"] = times
print(__import__("json").dumps(out))
"""


def shim_applies(folder: Path, delay_ms: float, calls: int = 20) -> dict[str, Any]:
    """Each sync call's time in a process started with the shim: min and median, in ms."""
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [PYTHON, "-c", PROBE, str(folder), str(calls)],
        env={**os.environ, **shim_env(delay_ms)},
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    out: dict[str, Any] = {}
    for name, times in json.loads(done.stdout).items():
        ms = [t * 1000 for t in times]
        out[name] = {"min": min(ms), "p50": percentile(ms, 50), "calls": len(ms)}
    out["applies"] = all(v["min"] >= delay_ms for v in out.values() if isinstance(v, dict))
    return out


def player_wait(delay_ms: float, k: int) -> dict[str, Any]:
    """Move → the last of 8 screens (the shared harness), the companion and the durable
    floor, each with the shim at ``delay_ms``; changes ``interval`` ms apart."""
    interval = int(20 + 3 * delay_ms)
    env = shim_env(delay_ms)
    harness = [str(PEER_VENV / "bin" / "python"), str(PEERS / "companion_http.py")]
    harness += ["--ns", "8", "--k", str(k), "--interval-ms", str(interval)]
    tag = f"{delay_ms:g}ms"
    companion = _run([*harness, str(launcher(name=f"companion-slow-{tag}", env=env))])
    floor = launcher("bench.durable_floor", f"durable-floor-slow-{tag}", env)
    durable = _run([*harness, str(floor)]).replace("companion N=", "durable N=")
    figures = parse(companion + durable)
    return {"interval_ms": interval, "figures": {label: f["8"] for label, f in figures.items()}}


class Sender(threading.Thread):
    """One client: its own table, changes sent one after another as soon as answered."""

    def __init__(self, serve: Serve, until: float) -> None:
        super().__init__(daemon=True)
        made = serve.create_table("lawless", ["Ann", "Bob", "Cy"])
        self.table, self.admin = made["id"], made["admin_token"]
        self.port, self.until = serve.port, until
        self.sent: list[tuple[str, float, float]] = []  # (idempotency key, sent, answered)
        self.refused = 0

    def run(self) -> None:
        connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
        headers = {"Authorization": f"Bearer {self.admin}", "Content-Type": "application/json"}
        index = 0
        while time.perf_counter() < self.until:
            key = secrets.token_hex(12)
            if index % 2 == 0:
                body: dict[str, Any] = {"action": {"type": "first_player", "player": "Ann"}}
                path = f"/api/tables/{self.table}/actions"
            else:
                body, path = {}, f"/api/tables/{self.table}/undo"
            sent = time.perf_counter()
            connection.request("POST", path, json.dumps({**body, "idempotency_key": key}), headers)
            reply = connection.getresponse()
            reply.read()
            answered = time.perf_counter()
            if reply.status == 200:
                self.sent.append((key, sent, answered))
                index += 1
            else:
                self.refused += 1
        connection.close()


def out_of_order(sent_at: list[float], committed_at: list[int], apart_s: float) -> dict:
    """Pairs of changes sent at least ``apart_s`` apart that the journal committed the other
    way round, of all such pairs."""
    pairs = swapped = 0
    for i in range(len(sent_at)):
        for j in range(len(sent_at)):
            if sent_at[j] - sent_at[i] >= apart_s:
                pairs += 1
                swapped += committed_at[j] < committed_at[i]
    return {"pairs": pairs, "swapped": swapped}


def throughput(folder: Path, delay_ms: float, seconds: float) -> dict[str, Any]:
    with Serve(folder, label=f"serve-slow-{delay_ms:g}ms", env=shim_env(delay_ms)) as serve:
        until = time.perf_counter() + 3600
        senders = [Sender(serve, until) for _ in range(CLIENTS)]
        start = time.perf_counter()
        for sender in senders:
            sender.until = start + seconds
            sender.start()
        for sender in senders:
            sender.join(seconds + 60)
        elapsed = time.perf_counter() - start
    db = sqlite3.connect(folder / "companion.sqlite")
    order = {idem: row for row, idem in db.execute("SELECT rowid, idem FROM entries")}
    db.close()
    changes = sorted(
        (sent, order[key], answered - sent, n)
        for n, s in enumerate(senders)
        for key, sent, answered in s.sent
        if key in order
    )
    waits = [c[2] * 1000 for c in changes]
    sent_at, rows = [c[0] for c in changes], [c[1] for c in changes]
    return {
        "clients": CLIENTS,
        "seconds": elapsed,
        "acknowledged": len(changes),
        "per_second": len(changes) / elapsed,
        "per_client": [len(s.sent) for s in senders],
        "refused": sum(s.refused for s in senders),
        "not_in_journal": sum(len(s.sent) for s in senders) - len(changes),
        "wait_ms": {
            "p50": percentile(waits, 50),
            "p99": percentile(waits, 99),
            "max": max(waits, default=float("nan")),
        },
        "worst_client_max_ms": max(
            max((c[2] * 1000 for c in changes if c[3] == n), default=0.0) for n in range(CLIENTS)
        ),
        "out_of_order": out_of_order(sent_at, rows, max(delay_ms, 1) / 1000),
    }


def slow_storage(folder: Path, k: int, seconds: float, log=print) -> dict[str, Any]:
    build()
    out: dict[str, Any] = {"delays": {}, "clients": CLIENTS}
    for delay in DELAYS_MS:
        log(f"slow storage: fsync + {delay} ms: the shim, a move → 8 screens, {CLIENTS} senders")
        out["delays"][str(delay)] = {
            "shim": shim_applies(folder / f"probe-{delay}", delay),
            "wait": player_wait(delay, k),
            "throughput": throughput(folder / f"serve-{delay}", delay, seconds),
        }
    return out


if __name__ == "__main__":
    print(json.dumps(shim_applies(Path(sys.argv[1]), float(sys.argv[2])), indent=1))
