"""Backups (SQLite's online backup API) every N minutes and at each game's end, and
``companion restore``: a destroyed database comes back at the backup's version."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from companion.play.table import Viewer
from companion.storage import backups
from companion.storage.backups import BackupTimer
from companion.storage.journal import Journal, JournalError
from companion.writer.service import Service
from tests.support.reliability.drive import existing_games, player_names, record
from tests.support.reliability.raw import tablet_acts
from tests.support.reliability.recovery import DB_NAME, copy_database, recover
from tests.support.reliability.server import CompanionProcess, run_cli

CONFIG = """\
[server]
requests_per_minute_anonymous = 1000000

[backups]
every_minutes = 0.01
keep = 3
"""
WAIT_LIMIT_S = 60.0  # generous bounds for a background thread, not timing assertions


def wait_for(check, limit: float = WAIT_LIMIT_S):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError("waited in vain")


def test_a_destroyed_database_comes_back_from_the_newest_backup(tmp_path):
    data, folder = tmp_path / "data", tmp_path / "data" / "backups"
    config = tmp_path / "companion.toml"
    config.write_text(CONFIG, encoding="utf-8")
    proc = CompanionProcess(data, config)
    rng = random.Random(5)
    try:
        client = proc.start()
        tables = []
        for game in existing_games():
            made = client.post(
                "/api/tables", {"game": game, "players": player_names(game)}, token="script"
            ).json()
            tables.append(made)
            for _ in range(3):
                tablet_acts(proc.port, made, rng)
        now = {
            t["id"]: client.get(f"/api/tables/{t['id']}", t["admin_token"]).json()["table"][
                "version"
            ]
            for t in tables
        }

        def caught_up():
            for path in reversed(backups.existing(folder)):
                checked = backups.check(path)
                if {t: v for t, (v, _) in checked.heads.items()} == now:
                    return checked
            return None

        newest = wait_for(caught_up)
        busy = run_cli(["restore", "--data", str(data)])
        assert busy.returncode == 4 and b"stop it first" in busy.stderr
        assert len(backups.existing(folder)) <= 3  # keep = 3
    finally:
        proc.kill()
    expected = recover(
        copy_database(newest.path.parent, tmp_path / "expected", newest.path.name), accept_loss=True
    )
    database = data / DB_NAME
    database.write_bytes(random.Random(1).randbytes(database.stat().st_size or 8192))
    (data / (DB_NAME + "-wal")).unlink(missing_ok=True)
    assert run_cli(["serve", "--port", "0", "--data", str(data)]).returncode == 3
    restored = run_cli(["restore", "--data", str(data)])
    assert restored.returncode == 0, restored.stderr.decode()
    assert f"restored {newest.path.name}".encode() in restored.stdout
    assert any(p.name.startswith("damaged-") for p in data.iterdir())  # kept aside
    try:
        client = proc.start()
        for made in tables:
            view = client.get(f"/api/tables/{made['id']}", made["admin_token"]).json()
            assert view["table"]["version"] == now[made["id"]]
            assert view == expected[made["id"]].view(Viewer(admin=True))
    finally:
        proc.close()
    record(
        "restore",
        {
            "tables": len(tables),
            "entries_restored": sum(now.values()),
            "backup": newest.path.name,
            "tables_back_at_backup_version": len(tables),
        },
    )


def test_a_backup_is_made_when_a_game_ends(tmp_path):
    journal = Journal(tmp_path / DB_NAME)
    service = Service(journal).start()
    try:
        with BackupTimer(journal, tmp_path / "backups", keep=5, every_s=3600) as timer:
            service.game_ended = timer.ask
            made = service.create_table("tally", ["Ann", "Bruno"], {"target": 3})
            service.act(made["id"], {"type": "add", "seat": 0, "amount": 2}, Viewer(admin=True))
            assert timer.made == []  # no game over, no hour gone by: nothing yet
            service.act(made["id"], {"type": "add", "seat": 0, "amount": 1}, Viewer(admin=True))
            wait_for(lambda: timer.made)
            heads = backups.check(timer.made[0]).heads
            assert heads[made["id"]][0] == 2 == service.tables[made["id"]].version
    finally:
        service.close()
        journal.close()


def backed_up(tmp_path: Path, count: int) -> tuple[dict, Path, Path]:
    """A tally table acted on ``count`` times, backed up (keep 3) after each action:
    (the table, the backup folder, the database, closed)."""
    journal = Journal(tmp_path / "data" / DB_NAME)
    service = Service(journal).start()
    folder = tmp_path / "backups"
    try:
        made = service.create_table("tally", ["Ann", "Bruno"], {"target": 50})
        for _ in range(count):
            service.act(made["id"], {"type": "add", "seat": 0, "amount": 1}, Viewer(admin=True))
            backups.make(Path(journal.path), folder, keep=3)
    finally:
        service.close()
        journal.close()
    return made, folder, Path(journal.path)


def test_only_the_last_k_are_kept_and_restore_passes_over_a_bad_one(tmp_path):
    made, folder, _ = backed_up(tmp_path, 5)
    kept = backups.existing(folder)
    assert [p.name for p in kept] == [f"backup-00000{n}.sqlite" for n in (3, 4, 5)]
    kept[-1].write_bytes(kept[-1].read_bytes()[:4096])  # the newest, cut short
    done = backups.restore(tmp_path / "data" / DB_NAME, folder)
    assert done.path == kept[-2] and done.heads[made["id"]][0] == 4
    with Journal(tmp_path / "data" / DB_NAME) as reopened:
        assert len(reopened.entries(made["id"])) == 4


def test_a_backup_that_fails_its_check_is_not_kept_and_pushes_no_good_one_out(
    tmp_path, monkeypatch
):
    """The rotation keeps the last ``keep`` *good* backups: a copy that fails its check
    (here: the check says so) is removed and numbered nothing, and the good ones stay."""
    _, folder, database = backed_up(tmp_path, 3)
    good = {p.name: p.read_bytes() for p in backups.existing(folder)}
    monkeypatch.setattr(
        backups, "check", lambda path: backups.Checked(path, {}, "quick_check: page 3 bad")
    )
    for _ in range(3):
        with pytest.raises(JournalError, match="page 3 bad"):
            backups.make(database, folder, keep=3)
    assert {p.name: p.read_bytes() for p in backups.existing(folder)} == good
    assert sorted(p.name for p in folder.iterdir()) == sorted(good)  # no partial left
