"""Loading never silently applies new rules to old actions: a table recorded under an older
RULES_VERSION is upcast by the game's written migrations, or not loaded at all."""

from __future__ import annotations

import pytest

from companion.app.verify_draws import verify
from companion.play.table import Viewer
from companion.rules.errors import RuleError
from companion.storage.journal import Journal
from companion.writer.service import Service
from tests.support.tally import game as tally

ADMIN = Viewer(admin=True)


@pytest.fixture
def recorded(db_path):
    """A tally table whose actions were made under rules version 1: +2, +3."""
    journal = Journal(db_path)
    with Service(journal) as service:
        tid = service.create_table("tally", ["Ann", "Bruno"], {})["id"]
        for amount in (2, 3):
            service.act(tid, {"type": "add", "seat": 0, "amount": amount}, ADMIN)
    journal.close()
    return tid


def reopen(db_path):
    journal = Journal(db_path)
    service = Service(journal).start()
    return journal, service


def test_a_newer_rules_version_without_a_migration_leaves_the_table_unloaded(
    db_path, recorded, monkeypatch
):
    monkeypatch.setattr(tally, "RULES_VERSION", 2)
    journal, service = reopen(db_path)
    try:
        assert recorded not in service.tables
        refused = service.health()["tables_not_loaded"][recorded]
        assert refused["code"] == "rules_no_migration"
        assert (refused["recorded"], refused["current"]) == (1, 2)
        # the journal is left as it was recorded
        assert [e.body.action["amount"] for e in journal.entries(recorded)] == [2, 3]
    finally:
        service.close()
        journal.close()


def test_a_written_migration_upcasts_the_old_actions(db_path, recorded, monkeypatch):
    """Say version 1 counted an "add" one short (a made-up rule change): its actions are
    brought up by the migration, new actions are made (and stamped) under version 2."""

    def one_more(action):
        return {**action, "amount": action["amount"] + 1} if action["type"] == "add" else action

    monkeypatch.setattr(tally, "RULES_VERSION", 2)
    monkeypatch.setattr(tally, "MIGRATIONS", {1: one_more}, raising=False)
    journal, service = reopen(db_path)
    try:
        assert service.view(recorded, ADMIN)["state"]["scores"] == [7, 0]
        service.act(recorded, {"type": "add", "seat": 0, "amount": 4}, ADMIN)
        stamps = [e.body.rules for e in journal.entries(recorded)]
        assert stamps == [1, 1, 2]
    finally:
        service.close()
        journal.close()


def test_a_journal_from_a_newer_companion_is_not_loaded(db_path, recorded, monkeypatch):
    monkeypatch.setattr(tally, "RULES_VERSION", 0)
    journal, service = reopen(db_path)
    try:
        assert service.health()["tables_not_loaded"][recorded]["code"] == "rules_newer"
    finally:
        service.close()
        journal.close()


def test_verify_replays_old_actions_as_the_table_does(db_path, recorded, monkeypatch):
    """``companion verify`` brings old actions up to today's rules, as loading does: under a
    version 2 that renamed "add" (a made-up rule change), replaying the raw version-1
    actions would be refused by the rules."""
    real_apply = tally.apply

    def apply_v2(state, action):
        if action["type"] == "add":
            raise RuleError("not_now", action="add")
        if action["type"] == "add_v2":
            action = {**action, "type": "add"}
        return real_apply(state, action)

    monkeypatch.setattr(tally, "RULES_VERSION", 2)
    monkeypatch.setattr(
        tally,
        "MIGRATIONS",
        {1: lambda a: {**a, "type": "add_v2"} if a["type"] == "add" else a},
        raising=False,
    )
    monkeypatch.setattr(tally, "apply", apply_v2)
    journal = Journal(db_path)
    try:
        assert verify(journal, recorded).ok
    finally:
        journal.close()
