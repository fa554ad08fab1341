"""What a database holds after a crash, read independently of the server that wrote it.

The files are copied first (database, WAL, shared memory) exactly as the crash left them;
the copy is opened with :class:`companion.storage.journal.Journal` (SQLite runs its own WAL
recovery on it) and each table is rebuilt twice with :class:`companion.play.table.Table`: by a
clean replay of every entry, and the way start-up does it, from the newest usable
snapshot (by the service's own loader). The two must agree (a snapshot can never change the
money).
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from companion.known_games import registry
from companion.play.table import Table, Viewer
from companion.storage.journal import Entry, Journal, TableRecord
from companion.writer.service import Service

DB_NAME = "companion.sqlite"
SUFFIXES = ("", "-wal", "-shm", ".heads")  # .heads: the witness (companion/storage/witness.py)


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


def recover(database: Path, accept_loss: bool = False) -> dict[str, Recovered]:
    """Every table in ``database`` (a copy: opening it runs SQLite's recovery on it)."""
    out = {}
    with Journal(database, accept_loss=accept_loss) as journal:
        started = Service(journal)  # loads every table as start-up does; no thread runs
        for record in journal.tables(include_ended=True):
            game = registry.game(record.game)
            entries = journal.entries(record.id)
            snapshots = journal.snapshots(record.id)
            clean = Table(record, game, entries)
            assert plain(started.tables[record.id].state) == plain(clean.state), (
                f"table {record.id}: start-up from a snapshot differs from a clean replay"
            )
            assert [e.version for e in entries] == list(range(1, len(entries) + 1)), (
                f"table {record.id}: versions are not 1..n"
            )
            if clean.ended:
                assert record.ended, f"table {record.id}: game over but not marked ended"
            out[record.id] = Recovered(record, entries, len(snapshots), clean)
    return out


# What the table adds to an action before it is journalled, which no client sends: the
# draws it resolved, what a game's card catalogue already knew
# (companion/storage/card_catalogue.py), and the public facts a game notes of the move
# (companion/play/log_notes.py: the coins a fix moved).
ADDED_BY_THE_TABLE = ("drawn", "known", "noted")


def without_draws(action: dict) -> dict:
    return {k: v for k, v in action.items() if k not in ADDED_BY_THE_TABLE}


def seen_by_everyone(recovered: dict) -> dict:
    """Per table: the tablet's view, every seat's view and the tablet's log, as JSON."""
    out = {}
    for table_id, rec in recovered.items():
        seats = range(len(rec.record.players))
        out[table_id] = {
            "admin": rec.view(Viewer(admin=True)),
            "seats": [rec.view(Viewer(seat=s)) for s in seats],
            "log": rec.log(Viewer(admin=True)),
        }
    return out


def replay_in_fresh_process(database: Path) -> dict:
    """The same replay in a new interpreter, so it runs the rules code the restarted server
    loaded (the game modules may have been edited since this test process imported them)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "tests.support.reliability.recovery", str(database)],
        capture_output=True,
        timeout=300,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return json.loads(done.stdout)


if __name__ == "__main__":
    import sys

    from tests.support.tally import game as tally

    registry.register(tally)
    copy = copy_database(Path(sys.argv[1]).parent, Path(sys.argv[1]).parent / "fresh")
    print(json.dumps(seen_by_everyone(recover(copy))))
