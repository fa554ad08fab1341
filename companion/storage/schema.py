"""The journal's tables (``companion/storage/journal.py``), and the upgrade of a journal written
before the hash chain existed."""

from __future__ import annotations

import logging
import sqlite3

from companion.storage import hash_chain

log = logging.getLogger("companion.storage.journal")

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
    hash TEXT,
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
    digest TEXT,
    PRIMARY KEY (table_id, position, last_version)
);
CREATE TABLE IF NOT EXISTS cards (
    game TEXT NOT NULL,
    uid TEXT NOT NULL,
    card TEXT NOT NULL,
    PRIMARY KEY (game, uid)
);
CREATE TABLE IF NOT EXISTS catalogue (
    game TEXT NOT NULL,
    key TEXT NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (game, key)
);
CREATE TABLE IF NOT EXISTS catalogue_history (
    game TEXT NOT NULL,
    key TEXT NOT NULL,
    at TEXT NOT NULL,
    source TEXT NOT NULL,
    table_id TEXT NOT NULL,
    by TEXT,
    before TEXT,
    after TEXT
);
CREATE INDEX IF NOT EXISTS catalogue_history_game ON catalogue_history (game, key);
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


def geneses(db: sqlite3.Connection, table_id: str | None = None) -> dict[str, str]:
    """The first link of each table's chain (or of one), from its row as stored."""
    query = "SELECT id, game, players, options, seed_hash, rules_version, created FROM tables"
    rows = (
        db.execute(query + " WHERE id=?", (table_id,))
        if table_id is not None
        else db.execute(query)
    )
    return {row[0]: hash_chain.genesis(*row) for row in rows}


def rows(db: sqlite3.Connection, table_id: str) -> list[hash_chain.Row]:
    return [
        hash_chain.Row(*r)
        for r in db.execute(
            "SELECT version, entry, actor, source, at, idem, hash FROM entries "
            "WHERE table_id=? ORDER BY version",
            (table_id,),
        )
    ]


def add_chain(db: sqlite3.Connection) -> None:
    """Inside the caller's transaction: a journal from before the chain gets its links
    (trusting what is there) and its snapshots a digest column (their old rows have none,
    so they are skipped: a cache, rebuilt as play goes on)."""
    columns = {r[1] for r in db.execute("PRAGMA table_info(entries)")}
    if "digest" not in {r[1] for r in db.execute("PRAGMA table_info(snapshots)")}:
        db.execute("ALTER TABLE snapshots ADD COLUMN digest TEXT")
    if "hash" in columns:
        return
    db.execute("ALTER TABLE entries ADD COLUMN hash TEXT")
    for table_id, start in geneses(db).items():
        previous = start
        for row in rows(db, table_id):
            previous = hash_chain.link(previous, row)
            db.execute(
                "UPDATE entries SET hash=? WHERE table_id=? AND version=?",
                (previous, table_id, row.version),
            )
    log.info("added the hash chain to an older journal")
