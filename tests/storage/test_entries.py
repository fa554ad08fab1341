"""Journal entries are typed, read and written in one place (companion/storage/entries.py): every
kind round-trips with today's field names, and a row of a kind this companion does not know stops
the start-up with the journal's exit status, naming the table, the version and the kind."""

from __future__ import annotations

import json
import sqlite3

import pytest

from companion.app import cli, journal_care
from companion.errors import JournalError
from companion.play.table import Viewer
from companion.storage import entries, hash_chain
from companion.storage.entries import (
    ActionApplied,
    ActionCorrected,
    ActionUndone,
    FreshSeed,
    GameClosed,
    PrivatePageClosed,
    PrivatePageOpened,
    SeatKeptOnTablet,
    SeatReissued,
    from_row,
    to_row,
)
from companion.storage.journal import Journal
from companion.writer.service import Service

ADMIN = Viewer(admin=True)
LINE = {"key": "core.disclosed_reveal", "params": {}}

# rows as the journal has always stored them, each with every field its kind may hold
ROWS = [
    {"kind": "action", "action": {"type": "add", "seat": 0, "amount": 2}},
    {
        "kind": "action",
        "action": {"type": "roll", "seat": 1, "dice": [4], "drawn": {"die": [["d6", 4]]}},
        "rules": 2,
        "requests": {"k1": "f1"},
    },
    {"kind": "undo", "target": 3},
    {
        "kind": "undo",
        "target": 9,
        "reopen": [7, 8],
        "disclosed": [LINE],
        "reseed": {"seed": "ab" * 32, "hash": "cd" * 32},
        "requests": {"k2": "f2"},
    },
    {"kind": "correction", "target": 4, "action": {"type": "roll", "seat": 0, "dice": [2]}},
    {
        "kind": "correction",
        "target": 4,
        "disclosed": [LINE],
        "reseed": {"seed": "01" * 32, "hash": "02" * 32},
        "action": {"type": "roll", "seat": 0, "dice": [2]},
        "rules": 1,
        "requests": {"k3": "f3"},
    },
    {"kind": "close"},
    {"kind": "close", "requests": {"k4": "f4"}},
    {"kind": "reissue", "seat": 1},
    {"kind": "on_tablet", "seat": 2},
    {"kind": "private_open", "seat": 2},
    {"kind": "private_closed", "seat": 2, "why": "lock"},
    {"kind": "private_closed", "seat": 2, "why": "expired"},
]


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r["kind"] + "+" * (len(r) > 3))
def test_every_kind_round_trips_with_todays_field_names(row):
    entry = from_row(json.loads(json.dumps(row)), "t1", 5)
    assert type(entry) is entries.KINDS[row["kind"]]
    assert to_row(entry) == row
    assert from_row(to_row(entry), "t1", 5) == entry


def test_the_rows_cover_every_kind():
    assert {r["kind"] for r in ROWS} == set(entries.KINDS)


def test_the_typed_fields_are_what_the_row_says():
    undo = from_row(ROWS[3], "t1", 10)
    assert undo == ActionUndone(9, (7, 8), (LINE,), FreshSeed("ab" * 32, "cd" * 32), {"k2": "f2"})
    assert from_row(ROWS[1], "t1", 2).rules == 2 and from_row(ROWS[0], "t1", 1).rules is None


@pytest.mark.parametrize(
    "row,said",
    [
        ({"kind": "rematch", "game": "tally"}, "of a kind this companion does not know: 'rematch'"),
        ({"action": {"type": "add"}}, "of a kind this companion does not know: None"),
        ({"kind": "undo"}, "not a readable 'undo' entry"),
        ({"kind": "undo", "target": "3"}, "not a readable 'undo' entry: 'target' is '3'"),
        ({"kind": "action", "action": [1]}, "not a readable 'action' entry"),
        ({"kind": "reissue", "seat": True}, "not a readable 'reissue' entry"),
        ({"kind": "private_closed", "seat": 0, "why": "bored"}, "'why' is 'bored'"),
        ({"kind": "close", "seed": "ab"}, "holds fields no entry has: ['seed']"),
        (["action"], "is not a journal entry"),
    ],
)
def test_a_row_no_kind_reads_is_refused_naming_the_table_and_version(row, said):
    with pytest.raises(JournalError) as refused:
        from_row(row, "t1", 7)
    assert str(refused.value).startswith("table t1: entry v7 ") and said in str(refused.value)


def test_writing_something_that_is_not_an_entry_is_refused():
    with pytest.raises(TypeError):
        to_row({"kind": "action", "action": {}})


def every_kind_played(service: Service) -> str:
    """A tally table that goes through every kind of entry, on the real journal."""
    tid = service.create_table("tally", ["Ann", "Bruno", "Cleo"], {"target": 5})["id"]
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
    service.act(tid, {"type": "roll", "seat": 0, "dice": [1]}, ADMIN)
    service.correct(tid, [3], ADMIN)
    service.act(tid, {"type": "add", "seat": 0, "amount": 1}, ADMIN)
    service.undo(tid, ADMIN)
    service.act(tid, {"type": "add", "seat": 0, "amount": 2}, ADMIN)  # 5: the end
    service.close_game(tid, ADMIN)
    service.seats.reissue(tid, 1, ADMIN)
    service.seats.keep_on_tablet(tid, 2, "4321", ADMIN)
    service.seats.unlock(tid, 2, "4321", ADMIN)
    service.seats.lock(tid, Viewer(seat=2))
    return tid


LINE_KEYS = {
    "correction": "core.corrected",
    "undo": "core.undo",
    "close": "core.closed",
    "reissue": "core.reissued",
    "on_tablet": "core.on_tablet",
    "private_open": "core.private_open",
    "private_closed": "core.private_closed.lock",
}


def test_each_kind_has_its_own_log_line_and_only_a_reissue_says_reissued(service):
    tid = every_kind_played(service)
    log = service.log(tid, ADMIN)
    assert {line["kind"] for line in log} == set(entries.KINDS)
    for line in log:
        key = line["line"]["key"]
        if line["kind"] == "action":
            assert key.startswith("tally."), line
        else:
            assert key == LINE_KEYS[line["kind"]], line
        assert (key == "core.reissued") == (line["kind"] == "reissue"), line


def test_the_journal_reads_back_every_kind_as_it_was_written(db_path):
    with Journal(db_path) as journal, Service(journal) as service:
        tid = every_kind_played(service)
        written = [e.body for e in service.tables[tid].entries]
    with Journal(db_path) as journal:
        read = [e.body for e in journal.entries(tid)]
    assert read == written
    assert [type(b) for b in read] == [
        ActionApplied,
        ActionApplied,
        ActionCorrected,
        ActionApplied,
        ActionUndone,
        ActionApplied,
        GameClosed,
        SeatReissued,
        SeatKeptOnTablet,
        PrivatePageOpened,
        PrivatePageClosed,
    ]


def write_a_row_from_elsewhere(database, table_id: str, row: dict) -> int:
    """Append a row as another companion would (its link of the chain right), straight to
    the SQLite file."""
    db = sqlite3.connect(database)
    try:
        version, previous = db.execute(
            "SELECT version, hash FROM entries WHERE table_id=? ORDER BY version DESC LIMIT 1",
            (table_id,),
        ).fetchone()
        stored = hash_chain.Row(version + 1, json.dumps(row), "admin", "web", "", None, None)
        with db:
            db.execute(
                "INSERT INTO entries VALUES (?,?,?,?,?,?,?,?)",
                (table_id, stored.version, stored.entry, "admin", "web", "", None)
                + (hash_chain.link(previous, stored),),
            )
    finally:
        db.close()
    return version + 1


@pytest.fixture
def unknown_kind(tmp_path):
    data = tmp_path / "data"
    with Journal(data / "companion.sqlite") as journal, Service(journal) as service:
        tid = service.create_table("tally", ["Ann", "Bruno"], {})["id"]
        service.act(tid, {"type": "add", "seat": 0, "amount": 2}, ADMIN)
    version = write_a_row_from_elsewhere(
        data / "companion.sqlite", tid, {"kind": "rematch", "with": "tally"}
    )
    return data, tid, version


@pytest.mark.parametrize("command", ["check", "serve"])
def test_a_journal_with_a_kind_it_does_not_know_stops_the_companion(unknown_kind, command, capsys):
    data, tid, version = unknown_kind
    assert cli.main([command, "--data", str(data)]) == journal_care.EXIT_REFUSED
    said = capsys.readouterr()
    told = said.out + said.err
    assert f"table {tid}: entry v{version} is of a kind this companion does not know: " in told
    assert "'rematch'" in told and "Traceback" not in told
