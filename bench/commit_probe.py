"""What one durable write costs on this disk after the machine has idled, two ways, in
turns: SQLite's WAL ``INSERT`` + ``COMMIT`` with ``synchronous=FULL`` (the journal's way),
and a bare ``pwrite`` + ``fdatasync`` into a file allocated beforehand (an append log of our
own). Each write follows 20 ms of sleep, as the harness's changes do. A probe, not a section
of ``python -m bench``: it answers whether a journal of our own would be worth its risk
(bench/README.md, "What I chose not to do").

    python -m bench.commit_probe [--writes 400] [--folder bench/out/commit_probe]
"""

from __future__ import annotations

import argparse
import os
import shutil
import time
from pathlib import Path

from bench.common import bare_sqlite, percentile

ROW = "x" * 300  # about one journal row


def probe(folder: Path, writes: int) -> dict[str, list[float]]:
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    db = bare_sqlite(folder / "journal.sqlite")
    db.execute("CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    log = os.open(folder / "append.log", os.O_RDWR | os.O_CREAT, 0o600)
    os.posix_fallocate(log, 0, 8 << 20)
    os.fsync(log)
    data, offset = ROW.encode(), 0
    times: dict[str, list[float]] = {"sqlite": [], "append": []}
    try:
        for i in range(writes):
            time.sleep(0.02)
            start = time.perf_counter()
            if i % 2:
                db.execute("BEGIN IMMEDIATE")
                db.execute("INSERT INTO rows (body) VALUES (?)", (ROW,))
                db.execute("COMMIT")
                times["sqlite"].append(time.perf_counter() - start)
            else:
                os.pwrite(log, data, offset)
                os.fdatasync(log)
                offset += len(data)
                times["append"].append(time.perf_counter() - start)
    finally:
        os.close(log)
        db.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writes", type=int, default=400)
    parser.add_argument("--folder", type=Path, default=Path("bench/out/commit_probe"))
    args = parser.parse_args()
    for name, values in probe(args.folder, args.writes).items():
        ms = [v * 1000 for v in values]
        p50, p99 = percentile(ms, 50), percentile(ms, 99)
        print(f"{name:7} p50 {p50:.3f} ms  p99 {p99:.3f} ms  ({len(ms)} writes)")


if __name__ == "__main__":
    main()
