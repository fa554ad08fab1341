"""Run every benchmark and write bench/README.md:  .venv/bin/python -m bench

    --quick          fewer rolls and runs (a smoke test of the benchmarks themselves)
    --only a,b       only these sections: peers, die, durable, startup, footprint, page, writer,
                     pi (the Pi budgets: CPU quotas, as root), slow (slow storage: fsync shim)
    --rolls N        rolls per die-to-screen case (default 200; Chromium: 3/4 of it)
    --report-only    rewrite bench/README.md from bench/out/results.json, measuring nothing

Raw figures go to bench/out/results.json, profiles and server logs to bench/out/. A --quick
or --only run writes bench/out/README.partial.md and results.partial.json instead.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback

from bench import report
from bench.common import OUT, chromium, machine, scratch

SECTIONS = ("peers", "die", "durable", "startup", "footprint", "page", "writer", "pi", "slow")


def log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", flush=True)


def run_peers(args, results: dict) -> None:
    from bench import peers

    log(f"peers: boardgame.io, the HTTP floor and the companion, {args.peer_rounds} round(s)")
    results["peers"] = peers.rounds(args.peer_rounds)


def run_writer(args, results: dict) -> None:
    from bench import writer

    log("writer: work per change at 8 screens, each of the changes taken out in turn")
    with scratch("bench-writer-") as folder:
        results["writer"] = writer.per_change(folder, turns=args.turns)


def run_die(args, results: dict) -> None:
    from bench.die_to_screen import BrowserScreen, Case, ClientScreens, Host, in_turns, reader_alone

    out = results.setdefault("die", {"sse": {}})
    log("die to screen: the die reader alone (no service)")
    out["reader_alone"] = reader_alone(args.rolls)
    with scratch("bench-die-") as disk, scratch("bench-die-", "/dev/shm") as ram:
        for count in (1, 8, 32):
            log(f"die to screen: {count} SSE client(s), {args.rolls} rolls per server, in turns")
            hosts = {
                "companion": Host("companion", disk / f"c{count}", f"companion-{count}"),
                "per_view": Host(
                    "companion", disk / f"k{count}", f"per-view-{count}", "public-per-view"
                ),
                "tmpfs": Host("companion", ram / f"t{count}", f"tmpfs-{count}"),
                "floor": Host("floor", label=f"floor-{count}"),
            }
            cases = {}
            try:
                cases = {
                    name: Case(host, ClientScreens(host, count)) for name, host in hosts.items()
                }
                out["sse"][str(count)] = in_turns(cases, args.rolls)
                if count == 8:
                    out["profile_writer_8"] = profile_writer(cases["companion"], args)
            finally:
                for case in cases.values():
                    case.screens.close()
                for host in hosts.values():
                    host.close()
        log(f"die to screen: a Chromium dashboard, {args.browser_rolls} rolls per server")
        with chromium() as browser:
            hosts = {
                "companion": Host("companion", disk / "browser", "companion-browser"),
                "floor": Host("floor", label="floor-browser"),
            }
            cases = {}
            try:
                cases = {
                    name: Case(host, BrowserScreen(browser, host)) for name, host in hosts.items()
                }
                out["browser"] = in_turns(cases, args.browser_rolls)
            finally:
                for case in cases.values():
                    case.screens.close()
                for host in hosts.values():
                    host.close()


def profile_writer(case, args) -> str:
    """pyinstrument on the companion's writer thread over a further set of rolls (these
    rolls are not in the figures: the profiler slows what it watches)."""
    from bench.die_to_screen import in_turns

    path = OUT / "profile-writer-8-clients.txt"
    case.host.ask("profile-start")
    in_turns({"profiled": case}, max(20, args.rolls // 3))
    case.host.ask(f"profile-stop {path}")
    return path.read_text()


def run_durable(args, results: dict) -> None:
    from bench import durable

    log("durable actions: Service.act against bare INSERT+COMMIT, in turns")
    with scratch("bench-durable-") as folder:
        results["durable"] = durable.actions_per_second(folder, rounds=args.durable_rounds)


def run_startup(args, results: dict) -> None:
    from bench import durable, footprint

    log("start-up: building a journal of 10,000 actions")
    with scratch("bench-startup-") as folder:
        with_snaps, without = durable.build_journal(folder)
        out = results["startup"] = {
            "journal": durable.describe_journal(with_snaps),
            "journal_without": durable.describe_journal(without),
        }
        log("start-up: rebuilding it, in fresh processes")
        runs = min(args.runs, 3)
        out["with"] = durable.rebuild_times(with_snaps, runs)
        out["without"] = durable.rebuild_times(without, runs)
        for name, path in (("with", with_snaps), ("without", without)):
            target = OUT / f"profile-startup-{name}-snapshots.txt"
            durable.profile_rebuild(path, target)
            out[f"profile_{name}"] = target.read_text()
        log("start-up: companion serve on that journal, spawn to first page")
        out["serve_10k"] = footprint.cold_starts(with_snaps.parent, args.runs, label="serve-10k")


def run_footprint(args, results: dict) -> None:
    from bench import footprint

    log("footprint: cold starts of companion serve --sim")
    with scratch("bench-footprint-") as folder:
        out = results["footprint"] = {"cold": footprint.cold_starts(folder, args.runs)}
        log("footprint: memory and CPU during a game with 8 SSE streams (patches, as pages ask)")
        out["game"] = footprint.game_memory(folder, turns=args.cpu_turns)
        log("footprint: the same game, streams taking whole views")
        out["game_whole"] = footprint.game_memory(folder, turns=args.cpu_turns, patches=False)
        churn = (200, 200) if args.quick else (2000, 2000)
        log(f"footprint: memory after {churn[0]} actions, then {churn[1]} stream connects")
        out["churn"] = footprint.churn_memory(folder, *churn)


def run_pi(args, results: dict) -> None:
    from bench import pi

    log(f"pi: the servers alone under CPU quotas of {pi.QUOTAS} % of one core")
    with scratch("bench-pi-") as folder:
        results["pi"] = pi.budgets(folder, args.rolls, 50 if args.quick else 200, log)
    if "not_run" in results["pi"]:
        log(f"pi: NOT RUN: {results['pi']['not_run']}")


def run_slow(args, results: dict) -> None:
    from bench import slow

    with scratch("bench-slow-") as folder:
        k, seconds = (50, 2.0) if args.quick else (200, 6.0)
        results["slow"] = slow.slow_storage(folder, k, seconds, log)


def run_page(args, results: dict) -> None:
    from bench import page

    log("page: first view of a dashboard in Chromium")
    with scratch("bench-page-") as folder, chromium() as browser:
        results["page"] = page.first_views(browser, folder, runs=args.runs)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", default=",".join(SECTIONS))
    parser.add_argument("--rolls", type=int, default=200)
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args(argv)
    if args.report_only:
        report.write(json.loads((OUT / "results.json").read_text()))
        log("wrote bench/README.md from bench/out/results.json")
        return 0
    if args.quick:
        args.rolls = min(args.rolls, 40)
    args.browser_rolls = max(30, args.rolls * 3 // 4)
    args.runs = 2 if args.quick else 5
    args.turns = 30 if args.quick else 150
    args.cpu_turns = 30 if args.quick else 250  # section 4: 500 changes, CPU per change
    args.durable_rounds = 2 if args.quick else 6
    args.peer_rounds = 1 if args.quick else 3
    only = [s for s in args.only.split(",") if s]
    unknown = set(only) - set(SECTIONS)
    if unknown:
        parser.error(f"unknown section(s): {sorted(unknown)}")
    OUT.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    results: dict = {
        "machine": machine(),
        "quick": args.quick,
        "rolls": args.rolls,
        "browser_rolls": args.browser_rolls,
        "runs": args.runs,
        "sections": only,
        "load": {},
        "errors": {},
    }
    log(
        f"machine: {results['machine']['cpu']}, {results['machine']['cores']} cores, "
        f"load {os.getloadavg()[0]:.2f}"
    )
    runners = {
        "peers": run_peers,
        "writer": run_writer,
        "die": run_die,
        "durable": run_durable,
        "startup": run_startup,
        "footprint": run_footprint,
        "page": run_page,
        "pi": run_pi,
        "slow": run_slow,
    }
    for name in SECTIONS:
        if name not in only:
            continue
        before = os.getloadavg()[0]
        section_start = time.perf_counter()
        try:
            runners[name](args, results)
        except Exception:  # one broken section must not lose the others' figures
            results["errors"][name] = traceback.format_exc()
            log(f"{name} FAILED:\n{results['errors'][name]}")
        results["load"][name] = {
            "before": before,
            "after": os.getloadavg()[0],
            "seconds": time.perf_counter() - section_start,
        }
    results["seconds"] = time.perf_counter() - started
    full = only == list(SECTIONS) and not args.quick  # only this rewrites bench/README.md
    (OUT / ("results.json" if full else "results.partial.json")).write_text(
        json.dumps(results, indent=1, default=str)
    )
    if full:
        report.write(results)
        log(f"wrote bench/README.md ({results['seconds']:.0f} s)")
    else:
        report.write(results, path=OUT / "README.partial.md")
        log(f"partial or quick run: wrote bench/out/README.partial.md ({results['seconds']:.0f} s)")
    return 1 if results["errors"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
