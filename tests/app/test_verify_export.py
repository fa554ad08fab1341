"""``companion verify`` on a file ``companion export`` wrote, as docs/after-the-game.md
says a player can: every draw derived again from the seed the tablet published, the file's
chain checked first, and no check without that seed."""

from __future__ import annotations

import json
import sqlite3

import pytest

from companion.app import cli
from companion.app.journal_care import export_table
from companion.play.table import Viewer
from companion.storage.journal import Journal
from companion.writer.service import Service

ADMIN = Viewer(admin=True)
TOKENS = [f"t{i}" for i in range(30)]


@pytest.fixture
def exported(db_path, tmp_path):
    """A closed tally game with two draws, exported to a file; and its published seed."""
    with Service(Journal(db_path)) as service:
        made = service.create_table("tally", ["Ann", "Bruno"], {"tokens": TOKENS, "target": 5})
        tid = made["id"]
        service.act(tid, {"type": "pick", "seat": 0}, ADMIN)
        service.act(tid, {"type": "add", "seat": 0, "amount": 5}, ADMIN)
        service.close_game(tid, ADMIN)
        seed = service.view(tid, Viewer())["table"]["seed"]
    db = sqlite3.connect(db_path)
    try:
        path = tmp_path / f"{tid}.journal.json"
        path.write_text(json.dumps(export_table(db, tid)), encoding="utf-8")
    finally:
        db.close()
    return path, seed


def verify(path, *seeds, data):
    argv = ["verify", str(path), "--data", str(data)]
    for seed in seeds:
        argv += ["--seed", seed]
    return cli.main(argv)


def test_an_exported_file_is_verified_with_the_published_seed(exported, tmp_path, capsys):
    path, seed = exported
    assert verify(path, seed, data=tmp_path / "elsewhere") == 0
    said = capsys.readouterr().out
    assert "seeds match their published hashes" in said
    assert "token from draw 0" in said and "every draw derives from the seeds" in said


def test_another_seed_fails_the_check(exported, tmp_path, capsys):
    path, _ = exported
    assert verify(path, "00" * 32, data=tmp_path) == 1
    assert "DO NOT MATCH" in capsys.readouterr().out


def test_without_the_published_seed_it_says_what_to_give(exported, tmp_path, capsys):
    path, _ = exported
    assert verify(path, data=tmp_path) != 0
    assert "holds no seed: give the one the tablet published with --seed" in (
        capsys.readouterr().err
    )


def test_a_file_whose_draw_was_changed_is_refused_by_its_chain(exported, tmp_path, capsys):
    path, seed = exported
    made = json.loads(path.read_text(encoding="utf-8"))
    row = next(r for r in made["entries"] if '"drawn"' in r["entry"])
    entry = json.loads(row["entry"])
    drawn = entry["action"]["drawn"]
    drawn["token"] = ["t1"] if drawn["token"] == ["t0"] else ["t0"]  # a luckier draw
    row["entry"] = json.dumps(entry)
    path.write_text(json.dumps(made), encoding="utf-8")
    assert verify(path, seed, data=tmp_path) != 0
    assert f"entry v{row['version']} is" in capsys.readouterr().err
