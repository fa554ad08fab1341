"""The start-up integrity check and its report (docs/reliability.md, "Integrity").

Before the journal is opened for writing, its files are looked at as they are, through a
*read-only* connection (which never checkpoints, so a refused WAL stays on disk as
evidence): the database and WAL sizes, ``PRAGMA quick_check``, and every table's last
link against the witness (``companion/storage/witness.py``). The journal refuses to open — one
line, exit status 3 from the CLI — when:

- the database is missing or empty beside a WAL that holds data (opening it would make a
  new empty journal and, at the next stop, delete the WAL);
- ``quick_check`` fails;
- a table's chain is shorter than the witness says (acknowledged actions lost: a torn or
  missing WAL), or its entry at the witnessed version is not the one witnessed, or a table
  the witness knows is gone;
- (on replay, ``Journal.entries``) a table's chain is broken.

The report — printed at start-up and served in ``/api/health`` — says what was found.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from companion.storage.schema import geneses
from companion.storage.witness import Heads, Read


class _Recorded(Protocol):
    @property
    def game(self) -> str: ...


class Replayed(Protocol):
    """What the report says of a table as replayed (a :class:`companion.play.table.Table`)."""

    @property
    def id(self) -> str: ...

    @property
    def record(self) -> _Recorded: ...

    @property
    def version(self) -> int: ...

    @property
    def resumed_from(self) -> int: ...


WAL_HEADER = 32
WITNESS_SUFFIX = ".heads"  # the witness file beside the database
FRAME_HEADER = 24


@dataclass
class Inspection:
    database: str
    database_bytes: int | None  # None: no file
    wal_bytes: int | None
    wal_frames: int = 0
    quick_check: str = "not run"
    witness: str = "absent"
    chained: bool = True  # False: an older journal, its chain is added on opening
    heads: Heads = field(default_factory=dict)
    refusal: str | None = None
    lost: bool = False  # the refusal is only that history was lost (restore can help)
    tables: list = field(default_factory=list)  # filled after replay: see add_tables
    snapshot_faults: list = field(default_factory=list)
    not_loaded: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {
            "database_bytes": self.database_bytes,
            "wal": {
                "present": self.wal_bytes is not None,
                "bytes": self.wal_bytes or 0,
                "frames": self.wal_frames,
            },
            "quick_check": self.quick_check,
            "witness": self.witness,
            "database": Path(self.database).name,
            "chain": "ok" if self.refusal is None else "refused",
            "tables": self.tables,
            "snapshot_faults": self.snapshot_faults,
            "not_loaded": self.not_loaded,
        }

    def lines(self) -> list[str]:
        wal = (
            f"WAL {self.wal_bytes} bytes ({self.wal_frames} frames)"
            if self.wal_bytes is not None
            else "no WAL"
        )
        size = "new" if not self.database_bytes else f"{self.database_bytes} bytes"
        out = [
            f"Journal {self.database}: {size}, {wal}, quick_check {self.quick_check}, "
            f"witness {self.witness}"
        ]
        for table in self.tables:
            start = (
                f"from the snapshot at action {table['snapshot']}"
                if table["snapshot"]
                else "replayed from the start"
            )
            out.append(
                f"  table {table['id']} ({table['game']}): version "
                f"{table['version']}, chain ok, {start}"
            )
        for fault in self.snapshot_faults:
            out.append(f"  skipped a damaged snapshot: {fault}")
        for table_id, why in sorted(self.not_loaded.items()):
            out.append(f"  table {table_id} ({why.get('game')}): NOT LOADED, {why.get('code')}")
        return out

    def add_tables(self, tables: Iterable[Replayed], not_loaded: dict | None = None) -> None:
        """The tables as replayed (``companion.play.table.Table``: id, version, where from), and
        those left unloaded for want of their rules version (``Service.refused``)."""
        self.tables = [
            {"id": t.id, "game": t.record.game, "version": t.version, "snapshot": t.resumed_from}
            for t in tables
        ]
        self.not_loaded = dict(not_loaded or {})


def files(path: str | Path) -> Inspection:
    """Sizes of the database and its WAL, as found."""
    path = Path(path)
    wal = path.with_name(path.name + "-wal")
    found = Inspection(str(path), _size(path), _size(wal))
    if found.wal_bytes and found.wal_bytes > WAL_HEADER:
        page = _wal_page_size(wal)
        if page:
            found.wal_frames = (found.wal_bytes - WAL_HEADER) // (page + FRAME_HEADER)
    return found


def inspect(path: str | Path, witnessed: Read) -> Inspection:
    """Everything that can be checked before the journal is opened for writing."""
    found = files(path)
    found.witness = witnessed.state
    if not found.database_bytes:
        if found.wal_bytes:
            state = "empty" if found.database_bytes == 0 else "missing"
            found.refusal = (
                f"{found.database} is {state} but its WAL holds "
                f"{found.wal_bytes} bytes: a new journal will not be started "
                f"over it (the WAL is left as it is; 'companion restore' "
                f"brings back the newest backup)"
            )
        elif witnessed.heads:
            found.refusal = compare({}, witnessed)
            found.lost = True
        else:
            unwitnessed(found, witnessed)
        return found
    try:
        with read_only(path) as db:
            _check(db, found, witnessed)
    except sqlite3.DatabaseError as error:
        found.quick_check = found.quick_check if found.quick_check != "not run" else "failed"
        found.refusal = f"the journal {found.database} cannot be read: {error}"
    except sqlite3.Error as error:
        found.refusal = f"cannot open the journal {found.database}: {error}"
    if found.refusal is None:
        unwitnessed(found, witnessed)
    return found


@contextmanager
def read_only(path: str | Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to the journal ``path`` (it never checkpoints). The ``-wal``
    and ``-shm`` files SQLite makes for it are removed after: a look leaves the folder as
    it found it (a refused start creates nothing)."""
    path = Path(path)
    made = [
        side
        for side in (path.with_name(path.name + suffix) for suffix in ("-wal", "-shm"))
        if not side.exists()
    ]
    db = None
    try:
        db = sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True)
        yield db
    finally:
        if db is not None:
            db.close()
        for side in made:
            side.unlink(missing_ok=True)


def unwitnessed(found: Inspection, witnessed: Read) -> None:
    """A witness that cannot be read says nothing, and with no WAL beside the database
    nothing else can say whether its end was lost (a deleted WAL leaves an earlier commit
    that looks whole): refused as history lost, which ``--accept-loss`` may accept."""
    if witnessed.state == "unreadable" and not found.wal_bytes:
        found.refusal = (
            f"the witness {found.database}{WITNESS_SUFFIX} cannot be read and there is no "
            "WAL: whether acknowledged actions were lost cannot be told. The files are left "
            "as they are; 'companion restore' brings back the newest backup, 'companion "
            "check --accept-loss' keeps the journal as it is"
        )
        found.lost = True


def _check(db: sqlite3.Connection, found: Inspection, witnessed: Read) -> None:
    found.quick_check = " ".join(
        " ".join(r[0] for r in db.execute("PRAGMA quick_check").fetchall()).split()
    )  # one line: it is printed as one
    if found.quick_check != "ok":
        found.refusal = f"the journal {found.database} failed quick_check: {found.quick_check}"
        return
    names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if "entries" not in names:  # a new journal, or one that lost everything
        found.refusal = compare({}, witnessed)
        found.lost = found.refusal is not None
        return
    columns = {r[1] for r in db.execute("PRAGMA table_info(entries)")}
    found.chained = "hash" in columns
    if not found.chained:
        return  # an older journal: no witness could have been written for it
    found.heads = stored_heads(db)
    found.refusal = compare(found.heads, witnessed)
    found.lost = found.refusal is not None


def stored_heads(db: sqlite3.Connection) -> Heads:
    """Each table's last (version, hash), its genesis link at version 0."""
    heads: Heads = {table_id: (0, start) for table_id, start in geneses(db).items()}
    for table_id, version, digest in db.execute(
        "SELECT table_id, version, hash FROM entries e WHERE version = "
        "(SELECT MAX(version) FROM entries WHERE table_id = e.table_id)"
    ):
        heads[table_id] = (version, digest)
    return heads


def compare(heads: Heads, witnessed: Read) -> str | None:
    """Why the database's chains do not reach what the witness saw, or None."""
    lost = []
    for table_id, (version, digest) in sorted(witnessed.heads.items()):
        if table_id not in heads:
            lost.append(
                f"table {table_id} is gone (it was at version {version}: {version} action(s) lost)"
            )
        elif heads[table_id][0] < version:
            have = heads[table_id][0]
            lost.append(
                f"table {table_id} ends at version {have} but version {version} "
                f"was acknowledged ({version - have} action(s) lost)"
            )
        elif heads[table_id][0] == version and heads[table_id][1] != digest:
            lost.append(f"table {table_id}: entry v{version} is not the one acknowledged")
    if not lost:
        return None
    return (
        "history lost: " + "; ".join(lost) + " — a torn or missing WAL? The files are "
        "left as they are; 'companion check' tells more, 'companion restore' brings "
        "back the newest backup"
    )


def _size(path: Path) -> int | None:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return None


def _wal_page_size(wal: Path) -> int:
    try:
        with open(wal, "rb") as handle:
            header = handle.read(WAL_HEADER)
    except OSError:
        return 0
    return int.from_bytes(header[8:12], "big") if len(header) == WAL_HEADER else 0
