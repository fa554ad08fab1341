"""Backups of the journal, and the restore (docs/reliability.md, "Backups").

A backup is a consistent copy made with SQLite's online backup API from a read-only
connection of its own, so the writer is never held up; it is checked (``quick_check`` and
every table's chain) before it is kept, then renamed into ``backup-NNNNNN.sqlite`` —
numbered, not dated: the Pi often has no clock. The last ``keep`` are kept. The companion
makes one at each game's end and every ``every_minutes`` when something changed.

``restore`` copies the newest good backup (or the one named, its WAL included) beside the
database, whole and synced, keeps the current files in ``damaged-NNNNNN/`` (nothing is
deleted), renames the copy into place and witnesses it as it is.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path

from companion.storage import hash_chain, integrity, schema
from companion.storage.journal import WITNESS_SUFFIX, Journal, JournalError

log = logging.getLogger("companion.storage.backups")
NAME = re.compile(r"backup-(\d{6})\.sqlite")
SIDE_FILES = ("", "-wal", "-shm", WITNESS_SUFFIX)


@dataclass(frozen=True)
class Checked:
    path: Path
    heads: dict  # table id -> (version, hash)
    problem: str | None
    aside: Path | None = None  # after a restore: where the replaced files went


def existing(folder: Path) -> list[Path]:
    """The backups in ``folder``, oldest first."""
    if not folder.is_dir():
        return []
    found = [(int(m.group(1)), p) for p in folder.iterdir() if (m := NAME.fullmatch(p.name))]
    return [p for _, p in sorted(found)]


def make(database: Path, folder: Path, keep: int) -> Path:
    """One backup of ``database`` into ``folder``; the oldest beyond ``keep`` go."""
    folder.mkdir(parents=True, exist_ok=True)
    made = existing(folder)
    last = NAME.fullmatch(made[-1].name) if made else None  # every one ``existing`` lists matches
    number = int(last.group(1)) + 1 if last else 1
    target = folder / f"backup-{number:06d}.sqlite"
    partial = folder / (target.name + ".partial")
    checked = copied(Path(database), partial)
    if checked.problem:
        raise JournalError(f"cannot back up the journal into {folder}: {checked.problem}")
    try:
        os.replace(partial, target)
        _fsync(folder)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise JournalError(f"cannot back up the journal into {folder}: {error}") from error
    for old in existing(folder)[: -max(keep, 1)]:
        old.unlink(missing_ok=True)
    return target


def copied(source: Path, target: Path) -> Checked:
    """``source`` (its WAL too: what a reader of it sees) copied into ``target`` as one
    self-contained file, checked and fsynced; on any problem (a failed check, a full card)
    ``target`` is removed and the problem said. The source is only read."""
    target.unlink(missing_ok=True)
    try:
        with integrity.read_only(source) as reading:
            copy = sqlite3.connect(target, isolation_level=None)
            try:
                reading.backup(copy)  # every page in one step: one consistent read
                copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            finally:
                copy.close()
        checked = check(target)
        if checked.problem is None:
            _fsync(target)
            return checked
        problem = f"it failed its check: {checked.problem}"
    except (sqlite3.Error, OSError) as error:
        problem = f"cannot copy {source}: {error}"
    target.unlink(missing_ok=True)
    return Checked(target, {}, problem)


def check(path: Path) -> Checked:
    """A backup (or any journal file) read-only: quick_check and every table's chain."""
    try:
        with integrity.read_only(path) as db:
            return _checked(path, db)
    except sqlite3.Error as error:
        return Checked(path, {}, str(error))


def _checked(path: Path, db: sqlite3.Connection) -> Checked:
    result = db.execute("PRAGMA quick_check").fetchone()[0]
    if result != "ok":
        return Checked(path, {}, f"quick_check: {result}")
    heads = {}
    for table_id, start in schema.geneses(db).items():
        rows = schema.rows(db, table_id)
        broken = hash_chain.first_break(start, rows)
        if broken is not None:
            return Checked(
                path, {}, f"table {table_id}: entry v{broken.version} is {broken.reason}"
            )
        heads[table_id] = (rows[-1].version, rows[-1].hash) if rows else (0, start)
    return Checked(path, heads, None)


def restore(database: Path, folder: Path, chosen: Path | None = None) -> Checked:
    """Put a backup in place of ``database``: ``chosen``, or the newest that passes its
    check, as a reader of it sees it (its WAL included). The copy is made beside the
    database, whole, checked and synced, *then* the current files are kept in
    ``damaged-NNNNNN/`` and the copy renamed into place in one step; any failure before
    that leaves every file as it was, and says so."""
    candidates = [chosen] if chosen is not None else list(reversed(existing(folder)))
    if not candidates:
        raise JournalError(f"no backup in {folder}")
    database = Path(database)
    incoming = database.with_name(database.name + ".restoring")
    problems = []
    for candidate in candidates:
        checked = copied(Path(candidate), incoming)
        if checked.problem is None:
            break
        problems.append(f"{Path(candidate).name}: {checked.problem}")
    else:
        raise JournalError("no usable backup: " + "; ".join(problems) + " (nothing was changed)")
    aside = None
    try:
        aside = keep_aside(database)
        for suffix in ("-wal", "-shm", WITNESS_SUFFIX):  # kept aside: their links go
            database.with_name(database.name + suffix).unlink(missing_ok=True)
        os.replace(incoming, database)
        _fsync(database.parent)
    except OSError as error:
        incoming.unlink(missing_ok=True)
        kept = f"the files as they were are in {aside}" if aside else "nothing was kept aside"
        raise JournalError(f"cannot put {candidate} in place: {error} ({kept})") from error
    with Journal(database, accept_loss=True):
        pass  # back in WAL mode, its chain checked, witnessed as it now is
    return Checked(Path(candidate), checked.heads, None, aside)


def keep_aside(database: Path, copy: bool = False) -> Path | None:
    """The journal's files as they are now (database, WAL, witness) kept in a new
    ``damaged-NNNNNN/`` beside it, synced, before anything changes them; None if there
    are none. The files stay in place: hard links (no room needed) for files about to be
    replaced, whole copies (``copy``) for files about to be written in place."""
    database = Path(database)
    present = [
        database.with_name(database.name + s)
        for s in SIDE_FILES
        if database.with_name(database.name + s).exists()
    ]
    if not present:
        return None
    number = 1
    while (database.parent / f"damaged-{number:06d}").exists():
        number += 1
    aside = database.parent / f"damaged-{number:06d}"
    aside.mkdir()
    for path in present:
        kept = aside / path.name
        if copy or not _linked(path, kept):
            shutil.copyfile(path, kept)
            _fsync(kept)
    _fsync(aside)
    _fsync(database.parent)
    return aside


def _linked(path: Path, name: Path) -> bool:
    """``path`` under a second ``name`` (False where the file system has no hard links)."""
    try:
        os.link(path, name)
    except OSError:
        return False
    return True


def _fsync(path: Path) -> None:
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


class BackupTimer:
    """Makes backups off the writer thread: when asked (a game ended) and every
    ``every_s`` if the journal changed since the last one."""

    def __init__(self, journal: Journal, folder: Path, keep: int, every_s: float) -> None:
        self.journal, self.folder, self.keep, self.every_s = journal, folder, keep, every_s
        self.made: list[Path] = []
        self._asked = threading.Event()
        self._stop = threading.Event()
        self._changes = journal.changes()
        self._thread = threading.Thread(target=self._run, name="backups", daemon=True)
        self._thread.start()

    def ask(self, reason: str = "") -> None:
        """Non-blocking: for the writer thread (a game's end)."""
        log.info("backup asked: %s", reason)
        self._asked.set()

    def _run(self) -> None:
        while not self._stop.is_set():
            asked = self._asked.wait(timeout=self.every_s)
            if self._stop.is_set():
                return
            self._asked.clear()
            changes = self.journal.changes()
            if asked or changes != self._changes:
                self._changes = changes
                try:
                    self.made.append(make(Path(self.journal.path), self.folder, self.keep))
                except JournalError as error:
                    log.error("%s", error)  # the table plays on; the next one may work

    def __enter__(self) -> BackupTimer:
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._asked.set()
        self._thread.join(timeout=30)
