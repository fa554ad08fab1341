"""What a database holds after a crash, read independently of the server that wrote it.

The files are copied first (database, WAL, shared memory) exactly as the crash left them;
the copy is opened with :class:`companion.journal.Journal` (SQLite runs its own WAL
recovery on it) and each table is rebuilt twice with :class:`companion.table.Table`: by a
clean replay of every entry, and the way start-up does it, from the newest usable
snapshot. The two must agree (a snapshot can never change the money).
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from companion.journal import Entry, Journal, TableRecord
from companion.rules import registry
from companion.table import Table, Viewer

DB_NAME = "companion.sqlite"
SUFFIXES = ("", "-wal", "-shm")


def plain(value):
    """A value as it looks after a trip through JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def copy_database(source_dir: Path, target_dir: Path, name: str = DB_NAME) -> Path:
    """Copy the database and its WAL/shm files as they are on disk now."""
    target_dir.mkdir(parents=True, exist_ok=True)
    for suffix in SUFFIXES:
        source = Path(source_dir) / (name + suffix)
        if source.exists():
            shutil.copyfile(source, target_dir / (name + suffix))
    return target_dir / name


@dataclass
class Recovered:
    record: TableRecord
    entries: list[Entry]
    snapshots: int
    table: Table  # rebuilt by a clean replay of every entry

    def view(self, viewer: Viewer) -> dict:
        return plain(self.table.view(viewer))

    def log(self, viewer: Viewer) -> list:
        return plain(self.table.log_for(viewer))


def recover(database: Path) -> dict[str, Recovered]:
    """Every table in ``database`` (a copy: opening it runs SQLite's recovery on it)."""
    out = {}
    with Journal(database) as journal:
        for record in journal.tables(include_ended=True):
            game = registry.game(record.game)
            entries = journal.entries(record.id)
            snapshots = journal.snapshots(record.id)
            clean = Table(record, game, entries)
            started = Table(record, game, entries, snapshots)
            assert plain(started.state) == plain(clean.state), (
                f"table {record.id}: start-up from a snapshot differs from a clean replay")
            assert [e.version for e in entries] == list(range(1, len(entries) + 1)), (
                f"table {record.id}: versions are not 1..n")
            if clean.ended:
                assert record.ended, f"table {record.id}: game over but not marked ended"
            out[record.id] = Recovered(record, entries, len(snapshots), clean)
    return out


def without_draws(action: dict) -> dict:
    return {k: v for k, v in action.items() if k != "drawn"}
