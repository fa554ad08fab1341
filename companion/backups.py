"""Backups of the journal, and the restore (docs/reliability.md, "Backups").

A backup is a consistent copy made with SQLite's online backup API from a read-only
connection of its own, so the writer is never held up; it is checked (``quick_check`` and
every table's chain) before it is kept, then renamed into ``backup-NNNNNN.sqlite`` —
numbered, not dated: the Pi often has no clock. The last ``keep`` are kept. The companion
makes one at each game's end and every ``every_minutes`` when something changed.

``restore`` moves the current files aside (``damaged-NNNNNN/``, nothing is deleted), puts
the newest good backup (or the one named) in place and witnesses it as it is.
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

from companion import chain, schema
from companion.journal import WITNESS_SUFFIX, Journal, JournalError

log = logging.getLogger("companion.backups")
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
    number = int(NAME.fullmatch(made[-1].name).group(1)) + 1 if made else 1
    target = folder / f"backup-{number:06d}.sqlite"
    partial = folder / (target.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        source = sqlite3.connect(f"file:{Path(database).resolve()}?mode=ro", uri=True)
        copy = sqlite3.connect(partial, isolation_level=None)
        try:
            source.backup(copy)  # every page in one step: one consistent read
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        finally:
            copy.close()
            source.close()
        checked = check(partial)
        if checked.problem:
            raise JournalError(f"the backup failed its check: {checked.problem}")
        _fsync(partial)
        os.replace(partial, target)
        _fsync(folder)
    except (sqlite3.Error, OSError) as error:
        partial.unlink(missing_ok=True)
        raise JournalError(f"cannot back up the journal into {folder}: {error}") from error
    for old in existing(folder)[: -max(keep, 1)]:
        old.unlink(missing_ok=True)
    return target


def check(path: Path) -> Checked:
    """A backup (or any journal file) read-only: quick_check and every table's chain."""
    try:
        db = sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        return Checked(path, {}, str(error))
    try:
        result = db.execute("PRAGMA quick_check").fetchone()[0]
        if result != "ok":
            return Checked(path, {}, f"quick_check: {result}")
        heads = {}
        for table_id, start in schema.geneses(db).items():
            rows = schema.rows(db, table_id)
            broken = chain.first_break(start, rows)
            if broken is not None:
                return Checked(
                    path, {}, f"table {table_id}: entry v{broken.version} is {broken.reason}"
                )
            heads[table_id] = (rows[-1].version, rows[-1].hash) if rows else (0, start)
        return Checked(path, heads, None)
    except sqlite3.Error as error:
        return Checked(path, {}, str(error))
    finally:
        db.close()


def restore(database: Path, folder: Path, chosen: Path | None = None) -> Checked:
    """Put a backup in place of ``database``: ``chosen``, or the newest that passes its
    check. The files it replaces are moved to ``damaged-NNNNNN/`` beside it."""
    candidates = [chosen] if chosen is not None else list(reversed(existing(folder)))
    if not candidates:
        raise JournalError(f"no backup in {folder}")
    problems = []
    for candidate in candidates:
        checked = check(candidate)
        if checked.problem is None:
            break
        problems.append(f"{candidate.name}: {checked.problem}")
    else:
        raise JournalError("no usable backup: " + "; ".join(problems))
    database = Path(database)
    aside = _set_aside(database)
    shutil.copyfile(checked.path, database)
    _fsync(database)
    with Journal(database, accept_loss=True):
        pass  # back in WAL mode, its chain checked, witnessed as it now is
    return Checked(checked.path, checked.heads, None, aside)


def _set_aside(database: Path) -> Path | None:
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
        os.replace(path, aside / path.name)
    return aside


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

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._asked.set()
        self._thread.join(timeout=30)
