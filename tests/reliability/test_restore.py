"""``companion restore`` and ``companion check`` as atomic, loud operations
(``companion/storage/backups.py``, ``companion/app/journal_care.py``), and the start-up refusals
they answer: a restore copies what a reader of its source sees (its WAL too), whole, synced and
renamed into place in one step, after the current files are kept; a failure leaves every file as
it was; ``--accept-loss`` keeps what it discards; an unreadable witness with no WAL is
refused; a seed that is not the committed one refuses its table; a refused start leaves no
file behind."""

from __future__ import annotations

import errno
import json
import sqlite3
from pathlib import Path

import pytest

from companion.app import cli
from companion.play.table import Viewer
from companion.storage import backups
from companion.storage.journal import Journal, JournalError
from companion.writer.service import Service
from tests.support.reliability.recovery import DB_NAME, copy_database

ADMIN = Viewer(admin=True)


def played(folder: Path, actions: int, close: bool = False) -> tuple[Path, str]:
    """A journal in ``folder`` with one tally table at version ``actions``. Copied while
    open (``close`` False): every commit is still in its WAL, as on a Pi that lost power;
    closed: one file, the WAL folded in and gone."""
    live = folder / "live"
    journal = Journal(live / DB_NAME)
    journal._db.execute("PRAGMA wal_autocheckpoint=0")  # every commit stays in the WAL
    service = Service(journal).start()
    try:
        table_id = service.create_table("tally", ["Ann", "Bruno"], {"target": 10_000})["id"]
        for _ in range(actions):
            service.act(table_id, {"type": "add", "seat": 0, "amount": 1}, ADMIN)
        service.call(lambda: None)
        copied = live / DB_NAME if close else copy_database(live, folder / "copy")
    finally:
        service.close()
        journal.close()
    return copied, table_id


def versions(database: Path) -> dict[str, int]:
    with Journal(database) as journal:
        return {r.id: len(journal.entries(r.id)) for r in journal.tables(include_ended=True)}


def files(folder: Path) -> dict[str, bytes]:
    """The journal's files in ``folder`` (not the lock a command takes)."""
    return {
        p.name: p.read_bytes()
        for p in sorted(folder.iterdir())
        if p.is_file() and p.name != "companion.lock"
    }


def run(capsys, *argv) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    said = capsys.readouterr()
    return status, said.out, said.err


def test_a_restore_from_a_journal_with_its_wal_beside_it_brings_back_all_of_it(tmp_path, capsys):
    """Before: only the main file was copied (version 15 of 23 served), while the report
    said 23 and the witness was rewritten: the loss never said."""
    source, table_id = played(tmp_path / "old", 23)
    assert (source.parent / (DB_NAME + "-wal")).stat().st_size > 0
    data = tmp_path / "data"
    current, _ = played(tmp_path / "now", 3, close=True)
    copy_database(current.parent, data)
    status, out, _ = run(capsys, "restore", "--from", str(source), "--data", str(data))
    assert status == 0
    assert f"table {table_id} at version 23" in out
    assert versions(data / DB_NAME) == {table_id: 23}


def test_a_restore_from_the_journal_in_use_is_whole_and_the_old_files_are_kept(tmp_path, capsys):
    """Before: a traceback after the journal and witness were moved aside, and the next
    start served an empty companion."""
    source, table_id = played(tmp_path / "old", 9)
    data = source.parent
    before = files(data)
    status, out, err = run(capsys, "restore", "--from", str(source), "--data", str(data))
    assert status == 0, err
    assert f"table {table_id} at version 9" in out
    assert versions(data / DB_NAME) == {table_id: 9}
    kept = files(data / "damaged-000001")
    kept.pop(DB_NAME + "-shm"), before.pop(DB_NAME + "-shm")  # an index any reader updates
    assert kept == before  # database, WAL and witness as they were, byte for byte
    assert not (data / (DB_NAME + ".restoring")).exists()


def test_a_restore_says_what_the_backup_lacks(tmp_path, capsys):
    backup, table_id = played(tmp_path / "old", 4, close=True)
    data = tmp_path / "data"
    newer, newer_id = played(tmp_path / "now", 7)
    copy_database(newer.parent, data)
    status, out, _ = run(capsys, "restore", "--from", str(backup), "--data", str(data))
    assert status == 0
    assert f"NOT RESTORED: table {newer_id} (it was at version 7)" in out


def test_a_full_card_during_the_copy_changes_nothing_and_says_so(tmp_path, capsys, monkeypatch):
    source, _ = played(tmp_path / "old", 5, close=True)
    data = tmp_path / "data"
    current, table_id = played(tmp_path / "now", 3)
    copy_database(current.parent, data)
    before = files(data)
    real = backups._fsync

    def full(path):
        if Path(path).name.endswith(".restoring"):
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path)

    monkeypatch.setattr(backups, "_fsync", full)
    status, out, err = run(capsys, "restore", "--from", str(source), "--data", str(data))
    assert status == 3 and err.count("\n") == 1, err
    assert "No space left on device" in err and "nothing was changed" in err
    assert files(data) == before  # no file moved, none left behind
    assert [p.name for p in data.iterdir() if p.is_dir()] == []
    monkeypatch.setattr(backups, "_fsync", real)
    assert versions(data / DB_NAME) == {table_id: 3}


def test_accepting_a_loss_keeps_the_files_it_discards(tmp_path, capsys):
    """Before: ``check --accept-loss`` let SQLite drop the torn WAL and kept no copy."""
    source, table_id = played(tmp_path / "old", 12)
    data = source.parent
    wal = data / (DB_NAME + "-wal")
    wal.write_bytes(wal.read_bytes()[: wal.stat().st_size // 2])  # torn
    status, _, _ = run(capsys, "check", "--data", str(data))
    assert status == 3
    before = files(data)
    status, out, _ = run(capsys, "check", "--accept-loss", "--data", str(data))
    assert status == 0
    assert "the files as they were are in" in out
    assert files(data / "damaged-000001") == before


@pytest.mark.parametrize("witness", [b"", b"{not json", b'{"tables": 3}'])
def test_an_unreadable_witness_with_no_wal_is_refused_and_left_alone(tmp_path, capsys, witness):
    """Before: an empty witness with the WAL deleted started at whatever the database
    held (15, not the acknowledged 23), said only ``witness: unreadable`` in health, and
    ``check`` exited 0 and rewrote the witness."""
    source, table_id = played(tmp_path / "old", 23)
    data = source.parent
    (data / (DB_NAME + "-wal")).unlink()
    (data / (DB_NAME + "-shm")).unlink(missing_ok=True)
    heads = data / (DB_NAME + ".heads")
    heads.write_bytes(witness)
    before = files(data)
    with pytest.raises(JournalError, match="witness .* cannot be read and there is no WAL"):
        Journal(data / DB_NAME)
    status, out, _ = run(capsys, "check", "--data", str(data))
    assert status == 3 and "refused" in out
    assert files(data) == before  # no witness rewritten, no -wal or -shm made
    status, _, _ = run(capsys, "check", "--accept-loss", "--data", str(data))
    assert status == 0  # the operator may still keep it as it is


def test_an_unreadable_witness_beside_a_wal_is_reported_not_refused(tmp_path):
    source, table_id = played(tmp_path / "old", 5)
    (source.parent / (DB_NAME + ".heads")).write_bytes(b"")
    with Journal(source) as journal:
        assert journal.inspection.witness == "unreadable"


def test_a_refused_start_leaves_no_file_behind(tmp_path):
    """Before: the read-only look made empty ``-wal`` and ``-shm`` files, left after the
    refusal."""
    database, table_id = played(tmp_path / "old", 3, close=True)
    heads = database.parent / (DB_NAME + ".heads")
    witnessed = json.loads(heads.read_text())
    witnessed["tables"][table_id][0] = 30  # 27 acknowledged actions the database lacks
    heads.write_text(json.dumps(witnessed))
    before = sorted(p.name for p in database.parent.iterdir())
    with pytest.raises(JournalError, match="history lost"):
        Journal(database)
    assert sorted(p.name for p in database.parent.iterdir()) == before


def test_a_seed_that_is_not_the_committed_one_refuses_its_table_and_health_names_it(
    tmp_path,
):
    """Before: ``UPDATE tables SET seed = randomblob(32)`` went unnoticed."""
    database, table_id = played(tmp_path / "old", 3, close=True)
    with Journal(database) as journal:
        service = Service(journal)
        other = service.create_table("tally", ["Cleo", "Dan"], {})["id"]
        service.close()
    db = sqlite3.connect(database)
    db.execute("UPDATE tables SET seed = randomblob(32) WHERE id = ?", (table_id,))
    db.commit()
    db.close()
    with Journal(database) as journal:
        service = Service(journal).start()
        try:
            assert table_id not in service.tables and other in service.tables
            health = service.health()
            assert health["tables_not_loaded"] == {
                table_id: {"game": "tally", "code": "seed_not_committed"}
            }
        finally:
            service.close()


def test_a_database_whose_last_entry_is_another_one_at_the_acknowledged_version_is_refused(
    tmp_path,
):
    """Two histories from one journal: the witness saw +1 acknowledged at version 4, the
    database holds +2 at version 4 (an older copy played on). As long, not the same."""
    database, table_id = played(tmp_path / "old", 3, close=True)
    histories = {}
    for amount in (1, 2):
        folder = tmp_path / f"history-{amount}"
        copy = copy_database(database.parent, folder)
        with Journal(copy) as journal:
            service = Service(journal)
            service.act(table_id, {"type": "add", "seat": 0, "amount": amount}, ADMIN)
            service.close()
        histories[amount] = folder
    witness = DB_NAME + ".heads"
    (histories[2] / witness).write_bytes((histories[1] / witness).read_bytes())
    with pytest.raises(JournalError, match="entry v4 is not the one acknowledged"):
        Journal(histories[2] / DB_NAME)
