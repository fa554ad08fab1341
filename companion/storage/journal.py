"""The journal: an append-only SQLite log of every table's entries, plus snapshots.

SQLite in WAL mode with ``synchronous=FULL``: when :meth:`Journal.append` returns, the row is
on disk, and only then is an action acknowledged. Entries are never updated or deleted: an
undo is a new row naming the version it undoes. Snapshots are a cache for start-up speed;
each remembers the version of the last entry it includes, so a snapshot made before an undo
is recognised as stale and skipped.

Only the service's writer thread writes; a lock guards the connection anyway so that a
reader that asks (health, tests) is safe.

Integrity (``companion/storage/integrity.py``): before the file is opened for writing it is
inspected read-only, and refused (:class:`JournalError`) if it is damaged or has lost its
end. Every entry stores a link of its table's hash chain (``companion/storage/hash_chain.py``),
checked whenever a table's entries are read for replay; the last link of every table is
kept in the witness file (``companion/storage/witness.py``) after each commit. Snapshots store the
SHA-256 of their state; one that does not match is skipped (a lost cache, nothing more).
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from companion.errors import JournalError
from companion.storage import hash_chain as chain
from companion.storage import integrity, schema
from companion.storage.clock_labels import now_label
from companion.storage.entries import JournalEntry, from_row, to_row
from companion.storage.witness import Heads, Witness

log = logging.getLogger("companion.storage.journal")
WITNESS_SUFFIX = integrity.WITNESS_SUFFIX
HISTORY_SHOWN = 500  # the catalogue's latest changes an editor is shown


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
class CatalogueChange:
    """Why a catalogue entry changed, for its history: ``source`` is ``learned`` (a card's
    first play), ``correction`` (a correction during play), ``import``, ``edit`` or
    ``delete`` (the tablet's editor); ``by`` names the player whose play taught it (None:
    the tablet)."""

    source: str
    table_id: str
    by: str | None = None


@dataclass(frozen=True)
class Entry:
    """One journal row: what happened (``body``, one of ``companion/storage/entries.py``'s kinds:
    an action applied, undone or corrected, the game closed, a seat re-issued or kept on the
    tablet, its private page opened or closed), who and what sent it, when, and the
    idempotency key of the request that made it."""

    version: int
    body: JournalEntry
    actor: str
    source: str
    at: str
    idem: str | None


class Journal:
    """``accept_loss``: open a journal whose end the witness says is lost, and witness
    it as it is now (``companion check --accept-loss``, after a restore)."""

    def __init__(self, path: str | Path, accept_loss: bool = False) -> None:
        self.path = str(path)
        memory = self.path == ":memory:"
        self.witness = Witness(None if memory else self.path + WITNESS_SUFFIX)
        self.inspection = integrity.Inspection(self.path, None, None)
        if not memory:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self.inspection = integrity.inspect(self.path, self.witness.read())
            refusal = self.inspection.refusal
            if refusal and not (accept_loss and self.inspection.lost):
                raise JournalError(refusal)
        self._lock = threading.Lock()
        # each table's seat rows as last read (every request's credentials are looked up in
        # them); every write to ``seats`` forgets its table's first
        self._seat_rows: dict[str, list[tuple]] = {}
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            if memory:
                check = self._db.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise JournalError(f"database check failed: {check}")
            self._db.executescript(schema.SCHEMA)
            with self._transaction():
                schema.add_chain(self._db)
            self._heads: Heads = integrity.stored_heads(self._db)
            # each table's ``ended`` as stored: an entry writes it only when it changes
            self._ended = {t: bool(e) for t, e in self._db.execute("SELECT id, ended FROM tables")}
        except sqlite3.DatabaseError as error:
            raise JournalError(f"cannot open the journal {self.path}: {error}") from error
        self._closed = False
        self._witness_due = False
        self._witness()  # from now on it says what this database holds

    # -- writing -------------------------------------------------------------------------
    def create_table(self, record: TableRecord, seat_rows: list[tuple[int, str, str]]) -> None:
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT INTO tables VALUES (?,?,?,?,?,?,?,?,?,?)",
                (
                    record.id,
                    record.game,
                    json.dumps(record.players),
                    json.dumps(record.options),
                    record.seed,
                    record.seed_hash,
                    record.rules_version,
                    record.created,
                    record.admin_hash,
                    0,
                ),
            )
            self._seat_rows.pop(record.id, None)
            self._db.executemany(
                "INSERT INTO seats VALUES (?,?,?,?,1,NULL)",
                [
                    (record.id, seat, token_hash, join_code)
                    for seat, token_hash, join_code in seat_rows
                ],
            )
            start = schema.geneses(self._db, record.id)[record.id]
            self._ended[record.id] = False
            self._advance(record.id, 0, start)

    def append(
        self,
        table_id: str,
        entry: Entry,
        ended: bool = False,
        witness_later: bool = False,
        receipt: tuple[str, str, int] | None = None,
    ) -> None:
        """Write one entry durably (and mark the table ended with it, atomically).
        ``witness_later``: the witness file is rewritten by the next
        :meth:`write_witness` instead of now (the service first sends the change to the
        screens: the witness may lag the database, never lead it). ``receipt``: the die
        reader's ``(device, boot, seq)`` frame this entry answers, recorded in the same
        transaction, so a host that restarts before the device hears its ACK knows the
        resend (docs/protocol.md)."""
        with self._lock:
            ended, was_ended = bool(ended), self._ended.get(table_id)
            with self._transaction():
                digest = self._insert_entry(table_id, entry)
                # every entry says whether the game is over (an undo can reopen it); the
                # row is written only when that changes (a no-op UPDATE is a cold 0.07 ms)
                if ended != was_ended:
                    self._db.execute("UPDATE tables SET ended=? WHERE id=?", (int(ended), table_id))
                if receipt is not None:
                    self._remember_frame(*receipt)
            self._ended[table_id] = ended
            self._heads[table_id] = (entry.version, digest)
            if witness_later:
                self._witness_due = True
            else:
                self._witness()

    def write_witness(self) -> None:
        """Rewrite the witness if an append left it for later."""
        with self._lock:
            if self._witness_due:
                self._witness()

    def remember_frame(self, device: str, boot: str, seq: int) -> None:
        """A die reader's frame the host dealt with without writing an entry."""
        with self._lock, self._transaction():
            self._remember_frame(device, boot, seq)

    def _remember_frame(self, device: str, boot: str, seq: int) -> None:
        self._db.execute("INSERT OR IGNORE INTO reader_frames VALUES (?,?,?)", (device, boot, seq))
        self._db.execute(  # the reader's de-duplication window is all that is needed
            "DELETE FROM reader_frames WHERE device=? AND boot=? AND rowid NOT IN "
            "(SELECT rowid FROM reader_frames WHERE device=? AND boot=? "
            "ORDER BY rowid DESC LIMIT 64)",
            (device, boot, device, boot),
        )
        self._db.execute("DELETE FROM reader_frames WHERE device=? AND boot<>?", (device, boot))

    def reader_frames(self, device: str, boot: str) -> list[int]:
        """The seqs of ``device``'s boot ``boot`` the host dealt with, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seq FROM reader_frames WHERE device=? AND boot=? ORDER BY rowid",
                (device, boot),
            ).fetchall()
        return [seq for (seq,) in rows]

    def reissue_seat(
        self, table_id: str, seat: int, token_hash: str, join_code: str, entry: Entry
    ) -> None:
        """Replace a seat's credentials and log it, in one transaction."""
        with self._lock:
            self._seat_rows.pop(table_id, None)
            with self._transaction():
                self._db.execute(
                    "UPDATE seats SET token_hash=?, join_code=?, pin_hash=NULL, "
                    "issue=issue+1 WHERE table_id=? AND seat=?",
                    (token_hash, join_code, table_id, seat),
                )
                digest = self._insert_entry(table_id, entry)
            self._advance(table_id, entry.version, digest)

    def keep_on_tablet(
        self, table_id: str, seat: int, pin_hash: str, token_hash: str, entry: Entry
    ) -> None:
        """The seat will be played on the tablet behind a PIN: its join code is spent, and
        the public log says so, in one transaction."""
        with self._lock:
            self._seat_rows.pop(table_id, None)
            with self._transaction():
                self._db.execute(
                    "UPDATE seats SET pin_hash=?, join_code=NULL, "
                    "token_hash=? WHERE table_id=? AND seat=?",
                    (pin_hash, token_hash, table_id, seat),
                )
                digest = self._insert_entry(table_id, entry)
            self._advance(table_id, entry.version, digest)

    def _insert_entry(self, table_id: str, entry: Entry) -> str:
        """The one place an entry is written: its link of the chain with it."""
        version, previous = self._heads.get(table_id, (0, ""))
        if entry.version != version + 1 or not previous:
            raise JournalError(
                f"table {table_id}: entry v{entry.version} does not follow v{version}"
            )
        row = chain.Row(
            entry.version,
            json.dumps(to_row(entry.body), separators=(",", ":")),
            entry.actor,
            entry.source,
            entry.at,
            entry.idem,
            None,
        )
        digest = chain.link(previous, row)
        self._db.execute(
            "INSERT INTO entries VALUES (?,?,?,?,?,?,?,?)",
            (table_id, row.version, row.entry, row.actor, row.source, row.at, row.idem, digest),
        )
        return digest

    def _advance(self, table_id: str, version: int, digest: str) -> None:
        """After a commit: the new last link, in memory and in the witness."""
        self._heads[table_id] = (version, digest)
        self._witness()

    def _witness(self) -> None:
        self._witness_due = False
        try:
            self.witness.write(dict(self._heads))
        except OSError as error:
            # the commit stands; a witness that lags only weakens the next check
            log.warning("cannot write the witness %s: %s", self.witness.path, error)

    def set_seat_token(self, table_id: str, seat: int, token_hash: str) -> None:
        with self._lock, self._transaction():
            self._seat_rows.pop(table_id, None)
            self._db.execute(
                "UPDATE seats SET token_hash=? WHERE table_id=? AND seat=?",
                (token_hash, table_id, seat),
            )

    def pin_hashes(self, table_id: str) -> dict[int, str]:
        return {seat: pin for seat, *_, pin in self._seats(table_id) if pin is not None}

    def spend_join_code(self, table_id: str, seat: int, token_hash: str) -> None:
        with self._lock, self._transaction():
            self._seat_rows.pop(table_id, None)
            self._db.execute(
                "UPDATE seats SET join_code=NULL, token_hash=? WHERE table_id=? AND seat=?",
                (token_hash, table_id, seat),
            )

    def save_snapshot(self, table_id: str, position: int, last_version: int, state: dict) -> None:
        text = json.dumps(state, separators=(",", ":"))
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT OR REPLACE INTO snapshots VALUES (?,?,?,?,?)",
                (table_id, position, last_version, text, _digest(text)),
            )

    def remember_card(self, game: str, uid: str, card: str) -> None:
        with self._lock, self._transaction():
            self._db.execute("INSERT OR REPLACE INTO cards VALUES (?,?,?)", (game, uid, card))

    def save_catalogue(self, game: str, entries: dict[str, dict], change: CatalogueChange) -> None:
        """Keep card facts on this Pi across games (``companion/storage/card_catalogue.py``), all or
        none, with a line of the catalogue's history for each entry that changed."""
        with self._lock, self._transaction():
            for key, entry in entries.items():
                text = json.dumps(entry, separators=(",", ":"))
                row = self._db.execute(
                    "SELECT entry FROM catalogue WHERE game=? AND key=?", (game, key)
                ).fetchone()
                if row is not None and row[0] == text:
                    continue
                self._db.execute(
                    "INSERT OR REPLACE INTO catalogue VALUES (?,?,?)", (game, key, text)
                )
                self._history(game, key, change, row[0] if row else None, text)

    def delete_catalogue(self, game: str, key: str, change: CatalogueChange) -> bool:
        """Forget one entry (kept in the history); False if there was none."""
        with self._lock, self._transaction():
            row = self._db.execute(
                "SELECT entry FROM catalogue WHERE game=? AND key=?", (game, key)
            ).fetchone()
            if row is None:
                return False
            self._db.execute("DELETE FROM catalogue WHERE game=? AND key=?", (game, key))
            self._history(game, key, change, row[0], None)
            return True

    def _history(
        self, game: str, key: str, change: CatalogueChange, before: str | None, after: str | None
    ) -> None:
        self._db.execute(
            "INSERT INTO catalogue_history VALUES (?,?,?,?,?,?,?,?)",
            (game, key, now_label(), change.source, change.table_id, change.by, before, after),
        )

    def delete_table(self, table_id: str) -> None:
        """Forget a table entirely, on its owner's request from the home page (the one
        exception to "never deleted": the players asked for the game to be gone)."""
        with self._lock, self._transaction():
            self._seat_rows.pop(table_id, None)
            for name in ("entries", "seats", "snapshots"):
                self._db.execute(f"DELETE FROM {name} WHERE table_id=?", (table_id,))
            self._db.execute("DELETE FROM settings WHERE key=?", (f"archived:{table_id}",))
            self._db.execute("DELETE FROM tables WHERE id=?", (table_id,))
        # the witness forgets it too: a table the players deleted is not history lost
        self._heads.pop(table_id, None)
        self._ended.pop(table_id, None)
        self._witness()

    def set_setting(self, key: str, value: str) -> None:
        with self._lock, self._transaction():
            self._db.execute("INSERT OR REPLACE INTO settings VALUES (?,?)", (key, value))

    # -- reading -------------------------------------------------------------------------
    def tables(self, include_ended: bool = True) -> list[TableRecord]:
        query = "SELECT * FROM tables" + ("" if include_ended else " WHERE ended=0")
        with self._lock:
            rows = self._db.execute(query + " ORDER BY created, id").fetchall()
        return [
            TableRecord(
                r[0],
                r[1],
                json.loads(r[2]),
                json.loads(r[3]),
                bytes(r[4]),
                r[5],
                r[6],
                r[7],
                r[8],
                bool(r[9]),
            )
            for r in rows
        ]

    def entries(self, table_id: str) -> list[Entry]:
        """A table's entries for replay, its chain checked and each row read as its kind
        (``companion/storage/entries.py``): a damaged or missing row, or one of a kind this
        companion does not know, is a :class:`JournalError` naming the table and the
        version."""
        with self._lock:
            start = schema.geneses(self._db, table_id).get(table_id)
            rows = schema.rows(self._db, table_id)
        broken = chain.first_break(start or "", rows) if start else None
        if broken is not None:
            raise JournalError(
                f"table {table_id}: entry v{broken.version} is "
                f"{broken.reason} (the hash chain breaks there)"
            )
        return [
            Entry(r.version, _read(r.entry, table_id, r.version), r.actor, r.source, r.at, r.idem)
            for r in rows
        ]

    def changes(self) -> int:
        """Rows written since this journal was opened (the backups ask: anything new?)."""
        with self._lock:
            return self._db.total_changes

    def heads(self) -> Heads:
        """Each table's last (version, hash)."""
        with self._lock:
            return dict(self._heads)

    def seats(self, table_id: str) -> list[tuple[int, str, str | None, int]]:
        return [row[:4] for row in self._seats(table_id)]

    def _seats(self, table_id: str) -> list[tuple]:
        """(seat, token_hash, join_code, issue, pin_hash) of each seat, in seat order."""
        with self._lock:
            rows = self._seat_rows.get(table_id)
            if rows is None:
                rows = self._seat_rows[table_id] = self._db.execute(
                    "SELECT seat, token_hash, join_code, issue, pin_hash FROM seats "
                    "WHERE table_id=? ORDER BY seat",
                    (table_id,),
                ).fetchall()
            return rows

    def snapshots(self, table_id: str) -> list[tuple[int, int]]:
        """(position, last_version) of each snapshot, newest position first; the state of
        one is read with :meth:`snapshot_state` (only the one start-up uses is parsed)."""
        with self._lock:
            return self._db.execute(
                "SELECT position, last_version FROM snapshots WHERE table_id=? "
                "ORDER BY position DESC",
                (table_id,),
            ).fetchall()

    def snapshot_state(self, table_id: str, position: int, last_version: int) -> dict:
        """A snapshot's state; ``ValueError`` if it does not match its digest (or has
        none: written by an older companion), and the caller replays further back."""
        with self._lock:
            row = self._db.execute(
                "SELECT state, digest FROM snapshots WHERE table_id=? AND position=? AND "
                "last_version=?",
                (table_id, position, last_version),
            ).fetchone()
        if row is None or row[1] is None or row[1] != _digest(row[0]):
            fault = f"table {table_id}, snapshot at action {position}"
            self.inspection.snapshot_faults.append(fault)
            raise ValueError(f"{fault} does not match its digest")
        return json.loads(row[0])

    def cards(self, game: str) -> dict[str, str]:
        with self._lock:
            rows = self._db.execute("SELECT uid, card FROM cards WHERE game=?", (game,)).fetchall()
        return dict(rows)

    def catalogue(self, game: str) -> dict[str, dict]:
        with self._lock:
            rows = self._db.execute(
                "SELECT key, entry FROM catalogue WHERE game=?", (game,)
            ).fetchall()
        return {key: json.loads(entry) for key, entry in rows}

    def catalogue_history(self, game: str, most: int = HISTORY_SHOWN) -> list[dict]:
        """The catalogue's changes, the latest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT key, at, source, table_id, by, before, after FROM catalogue_history"
                " WHERE game=? ORDER BY rowid DESC LIMIT ?",
                (game, most),
            ).fetchall()
        return [
            {
                "key": key,
                "at": at,
                "source": source,
                "table": table_id,
                "by": by,
                "before": None if before is None else json.loads(before),
                "after": None if after is None else json.loads(after),
            }
            for key, at, source, table_id, by, before, after in rows
        ]

    def setting(self, key: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT value FROM settings WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    # -- plumbing ------------------------------------------------------------------------
    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        with self._lock:
            if self._witness_due:
                self._witness()
            self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _read(text: str, table_id: str, version: int) -> JournalEntry:
    try:
        row = json.loads(text)
    except ValueError as error:
        raise JournalError(f"table {table_id}: entry v{version} is not JSON: {error}") from None
    return from_row(row, table_id, version)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


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

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
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
