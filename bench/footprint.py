"""4. Footprint: ``companion serve --sim`` as a subprocess (the real command line), its
resident memory (VmRSS from /proc) idle and during a game with 8 SSE streams, and cold
start to serving the first page (spawn to the first 200 on ``/``).

The game: Abilene, 4 players; the 8 streams are the tablet, the four phones (joined through
their QR links) and public pages, in turn. Each turn the tablet presses *Roll* (the
simulated reader throws: pty, pyserial, the prompt, the journal, the streams) and then ends
the turn, waiting each time for every stream to receive the new state.
"""

from __future__ import annotations

import os
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.clients import SSEClients
from bench.common import PLAYERS, median
from bench.serve import Serve, cpu_seconds

GAME = "abilene"


def cold_starts(folder: Path, runs: int = 5, label: str = "serve-start") -> dict:
    """Spawn to first page, ``runs`` times. A folder that already holds a journal is
    reused each time (its pages dropped from the page cache first, as after a power cut);
    otherwise each run starts on a fresh, empty folder."""
    from bench.durable import drop_cache

    database = folder / "companion.sqlite"
    reuse = database.exists()
    times, cpu = [], []
    for run in range(runs):
        if reuse:
            drop_cache(database)
        with Serve(folder if reuse else folder / f"start-{run}", label=f"{label}-{run}") as serve:
            times.append(serve.first_page_s)
            cpu.append(serve.first_page_cpu_s)
    return {
        "median_s": median(times),
        "max_s": max(times),
        "first_s": times[0],
        "cpu_median_s": median(cpu),
        "runs": runs,
    }


def game_memory(
    folder: Path, streams: int = 8, turns: int = 250, idle_s: float = 3.0, patches: bool = True
) -> dict:
    """``patches``: the streams ask for merge patches, as the pages do; else whole views.

    CPU per change is the server process's own CPU time (``/proc/PID/stat`` utime + stime)
    over the turns (two changes each: 250 turns make 500), divided by the changes; it
    includes the driver's requests (a GET of the view, the Roll, the end of the turn: three
    requests for two changes). What the server spends idle, its streams open and nothing
    changing (keep-alives, timers, the collector), is measured separately over a span as
    long as the turns took, and reported beside it and taken out of the net figure."""
    name = "game" if patches else "game-whole"
    with Serve(folder / name, label=f"serve-{name}") as serve:
        time.sleep(idle_s)
        idle = serve.rss()[0]
        made = serve.create_table(GAME, PLAYERS)
        table_id, admin = made["id"], made["admin_token"]
        seats = [serve.join(seat["join_url"]) for seat in made["seats"]]
        tokens = [admin, *seats, None]
        viewers = [
            {"Authorization": f"Bearer {tokens[i % len(tokens)]}"}
            if tokens[i % len(tokens)]
            else {}
            for i in range(streams)
        ]
        table_rss = serve.rss()[0]
        samples = []
        path = f"/api/tables/{table_id}/events" + ("?patch=merge" if patches else "")
        with SSEClients(serve.port, path, viewers) as clients:
            version = 0
            clients.wait(version)
            before_bytes = clients.bytes
            cpu = cpu_seconds(serve.proc.pid)
            started = time.perf_counter()
            for _ in range(turns):
                view = serve.api("GET", f"/api/tables/{table_id}", token=admin)
                seat = view["prompt"]["seat"]
                serve.api("POST", f"/api/tables/{table_id}/roll", {}, token=admin)
                clients.wait(version + 1)
                done = serve.api(
                    "POST",
                    f"/api/tables/{table_id}/actions",
                    {"action": {"type": "end_turn", "seat": seat}},
                    token=admin,
                )
                version = done["version"]
                clients.wait(version)
                samples.append(serve.rss()[0])
            elapsed = time.perf_counter() - started
            cpu = cpu_seconds(serve.proc.pid) - cpu
            streams_bytes = clients.bytes - before_bytes
            idle_cpu = cpu_seconds(serve.proc.pid)
            time.sleep(elapsed)  # the same span, nothing changing
            idle_cpu = cpu_seconds(serve.proc.pid) - idle_cpu
        rss, hwm = serve.rss()
        return {
            "idle_kib": idle,
            "with_table_kib": table_rss,
            "game_max_kib": max(samples),
            "game_end_kib": rss,
            "peak_hwm_kib": hwm,
            "turns": turns,
            "actions": version,
            "streams": streams,
            "seconds": elapsed,
            "stream_bytes": streams_bytes,
            "patches": patches,
            "cpu_s": cpu,
            "cpu_ms_per_change": cpu * 1000 / version,
            "idle_cpu_s": idle_cpu,
            "net_cpu_ms_per_change": (cpu - idle_cpu) * 1000 / version,
            "net_cpu_ms_per_change_per_stream": (cpu - idle_cpu) * 1000 / version / streams,
            "clock_tick_ms": 1000 / os.sysconf("SC_CLK_TCK"),
            "bytes_per_change_per_stream": streams_bytes / version / streams,
        }


def churn_memory(folder: Path, actions: int = 2000, connects: int = 2000, at_once: int = 8) -> dict:
    """The two moments: the RSS after ``actions`` changes made over the API (one
    stream open throughout), then after ``connects`` stream connections, ``at_once`` at a
    time, each opened with a seat's token, read to its first event and closed by the client
    (a phone that sleeps and wakes). VmRSS right after each, again after a second's rest,
    and VmHWM (the peak) at the end."""
    with Serve(folder / "churn", label="serve-churn") as serve:
        time.sleep(1.0)
        idle = serve.rss()[0]
        done = 0
        while done < actions:  # a game that ends before is followed by the next
            made = serve.create_table(GAME, PLAYERS)
            table_id, admin = made["id"], made["admin_token"]
            seats = [serve.join(seat["join_url"]) for seat in made["seats"]]
            path = f"/api/tables/{table_id}/events?patch=merge"
            table = f"/api/tables/{table_id}"
            version = 0
            with SSEClients(serve.port, path, [{"Authorization": f"Bearer {admin}"}]) as one:
                while done < actions:
                    view = serve.api("GET", table, token=admin)
                    if view["table"]["ended"]:
                        break
                    seat = view["prompt"]["seat"]
                    serve.api("POST", f"{table}/roll", {}, token=admin)
                    one.wait(version + 1)  # the reader's throw, on the stream
                    end = {"action": {"type": "end_turn", "seat": seat}}
                    version = serve.api("POST", f"{table}/actions", end, token=admin)["version"]
                    done += 2
                one.wait(version)
        after_actions = serve.rss()[0]
        time.sleep(1.0)
        after_actions_rest = serve.rss()[0]

        def connect(number: int) -> bool:
            token = seats[number % len(seats)]
            with socket.create_connection(("127.0.0.1", serve.port), timeout=10) as sock:
                sock.sendall(
                    f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n".encode()
                )
                got = b""
                while True:  # the reply's head and its first whole event
                    _, ended, body = got.partition(b"\r\n\r\n")
                    if ended and b"\n\n" in body:
                        break
                    chunk = sock.recv(65536)
                    if not chunk:
                        break
                    got += chunk
                return got.startswith(b"HTTP/1.1 200")

        with ThreadPoolExecutor(at_once) as pool:
            answered = sum(pool.map(connect, range(connects)))
        after_connects = serve.rss()[0]
        time.sleep(1.0)
        rss, hwm = serve.rss()
        return {
            "idle_kib": idle,
            "actions": done,
            "after_actions_kib": after_actions,
            "after_actions_rest_kib": after_actions_rest,
            "connects": connects,
            "connects_answered": answered,
            "at_once": at_once,
            "after_connects_kib": after_connects,
            "after_connects_rest_kib": rss,
            "peak_hwm_kib": hwm,
        }
