"""The journal: an append-only SQLite log of every table's entries, plus snapshots.

SQLite in WAL mode with ``synchronous=FULL``: when :meth:`Journal.append` returns, the row is
on disk, and only then is an action acknowledged. Entries are never updated or deleted: an
undo is a new row naming the version it undoes. Snapshots are a cache for start-up speed;
each remembers the version of the last entry it includes, so a snapshot made before an undo
is recognised as stale and skipped.

Only the service's writer thread writes; a lock guards the connection anyway so that a
reader that asks (health, tests) is safe.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    seed BLOB NOT NULL,
    seed_hash TEXT NOT NULL,
    rules_version INTEGER NOT NULL,
    created TEXT NOT NULL,
    admin_hash TEXT NOT NULL,
    ended INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS entries (
    table_id TEXT NOT NULL REFERENCES tables(id),
    version INTEGER NOT NULL,
    entry TEXT NOT NULL,
    actor TEXT NOT NULL,
    source TEXT NOT NULL,
    at TEXT NOT NULL,
    idem TEXT,
    PRIMARY KEY (table_id, version)
);
CREATE UNIQUE INDEX IF NOT EXISTS entries_idem ON entries(table_id, idem) WHERE idem IS NOT NULL;
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    join_code TEXT,
    issue INTEGER NOT NULL,
    pin_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS snapshots (
    table_id TEXT NOT NULL REFERENCES tables(id),
    position INTEGER NOT NULL,
    last_version INTEGER NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (table_id, position, last_version)
);
CREATE TABLE IF NOT EXISTS cards (
    game TEXT NOT NULL,
    uid TEXT NOT NULL,
    card TEXT NOT NULL,
    PRIMARY KEY (game, uid)
);
CREATE TABLE IF NOT EXISTS reader_frames (
    device TEXT NOT NULL,
    boot TEXT NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (device, boot, seq)
);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


@dataclass(frozen=True)
class TableRecord:
    id: str
    game: str
    players: list
    options: dict
    seed: bytes
    seed_hash: str
    rules_version: int
    created: str
    admin_hash: str
    ended: bool


@dataclass(frozen=True)
class Entry:
    """One journal row. ``entry`` is ``{"kind": "action"|"undo"|"reissue", ...}``."""
    version: int
    entry: dict
    actor: str
    source: str
    at: str
    idem: str | None


class JournalError(Exception):
    """The database cannot be used as it is (damaged, or from a newer companion)."""


class Journal:
    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._receipts = threading.local()  # see with_receipt
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False,
                                       isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            check = self._db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise JournalError(f"database check failed: {check}")
            self._db.executescript(SCHEMA)
        except sqlite3.DatabaseError as error:
            raise JournalError(f"cannot open the journal {self.path}: {error}") from error
        self._closed = False

    # -- writing -------------------------------------------------------------------------
    def create_table(self, record: TableRecord, seat_rows: list[tuple[int, str, str]]) -> None:
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT INTO tables VALUES (?,?,?,?,?,?,?,?,?,?)",
                (record.id, record.game, json.dumps(record.players),
                 json.dumps(record.options), record.seed, record.seed_hash,
                 record.rules_version, record.created, record.admin_hash, 0))
            self._db.executemany(
                "INSERT INTO seats VALUES (?,?,?,?,1,NULL)",
                [(record.id, seat, token_hash, join_code)
                 for seat, token_hash, join_code in seat_rows])

    def append(self, table_id: str, entry: Entry, ended: bool = False) -> None:
        """Write one entry durably (and mark the table ended with it, atomically)."""
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT INTO entries VALUES (?,?,?,?,?,?,?)",
                (table_id, entry.version, json.dumps(entry.entry, separators=(",", ":")),
                 entry.actor, entry.source, entry.at, entry.idem))
            # every entry says whether the game is over: an undo can reopen it
            self._db.execute("UPDATE tables SET ended=? WHERE id=?", (int(ended), table_id))
            receipt = getattr(self._receipts, "frame", None)
            if receipt is not None:
                self._remember_frame(*receipt)

    @contextmanager
    def with_receipt(self, receipt: tuple[str, str, int] | None):
        """Entries appended on this thread inside the block also record that the die reader
        ``(device, boot, seq)`` frame was dealt with, in the same transaction: a host that
        restarts before the device hears its ACK then knows the resend (docs/protocol.md)."""
        self._receipts.frame = receipt
        try:
            yield
        finally:
            self._receipts.frame = None

    def remember_frame(self, device: str, boot: str, seq: int) -> None:
        """A die reader's frame the host dealt with without writing an entry."""
        with self._lock, self._transaction():
            self._remember_frame(device, boot, seq)

    def _remember_frame(self, device: str, boot: str, seq: int) -> None:
        self._db.execute("INSERT OR IGNORE INTO reader_frames VALUES (?,?,?)",
                         (device, boot, seq))
        self._db.execute(  # the reader's de-duplication window is all that is needed
            "DELETE FROM reader_frames WHERE device=? AND boot=? AND rowid NOT IN "
            "(SELECT rowid FROM reader_frames WHERE device=? AND boot=? "
            "ORDER BY rowid DESC LIMIT 64)", (device, boot, device, boot))
        self._db.execute("DELETE FROM reader_frames WHERE device=? AND boot<>?",
                         (device, boot))

    def reader_frames(self, device: str, boot: str) -> list[int]:
        """The seqs of ``device``'s boot ``boot`` the host dealt with, oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT seq FROM reader_frames WHERE device=? AND boot=? "
                                    "ORDER BY rowid", (device, boot)).fetchall()
        return [seq for (seq,) in rows]

    def reissue_seat(self, table_id: str, seat: int, token_hash: str, join_code: str,
                     entry: Entry) -> None:
        """Replace a seat's credentials and log it, in one transaction."""
        with self._lock, self._transaction():
            self._db.execute(
                "UPDATE seats SET token_hash=?, join_code=?, pin_hash=NULL, issue=issue+1 "
                "WHERE table_id=? AND seat=?", (token_hash, join_code, table_id, seat))
            self._db.execute(
                "INSERT INTO entries VALUES (?,?,?,?,?,?,?)",
                (table_id, entry.version, json.dumps(entry.entry), entry.actor,
                 entry.source, entry.at, entry.idem))

    def keep_on_tablet(self, table_id: str, seat: int, pin_hash: str, token_hash: str,
                       entry: Entry) -> None:
        """The seat will be played on the tablet behind a PIN: its join code is spent, and
        the public log says so, in one transaction."""
        with self._lock, self._transaction():
            self._db.execute("UPDATE seats SET pin_hash=?, join_code=NULL, token_hash=? "
                             "WHERE table_id=? AND seat=?",
                             (pin_hash, token_hash, table_id, seat))
            self._db.execute(
                "INSERT INTO entries VALUES (?,?,?,?,?,?,?)",
                (table_id, entry.version, json.dumps(entry.entry), entry.actor,
                 entry.source, entry.at, entry.idem))

    def set_seat_token(self, table_id: str, seat: int, token_hash: str) -> None:
        with self._lock, self._transaction():
            self._db.execute("UPDATE seats SET token_hash=? WHERE table_id=? AND seat=?",
                             (token_hash, table_id, seat))

    def pin_hashes(self, table_id: str) -> dict[int, str]:
        with self._lock:
            rows = self._db.execute("SELECT seat, pin_hash FROM seats WHERE table_id=? "
                                    "AND pin_hash IS NOT NULL", (table_id,)).fetchall()
        return dict(rows)

    def spend_join_code(self, table_id: str, seat: int, token_hash: str) -> None:
        with self._lock, self._transaction():
            self._db.execute("UPDATE seats SET join_code=NULL, token_hash=? "
                             "WHERE table_id=? AND seat=?", (token_hash, table_id, seat))

    def save_snapshot(self, table_id: str, position: int, last_version: int,
                      state: dict) -> None:
        with self._lock, self._transaction():
            self._db.execute("INSERT OR REPLACE INTO snapshots VALUES (?,?,?,?)",
                             (table_id, position, last_version,
                              json.dumps(state, separators=(",", ":"))))

    def remember_card(self, game: str, uid: str, card: str) -> None:
        with self._lock, self._transaction():
            self._db.execute("INSERT OR REPLACE INTO cards VALUES (?,?,?)", (game, uid, card))

    def set_setting(self, key: str, value: str) -> None:
        with self._lock, self._transaction():
            self._db.execute("INSERT OR REPLACE INTO settings VALUES (?,?)", (key, value))

    # -- reading -------------------------------------------------------------------------
    def tables(self, include_ended: bool = True) -> list[TableRecord]:
        query = "SELECT * FROM tables" + ("" if include_ended else " WHERE ended=0")
        with self._lock:
            rows = self._db.execute(query + " ORDER BY created, id").fetchall()
        return [TableRecord(r[0], r[1], json.loads(r[2]), json.loads(r[3]), bytes(r[4]),
                            r[5], r[6], r[7], r[8], bool(r[9])) for r in rows]

    def entries(self, table_id: str) -> list[Entry]:
        with self._lock:
            rows = self._db.execute(
                "SELECT version, entry, actor, source, at, idem FROM entries "
                "WHERE table_id=? ORDER BY version", (table_id,)).fetchall()
        return [Entry(v, json.loads(e), a, s, at, i) for v, e, a, s, at, i in rows]

    def seats(self, table_id: str) -> list[tuple[int, str, str | None, int]]:
        with self._lock:
            return self._db.execute(
                "SELECT seat, token_hash, join_code, issue FROM seats WHERE table_id=? "
                "ORDER BY seat", (table_id,)).fetchall()

    def snapshots(self, table_id: str) -> list[tuple[int, int]]:
        """(position, last_version) of each snapshot, newest position first; the state of
        one is read with :meth:`snapshot_state` (only the one start-up uses is parsed)."""
        with self._lock:
            return self._db.execute(
                "SELECT position, last_version FROM snapshots WHERE table_id=? "
                "ORDER BY position DESC", (table_id,)).fetchall()

    def snapshot_state(self, table_id: str, position: int, last_version: int) -> dict:
        with self._lock:
            row = self._db.execute(
                "SELECT state FROM snapshots WHERE table_id=? AND position=? AND "
                "last_version=?", (table_id, position, last_version)).fetchone()
        return json.loads(row[0])

    def cards(self, game: str) -> dict[str, str]:
        with self._lock:
            rows = self._db.execute("SELECT uid, card FROM cards WHERE game=?",
                                    (game,)).fetchall()
        return dict(rows)

    def setting(self, key: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT value FROM settings WHERE key=?",
                                   (key,)).fetchone()
        return row[0] if row else None

    # -- plumbing ------------------------------------------------------------------------
    def _transaction(self):
        return _Transaction(self._db)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        with self._lock:
            self._db.close()

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class _Transaction:
    """BEGIN IMMEDIATE … COMMIT, rolled back on any error (nothing half-written). A storage
    fault (disk full, I/O error, a locked file) becomes a :class:`JournalError`, which the
    web edge answers with 503 and which leaves the table as it was."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise JournalError(f"cannot write the journal: {error}") from error

    def __exit__(self, kind, error, trace) -> None:
        if kind is None:
            try:
                self.db.execute("COMMIT")
                return
            except sqlite3.Error as fault:
                self._rollback()
                raise JournalError(f"cannot commit to the journal: {fault}") from fault
        self._rollback()
        if isinstance(error, sqlite3.Error):
            raise JournalError(f"cannot write the journal: {error}") from error

    def _rollback(self) -> None:
        try:
            self.db.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # no transaction left to roll back: SQLite already did
