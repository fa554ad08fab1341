"""The start-up integrity report, and the refusals that keep the
evidence. The journal image (``conftest.py``) holds every real game, its commits in the WAL.
"""

from __future__ import annotations

import json
import subprocess

import pytest

from companion.play.table import Viewer
from tests.support.reliability.recovery import DB_NAME, copy_database, recover
from tests.support.reliability.server import CompanionProcess, run_cli

FAST = "[server]\nrequests_per_minute_anonymous = 1000000\n"


def refused(data) -> subprocess.CompletedProcess:
    try:
        return run_cli(
            ["serve", "--host", "127.0.0.1", "--port", "0", "--data", str(data)], limit_s=30
        )
    except subprocess.TimeoutExpired:
        pytest.fail("companion started serving")


@pytest.mark.parametrize("state", ["empty", "missing"])
def test_no_database_beside_a_wal_is_refused_and_the_wal_kept(written, tmp_path, state):
    """Before: the server started with no tables and said nothing, and on stop deleted the
    WAL — the evidence with it."""
    data = tmp_path / "data"
    database = copy_database(written[0].parent, data)
    if state == "empty":
        database.write_bytes(b"")
    else:
        database.unlink()
    wal = (data / (DB_NAME + "-wal")).read_bytes()
    assert len(wal) > 100_000
    done = refused(data)
    err = done.stderr.decode()
    assert done.returncode == 3 and err.count("\n") == 1, err
    assert err.startswith(
        f"companion: refusing to start: {database} is {state} but its WAL holds {len(wal)} bytes"
    )
    assert (data / (DB_NAME + "-wal")).read_bytes() == wal
    assert (database.stat().st_size == 0) if state == "empty" else not database.exists()


def test_the_report_is_printed_and_served(written, tmp_path):
    data = tmp_path / "data"
    copy_database(written[0].parent, data)
    expected = recover(copy_database(data, tmp_path / "expected"))
    config = tmp_path / "companion.toml"
    config.write_text(FAST, encoding="utf-8")
    proc = CompanionProcess(data, config)
    try:
        client = proc.start()
        health = client.get("/api/health").json()["integrity"]
        printed = (data.parent / "data-stdout.log").read_text()
    finally:
        proc.close()
    assert health["quick_check"] == "ok" and health["witness"] == "ok"
    assert health["chain"] == "ok" and health["wal"]["present"] and health["wal"]["frames"] > 0
    versions = {t["id"]: t["version"] for t in health["tables"]}
    assert versions == {tid: len(rec.entries) for tid, rec in expected.items()}
    assert any(t["snapshot"] for t in health["tables"])  # snapshot_every = 5 in the image
    assert "quick_check ok, witness ok" in printed
    for table in health["tables"]:
        start = (
            f"from the snapshot at action {table['snapshot']}"
            if table["snapshot"]
            else "replayed from the start"
        )
        assert (
            f"table {table['id']} ({table['game']}): version {table['version']}, chain ok, {start}"
        ) in printed


def test_an_export_carries_the_chain_and_a_changed_export_is_named(written, tmp_path):
    data = tmp_path / "data"
    copy_database(written[0].parent, data)
    table_id = max(written[1], key=lambda t: len(written[1][t]))
    out = tmp_path / "export.json"
    done = run_cli(["export", table_id, "--data", str(data), "--out", str(out)])
    assert done.returncode == 0, done.stderr.decode()
    made = json.loads(out.read_text())
    assert len(made["entries"]) == len(written[1][table_id])
    assert all(len(e["hash"]) == 64 for e in made["entries"])
    assert run_cli(["check", "--export", str(out)]).returncode == 0
    made["entries"][3]["actor"] = "seat:5"
    out.write_text(json.dumps(made))
    checked = run_cli(["check", "--export", str(out)])
    assert checked.returncode == 3 and b"entry v4 is damaged" in checked.stdout


def test_the_report_says_which_snapshots_start_up_used(written, tmp_path):
    """In-process: ``Journal.inspection`` after a replay is what the report shows."""
    from companion.app import journal_care
    from companion.app.config import load

    data = tmp_path / "data"
    copy_database(written[0].parent, data)
    journal, service = journal_care.open_checked(load(overrides={"data": {"dir": str(data)}}))
    try:
        report = service.integrity
        for table in report["tables"]:
            live = service.tables[table["id"]]
            assert table["snapshot"] == live.resumed_from
            assert live.view(Viewer(admin=True))["table"]["version"] == table["version"]
    finally:
        service.close()
        journal.close()
