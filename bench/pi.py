"""7. Pi budgets: the servers of section 0 and of section 1 again, each with the server
process *alone* held to a CPU quota of one core (:mod:`bench.cgroup`; period 10 ms), at 10 %
and 25 %, in the same run.

Per quota: the shared harness as it is (``bgio/run.sh`` and ``companion_http.py``, which put
the server they start into ``$PEER_CGROUP``), on boardgame.io, the durable floor
(``bench/durable_floor.py``) and each companion of ``bench.peer_companion.VARIANTS``,
N = 1, 8, 32; then die → the last of 8 screens (``bench/die_to_screen.py``: the companion's
host process and the floor's, each put into the group once it has started, measured in
turns). The clients run outside the group. The kernel's count of the periods in which the
group was held (``nr_throttled``) is kept with each quota's figures.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from bench.cgroup import CpuQuota, unavailable
from bench.common import OUT, free_port
from bench.peer_companion import CPU_FILE, VARIANTS, cpu_lines
from bench.peers import PEER_VENV, PEERS, _run, launcher, parse
from bench.report_peers import NS

QUOTAS = (10, 25)  # percent of one core


def _again_once(command: list[str], env: dict[str, str], retried: list[str]) -> str:
    """The harness once more if it gave up on a server that was not up in time: at 10 % of
    a core the companion's start (about 0.7 s of CPU) takes 7 s or more, and the harness
    waits 20 s for it, which a busy machine can exceed. Each retry is kept and reported."""
    try:
        return _run(command, env)
    except RuntimeError as error:
        if "Connection refused" not in str(error):
            raise
        retried.append(" ".join(f"{k}={v}" for k, v in env.items() if k.startswith("BENCH_")))
        if CPU_FILE in env:  # what the servers that did start wrote: from the top again
            Path(env[CPU_FILE]).unlink(missing_ok=True)
        return _run(command, env)


def harness_under(quota: CpuQuota, k: int) -> dict[str, Any]:
    """boardgame.io, the durable floor and every companion variant, their servers in
    ``quota``; the harness's lines and figures (labels as in section 0)."""
    env = {"PEER_CGROUP": str(quota.path)}
    bgio = _run(
        ["bash", str(PEERS / "bgio" / "run.sh")], {**env, "K": str(k), "PORT": str(free_port())}
    )
    harness = [str(PEER_VENV / "bin" / "python"), str(PEERS / "companion_http.py"), "--k", str(k)]
    floor = launcher("bench.durable_floor", "durable-floor-peer")
    retried: list[str] = []
    durable = _again_once([*harness, str(floor)], env, retried)
    text = bgio + durable.replace("companion N=", "durable N=")
    cpu: dict[str, dict[str, float]] = {}
    for label, variant in VARIANTS.items():
        spent = OUT / f"cpu-{quota.percent:g}-{label}.jsonl"
        spent.unlink(missing_ok=True)
        lines = _again_once(
            [*harness, str(launcher())], {**env, **variant, CPU_FILE: str(spent)}, retried
        )
        text += lines.replace("companion N=", f"{label} N=")
        cpu[label] = dict(zip(NS, cpu_lines(spent)))
    return {"figures": parse(text), "lines": text.splitlines(), "cpu_ms": cpu, "retried": retried}


def die_under(quota: CpuQuota, folder: Path, rolls: int, screens: int = 8) -> dict[str, Any]:
    """Die → the last of ``screens`` SSE clients, the companion and the floor in turns, each
    server's process in ``quota`` (its start-up is not: only the rolls are timed)."""
    from bench.die_to_screen import Case, ClientScreens, Host, in_turns

    label = f"pi-{quota.percent:g}"
    hosts = {
        "companion": Host("companion", folder / label, f"companion-{label}"),
        "floor": Host("floor", label=f"floor-{label}"),
    }
    cases: dict[str, Case] = {}
    try:
        for host in hosts.values():
            quota.add(host.proc.pid)
        cases = {name: Case(host, ClientScreens(host, screens)) for name, host in hosts.items()}
        return in_turns(cases, rolls)
    finally:
        for case in cases.values():
            case.screens.close()
        for host in hosts.values():
            host.close()


def budgets(folder: Path, rolls: int, k: int, log=print) -> dict[str, Any]:
    """Every quota's figures; ``{"not_run": why}`` when no quota can be made here."""
    why = unavailable()
    if why:
        return {"not_run": why}
    if not (PEERS / "bgio" / "run.sh").exists():
        return {"not_run": f"the peer harness is not at {PEERS}"}
    out: dict[str, Any] = {"quotas": {}, "k": k, "rolls": rolls, "harness": str(PEERS)}
    for percent in QUOTAS:
        with CpuQuota(percent) as quota:
            out["cgroup"] = quota.kind
            load = os.getloadavg()[0]
            log(f"pi: {percent} % of a core: boardgame.io, the durable floor, the companions")
            one: dict[str, Any] = harness_under(quota, k)
            log(f"pi: {percent} % of a core: die to 8 screens, {rolls} rolls per server")
            one["die_8"] = die_under(quota, folder, rolls)
            one["throttled"] = quota.throttled()
            one["load"] = [load, os.getloadavg()[0]]
            out["quotas"][str(percent)] = one
    return out
