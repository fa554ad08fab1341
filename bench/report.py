"""bench/README.md from the figures: the how-to at the top and the hand-written findings at
the bottom are kept; the results between them are rewritten on every full run."""

from __future__ import annotations

import re
from pathlib import Path

from bench.common import BENCH
from bench.report_die import MALFORMED, DieReport, last_line, mb, ms, verdict
from bench.report_peers import PeersReport
from bench.report_pi import PiReport

RESULTS_MARK = (
    "<!-- results: everything from here to the findings is written by `python -m bench` -->"
)
FINDINGS_MARK = "<!-- findings: hand-written, kept by `python -m bench` -->"
DEFAULT_HOWTO = "# Benchmarks\n"
DEFAULT_FINDINGS = "## Findings\n\n(none written yet)\n"

SECTIONS = (
    ("peers", "0. Beside boardgame.io"),
    ("die", "1. Die to screen"),
    ("durable", "2. Durable actions"),
    ("startup", "3. Start-up after a power cut"),
    ("footprint", "4. Footprint"),
    ("page", "5. The page"),
    ("writer", "6. The writer per change"),
    ("pi", "7. Pi budgets"),
    ("slow", "8. Slow storage"),
)


class Report(PeersReport, DieReport, PiReport):
    # -- the whole thing -----------------------------------------------------------------
    def build(self) -> str:
        m, r = self.r.get("machine", {}), self.r
        self.add(RESULTS_MARK, "", f"## Results — {m.get('date', '?')}", "")
        self.add(
            f"**Machine**: {m.get('cpu', '?')}, {m.get('cores', '?')} cores, "
            f"{m.get('memory', '?')} RAM; Python {m.get('python', '?')}, SQLite "
            f"{m.get('sqlite', '?')}, waitress {m.get('waitress', '?')}; "
            f"{m.get('chromium', '?')}; scratch disk {m.get('disk', '?')}; Linux "
            f"{m.get('kernel', '?')}. Whole run: {r.get('seconds', 0):.0f} s"
            + (" (**--quick**: too few samples for a p99)" if r.get("quick") else "")
            + ".",
            "",
        )
        self.guarded("load average", self.load_note)
        self.summary()
        for name, title in SECTIONS:
            self.details(name, title)
        self.guarded("profiles", self.profiles)
        for name, error in r.get("errors", {}).items():
            self.add(f"**Section `{name}` failed**:", "", "```", error.strip()[-2000:], "```", "")
        return "\n".join(self.lines)

    # -- a section without figures, or with figures the report cannot read -------------
    def why_missing(self, name: str) -> str:
        error = self.r.get("errors", {}).get(name)
        if error:
            return f"the section failed ({last_line(error)})"
        ran = self.r.get("sections")
        if ran is not None and name not in ran:
            return "not run in this pass (`--only`)"
        return "no figures in the results"

    def guarded(self, what: str, make, heading: str = "") -> None:
        """Run one part of the report; if the figures are not what it expects, drop what
        it wrote and say so in one line instead of crashing the whole report."""
        mark = len(self.lines)
        try:
            make()
        except MALFORMED as error:
            del self.lines[mark:]
            self.add(
                *([heading, ""] if heading else []),
                f"*{what}: measured, but could not be reported "
                f"({type(error).__name__}: {error}); raw figures in "
                "`bench/out/results.json`.*",
                "",
            )

    def details(self, name: str, title: str) -> None:
        data = self.r.get(name)
        if not data:
            self.add(f"### {title}", "", f"**Not measured**: {self.why_missing(name)}.", "")
            return
        self.guarded(title, getattr(self, f"{name}_details"), heading=f"### {title}")
        error = self.r.get("errors", {}).get(name)
        if error:
            self.add(
                f"*This section failed partway ({last_line(error)}): the figures above "
                "are what it measured before that; the traceback is at the end.*",
                "",
            )

    def load_note(self) -> None:
        loads = self.r.get("load", {})
        cores = self.r.get("machine", {}).get("cores") or 1
        parts = [
            f"{name} {v['before']:.1f}→{v['after']:.1f} ({v['seconds']:.0f} s)"
            for name, v in loads.items()
        ]
        busy = any(max(v["before"], v["after"]) > cores for v in loads.values())
        self.add(
            "**Load average** (1 min) before→after each section: "
            + ", ".join(parts)
            + "."
            + (
                f" The machine was **busy with other work** (load above its "
                f"{cores} cores): tail latencies (p99) then measure the machine "
                "as much as the companion; the floor, measured in turns with the "
                "companion, takes the same knocks."
                if busy
                else ""
            ),
            "",
        )

    # -- summary -------------------------------------------------------------------------
    def summary(self) -> None:
        rows = []
        for name, title in SECTIONS:
            number = title.split(".")[0]
            made, data = [], self.r.get(name)
            if data:
                try:
                    made = getattr(self, f"{name}_rows")(data)
                except MALFORMED as error:
                    made = [
                        [
                            number,
                            f"{title[3:]}: measured, but could not be reported "
                            f"({type(error).__name__}: {error})",
                            "—",
                            "",
                            "",
                            "",
                            "**not reported**",
                        ]
                    ]
            failed = self.r.get("errors", {}).get(name)
            if not made:
                made = [
                    [
                        number,
                        f"{title[3:]}: {self.why_missing(name)}",
                        "—",
                        "",
                        "",
                        "",
                        "**not measured**",
                    ]
                ]
            elif failed:
                made.append(
                    [
                        number,
                        f"{title[3:]}: the section failed partway "
                        f"({last_line(failed, 160)}); the rest is not measured",
                        "—",
                        "",
                        "",
                        "",
                        "**not measured**",
                    ]
                )
            rows += made
        self.add("### Summary", "")
        self.table(["#", "Measure", "Companion", "Floor", "Ratio", "Target", "Result"], rows)
        self.add(
            "*Die → screen* is the time from the `ROLL` frame's write into the reader's "
            "pty to the `state` event carrying the roll at the **last** of the N "
            "clients (every screen has it); the floor is a bare waitress SSE endpoint "
            "that pushes each pty line to its clients (`bench/floor.py`). Ratios are "
            "companion ÷ floor for p50 / p99; the target '≤ 2× floor' asks it of both.",
            "",
        )

    @staticmethod
    def durable_rows(d: dict) -> list[list[str]]:
        return [
            [
                "2",
                f"Durable actions/s, one table, synchronous={d['synchronous']}",
                f"{d['companion']['per_s']:.0f}/s",
                f"{d['floor']['per_s']:.0f}/s",
                f"{d['ratio']:.2f}×",
                "— (no target set)",
                "—",
            ]
        ]

    @staticmethod
    def startup_rows(s: dict) -> list[list[str]]:
        rows = []
        for key in ("with", "without"):
            if key not in s:
                continue
            value, cpu = s[key]["cold_median_s"], s[key].get("cold_cpu_median_s")
            rows.append(
                [
                    "3",
                    f"Start-up, 10,000 actions, {key} snapshots (cold cache)",
                    f"{value:.3f} s" + (f" ({cpu:.3f} s CPU)" if cpu else ""),
                    "",
                    "",
                    "< 0.5 s",
                    verdict(value < 0.5),
                ]
            )
        return rows

    @staticmethod
    def footprint_rows(f: dict) -> list[list[str]]:
        rows = []
        g = f.get("game")
        if g:
            rows.append(
                [
                    "4",
                    "RSS of `companion serve --sim`, idle",
                    mb(g["idle_kib"]),
                    "",
                    "",
                    "< 60 MB",
                    verdict(g["idle_kib"] * 1024 < 60e6),
                ]
            )
            rows.append(
                [
                    "4",
                    f"RSS during a game, {g['streams']} SSE streams (max)",
                    mb(g["game_max_kib"]),
                    "",
                    "",
                    "< 60 MB",
                    verdict(g["game_max_kib"] * 1024 < 60e6),
                ]
            )
        churn = f.get("churn")
        if churn:
            for moment, key in (
                (f"after {churn['actions']} actions", "after_actions_kib"),
                (f"after {churn['connects']} stream connects", "after_connects_kib"),
            ):
                rows.append(
                    [
                        "4",
                        f"RSS of `companion serve --sim`, {moment}",
                        mb(churn[key]),
                        "",
                        "",
                        "< 60 MB",
                        verdict(churn[key] * 1024 < 60e6),
                    ]
                )
        for key, how in (("game", "patch streams"), ("game_whole", "whole-view streams")):
            v = f.get(key)
            if v and "cpu_ms_per_change" in v:
                net = v.get("net_cpu_ms_per_change")
                rows.append(
                    [
                        "4",
                        f"`companion serve`, {v['streams']} SSE streams ({how}): server CPU "
                        "per change"
                        + (" (net of idle; per stream)" if net is not None else "")
                        + "; bytes per change per stream",
                        f"{v['cpu_ms_per_change']:.2f} ms"
                        + (
                            f" ({net:.2f} ms; {v['net_cpu_ms_per_change_per_stream']:.3f} ms)"
                            if net is not None
                            else ""
                        )
                        + f"; {v['bytes_per_change_per_stream'] / 1000:.2f} KB",
                        "",
                        "",
                        "— (no target set)",
                        "—",
                    ]
                )
        if f.get("cold"):
            rows.append(
                [
                    "4",
                    "Cold start: spawn → first 200 on `/` (median)",
                    f"{f['cold']['median_s']:.2f} s",
                    "",
                    "",
                    "— (no target set)",
                    "—",
                ]
            )
        return rows

    @staticmethod
    def page_rows(p: dict) -> list[list[str]]:
        return [
            [
                "5",
                "First view of a dashboard: bytes downloaded",
                f"{p['bytes_median'] / 1000:.0f} KB",
                "",
                "",
                "< 200 KB",
                verdict(p["bytes_median"] < 200_000),
            ],
            [
                "5",
                "Requests to any host but 127.0.0.1",
                str(p["foreign_requests"]),
                "",
                "",
                "0",
                verdict(p["foreign_requests"] == 0),
            ],
            [
                "5",
                "First contentful paint (median)",
                f"{p['fcp_ms_median']:.0f} ms",
                "",
                "",
                "— (no target set)",
                "—",
            ],
        ]

    def durable_details(self) -> None:
        d = self.r["durable"]
        c, fl = d["companion"], d["floor"]
        self.add(
            "### 2. Durable actions",
            "",
            f"{c['n']} acknowledged `Service.act` calls (Abilene: the dice, then the end "
            "of the turn; idempotency keys as the pages send them), one caller waiting "
            f"for each, against the same {fl['n']} rows inserted by a bare "
            "`BEGIN IMMEDIATE; INSERT; COMMIT` loop (WAL, synchronous="
            f"{d['synchronous']}) in the same folder; in turns, 100 turns at a time.",
            "",
        )
        self.table(
            ["", "Actions/s", "Latency p50 / p99 (ms)"],
            [
                [
                    "companion (`Service.act`)",
                    f"{c['per_s']:.0f}",
                    f"{ms(c['p50_ms'], 3)} / {ms(c['p99_ms'], 3)}",
                ],
                [
                    "bare INSERT + COMMIT",
                    f"{fl['per_s']:.0f}",
                    f"{ms(fl['p50_ms'], 3)} / {ms(fl['p99_ms'], 3)}",
                ],
            ],
        )

    def startup_details(self) -> None:
        s = self.r["startup"]
        j = s["journal"]
        runs = next((s[k]["runs"] for k in ("with", "without") if k in s), "?")
        self.add(
            "### 3. Start-up after a power cut",
            "",
            f"One Abilene table with {j['entries']} journal entries "
            f"({j['entry_bytes'] / 1e3:.0f} KB of actions) and {j['snapshots']} "
            f"snapshots ({j['snapshot_bytes'] / 1e6:.1f} MB of state JSON; file "
            f"{j['file_bytes'] / 1e6:.1f} MB). `Service(Journal(path))` in a fresh "
            "process, the file's pages dropped from the page cache first (cold), then "
            f"again (warm); median of {runs} processes. The CPU time is the work "
            "itself, which a busy machine does not stretch.",
            "",
        )
        rows = []
        for key, label in (("with", "with snapshots"), ("without", "without snapshots")):
            v = s.get(key)
            if v is None:
                rows.append([label, "not measured", "", "", ""])
                continue
            rows.append(
                [
                    label,
                    f"{v['cold_median_s']:.3f} s",
                    f"{v['cold_max_s']:.3f} s",
                    f"{v['warm_median_s']:.3f} s",
                    f"{v['cold_cpu_median_s']:.3f} s" if "cold_cpu_median_s" in v else "—",
                ]
            )
        self.table(
            ["Journal", "Cold median", "Cold max", "Warm median", "Cold, CPU time (median)"], rows
        )
        v = s.get("serve_10k")
        if v:
            self.add(
                f"`companion serve --sim` on that journal, cold cache, spawn → first 200 "
                f"on `/`: median {v['median_s']:.2f} s, max {v['max_s']:.2f} s"
                + (f" ({v['cpu_median_s']:.2f} s of CPU)" if "cpu_median_s" in v else "")
                + ".",
                "",
            )

    def footprint_details(self) -> None:
        f = self.r["footprint"]
        c = f["cold"]
        self.add(
            "### 4. Footprint",
            "",
            f"`companion serve --sim --host 127.0.0.1` as a subprocess. Cold start "
            f"(spawn → first 200 on `/`, fresh data folder): median {c['median_s']:.2f} s,"
            f" max {c['max_s']:.2f} s, first {c['first_s']:.2f} s ({c['runs']} runs)"
            + (
                f"; the server process had used {c['cpu_median_s']:.2f} s of CPU by then"
                if "cpu_median_s" in c
                else ""
            )
            + ".",
            "",
        )
        g = f.get("game")
        if not g:
            self.add("Memory during a game: **not measured** (the section stopped before it).", "")
            return
        self.table(
            ["Moment", "VmRSS"],
            [
                ["idle, 3 s after start", mb(g["idle_kib"])],
                ["an Abilene table made, seats joined", mb(g["with_table_kib"])],
                [
                    f"during {g['turns']} turns ({g['actions']} actions), {g['streams']} SSE "
                    "streams: max",
                    mb(g["game_max_kib"]),
                ],
                ["peak (VmHWM) at the end", mb(g["peak_hwm_kib"])],
            ],
        )
        self.cpu_per_change(f)
        churn = f.get("churn")
        if churn:
            self.add(
                f"Then a fresh `companion serve`: {churn['actions']} actions over the API "
                f"(Abilene, a throw and the end of each turn, one stream open), then "
                f"{churn['connects']} stream connects, {churn['at_once']} at a time, each read "
                f"to its first event and closed ({churn['connects_answered']} answered 200).",
                "",
            )
            self.table(
                ["Moment", "VmRSS"],
                [
                    ["idle, 1 s after start", mb(churn["idle_kib"])],
                    [f"after {churn['actions']} actions", mb(churn["after_actions_kib"])],
                    [
                        f"after {churn['connects']} stream connects",
                        mb(churn["after_connects_kib"]),
                    ],
                    ["a second later", mb(churn["after_connects_rest_kib"])],
                    ["peak (VmHWM)", mb(churn["peak_hwm_kib"])],
                ],
            )
        self.guarded("the Pi Zero 2 W estimate", self.pi_estimate)

    def cpu_per_change(self, f: dict) -> None:
        """The one figure of CPU per change at 8 screens (the Pi budgets read it as latency)."""
        runs = [(how, f[key]) for key, how in (("game", "patches"), ("game_whole", "whole views"))]
        runs = [(how, v) for how, v in runs if v and "idle_cpu_s" in v]
        if not runs:
            return
        self.add(
            "**CPU per change** (the server process's own utime + stime from `/proc`, "
            f"clock tick {runs[0][1]['clock_tick_ms']:.0f} ms) over the turns; *idle*: the "
            "same process over a span as long, its streams open and nothing changing; *net*: "
            "the turns' CPU less the idle span's, per change, and that per stream.",
            "",
        )
        self.table(
            [
                "Streams take",
                "Changes",
                "Span (s)",
                "CPU (s)",
                "Idle CPU, same span (s)",
                "Per change (ms)",
                "Net per change (ms)",
                "Net per change per stream (ms)",
            ],
            [
                [
                    how,
                    str(v["actions"]),
                    f"{v['seconds']:.1f}",
                    f"{v['cpu_s']:.2f}",
                    f"{v['idle_cpu_s']:.2f}",
                    f"{v['cpu_ms_per_change']:.2f}",
                    f"{v['net_cpu_ms_per_change']:.2f}",
                    f"{v['net_cpu_ms_per_change_per_stream']:.3f}",
                ]
                for how, v in runs
            ],
        )

    def page_details(self) -> None:
        p = self.r["page"]
        self.add(
            "### 5. The page",
            "",
            f"A new Abilene table's dashboard as the tablet first sees it (4 seat QR "
            f"codes), fresh context each run, median of {p['runs']}: "
            f"{p['bytes_median'] / 1000:.0f} KB in {p['requests_median']:.0f} requests, "
            f"{p['foreign_requests']} to other hosts; first contentful paint "
            f"{p['fcp_ms_median']:.0f} ms (max {p['fcp_ms_max']:.0f}), actions drawn at "
            f"{p['dashboard_ms_median']:.0f} ms.",
            "",
        )
        rows = [
            [f"`{re.sub(r'/[0-9a-f]{12}', '/<id>', path)}`", f"{size / 1000:.1f} KB"]
            for path, size in p["by_url"]
        ]
        self.table(["Response (last run)", "On the wire"], rows)
        a = p.get("per_action")
        if a:
            self.add(
                f"Then, with the dashboard open, each further action cost the tablet "
                f"{a['bytes'] / 1000:.1f} KB and {a['requests']:.1f} requests "
                f"(mean over {a['actions']} actions).",
                "",
            )

    def profiles(self) -> None:
        texts = [
            (
                "Writer thread, 8 SSE clients (pyinstrument, wall clock; "
                "`bench/out/profile-writer-8-clients.txt`)",
                self.r.get("die", {}).get("profile_writer_8"),
            ),
            (
                "Writer thread, durable actions, no streams (`bench/out/profile-durable-"
                "writer.txt`)",
                self.r.get("durable", {}).get("profile"),
            ),
            (
                "Start-up, 10,000 actions with snapshots "
                "(`bench/out/profile-startup-with-snapshots.txt`)",
                self.r.get("startup", {}).get("profile_with"),
            ),
            (
                "Start-up, 10,000 actions without snapshots "
                "(`bench/out/profile-startup-without-snapshots.txt`)",
                self.r.get("startup", {}).get("profile_without"),
            ),
        ]
        texts = [(title, text) for title, text in texts if text]
        if not texts:
            return
        self.add("### Profiles (excerpts: frames over 4% of the total)", "")
        for title, text in texts:
            self.add(f"{title}:", "", "```", compact(text), "```", "")


def compact(text: str, share: float = 0.04, depth: int = 14) -> str:
    """A pyinstrument console tree cut down to its heavy frames. A thread's idle wait for
    work (``Queue.get`` right under the root) is left out of the tree and of the total."""
    rows = []
    for line in text.splitlines():
        match = re.match(r"^([\s│├└─]*)(\d+\.\d+) (.*)$", line)
        if match:
            rows.append((len(match.group(1)) // 3, float(match.group(2)), line.rstrip()))
    if not rows:
        return text.strip()
    idle = sum(value for level, value, line in rows if level == 1 and "Queue.get" in line)
    total = (rows[0][1] - idle) or 1.0
    keep, skipping = [], False
    for level, value, line in rows:
        if level == 1:
            skipping = "Queue.get" in line
        if skipping or value < share * total or level > depth or "frames hidden" in line:
            continue
        keep.append(line)
    note = f"(idle, waiting for work: {idle:.3f} s, left out)" if idle else ""
    return "\n".join(keep + ([note] if note else []))


def write(results: dict, path: Path | None = None) -> None:
    path = path or BENCH / "README.md"
    source = BENCH / "README.md"
    current = source.read_text() if source.exists() else ""
    howto = (
        current.split(RESULTS_MARK)[0].rstrip() + "\n"
        if RESULTS_MARK in current
        else (current.split(FINDINGS_MARK)[0].rstrip() + "\n" if current else DEFAULT_HOWTO)
    )
    findings = (
        current.split(FINDINGS_MARK, 1)[1].strip() + "\n"
        if FINDINGS_MARK in current
        else DEFAULT_FINDINGS
    )
    body = Report(results).build()
    path.write_text(f"{howto}\n{body}\n{FINDINGS_MARK}\n\n{findings}")
