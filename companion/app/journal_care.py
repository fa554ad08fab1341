"""``companion check``, ``companion restore`` and ``companion export``: looking after the
journal on the Pi (docs/reliability.md, "Integrity" and "Backups").

Exit statuses, shared with ``companion serve``: 0 all is well; 2 the command line or the
config is wrong; 3 the journal was refused (damaged, or it lost acknowledged actions) or
cannot be restored; 4 the data folder is in use by a running companion.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.app.config import Config
from companion.errors import OperatorError
from companion.storage import backups, integrity, schema
from companion.storage import hash_chain as chain
from companion.storage.journal import WITNESS_SUFFIX, Journal, JournalError
from companion.storage.witness import Read, Witness
from companion.writer.hub import Hub
from companion.writer.service import Service

EXIT_CONFIG = 2
EXIT_REFUSED = 3
EXIT_IN_USE = 4
LOCK_NAME = "companion.lock"


class InUse(OperatorError):
    """Another companion holds the data folder (the CLI exits with 4)."""

    code = "in_use"


@contextmanager
def holding(data_dir: str | Path) -> Iterator[None]:
    """The data folder's lock, held while serving, restoring or accepting a loss."""
    folder = Path(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise InUse(f"a companion is running on {folder}: stop it first") from None
        yield
    finally:
        os.close(descriptor)


def backup_folder(config: Config) -> Path:
    return Path(config.backups.dir) if config.backups.dir else Path(config.data.dir) / "backups"


def open_checked(
    config: Config, accept_loss: bool = False, hub: Hub | None = None
) -> tuple[Journal, Service]:
    """The journal opened, inspected and every table replayed (what start-up does), its
    report filled in; a :class:`JournalError` if anything is refused."""
    journal = Journal(config.data.database, accept_loss=accept_loss)
    try:
        service = Service(journal, hub=hub, snapshot_every=config.data.snapshot_every)
    except BaseException:
        journal.close()
        raise
    journal.inspection.add_tables(service.tables.values(), service.refused)
    service.integrity = journal.inspection.as_dict()
    return journal, service


def check(config: Config, accept_loss: bool = False, export: str | None = None) -> int:
    if export is not None:
        problem = check_export(Path(export))
        print(f"{export}: {problem or 'chain ok'}")
        return EXIT_REFUSED if problem else 0
    database = config.data.database
    if accept_loss:
        with holding(config.data.dir):
            before = integrity.inspect(database, _witness(database))
            # what opening it discards (a torn WAL's frames, the witness) is kept first
            aside = backups.keep_aside(database, copy=True) if before.refusal else None
            journal, service = open_checked(config, accept_loss=True)
            service.close()
            journal.close()
        print(f"accepted: {before.refusal or 'nothing was lost'}")
        if aside is not None:
            print(f"the files as they were are in {aside}")
        return check(config)
    try:
        journal, service = open_checked(config)
    except JournalError as error:
        found = integrity.inspect(database, _witness(database))
        for line in found.lines():
            print(line)
        print(f"refused: {error}")
        _list_backups(config)
        return EXIT_REFUSED
    for line in journal.inspection.lines():
        print(line)
    service.close()
    journal.close()
    _list_backups(config)
    return 0


def restore(config: Config, chosen: str | None = None) -> int:
    database = config.data.database
    with holding(config.data.dir):
        witnessed = _witness(database)  # what was acknowledged before the restore
        done = backups.restore(database, backup_folder(config), Path(chosen) if chosen else None)
    print(
        f"restored {done.path.name}: "
        + ", ".join(f"table {t} at version {v}" for t, (v, _) in sorted(done.heads.items()))
    )
    for line in not_restored(done.heads, witnessed.heads):
        print(line)
    if done.aside is not None:
        print(f"the files it replaced are in {done.aside}")
    return 0


def not_restored(restored: dict, acknowledged: dict) -> list[str]:
    """What the replaced journal's witness had acknowledged that the restored one lacks."""
    lines = []
    for table_id, (version, _) in sorted(acknowledged.items()):
        have = restored.get(table_id, (None, None))[0]
        if have is None:
            lines.append(f"NOT RESTORED: table {table_id} (it was at version {version})")
        elif have < version:
            lines.append(
                f"NOT RESTORED: table {table_id} versions {have + 1} to {version} "
                f"({version - have} acknowledged action(s))"
            )
    return lines


def export(config: Config, table_id: str, out: str | None) -> int:
    db = sqlite3.connect(f"file:{Path(config.data.database).resolve()}?mode=ro", uri=True)
    try:
        made = export_table(db, table_id)
    finally:
        db.close()
    text = json.dumps(made, indent=1, ensure_ascii=False)
    if out:
        Path(out).write_text(text, encoding="utf-8")
    else:
        print(text)
    return 0


def export_table(db: sqlite3.Connection, table_id: str) -> dict:
    """A table's whole journal with its chain. It holds every secret of the game: it is
    for the operator at the Pi, never served to a viewer."""
    row = db.execute(
        "SELECT id, game, players, options, seed_hash, rules_version, created, "
        "ended FROM tables WHERE id=?",
        (table_id,),
    ).fetchone()
    if row is None:
        raise JournalError(f"no table {table_id}")
    fields = ("id", "game", "players", "options", "seed_hash", "rules_version", "created")
    return {
        "format": "table-companion-journal/1",
        "table": {**dict(zip(fields, row[:7])), "ended": bool(row[7])},
        "genesis": chain.genesis(*row[:7]),
        "entries": [r.__dict__ for r in schema.rows(db, table_id)],
    }


def check_export(path: Path) -> str | None:
    """What is wrong with an export's chain, or None."""
    try:
        made = json.loads(path.read_text(encoding="utf-8"))
        table = made["table"]
        start = chain.genesis(
            table["id"],
            table["game"],
            table["players"],
            table["options"],
            table["seed_hash"],
            table["rules_version"],
            table["created"],
        )
        rows = [chain.Row(**row) for row in made["entries"]]
    except (OSError, ValueError, KeyError, TypeError) as error:
        return f"not an export: {error!r}"
    if start != made.get("genesis"):
        return "the table's record does not match its first link"
    broken = chain.first_break(start, rows)
    return None if broken is None else f"entry v{broken.version} is {broken.reason}"


def _witness(database: Path) -> Read:
    return Witness(str(database) + WITNESS_SUFFIX).read()


def _list_backups(config: Config) -> None:
    found = backups.existing(backup_folder(config))
    if not found:
        print("no backups yet")
    for path in found[-5:]:
        checked = backups.check(path)
        state = checked.problem or ", ".join(
            f"{t} v{v}" for t, (v, _) in sorted(checked.heads.items())
        )
        print(f"  backup {path.name}: {state}")
