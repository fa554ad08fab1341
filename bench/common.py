"""What every benchmark shares: paths, statistics, the machine, a scratch folder on the
same disk as the project, and the companion served in-process with its simulated reader.

Everything listens on and talks to 127.0.0.1 only.
"""

from __future__ import annotations

import os
import platform
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
OUT = BENCH / "out"  # raw figures and profiles (git-ignored)
PYTHON = sys.executable
# ``companion`` as this tree has it: the venv's ``companion`` script imports the package the
# venv was installed from (an editable install may point at another checkout)
COMPANION = [PYTHON, "-m", "companion.app.cli"]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
HOST = "127.0.0.1"
PLAYERS = ["Ann", "Bruno", "Chloé", "Dan"]
# A throw's MOVING goes this long before its ROLL, and the clock starts at the ROLL: the
# reader's firmware sends MOVING at the jolt and ROLL once the dice have been calm
# SETTLE_MS (600 ms, hardware/firmware/settings.py), so no ROLL ever follows its MOVING at
# once. Long enough here for the MOVING's own event to be on every screen first.
MOVING_LEAD_S = 0.02


def percentile(values, p: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    data = sorted(values)
    if not data:
        return float("nan")
    k = (len(data) - 1) * p / 100.0
    low = int(k)
    high = min(low + 1, len(data) - 1)
    return data[low] + (data[high] - data[low]) * (k - low)


def median(values) -> float:
    return percentile(values, 50)


def bare_sqlite(path: Path, **connect) -> sqlite3.Connection:
    """A SQLite file written as the journal writes its own (WAL, ``synchronous=FULL``: each
    ``COMMIT`` fsyncs), with nothing of the journal around it: the floors' and probes' store."""
    db = sqlite3.connect(path, isolation_level=None, **connect)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    return db


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


@contextmanager
def scratch(prefix: str = "bench-", where: str | None = None):
    """A fresh folder, by default on the disk that holds the project (not tmpfs)."""
    base = where or _same_disk_tmp()
    path = Path(tempfile.mkdtemp(prefix=prefix, dir=base))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def _same_disk_tmp() -> str:
    project = os.stat(ROOT).st_dev
    for candidate in ("/var/tmp", tempfile.gettempdir()):
        if os.path.isdir(candidate) and os.stat(candidate).st_dev == project:
            return candidate
    OUT.mkdir(parents=True, exist_ok=True)
    return str(OUT)


def filesystem_of(path: str | Path) -> str:
    """'/dev/vda (ext4)' for the mount holding ``path``."""
    best = ("?", "?", "")
    target = str(Path(path).resolve())
    with open("/proc/mounts", encoding="utf-8") as mounts:
        for line in mounts:
            device, point, kind = line.split()[:3]
            if (target == point or target.startswith(point.rstrip("/") + "/")) and len(
                point
            ) >= len(best[2]):
                best = (device, kind, point)
    return f"{best[0]} ({best[1]})"


def machine() -> dict:
    model = "?"
    with open("/proc/cpuinfo", encoding="utf-8") as info:
        for line in info:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    memory = "?"
    with open("/proc/meminfo", encoding="utf-8") as info:
        for line in info:
            if line.startswith("MemTotal"):
                memory = f"{int(line.split()[1]) // 1024} MiB"
    try:
        chromium = subprocess.run(
            [CHROMIUM, "--version"], capture_output=True, text=True, timeout=20
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        chromium = "not found"
    import sqlite3

    import waitress

    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "memory": memory,
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "waitress": waitress.__version__
        if hasattr(waitress, "__version__")
        else _dist_version("waitress"),
        "kernel": platform.release(),
        "disk": filesystem_of(_same_disk_tmp()),
        "chromium": chromium,
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def _dist_version(name: str) -> str:
    from importlib.metadata import version

    return version(name)


def rss_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of a process, in KiB, from /proc."""
    rss = hwm = 0
    with open(f"/proc/{pid}/status", encoding="utf-8") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
            elif line.startswith("VmHWM:"):
                hwm = int(line.split()[1])
    return rss, hwm


def wait_until(check, timeout: float, every: float = 0.001, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        time.sleep(every)


class InProcessCompanion:
    """The real companion, as ``companion serve --sim`` wires it (``cli.start_devices``:
    simulated reader on a pty, pyserial, mock GPIO), served by waitress on 127.0.0.1, in
    this process so a benchmark can throw the simulator's dice and time the write."""

    def __init__(self, data_dir: Path, hook=None, **server) -> None:
        from companion.app.cli import start_devices
        from companion.app.config import load
        from companion.storage.journal import Journal
        from companion.writer.service import Service
        from web import create_app
        from web.server import make_server

        # every screen of a benchmark is one address (127.0.0.1): the per-address caps off
        settings = {
            "host": HOST,
            "port": 0,
            "requests_per_minute": 1_000_000,
            "requests_per_minute_anonymous": 1_000_000,
            "requests_per_minute_per_address": 1_000_000,
            "connections_per_address": 1000,
            **server,
        }
        self.stack = ExitStack()
        self.config = load(overrides={"data": {"dir": str(data_dir)}, "server": settings})
        self.journal = self.stack.enter_context(Journal(self.config.data.database))
        self.service = self.stack.enter_context(
            Service(self.journal, snapshot_every=self.config.data.snapshot_every)
        )
        if hook is not None:  # before the devices take ``service.post`` and ``handle_now``
            hook(self.service)
        self.devices = start_devices(self.config, self.service, self.stack, sim=True)
        self.simulator = self.devices["simulator"]
        self.server = make_server(create_app(self.config, self.service), self.config)
        self.port = self.server.effective_port
        self.thread = threading.Thread(target=self.server.run, name="waitress", daemon=True)
        self.thread.start()
        wait_until(
            lambda: self.devices["reader"].state == "online", 10, 0.01, "the simulated reader"
        )

    def close(self) -> None:
        self.service.hub.close()
        self.server.task_dispatcher.shutdown(timeout=5)
        self.server.close()
        self.thread.join(timeout=5)
        self.stack.close()

    def __enter__(self) -> InProcessCompanion:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


# Nothing may leave the machine: every host name but 127.0.0.1 fails to resolve, and any
# request not on loopback (which Chromium never proxies) goes to a dead local port.
OFFLINE_ARGS = [
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    "--proxy-server=http://127.0.0.1:9",
]


@contextmanager
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS + OFFLINE_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()
