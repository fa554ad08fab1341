"""Any mix of actions, undos, corrections and snapshots rebuilds to the live state."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.play.table import Viewer
from companion.rules.base import RuleError
from companion.storage.journal import Journal
from companion.writer.service import Service

ADMIN = Viewer(admin=True)
STEP = st.one_of(
    st.tuples(st.just("add"), st.integers(1, 5)),
    st.tuples(st.just("ask"), st.just(0)),
    st.tuples(st.just("roll"), st.integers(1, 6)),
    st.tuples(st.just("pick"), st.just(0)),
    st.tuples(st.just("end_turn"), st.just(0)),
    st.tuples(st.just("undo"), st.just(0)),
    st.tuples(st.just("correct"), st.integers(1, 6)),
)


def run(svc, tid, kind, value):
    seat = svc.view(tid, ADMIN)["state"]["turn"]
    if kind == "undo":
        return svc.undo(tid, ADMIN)
    if kind == "correct":
        return svc.correct(tid, [value], ADMIN)
    action = {"type": kind, "seat": seat}
    if kind == "add":
        action["amount"] = value
    if kind == "roll":
        action["dice"] = [value]
    return svc.act(tid, action, ADMIN)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    steps=st.lists(STEP, max_size=40),
    snapshot_every=st.integers(1, 6),
    checkpoint_every=st.integers(1, 4),
)
def test_restart_equals_live_whatever_happened(steps, snapshot_every, checkpoint_every):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "db.sqlite"
        journal = Journal(path)
        with Service(
            journal, snapshot_every=snapshot_every, checkpoint_every=checkpoint_every
        ) as svc:
            tid = svc.create_table("tally", ["A", "B"], {"target": 10_000})["id"]
            for kind, value in steps:
                try:
                    run(svc, tid, kind, value)
                except (RuleError, CompanionError):
                    pass
            live = svc.view(tid, ADMIN)
            live_log = svc.log(tid, ADMIN)
        journal.close()
        with Service(Journal(path)) as again:
            assert again.view(tid, ADMIN) == live
            assert again.log(tid, ADMIN) == live_log
            again.journal.close()
