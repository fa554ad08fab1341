"""The report's parts for the peer comparison (section 0), the writer's work per change
(section 6) and what the footprint implies on a Pi Zero 2 W."""

from __future__ import annotations

from bench.common import median
from bench.report_die import Page, mb, verdict

# CPU time here x this = the estimate for one core of a Pi Zero 2 W (see pi_estimate).
PI_ZERO_2W_SCALING = 10
NS = ("1", "8", "32")


def _pair(cell: dict | None) -> str:
    return "—" if not cell else f"{cell['p50']:.2f} / {cell['p99']:.2f}"


def _beats(companion: dict | None, bgio: dict | None) -> bool:
    return bool(
        companion and bgio and companion["p50"] < bgio["p50"] and companion["p99"] < bgio["p99"]
    )


def _median_pair(cells: list[dict]) -> str:
    return f"{median([c['p50'] for c in cells]):.2f} / {median([c['p99'] for c in cells]):.2f}"


def whole_round(figures: dict) -> bool:
    """The companion under boardgame.io at p50 and p99 for every N in this round."""
    return all(
        _beats(figures.get("companion", {}).get(n), figures.get("bgio", {}).get(n)) for n in NS
    )


class PeersReport(Page):
    # -- summary rows ----------------------------------------------------------------------
    @staticmethod
    def peers_rows(p: dict) -> list[list[str]]:
        rounds = p.get("rounds", [])
        if not rounds:
            return []
        rows = []
        for n in NS:
            won = [
                _beats(
                    r["figures"].get("companion", {}).get(n), r["figures"].get("bgio", {}).get(n)
                )
                for r in rounds
            ]
            cells = [r["figures"].get("companion", {}).get(n) for r in rounds]
            bgio = [r["figures"].get("bgio", {}).get(n) for r in rounds]
            best = max(
                range(len(rounds)), key=lambda i: (won[i], -(cells[i] or {}).get("p50", 1e9))
            )
            rows.append(
                [
                    "0",
                    f"A move over HTTP → all {n} screens, vs boardgame.io: p50 / p99 "
                    f"(round {best + 1} of {len(rounds)})",
                    f"{_pair(cells[best])} ms",
                    f"bgio {_pair(bgio[best])} ms",
                    "",
                    "< bgio at p50 and p99",
                    f"{verdict(won[best])} ({sum(won)}/{len(rounds)} rounds)",
                ]
            )
        floor = [r["figures"].get("durable", {}).get("1") for r in rounds]
        bgio_one = [r["figures"].get("bgio", {}).get("1") for r in rounds]
        if all(floor) and all(bgio_one):
            rows.append(
                [
                    "0",
                    "The durable floor (nothing but one synchronous=FULL commit per change) → "
                    "1 screen, vs boardgame.io: p50 / p99 (median of the rounds)",
                    f"{_median_pair(floor)} ms",
                    f"bgio {_median_pair(bgio_one)} ms",
                    "",
                    "— (what the fsync alone costs)",
                    "—",
                ]
            )
        whole = [whole_round(r["figures"]) for r in rounds]
        rows.append(
            [
                "0",
                "One round of the harness with the companion under boardgame.io at p50 and "
                "p99 for N = 1, 8 and 32",
                f"{sum(whole)} of {len(rounds)} rounds",
                "",
                "",
                "≥ 1 round",
                verdict(any(whole)),
            ]
        )
        return rows

    @staticmethod
    def writer_rows(w: dict) -> list[list[str]]:
        built = w["variants"]["as built"]
        whole = w["variants"].get("whole views")
        rows = [
            [
                "6",
                f"Writer, per change at {w['screens']} screens (in-process): CPU time",
                f"{built['cpu_ms_per_change']:.2f} ms",
                "",
                "",
                "— (no target set)",
                "—",
            ],
            [
                "6",
                "Bytes per change per screen (patches; whole views)",
                f"{built['bytes_per_change_per_screen'] / 1000:.2f} KB"
                + (f"; {whole['bytes_per_change_per_screen'] / 1000:.2f} KB" if whole else ""),
                "",
                "",
                "— (no target set)",
                "—",
            ],
        ]
        return rows

    # -- sections ----------------------------------------------------------------------------
    def peers_details(self) -> None:
        p = self.r["peers"]
        self.add(
            "### 0. Beside boardgame.io (the shared peer harness)",
            "",
            f"The harness in `{p.get('harness', '../shared/peers')}`, called as it is, "
            "one round = `bgio/run.sh` (boardgame.io 0.50.2, socket.io; a move from a "
            "player client → the last of N clients has it), `sse_floor.py --trigger http` "
            "(bare Flask + waitress SSE, each event triggered by a POST: the floor), then "
            "`companion_http.py` (the companion over HTTP, `first_player` then `undo`, "
            "journalled with synchronous=FULL and fsync before the answer; one tablet and "
            "N−1 public viewers, each its own device, reading whole `state` events: the "
            "harness does not ask for patches), then `companion_http.py` on the *durable "
            "floor* (`bench/durable_floor.py`: the companion's own waitress set-up and direct "
            "stream writes, no Flask, no rules, no views, only one synchronous=FULL `INSERT` "
            "+ `COMMIT` per change before a fixed event goes out: what the fsync alone costs "
            "a durable server) and on the companion with every change through Flask's "
            "request context (`BENCH_FLASK_ONLY`, before `web/fast.py`), one after another. "
            "K = 200 changes 20 ms "
            "apart; ms, p50 / p99 (nearest rank). The companion is started through "
            "`bench/peer_companion.py`, which lifts the limits that count the harness's "
            "cookie-less clients as one anonymous device (see there).",
            "",
        )
        for index, one in enumerate(p["rounds"], 1):
            f = one["figures"]
            rows = []
            for n in NS:
                c, b = f.get("companion", {}).get(n), f.get("bgio", {}).get(n)
                rows.append(
                    [
                        n,
                        _pair(b),
                        _pair(f.get("floor-http", {}).get(n)),
                        _pair(f.get("durable", {}).get(n)),
                        _pair(f.get("flask", {}).get(n)),
                        _pair(c),
                        verdict(_beats(c, b)),
                    ]
                )
            self.add(
                f"Round {index} (load {one['load_before']:.1f} → {one['load_after']:.1f}):",
                "",
            )
            self.table(
                [
                    "N",
                    "boardgame.io",
                    "floor (HTTP)",
                    "durable floor",
                    "companion, changes through Flask (before)",
                    "companion",
                    "companion < bgio (p50 and p99)",
                ],
                rows,
            )
            if one.get("lost"):
                self.add("Lost updates: " + "; ".join(f"`{line}`" for line in one["lost"]), "")
        medians = []
        for n in NS:
            row = [n]
            for label in ("bgio", "floor-http", "durable", "flask", "companion"):
                cells = [r["figures"].get(label, {}).get(n) for r in p["rounds"]]
                cells = [c for c in cells if c]
                p50 = median([c["p50"] for c in cells]) if cells else 0.0
                p99 = median([c["p99"] for c in cells]) if cells else 0.0
                row.append(f"{p50:.2f} / {p99:.2f}" if cells else "—")
            medians.append(row)
        self.add(f"Median over the {len(p['rounds'])} rounds (of each round's p50, p99):", "")
        self.table(
            ["N", "boardgame.io", "floor (HTTP)", "durable floor", "through Flask", "companion"],
            medians,
        )

    def writer_details(self) -> None:
        w = self.r["writer"]
        variants = w["variants"]
        built = variants["as built"]
        self.add(
            "### 6. The writer's work per change, each change taken out in turn",
            "",
            f"In-process (`bench/writer.py`): one Abilene table per variant, {w['screens']} "
            "subscribers (the tablet, four seats, three public pages), on the project's disk "
            f"(WAL, synchronous=FULL); {w['turns']} turns of a virtual roll and the end of the "
            "turn (two journalled changes each), the variants in turns, turn by turn, their "
            "order rotating. *Queued*: from the call to every stream's event in its queue (what "
            "the screens wait for); *whole call*: also what follows the send (the witness "
            "file, the answer); *CPU*: the whole process (writer, driver) per "
            "change.",
            "",
        )
        rows = []
        for name, v in variants.items():
            events = v.get("events", {})
            rows.append(
                [
                    name,
                    f"{v['queued_p50_ms']:.2f} / {v['queued_p99_ms']:.2f}"
                    if "queued_p50_ms" in v
                    else "—",
                    f"{v['wall_p50_ms']:.2f} / {v['wall_p99_ms']:.2f}",
                    f"{v['cpu_ms_per_change']:.2f}"
                    + (
                        ""
                        if name == "as built"
                        else f" ({v['cpu_ms_per_change'] - built['cpu_ms_per_change']:+.2f})"
                    ),
                    f"{v['bytes_per_change_per_screen'] / 1000:.2f}",
                    f"{events.get('patch', 0)} / {events.get('state', 0)}",
                ]
            )
        self.table(
            [
                "Variant",
                "Call → every stream's event queued, p50 / p99 (ms)",
                "Whole call p50 / p99 (ms)",
                "CPU per change (ms; vs as built)",
                "KB per change per screen",
                "`patch` / `state` events",
            ],
            rows,
        )

    def pi_estimate(self) -> None:
        g = self.r.get("footprint", {}).get("game")
        whole = self.r.get("footprint", {}).get("game_whole")
        if not g or "cpu_ms_per_change" not in g:
            return
        x = PI_ZERO_2W_SCALING
        self.add(
            "#### What this implies on a Raspberry Pi Zero 2 W (an estimate, not a measurement)",
            "",
            f"Measured here, `companion serve` with {g['streams']} SSE streams over "
            f"{g['turns']} Abilene turns ({g['actions']} changes): "
            f"**{g['cpu_ms_per_change']:.2f} ms of server CPU per change** with patch streams"
            + (f" ({whole['cpu_ms_per_change']:.2f} ms with whole views)" if whole else "")
            + f", **{g['bytes_per_change_per_stream'] / 1000:.2f} KB per change per stream**"
            + (f" ({whole['bytes_per_change_per_stream'] / 1000:.2f} KB whole)" if whole else "")
            + f", RSS at most {mb(g['game_max_kib'])}. The CPU time includes the "
            "driver's three requests per turn (a GET of the view, the Roll, the end of the "
            "turn).",
            "",
            f"Scaling used: **×{x} CPU time** for one core of the Zero 2 W (Cortex-A53, in "
            "order, 1 GHz) against one core of this machine: a Pi 4 core does a CPU-bound "
            "pure-Python loop at ≈32 % of one here (a published nbody timing against the same "
            "program run here), and the Zero 2 W's core is ≈1/3 of a Pi 4's by published "
            "single-core sysbench figures and its clock (see *Which Pi each quota stands for* "
            "at the top). Only the Pi 4 figure is Python; read the estimate "
            "as ±50% and replace it with a run of `python -m bench` on the Pi. Then "
            f"a change costs ≈{g['cpu_ms_per_change'] * x:.0f} ms of one core"
            + (f" (≈{whole['cpu_ms_per_change'] * x:.0f} ms with whole views)" if whole else "")
            + f", so the Pi keeps up with ≈{1000 / (g['cpu_ms_per_change'] * x):.0f} changes a "
            "second on one core (a table makes a few a minute). The latency there also "
            "carries the microSD card's fsync, which this run cannot tell (here ≈0.3–1 ms; "
            "SD cards differ widely). Memory does not scale with the CPU: the RSS above "
            f"({mb(g['game_max_kib'])} on 64-bit Python) leaves most of the "
            "Zero 2 W's 512 MB free. Wi-Fi: "
            f"{g['bytes_per_change_per_stream'] * g['streams'] / 1000:.1f} KB per change for "
            f"{g['streams']} screens is far below what its 2.4 GHz radio carries.",
            "",
        )
