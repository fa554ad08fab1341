"""Guards that the suite once let slip (each of these bugs, put back, passed 1,467 tests):
the journal opened without ``synchronous=FULL``, and a snapshot made before an undo used
anyway on rebuild."""

from __future__ import annotations

import sqlite3

from companion.play.table import Viewer
from companion.storage.journal import Journal
from companion.writer.service import Service

ADMIN = Viewer(admin=True)


def test_the_journal_waits_for_the_disk_on_every_commit(db_path):
    """``synchronous=FULL`` in WAL mode: an acknowledged action survives a power cut. OFF
    or NORMAL lose the last commits when the power goes (SQLite's own documentation)."""
    with Journal(db_path) as journal:
        connection = journal._db
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert connection.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def scores(service: Service, table_id: str) -> list[int]:
    return service.view(table_id, ADMIN)["state"]["scores"]


def test_a_snapshot_taken_before_an_undo_is_never_used_on_rebuild(db_path):
    """A snapshot at position 3 taken while +1,+2,+3 were in effect; then +3 is undone and +5
    takes position 3. Rebuilding must not start from the old snapshot (which has +3)."""
    journal = Journal(db_path)
    with Service(journal, snapshot_every=3) as service:
        tid = service.create_table("tally", ["Ann", "Bruno"], {"target": 1000})["id"]
        for amount in (1, 2, 3):
            service.act(tid, {"type": "add", "seat": 0, "amount": amount}, ADMIN)
        service.call(lambda: None)  # the snapshot task queued by the third action has run
        assert [p for p, _ in journal.snapshots(tid)] == [3]
        service.undo(tid, ADMIN)
        service.act(tid, {"type": "add", "seat": 0, "amount": 5}, ADMIN)
        live = scores(service, tid)
    journal.close()
    assert live == [8, 0]
    # keep only the snapshot taken before the undo (the one after it is a lost cache): the
    # rebuild must see that its last version is no longer in effect, and replay instead
    with sqlite3.connect(db_path) as db:
        db.execute("DELETE FROM snapshots WHERE table_id=? AND last_version != 3", (tid,))
        assert db.execute(
            "SELECT position, last_version FROM snapshots WHERE table_id=?", (tid,)
        ).fetchall() == [(3, 3)]
    journal = Journal(db_path)
    with Service(journal, snapshot_every=3) as again:
        assert scores(again, tid) == live
    journal.close()
