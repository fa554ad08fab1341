"""2. Durable actions per second, and 3. start-up after a power cut.

2: acknowledged actions on one Abilene table through ``Service.act`` (journal in WAL with
synchronous=FULL, as shipped), one caller waiting for each acknowledgement, against the
floor: the very same rows inserted by a bare loop of BEGIN IMMEDIATE / INSERT / COMMIT on a
connection with WAL + synchronous=FULL, in the same folder. The two run in turns, in
chunks, so the disk and the machine are as busy for one as for the other.

3: a journal of 10,000 actions (5,000 Abilene turns: the five dice, then end of turn), built
quickly with synchronous=OFF (only the building; the rebuild is what is timed), with its
snapshots (every 200 actions, the default) and a copy without them. Each rebuild runs in a
fresh process (``python -m bench.durable rebuild PATH``), timing ``Service(Journal(path))``
with the file's pages first dropped from the page cache (as after a power cut) and then
again warm; the process's CPU time for the cold rebuild is kept too (on a busy machine the
wall time measures the neighbours as well).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from bench.common import PLAYERS, PYTHON, ROOT, bare_sqlite, median, percentile
from companion.access.idempotency import Request

GAME = "abilene"


def _play(service, table_id: str, turns: int, rng: random.Random, key: str) -> list[float]:
    """``turns`` turns (throw, end of turn); returns each action's acknowledgement time."""
    from companion.play.table import Viewer

    admin = Viewer(admin=True)
    table = service.tables[table_id]
    from companion.rules.dice import FACES

    acks = []
    for turn in range(turns):
        prompt = table.game.prompt(table.state)
        dice = [rng.choice(FACES[kind]) for kind in prompt["dice"]]
        for n, action in enumerate(
            ({**prompt["action"], "dice": dice}, {"type": "end_turn", "seat": prompt["seat"]})
        ):
            start = time.perf_counter()
            service.act(table_id, action, admin, request=Request(f"{key}-{turn:06d}-{n}", "fp"))
            acks.append(time.perf_counter() - start)
    return acks


# -- 2. durable actions --------------------------------------------------------------------
def actions_per_second(folder: Path, rounds: int = 6, turns_per_round: int = 100) -> dict:
    from companion.storage.journal import Journal
    from companion.storage.schema import SCHEMA
    from companion.writer.service import Service

    rng = random.Random(7)
    journal = Journal(folder / "companion.sqlite")
    bare = bare_sqlite(folder / "bare.sqlite")
    bare.executescript(SCHEMA)
    mode = bare.execute("PRAGMA synchronous").fetchone()[0]
    companion_acks, bare_commits = [], []
    with Service(journal) as service:
        table_id = service.create_table(GAME, PLAYERS, {})["id"]
        done = 0
        for round_ in range(rounds):
            companion_acks += _play(service, table_id, turns_per_round, rng, f"r{round_}")
            rows = journal._db.execute(
                "SELECT * FROM entries WHERE table_id=? AND version>? ORDER BY version",
                (table_id, done),
            ).fetchall()
            done += len(rows)
            for row in rows:  # the very same rows, nothing around them
                start = time.perf_counter()
                bare.execute("BEGIN IMMEDIATE")
                bare.execute("INSERT INTO entries VALUES (?,?,?,?,?,?,?,?)", row)
                bare.execute("COMMIT")
                bare_commits.append(time.perf_counter() - start)
        profile = _profile_writer(service, table_id, rng)
    journal.close()
    bare.close()
    return {
        "companion": _rate(companion_acks),
        "floor": _rate(bare_commits),
        "profile": profile,
        "synchronous": {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}.get(mode, mode),
        "ratio": len(companion_acks)
        / sum(companion_acks)
        / (len(bare_commits) / sum(bare_commits)),
    }


def _profile_writer(service, table_id: str, rng: random.Random, turns: int = 200) -> str:
    """pyinstrument over further actions (not in the figures), on this thread: a change
    made with ``Service.call`` runs on the calling thread when the writer is free."""
    from pyinstrument import Profiler

    from bench.common import OUT

    profiler = Profiler(interval=0.0002)
    profiler.start()
    _play(service, table_id, turns, rng, "profiled")
    profiler.stop()
    text = profiler.output_text(unicode=True, show_all=False)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "profile-durable-writer.txt").write_text(text)
    return text


def _rate(times: list[float]) -> dict:
    return {
        "n": len(times),
        "per_s": len(times) / sum(times),
        "p50_ms": percentile(times, 50) * 1000,
        "p99_ms": percentile(times, 99) * 1000,
    }


# -- 3. start-up after a power cut ---------------------------------------------------------
def build_journal(folder: Path, actions: int = 10_000) -> tuple[Path, Path]:
    """Two copies of one journal of ``actions`` actions: with its snapshots, without."""
    from companion.storage.journal import Journal
    from companion.writer.service import Service

    with_snaps = folder / "with-snapshots" / "companion.sqlite"
    journal = Journal(with_snaps)
    journal._db.execute("PRAGMA synchronous=OFF")  # building only: this is not timed
    with Service(journal) as service:
        table_id = service.create_table(GAME, PLAYERS, {})["id"]
        _play(service, table_id, actions // 2, random.Random(11), "build")
        service.call(lambda: None)  # the queued snapshots are written
    journal.close()  # the last connection checkpoints the WAL into the file
    without = folder / "without-snapshots" / "companion.sqlite"
    without.parent.mkdir(parents=True)
    shutil.copy(with_snaps, without)
    db = sqlite3.connect(without)
    db.execute("DELETE FROM snapshots")
    db.commit()
    db.execute("VACUUM")
    db.close()
    return with_snaps, without


def describe_journal(path: Path) -> dict:
    db = sqlite3.connect(path)
    entries, entry_bytes = db.execute("SELECT count(*), sum(length(entry)) FROM entries").fetchone()
    snaps, snap_bytes = db.execute(
        "SELECT count(*), coalesce(sum(length(state)), 0) FROM snapshots"
    ).fetchone()
    db.close()
    return {
        "entries": entries,
        "entry_bytes": entry_bytes,
        "snapshots": snaps,
        "snapshot_bytes": snap_bytes,
        "file_bytes": os.path.getsize(path),
    }


def rebuild_times(path: Path, runs: int = 5) -> dict:
    cold, warm, cpu = [], [], []
    for _ in range(runs):
        out = subprocess.run(
            [PYTHON, "-m", "bench.durable", "rebuild", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if out.returncode:  # say why, not only that it failed
            raise RuntimeError(
                f"bench.durable rebuild exited {out.returncode}: {out.stderr.strip()[-1500:]}"
            )
        figures = json.loads(out.stdout)
        cold.append(figures["cold"])
        warm.append(figures["warm"])
        cpu.append(figures["cold_cpu"])
    return {
        "cold_median_s": median(cold),
        "cold_max_s": max(cold),
        "warm_median_s": median(warm),
        "cold_cpu_median_s": median(cpu),
        "runs": runs,
    }


def drop_cache(path: Path) -> None:
    for name in (path, Path(str(path) + "-wal"), Path(str(path) + "-shm")):
        if name.exists():
            fd = os.open(name, os.O_RDONLY)
            try:
                os.fsync(fd)
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)


def _rebuild_once(path: str) -> None:
    """In a fresh process: time Service(Journal(path)), cold then warm."""
    from companion.storage.journal import Journal
    from companion.writer.service import Service

    figures = {}
    for label in ("cold", "warm"):
        if label == "cold":
            drop_cache(Path(path))
        start, cpu = time.perf_counter(), time.process_time()
        journal = Journal(path)
        service = Service(journal)  # loads every table in this thread; starts no thread
        figures[label] = time.perf_counter() - start
        figures[f"{label}_cpu"] = time.process_time() - cpu
        if not service.tables or max(t.version for t in service.tables.values()) < 1:
            raise SystemExit("nothing was rebuilt")
        service.close()
        journal.close()
    print(json.dumps(figures))


def profile_rebuild(path: Path, out: Path) -> None:
    subprocess.run(
        [PYTHON, "-m", "bench.durable", "profile", str(path), str(out)],
        cwd=ROOT,
        check=True,
        timeout=120,
    )


def _profile_once(path: str, out: str) -> None:
    from pyinstrument import Profiler

    import companion.games.abilene.game  # noqa: F401  (the import is not what is profiled)
    from companion.storage.journal import Journal
    from companion.writer.service import Service

    profiler = Profiler(interval=0.0005)
    profiler.start()
    journal = Journal(path)
    service = Service(journal)
    profiler.stop()
    service.close()
    journal.close()
    Path(out).write_text(profiler.output_text(unicode=True, show_all=False))


if __name__ == "__main__":
    if sys.argv[1] == "rebuild":
        _rebuild_once(sys.argv[2])
    elif sys.argv[1] == "profile":
        _profile_once(sys.argv[2], sys.argv[3])
