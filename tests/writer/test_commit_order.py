"""The order of a change (``Service._commit``): its views are made once its commit returned,
nothing is sent unless the commit succeeds, and the witness follows the screens."""

from __future__ import annotations

import sqlite3

import pytest

from companion.play.table import Viewer
from companion.storage.journal import Journal, JournalError
from companion.writer.service import Service
from tests.support.writer.patches import Screen

ADMIN = Viewer(admin=True)


def test_a_commit_that_fails_sends_nothing_and_the_table_is_what_the_journal_holds(
    monkeypatch,
):
    with Service(Journal(":memory:")) as service:
        made = service.create_table("tally", ["A", "B"], {"target": 100})
        table_id = made["id"]
        screen = Screen(service, table_id, ADMIN, (made["admin_token"], None), "tablet")
        service.act(table_id, {"type": "add", "seat": 0, "amount": 2}, ADMIN)
        screen.drain()
        real = service.journal._db

        class FailingCommit:  # the fault comes after the views were started
            def execute(self, sql, *args):
                if sql == "COMMIT":
                    real.execute("ROLLBACK")
                    raise sqlite3.OperationalError("disk I/O error")
                return real.execute(sql, *args)

        monkeypatch.setattr(service.journal, "_db", FailingCommit())
        with pytest.raises(JournalError):
            service.act(table_id, {"type": "add", "seat": 0, "amount": 3}, ADMIN)
        monkeypatch.setattr(service.journal, "_db", real)
        assert screen.sub.events.empty()
        assert service.view(table_id, ADMIN)["table"]["version"] == 1
        assert service.view(table_id, ADMIN)["state"]["scores"] == [2, 0]
        service.act(table_id, {"type": "add", "seat": 0, "amount": 3}, ADMIN)
        screen.drain()
        assert screen.view == service.view(table_id, ADMIN)
        assert screen.view["state"]["scores"] == [5, 0]


def test_the_witness_holds_the_new_head_once_the_change_is_answered(tmp_path):
    """The witness is rewritten after the screens are sent a change, before its answer."""
    from companion.storage.witness import Witness

    path = tmp_path / "companion.sqlite"
    with Service(Journal(path)) as service:
        table_id = service.create_table("tally", ["A", "B"], {"target": 100})["id"]
        done = service.act(table_id, {"type": "add", "seat": 0, "amount": 2}, ADMIN)
        heads = Witness(str(path) + ".heads").read().heads
        assert heads[table_id] == service.journal._heads[table_id]
        assert heads[table_id][0] == done["version"] == 1
        service.journal.close()
