"""Torn writes: a power cut in the middle of writing the WAL (or worse, the database file).

A journal is written in-process (every real game, random legal play, a snapshot every 5
actions) and its files copied while it is still open, so the entries are in the WAL. Then
the copy is damaged — the WAL cut at a random byte, random bytes overwritten, the database
file cut short — and opened again. The witness (``companion/storage/witness.py``) is copied with
the files, as it sits beside them on the Pi. Start-up must either come back with every
acknowledged entry (the damage hit nothing that mattered) or refuse with a clear message,
leaving the files as they were: never a silently earlier or different game (a
torn WAL used to land on an earlier commit, 12–32 acknowledged actions gone, in silence).
After ``companion check --accept-loss`` the recovered prefix is served.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from companion.play.table import Viewer
from companion.storage.journal import Journal, JournalError
from companion.writer.service import Service
from tests.support.reliability.drive import record
from tests.support.reliability.inprocess import companion_app, new_table
from tests.support.reliability.recovery import DB_NAME, copy_database, recover
from tests.support.reliability.server import CompanionProcess, Unreachable, run_cli


def damaged_copy(image: Path, target: Path, rng: random.Random, how: str) -> Path:
    shutil.rmtree(target, ignore_errors=True)
    database = copy_database(image.parent, target)
    wal = target / (DB_NAME + "-wal")
    if rng.random() < 0.5:
        (target / (DB_NAME + "-shm")).unlink(missing_ok=True)
    data = bytearray(wal.read_bytes())
    if how == "cut":
        del data[rng.randrange(len(data) + 1) :]
    else:  # a torn sector: a run of garbage somewhere in the WAL
        start = rng.randrange(len(data))
        for i in range(start, min(len(data), start + rng.choice([1, 16, 512, 4096]))):
            data[i] = rng.randrange(256)
    wal.write_bytes(bytes(data))
    return database


def check_whole(recovered: dict, reference: dict) -> None:
    """Opened without a word: then nothing acknowledged may be missing."""
    assert set(recovered) == set(reference), "a table came back or went away in silence"
    for table_id, rec in recovered.items():
        assert rec.entries == reference[table_id], f"{table_id}: entries lost in silence"


def check_prefix(recovered: dict, reference: dict) -> int:
    """Each recovered table holds a prefix of what was written; returns entries kept."""
    kept = 0
    for table_id, rec in recovered.items():
        assert table_id in reference, "a table nobody created"
        written = reference[table_id]
        assert rec.entries == written[: len(rec.entries)], f"{table_id}: not a prefix"
        kept += len(rec.entries)
    return kept


def torn_cases(written, tmp_path, count: int, seed: int) -> dict:
    image, reference, _ = written
    rng = random.Random(seed)
    figures = {
        "cases": 0,
        "opened_whole": 0,
        "refused_clearly": 0,
        "entries_written": sum(len(v) for v in reference.values()),
        "silently_wrong": 0,
    }
    for _ in range(count):
        how = rng.choice(["cut", "cut", "garbage"])
        database = damaged_copy(image, tmp_path / "case", rng, how)
        figures["cases"] += 1
        try:
            recovered = recover(database)  # asserts snapshot start-up == clean replay
        except JournalError:
            figures["refused_clearly"] += 1
            # what was kept is still an earlier commit, should the loss be accepted
            check_prefix(recover(database, accept_loss=True), reference)
            continue
        check_whole(recovered, reference)
        figures["opened_whole"] += 1
    return figures


def test_a_torn_wal_is_refused_unless_nothing_was_lost(written, tmp_path):
    figures = torn_cases(written, tmp_path, count=25, seed=1)
    record("torn_wal_short", figures)
    assert figures["refused_clearly"] > 0


@pytest.mark.long
def test_a_torn_wal_long(written, tmp_path):
    figures = torn_cases(written, tmp_path, count=1500, seed=2)
    record("torn_wal_long", figures)


@pytest.mark.parametrize("how", ["cut", "missing"])
def test_start_up_on_a_torn_or_missing_wal_refuses_then_serves_once_accepted(
    written, tmp_path, how
):
    """The real ``companion serve`` on a torn copy, or one whose WAL is gone: one line,
    exit 3, the files untouched; ``companion check`` says so too; after ``companion check
    --accept-loss`` it serves exactly the recovered prefix."""
    image, reference, tokens = written
    data = tmp_path / "data"
    if how == "cut":
        damaged_copy(image, data, random.Random(3), "cut")
    else:
        copy_database(image.parent, data)
        (data / (DB_NAME + "-wal")).unlink()
        (data / (DB_NAME + "-shm")).unlink(missing_ok=True)
    before = {p.name: p.read_bytes() for p in data.iterdir()}
    done = refused_start(data)
    assert done.returncode == 3, done.stderr.decode()[-500:]
    line = done.stderr.decode().strip()
    assert "\n" not in line and line.startswith("companion: refusing to start: history lost")
    assert "action(s) lost" in line and b"Traceback" not in done.stderr + done.stdout
    for name, content in before.items():  # the WAL above all: the evidence stays
        if not name.endswith("-shm"):
            assert (data / name).read_bytes() == content, name
    checked = run_cli(["check", "--data", str(data)])
    assert checked.returncode == 3 and b"refused: history lost" in checked.stdout
    expected = recover(copy_database(data, tmp_path / "expected"), accept_loss=True)
    check_prefix(expected, reference)
    accepted = run_cli(["check", "--accept-loss", "--data", str(data)])
    assert accepted.returncode == 0, accepted.stdout.decode() + accepted.stderr.decode()
    config = tmp_path / "companion.toml"
    config.write_text(
        "[server]\nrequests_per_minute = 1000000\nrequests_per_minute_anonymous = 1000000\n",
        encoding="utf-8",
    )
    proc = CompanionProcess(data, config)
    try:
        client = proc.start()
        for table_id, rec in expected.items():
            live = client.get(f"/api/tables/{table_id}", tokens[table_id])
            assert live.status == 200
            assert live.json() == rec.view(Viewer(admin=True))
    except Unreachable as error:
        pytest.fail(f"the server went away: {error}")
    finally:
        proc.close()


def refused_start(data: Path):
    """``companion serve`` on a damaged journal: it must stop by itself, not serve."""
    try:
        return run_cli(
            ["serve", "--host", "127.0.0.1", "--port", "0", "--data", str(data)], limit_s=30
        )
    except subprocess.TimeoutExpired:
        pytest.fail("companion started serving a journal it cannot replay")


def checkpointed(written, target: Path) -> Path:
    """The journal with its WAL folded into the database file (as after a clean stop)."""
    image = written[0]
    database = copy_database(image.parent, target)
    with sqlite3.connect(database) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return database


@pytest.mark.parametrize("damage", ["cut_half", "cut_page", "garbage_page", "not_a_database"])
def test_a_damaged_database_file_is_refused_clearly(written, tmp_path, damage):
    """Damage to the database file itself: a JournalError and a one-line refusal from
    ``companion serve`` (exit 3), unless only a snapshot was hit and the rest is intact."""
    database = checkpointed(written, tmp_path / "data")
    (tmp_path / "data" / (DB_NAME + "-wal")).unlink(missing_ok=True)
    (tmp_path / "data" / (DB_NAME + "-shm")).unlink(missing_ok=True)
    data = bytearray(database.read_bytes())
    if damage == "cut_half":
        del data[len(data) // 2 :]
    elif damage == "cut_page":
        del data[-4096:]
    elif damage == "garbage_page":
        data[4096 * 2 : 4096 * 3] = random.Random(5).randbytes(4096)
    else:
        data[:100] = b"\0" * 100
    database.write_bytes(bytes(data))
    try:
        recovered = recover(copy_database(database.parent, tmp_path / "probe"))
    except JournalError:
        pass
    else:  # the damage hit only a cache (a snapshot): fine, if what is left is the truth
        check_prefix(recovered, written[1])
        return
    done = refused_start(tmp_path / "data")
    assert done.returncode == 3
    assert done.stderr.decode().startswith("companion: refusing to start: ")
    assert done.stderr.decode().count("\n") == 1
    assert b"Traceback" not in done.stderr + done.stdout


@pytest.mark.parametrize(
    "damage",
    [
        "substr(state, 1, length(state) / 2)",  # cannot be read: a torn page
        "replace(state, '1', '2')",  # still parses, its digits rotted: only the digest knows
    ],
)
def test_a_damaged_snapshot_is_only_a_lost_cache(written, tmp_path, damage):
    """A snapshot is a cache: one that cannot be read, or does not match its digest, must
    be passed over for an older one or a replay from the entries, and the game served as
    it was."""
    database = checkpointed(written, tmp_path / "data")
    expected = recover(copy_database(database.parent, tmp_path / "expected"))
    with sqlite3.connect(database) as db:
        damaged = db.execute(f"UPDATE snapshots SET state = {damage}").rowcount
    assert damaged > 0
    with Journal(database) as journal:
        service = Service(journal)
        for table_id, rec in expected.items():
            assert service.tables[table_id].view(Viewer(admin=True)) == rec.table.view(
                Viewer(admin=True)
            )
        assert journal.inspection.snapshot_faults


def test_a_journal_the_rules_cannot_replay_is_refused_clearly(written, tmp_path):
    """A row the rules refuse, with a chain that holds (a rules change that forgot
    RULES_VERSION, say): start-up must say which table, not print a traceback."""
    database = checkpointed(written, tmp_path / "data")
    bad = '{"kind":"action","action":{"type":"no_such_action","seat":0}}'
    with sqlite3.connect(database) as db:
        table_id, last = db.execute(
            "SELECT table_id, MAX(version) FROM entries GROUP BY table_id ORDER BY 2 DESC"
        ).fetchone()
        rehash(db, table_id, last, bad)
        db.execute("DELETE FROM snapshots WHERE table_id=?", (table_id,))  # only a cache
    (tmp_path / "data" / (DB_NAME + ".heads")).unlink()  # the witness would object first
    done = refused_start(tmp_path / "data")
    assert b"Traceback" not in done.stderr + done.stdout, done.stderr.decode()[-1500:]
    assert done.returncode == 3
    assert table_id in done.stderr.decode() and "does not replay" in done.stderr.decode()


def rehash(db, table_id: str, version: int, entry: str) -> None:
    """Change one entry and recompute its link and every later one (a forger's chain)."""
    from companion.storage import hash_chain, schema

    db.execute(
        "UPDATE entries SET entry=? WHERE table_id=? AND version=?", (entry, table_id, version)
    )
    previous = schema.geneses(db, table_id)[table_id]
    for row in schema.rows(db, table_id):
        previous = hash_chain.link(previous, row)
        db.execute(
            "UPDATE entries SET hash=? WHERE table_id=? AND version=?",
            (previous, table_id, row.version),
        )


@pytest.mark.parametrize("damage", ["changed", "deleted", "swapped"])
def test_a_damaged_or_missing_row_is_named_by_the_chain(written, tmp_path, damage):
    """Bit rot or a hand edit inside a row that still parses and that the rules would
    accept: the chain names the table and the version, and start-up refuses."""
    database = checkpointed(written, tmp_path / "data")
    with sqlite3.connect(database) as db:
        table_id, last = db.execute(
            "SELECT table_id, MAX(version) FROM entries GROUP BY table_id ORDER BY 2 DESC"
        ).fetchone()
        middle = last // 2
        if damage == "changed":  # the actor's label, say: the rules never look at it
            db.execute(
                "UPDATE entries SET actor='seat:9' WHERE table_id=? AND version=?",
                (table_id, middle),
            )
        elif damage == "deleted":
            db.execute("DELETE FROM entries WHERE table_id=? AND version=?", (table_id, middle))
        else:  # two rows' contents swapped (a misdirected write)
            one, two = (
                db.execute(
                    "SELECT entry FROM entries WHERE table_id=? AND version=?", (table_id, v)
                ).fetchone()[0]
                for v in (middle, middle + 1)
            )
            assert one != two
            for version, text in ((middle, two), (middle + 1, one)):
                db.execute(
                    "UPDATE entries SET entry=? WHERE table_id=? AND version=?",
                    (text, table_id, version),
                )
    with pytest.raises(JournalError, match=f"table {table_id}: entry v{middle} is "):
        recover(copy_database(database.parent, tmp_path / "probe"))
    done = refused_start(tmp_path / "data")
    assert done.returncode == 3
    assert f"table {table_id}: entry v{middle} is" in done.stderr.decode()


def test_the_ended_mark_follows_an_undo_of_the_last_action(tmp_path):
    """``tables.ended`` is written with the entry that ends the game; an undo of that entry
    reopens the game, so the mark must go too (the home page and start-up read it)."""
    with companion_app(tmp_path) as (service, app):
        tablet, made = new_table(app, "tally", ["Ann", "Bruno"], {"target": 3})
        assert tablet.act(made["id"], {"type": "add", "seat": 0, "amount": 3}).status_code == 200
        assert tablet.get(f"/api/tables/{made['id']}").json["table"]["ended"]
        assert tablet.post(f"/api/tables/{made['id']}/undo").status_code == 200
        assert not tablet.get(f"/api/tables/{made['id']}").json["table"]["ended"]
        record = next(r for r in service.journal.tables() if r.id == made["id"])
        assert record.ended is False
