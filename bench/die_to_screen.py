"""1. Die to screen: ROLL frames written into the simulated reader's pty, until the
``state`` event carrying the roll reaches every SSE client, or a Chromium page's DOM.

The game is Abilene (4 players): its prompt asks for the five dice, so each throw becomes
the prompted ``throw`` action, is journalled (WAL, synchronous=FULL) and broadcast; then the
turn is ended (not timed) and the next player's prompt asks again. SSE clients are the
realistic mix of viewers in turn: the tablet (admin), the four phones (seat tokens), a
public page. The companion also sends a transient ``roll`` event (the faces) *before* it
journals the action; its arrival is reported too.

Every server runs alone in its own process (:mod:`bench.host`): the companion on the
project's disk, the same with one bench-only what-if patch (``public-per-view``: this
pass's sharing of Abilene's public view taken out again), the same with its journal on
tmpfs (what fsync costs), and the floor (:mod:`bench.floor`). They are measured in turns,
roll by roll, so a busy moment on the machine falls on all of them alike. Between rolls
the table rests ``GAP_S``. Each throw's ``MOVING`` frame goes ``MOVING_LEAD_S`` before its
``ROLL``, and the clock starts at the ``ROLL``, as with the real reader, whose ``ROLL``
comes once the dice have been calm 600 ms (``bench/common.py``).
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

from bench.clients import SSEClients
from bench.common import HOST, MOVING_LEAD_S, OUT, PYTHON, ROOT, percentile

GAP_S = 0.03
WARMUP = 10

INIT_SCRIPT = """
window.__bench = {arrive: {}, dom: {}};
(() => {
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url, options) {
      super(url, options);
      const arrive = (e) => {
        if (!(e.lastEventId in window.__bench.arrive)) window.__bench.arrive[e.lastEventId] =
        performance.now();
      };
      this.addEventListener("state", arrive);
      this.addEventListener("patch", arrive);  // the pages take patches (shell.js)
    }
  };
  new MutationObserver((records) => {
    const now = performance.now();
    for (const record of records) for (const node of record.addedNodes) {
      const v = node.nodeType === 1 && node.dataset ? node.dataset.version : undefined;
      if (v !== undefined && !(v in window.__bench.dom)) window.__bench.dom[v] = now;
    }
  }).observe(document, {childList: true, subtree: true});
})();
"""


def summary(values_s: list[float]) -> dict:
    ms = [v * 1000 for v in values_s]
    return {
        "n": len(ms),
        "p50": percentile(ms, 50),
        "p99": percentile(ms, 99),
        "max": max(ms) if ms else float("nan"),
    }


class Host:
    """A :mod:`bench.host` subprocess."""

    def __init__(
        self, kind: str, data_dir: Path | None = None, label: str = "", variants: str = ""
    ) -> None:
        OUT.mkdir(parents=True, exist_ok=True)
        self.label = label or kind
        self.stderr = open(OUT / f"host-{self.label}.log", "w", encoding="utf-8")
        args = [PYTHON, "-m", "bench.host", kind] + ([str(data_dir)] if data_dir else [])
        args += [variants] if variants else []
        self.proc = subprocess.Popen(
            args,
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            text=True,
            bufsize=1,
        )
        self.info = self._read()
        self.port = self.info["port"]

    def _read(self) -> dict:
        assert self.proc.stdout is not None  # opened with stdout=PIPE
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"bench.host {self.label} died: see {self.stderr.name}")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(reply["error"])
        return reply

    def ask(self, command: str) -> dict:
        assert self.proc.stdin is not None  # opened with stdin=PIPE
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        assert self.proc.stdin is not None  # opened with stdin=PIPE
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=15)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        self.stderr.close()


# -- screens: who waits for the roll ------------------------------------------------------
class ClientScreens:
    def __init__(self, host: Host, count: int) -> None:
        viewers = host.info["viewers"]
        self.clients = SSEClients(
            host.port, host.info["events"], [viewers[i % len(viewers)] for i in range(count)]
        )

    def ready(self, ident: int) -> None:
        self.clients.wait(ident)

    def wait(self, ident: int) -> list[float]:
        return self.clients.wait(ident)

    def transient(self, start: float) -> list[float | None]:
        return self.clients.first_after("roll", start)

    def size(self, ident: int) -> int | None:
        return self.clients.sizes.get(str(ident))

    def close(self) -> None:
        self.clients.close()


class BrowserScreen:
    """One Chromium page; its performance.now() is mapped onto perf_counter (the same
    CLOCK_MONOTONIC for every process here) by the page round trip with the smallest
    delay; the error is at most half that round trip, reported with the figures."""

    def __init__(self, browser, host: Host) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 800})
        if host.info["cookies"]:
            self.context.add_cookies(host.info["cookies"])
        self.context.add_init_script(INIT_SCRIPT)
        self.page = self.context.new_page()
        self.page.goto(f"http://{HOST}:{host.port}{host.info['page']}")
        self.offset, self.error = self.calibrate()
        self.in_page: list[float] = []

    def calibrate(self, rounds: int = 60) -> tuple[float, float]:
        best: tuple[float, float] | None = None
        for _ in range(rounds):
            before = time.perf_counter()
            now_ms = self.page.evaluate("performance.now()")
            after = time.perf_counter()
            if best is None or after - before < best[0]:
                best = (after - before, (before + after) / 2 - now_ms / 1000)
        assert best is not None, "no rounds"
        return best[1], best[0] / 2

    def ready(self, ident: int) -> None:
        self.page.wait_for_function(
            "v => v in window.__bench.arrive", arg=str(ident), timeout=10_000
        )

    def wait(self, ident: int) -> list[float]:
        key = str(ident)
        self.page.wait_for_function("v => v in window.__bench.dom", arg=key, timeout=10_000)
        dom, arrive = self.page.evaluate(
            "v => [window.__bench.dom[v], window.__bench.arrive[v]]", key
        )
        self.in_page.append((dom - arrive) / 1000)
        return [dom / 1000 + self.offset]

    def transient(self, start: float) -> list[float | None]:
        return []

    def size(self, ident: int) -> int | None:
        return None

    def close(self) -> None:
        self.context.close()


# -- one measured case: a host and its screens ---------------------------------------------
class Case:
    STAGES = (
        "pty_to_service",
        "service_to_journal",
        "journal_commit",
        "commit_and_views",
        "views_to_last_screen",
    )

    def __init__(self, host: Host, screens) -> None:
        self.host, self.screens = host, screens
        self.every: list[float] = []
        self.each: list[float] = []
        self.roll_every: list[float] = []
        self.stages: dict[str, list[float]] = {name: [] for name in self.STAGES}
        self.version = host.info.get("version", 0)
        self.first_version = None
        self.sizes: list[int] = []

    def one_roll(self, record: bool) -> None:
        self.screens.ready(self.version)
        thrown = self.host.ask("throw")
        start, before = thrown["start"], thrown["before"]
        arrivals = self.screens.wait(before + 1)
        self.version = self.host.ask("advance").get("version", before + 1)
        if not record:
            return
        if self.first_version is None:
            self.first_version = before
        size = self.screens.size(before + 1)
        if size:
            self.sizes.append(size)
        latencies = [t - start for t in arrivals]
        self.every.append(max(latencies))
        self.each.extend(latencies)
        rolls = self.screens.transient(start)
        if rolls and all(t is not None for t in rolls):
            self.roll_every.append(max(rolls) - start)
        stages = self.host.ask("stages")
        if stages:
            posted, (a0, a1), (_, p1) = (stages["posted"], stages["append"], stages["publish"])
            for name, value in zip(
                self.STAGES, (posted - start, a0 - posted, a1 - a0, p1 - a1, max(arrivals) - p1)
            ):
                self.stages[name].append(value)

    def result(self) -> dict:
        fifth = max(1, len(self.every) // 5)
        out = {
            "every_screen": summary(self.every),
            "each_screen": summary(self.each),
            "first_fifth": summary(self.every[:fifth]),
            "last_fifth": summary(self.every[-fifth:]),
            "versions": [self.first_version, self.version],
            "frame_bytes": [self.sizes[0], self.sizes[-1]] if self.sizes else None,
            "variants": self.host.info.get("variants", []),
            "variants_failed": dict(self.host.info.get("variants_failed", {})),
        }
        if out["variants"]:
            out["variant_stats"] = stats = self.host.ask("variants")
            for name in out["variants"]:  # applied, but did the product ever call it?
                if not any(stats.get(name, {}).values()):
                    out["variants_failed"][name] = "applied, but never called during the run"
        if self.roll_every:
            out["roll_event_every_screen"] = summary(self.roll_every)
        if any(self.stages.values()):
            out["stages"] = {name: summary(v) for name, v in self.stages.items()}
            views = self.stages["commit_and_views"]
            out["views_first_fifth"] = summary(views[:fifth])
            out["views_last_fifth"] = summary(views[-fifth:])
        if isinstance(self.screens, BrowserScreen):
            in_page = self.screens.in_page[WARMUP:]  # as the other figures: no warm-up
            out["in_page"] = summary(in_page)
            out["in_page_first_fifth"] = summary(in_page[:fifth])
            out["in_page_last_fifth"] = summary(in_page[-fifth:])
            out["clock_error_ms"] = max(self.screens.error, self.screens.calibrate()[1]) * 1000
        return out


def reader_alone(throws: int = 200) -> dict:
    """The die reader by itself: simulator → pty → pyserial → ``DieReader`` → a ``post``
    that only notes the time, as in ``companion serve --sim`` but with no service."""
    import tempfile
    import threading

    from companion.app.cli import sim_dice
    from companion.writer.input_events import DieRolled
    from firmware_bridge.die_reader import DieReader
    from firmware_bridge.simulator import DieReaderSimulator

    posted, arrived = [], threading.Event()

    def post(event):
        if isinstance(event, DieRolled):
            posted.append(time.perf_counter())
            arrived.set()

    with tempfile.TemporaryDirectory() as folder:
        link = Path(folder) / "die-reader"
        with (
            DieReaderSimulator(link, dice=sim_dice()) as simulator,
            DieReader(str(link), post) as reader,
        ):
            deadline = time.monotonic() + 10
            while reader.state != "online" and time.monotonic() < deadline:
                time.sleep(0.01)
            latencies = []
            for index in range(WARMUP + throws):
                simulator.moving()
                time.sleep(MOVING_LEAD_S)
                arrived.clear()
                start = time.perf_counter()
                simulator.throw(["cattle", "cattle", "cowboy", "cowboy", "cowboy"], moving=False)
                if not arrived.wait(5):
                    raise TimeoutError("the reader never posted the roll")
                if index >= WARMUP:
                    latencies.append(posted[-1] - start)
                time.sleep(GAP_S)
    return summary(latencies)


def in_turns(cases: dict[str, Case], rolls: int, progress=None) -> dict:
    for index in range(WARMUP + rolls):
        for case in cases.values():
            case.one_roll(index >= WARMUP)
            time.sleep(GAP_S)
        if progress and index % 50 == 0:
            progress(index)
    return {name: case.result() for name, case in cases.items()}
