"""The report's parts for the Pi budgets (section 7) and slow storage (section 8)."""

from __future__ import annotations

from bench.peer_companion import TAKEN_OUT, VARIANTS
from bench.report_die import Page, ms, verdict
from bench.report_peers import NS, _pair
from bench.report_peers import _beats as _ahead


def _row(number: str, measure: str, value: str, floor: str, target: str, result: str) -> list:
    return [number, measure, value, floor, "", target, result]


def _cpu(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


def _saving(with_it: float | None, without: float | None) -> float | None:
    """How much less ``with_it`` is than ``without``, in percent of ``without``."""
    if not with_it or not without:
        return None
    return 100 * (without - with_it) / without


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{value:+.0f} %"


class PiReport(Page):
    # -- summary rows ----------------------------------------------------------------------
    @staticmethod
    def pi_rows(p: dict) -> list[list[str]]:
        if "not_run" in p:
            why = f"Pi budgets: **not run**: {p['not_run']}"
            return [_row("7", why, "—", "", "", "**not run**")]
        rows, every = [], []
        for percent, one in p["quotas"].items():
            f = one["figures"]
            for n in NS:
                c, b = f.get("companion", {}).get(n), f.get("bgio", {}).get(n)
                every.append(_ahead(c, b))
                rows.append(
                    _row(
                        "7",
                        f"{percent} % of a core: a move over HTTP → all {n} screens, vs "
                        "boardgame.io: p50 / p99",
                        f"{_pair(c)} ms",
                        f"bgio {_pair(b)} ms",
                        "< bgio at p50 and p99",
                        verdict(_ahead(c, b)),
                    )
                )
            die = one.get("die_8", {})
            if die:
                rows.append(
                    _row(
                        "7",
                        f"{percent} % of a core: die → the last of 8 screens: p50 / p99",
                        f"{_pair(die['companion']['every_screen'])} ms",
                        f"{_pair(die['floor']['every_screen'])} ms",
                        "— (no target set)",
                        "—",
                    )
                )
        rows.append(
            _row(
                "7",
                "The companion ahead of boardgame.io at p50 and p99 for N = 1, 8, 32 at "
                f"{' % and '.join(p['quotas'])} % of a core, in one run",
                f"{sum(every)} of {len(every)}",
                "",
                f"{len(every)} of {len(every)}",
                verdict(all(every) and bool(every)),
            )
        )
        return rows

    @staticmethod
    def slow_rows(s: dict) -> list[list[str]]:
        rows = []
        for delay, one in s["delays"].items():
            wait, through = one["wait"]["figures"], one["throughput"]
            rows.append(
                _row(
                    "8",
                    f"fsync + {delay} ms: a move → the last of 8 screens: p50 / p99 (durable "
                    f"floor beside); {through['clients']} senders: acknowledged changes/s",
                    f"{_pair(wait.get('companion'))} ms; {through['per_second']:.0f}/s",
                    f"{_pair(wait.get('durable'))} ms",
                    "— (no target set)",
                    "—",
                )
            )
        return rows

    # -- sections ----------------------------------------------------------------------------
    def pi_details(self) -> None:
        p = self.r["pi"]
        self.add("### 7. Pi budgets: the server alone under a CPU quota", "")
        if "not_run" in p:
            self.add(f"**Not run**: {p['not_run']}.", "")
            return
        labels = ["durable", *VARIANTS]
        self.add(
            f"The server process alone in a cgroup ({p.get('cgroup', '?')}) holding it to a "
            "share of one core, period 10 ms (`bench/cgroup.py`); the clients free. The shared "
            f"harness as it is (`{p['harness']}`: `bgio/run.sh`, `companion_http.py`, both "
            f"told the group by `PEER_CGROUP`), K = {p['k']} changes 20 ms apart per N, on "
            "boardgame.io, the durable floor (`bench/durable_floor.py`) and each companion of "
            "`bench/peer_companion.py` `VARIANTS`; then die → the last of 8 SSE screens "
            f"(`bench/die_to_screen.py`, {p['rolls']} rolls per server, the companion and the "
            "floor in turns, each host process in the group once started). ms, p50 / p99. "
            "*Held*: periods in which the kernel held the group (`nr_throttled` of "
            "`nr_periods`).",
            "",
        )
        for percent, one in p["quotas"].items():
            f, held = one["figures"], one.get("throttled", {})
            self.add(
                f"**{percent} % of one core** (load {one['load'][0]:.1f} → "
                f"{one['load'][1]:.1f}; held {held.get('nr_throttled', '?')} of "
                f"{held.get('nr_periods', '?')} periods):",
                "",
            )
            if one.get("retried"):
                self.add(
                    "Run again once because the harness gave up waiting for the server to "
                    "start: " + "; ".join(f"`{r or 'as built'}`" for r in one["retried"]),
                    "",
                )
            rows = []
            for n in NS:
                c, b = f.get("companion", {}).get(n), f.get("bgio", {}).get(n)
                cells = [_pair(f.get(label, {}).get(n)) for label in labels]
                rows.append([n, _pair(b), *cells, verdict(_ahead(c, b))])
            self.table(["N", "boardgame.io", *labels, "companion < bgio"], rows)
            cpu = one.get("cpu_ms", {})
            if cpu:
                self.add("The server's own CPU time per change (ms; `time.process_time`):", "")
                self.table(
                    ["N", *VARIANTS],
                    [[n, *(_cpu(cpu.get(label, {}).get(n)) for label in VARIANTS)] for n in NS],
                )
            die = one.get("die_8")
            if die:
                self.table(
                    ["Die → the last of 8 screens", "p50 / p99", "max"],
                    [
                        [name, _pair(case["every_screen"]), ms(case["every_screen"]["max"])]
                        for name, case in die.items()
                    ],
                )
        self.worth()

    def worth(self) -> None:
        """Each optimisation beyond plain Flask + waitress + SQLite against the product
        without it, at each quota and 8 screens: it earns its keep if it saves at least
        5 % of p50 or of CPU per change at one of the Pi budgets."""
        p = self.r["pi"]
        if "not_run" in p:
            return
        self.add(
            "**What each optimisation earns** at 8 screens: p50 and CPU per change of the "
            "companion *with* it (as built) against the companion *without* it (its what-if), "
            "as a saving; it is kept if it saves at least 5 % of p50 or of CPU per change at "
            "one of the Pi budgets.",
            "",
        )
        rows = []
        for label, what in TAKEN_OUT.items():
            cells, earns = [], False
            for one in p["quotas"].values():
                f, cpu = one["figures"], one.get("cpu_ms", {})
                built, without = f.get("companion", {}).get("8"), f.get(label, {}).get("8")
                p50 = _saving(built and built["p50"], without and without["p50"])
                spent = _saving(cpu.get("companion", {}).get("8"), cpu.get(label, {}).get("8"))
                earns = earns or any(s is not None and s >= 5 for s in (p50, spent))
                cells.append(f"{_percent(p50)} / {_percent(spent)}")
            rows.append([what, *cells, "**earns it**" if earns else "does not"])
        self.table(
            [
                "Optimisation",
                *(f"{percent} %: saves p50 / CPU" for percent in p["quotas"]),
                "≥ 5 % at a Pi budget",
            ],
            rows,
        )

    def slow_details(self) -> None:
        s = self.r["slow"]
        self.add(
            "### 8. Slow storage: every fsync made longer",
            "",
            "`bench/slow_fsync.c` (built with gcc into `bench/out/`, `LD_PRELOAD`'ed into the "
            "server alone) adds a fixed delay to `fsync` and `fdatasync` (SQLite syncs with "
            "`fdatasync` on Linux). *Shim*: the least time of one call in a process started "
            "with it (bare `fdatasync`, bare `fsync`, a SQLite `INSERT` + `COMMIT`, WAL, "
            "synchronous=FULL): each must be at least the delay. *A move → 8 screens*: the "
            "shared harness's `companion_http.py --ns 8`, changes spaced so each is done "
            f"before the next. *Senders*: {s['clients']} clients, each with a Lawless table of "
            "its own on one `companion serve` (one journal), sending `first_player` / `undo` "
            "as fast as each is answered; *out of order*: of the pairs of changes sent at "
            "least the delay (and 1 ms) apart, those the journal committed the other way round "
            "(first come, first served asks none); *worst wait*: the longest any one client "
            "waited for an answer.",
            "",
        )
        rows = []
        for delay, one in s["delays"].items():
            shim, wait, t = one["shim"], one["wait"], one["throughput"]
            order = t["out_of_order"]
            rows.append(
                [
                    f"+{delay} ms",
                    " / ".join(ms(shim[k]["min"]) for k in ("fdatasync", "fsync", "sqlite_commit"))
                    + (" (applies)" if shim["applies"] else " (**does not apply**)"),
                    f"{wait['interval_ms']} ms",
                    _pair(wait["figures"].get("companion")),
                    _pair(wait["figures"].get("durable")),
                    f"{t['per_second']:.0f}",
                    " / ".join(str(n) for n in t["per_client"]),
                    f"{ms(t['wait_ms']['p50'])} / {ms(t['wait_ms']['p99'])}",
                    ms(t["worst_client_max_ms"]),
                    f"{order['swapped']} of {order['pairs']}",
                ]
            )
        self.table(
            [
                "fsync",
                "Shim: least fdatasync / fsync / commit (ms)",
                "Moves apart",
                "A move → 8 screens, companion",
                "durable floor",
                "Acknowledged/s",
                "Per sender",
                "Sender's wait p50 / p99",
                "Worst wait",
                "Out of order",
            ],
            rows,
        )
