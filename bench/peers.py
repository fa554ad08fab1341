"""0. The companion beside boardgame.io and a bare SSE floor, measured by the shared peer
harness in ``../shared/peers/`` (called as it is; nothing of it is copied here).

One round: ``bgio/run.sh`` (boardgame.io 0.50.2 over socket.io), ``sse_floor.py --trigger
http`` (Flask + waitress SSE, each event triggered by a POST: the floor),
``companion_http.py`` (the companion over HTTP: ``first_player`` then ``undo``, one tablet
and N−1 public viewers, each its own device), then ``companion_http.py`` again on the
companion with every change through Flask's request context (before ``web/fast.py``) and on
the durable floor (``bench/durable_floor.py``: the companion's waitress set-up doing nothing
but one ``synchronous=FULL`` commit per change), one after another, N = 1, 8, 32, K = 200
changes 20 ms apart. The companion is started through ``bench/peer_companion.py`` (the
harness's clients keep no cookies: see there). Every line the harness prints is kept.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from bench.common import OUT, PYTHON, ROOT
from bench.peer_companion import CPU_FILE, VARIANTS, cpu_lines


def _harness() -> Path:
    """``../shared/peers`` beside the project (or beside its worktrees' folder), or
    ``$PEERS_DIR``."""
    if os.environ.get("PEERS_DIR"):
        return Path(os.environ["PEERS_DIR"])
    for base in (ROOT.parent, ROOT.parent.parent):
        if (base / "shared" / "peers" / "run_peers.sh").exists():
            return base / "shared" / "peers"
    return ROOT.parent / "shared" / "peers"


PEERS = _harness()
PEER_VENV = Path(os.environ.get("PEER_VENV", "/tmp/peer-venv"))
LINE = re.compile(r"^(\S+) N=(\d+) p50=([\d.]+) p99=([\d.]+) max=([\d.]+)")


def launcher(
    module: str = "bench.peer_companion",
    name: str = "companion-peer",
    env: dict[str, str] | None = None,
) -> Path:
    """An executable the harness can start as ``COMPANION_BIN``: this tree's companion (or
    ``module``, such as the durable floor, ``bench/durable_floor.py``), with ``env`` set for
    the server alone (such as ``LD_PRELOAD``: ``bench/slow.py``)."""
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / name
    assigned = "".join(f"{key}={shlex.quote(value)} " for key, value in (env or {}).items())
    path.write_text(
        f'#!/bin/sh\ncd "{ROOT}" && {assigned}exec "{PYTHON}" -m {module} "$@"\n',
        encoding="utf-8",
    )
    path.chmod(0o755)
    return path


def parse(text: str) -> dict[str, dict[str, dict]]:
    """``{label: {N: {"p50", "p99", "max"}}}`` from the harness's lines."""
    out: dict[str, dict[str, dict]] = {}
    for line in text.splitlines():
        hit = LINE.match(line.strip())
        if hit:
            label, n, p50, p99, top = hit.groups()
            out.setdefault(label, {})[n] = {
                "p50": float(p50),
                "p99": float(p99),
                "max": float(top),
            }
    return out


def _run(command: list[str], env: dict | None = None, timeout: float = 600) -> str:
    done = subprocess.run(
        command,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    text = done.stdout + done.stderr
    if done.returncode != 0:
        raise RuntimeError(f"{command[0]} exited {done.returncode}: {text[-1500:]}")
    return text


def one_round(index: int) -> dict:
    """bgio, the floor driven over HTTP, then the companion; their lines and figures."""
    if not (PEERS / "run_peers.sh").exists():
        raise FileNotFoundError(f"the peer harness is not at {PEERS}")
    load = os.getloadavg()[0]
    # run_peers.sh makes the harness's venv (flask, waitress) and boardgame.io's install
    bgio_and_floor = _run(["bash", str(PEERS / "run_peers.sh")], {"FLOOR_ARGS": "--trigger http"})
    harness = [str(PEER_VENV / "bin" / "python"), str(PEERS / "companion_http.py")]
    # the product and each what-if (bench/peer_companion.py), then the durable floor: their
    # lines relabelled, so they are told apart
    companions, cpu = "", {}
    for label, env in VARIANTS.items():
        spent = OUT / f"cpu-free-{label}.jsonl"
        spent.unlink(missing_ok=True)
        lines = _run([*harness, str(launcher())], {**env, CPU_FILE: str(spent)})
        companions += lines.replace("companion N=", f"{label} N=")
        cpu[label] = dict(zip(("1", "8", "32"), cpu_lines(spent)))
    floor = launcher("bench.durable_floor", "durable-floor-peer")
    durable = _run([*harness, str(floor)]).replace("companion N=", "durable N=")
    text = bgio_and_floor + companions + durable
    (OUT / f"peers-round-{index}.txt").write_text(text, encoding="utf-8")
    figures = parse(text)
    return {
        "load_before": load,
        "load_after": os.getloadavg()[0],
        "figures": figures,
        "cpu_ms": cpu,  # the server's own CPU time per change, by companion and N
        "lines": [line for line in text.splitlines() if LINE.match(line.strip())],
        "lost": [line for line in text.splitlines() if "lost=" in line and "lost=0" not in line],
    }


def rounds(count: int = 3) -> dict:
    return {"rounds": [one_round(i + 1) for i in range(count)], "harness": str(PEERS)}


if __name__ == "__main__":
    import json

    print(json.dumps(rounds(int(sys.argv[1]) if len(sys.argv) > 1 else 1), indent=1))
