"""The core with the test-only game: journal round trip, restart, versions, undo, seeds,
one-writer ordering."""

from __future__ import annotations

import threading

import pytest

from companion.access.idempotency import Request
from companion.errors import Conflict, Forbidden
from companion.play.table import Viewer
from companion.randomness import draws
from companion.rules.base import RuleError
from companion.storage.journal import Journal
from companion.writer.service import Service
from tests.support.values import numbers

ADMIN = Viewer(admin=True)


def new_table(service, players=("Ann", "Bruno"), **options):
    return service.create_table("tally", list(players), options)


def restart(service, db_path):
    service.close()
    service.journal.close()
    return Service(Journal(db_path)).start()


def test_restart_equals_live_state(service, db_path):
    made = new_table(service)
    tid = made["id"]
    for amount in (3, 5):
        service.act(tid, {"type": "add", "seat": 0, "amount": amount}, ADMIN)
    service.act(tid, {"type": "end_turn", "seat": 0}, ADMIN)
    service.act(tid, {"type": "pick", "seat": 1}, ADMIN)
    live = service.view(tid, Viewer(seat=1))
    again = restart(service, db_path)
    try:
        assert again.view(tid, Viewer(seat=1)) == live
        assert [e["version"] for e in again.log(tid, Viewer())] == [1, 2, 3, 4]
    finally:
        again.close()
        again.journal.close()


def test_stale_version_is_refused_and_changes_nothing(service):
    tid = new_table(service)["id"]
    service.act(tid, {"type": "add", "seat": 0, "amount": 1}, ADMIN, expected_version=0)
    with pytest.raises(Conflict):
        service.act(tid, {"type": "add", "seat": 0, "amount": 1}, ADMIN, expected_version=0)
    assert service.view(tid, ADMIN)["table"]["version"] == 1
    assert service.view(tid, ADMIN)["state"]["scores"] == [1, 0]


def test_undo_is_a_new_entry_and_restores_state(service, db_path):
    tid = new_table(service)["id"]
    service.act(tid, {"type": "add", "seat": 0, "amount": 4}, ADMIN)
    service.act(tid, {"type": "add", "seat": 0, "amount": 2}, ADMIN)
    service.undo(tid, ADMIN)
    view = service.view(tid, ADMIN)
    assert view["state"]["scores"] == [4, 0]
    assert view["table"]["version"] == 3
    log = service.log(tid, ADMIN)
    assert [(e["kind"], e["undone"]) for e in log] == [
        ("action", False),
        ("action", True),
        ("undo", False),
    ]
    again = restart(service, db_path)
    try:
        assert again.view(tid, ADMIN)["state"]["scores"] == [4, 0]
    finally:
        again.close()
        again.journal.close()


def test_undo_needs_the_tablet(service):
    tid = new_table(service)["id"]
    service.act(tid, {"type": "add", "seat": 0, "amount": 4}, Viewer(seat=0))
    with pytest.raises(Forbidden):
        service.undo(tid, Viewer(seat=0))


def test_idempotent_retry_pays_once(service):
    tid = new_table(service)["id"]
    action = {"type": "add", "seat": 0, "amount": 5}
    first = service.act(tid, action, ADMIN, request=Request("key-00000001", "fp"))
    second = service.act(tid, action, ADMIN, request=Request("key-00000001", "fp"))
    assert second == {"version": first["version"], "replayed": True}
    assert service.view(tid, ADMIN)["state"]["scores"] == [5, 0]


def test_seed_commitment_and_undo_draws_the_same(service):
    made = new_table(service)
    tid = made["id"]
    service.act(tid, {"type": "pick", "seat": 0}, ADMIN)
    first = service.view(tid, ADMIN)["state"]["picked"]
    service.undo(tid, ADMIN)
    service.act(tid, {"type": "pick", "seat": 0}, ADMIN)
    assert service.view(tid, ADMIN)["state"]["picked"] == first
    view = service.view(tid, ADMIN)
    assert "seed" not in view["table"]
    service.act(tid, {"type": "add", "seat": 0, "amount": 5}, ADMIN)
    for _ in range(9):
        service.act(tid, {"type": "add", "seat": 0, "amount": 5}, ADMIN)
    ended = service.view(tid, ADMIN)["table"]
    assert ended["ended"] and not ended["closed"] and "seed" not in ended
    service.close_game(tid, ADMIN)
    closed = service.view(tid, Viewer())["table"]
    seed = bytes.fromhex(closed["seed"])
    assert draws.commitment(seed) == made["seed_hash"]
    # anyone can re-derive the draw: the first "token" (the undone pick does not count)
    assert (
        draws.resolve(seed, {}, {"token": {"population": ["red", "green", "blue"], "count": 1}})[
            "token"
        ]
        == first
    )


def test_draw_index_is_uniform_enough_and_rejects_bias():
    seed = bytes(32)
    counts = [0, 0, 0]
    for k in range(3000):
        counts[draws.index(seed, "token", k, 3)] += 1
    assert all(900 < c < 1100 for c in counts)


def test_secret_submission_only_from_own_device(service):
    tid = new_table(service)["id"]
    service.act(tid, {"type": "call_bids", "seat": 0}, ADMIN)
    with pytest.raises(Forbidden):
        service.act(tid, {"type": "bid", "seat": 1, "amount": 7}, ADMIN)
    with pytest.raises(Forbidden):
        service.act(tid, {"type": "bid", "seat": 1, "amount": 7}, Viewer(seat=0))
    service.act(tid, {"type": "bid", "seat": 1, "amount": 777}, Viewer(seat=1))
    public = numbers([service.view(tid, ADMIN), service.log(tid, ADMIN)])
    other = numbers([service.view(tid, Viewer(seat=0)), service.log(tid, Viewer(seat=0))])
    assert 777 not in public and 777 not in other
    assert 777 in numbers(service.view(tid, Viewer(seat=1)))


def test_client_cannot_smuggle_a_draw(service):
    tid = new_table(service)["id"]
    with pytest.raises(RuleError):
        service.act(tid, {"type": "pick", "seat": 0, "drawn": {"token": ["red"]}}, ADMIN)


def test_one_writer_orders_concurrent_submitters(service):
    tid = new_table(service, target=10_000)["id"]
    results: list[int] = []
    lock = threading.Lock()

    def submitter(n):
        for i in range(25):
            done = service.act(
                tid,
                {"type": "add", "seat": 0, "amount": 1},
                ADMIN,
                request=Request(f"client-{n}-{i:04d}", "fp"),
            )
            with lock:
                results.append(done["version"])

    threads = [threading.Thread(target=submitter, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == list(range(1, 201))
    assert service.view(tid, ADMIN)["state"]["scores"][0] == 200


def test_snapshot_then_restart(db_path):
    journal = Journal(db_path)
    with Service(journal, snapshot_every=10) as svc:
        tid = svc.create_table("tally", ["A", "B"], {"target": 10_000})["id"]
        for _ in range(35):
            svc.act(tid, {"type": "add", "seat": 0, "amount": 1}, ADMIN)
        svc.undo(tid, ADMIN)
        svc.act(tid, {"type": "add", "seat": 0, "amount": 3}, ADMIN)
        live = svc.view(tid, ADMIN)
    assert [p for p, _v in journal.snapshots(tid)] == [30, 20, 10]
    journal.close()
    with Service(Journal(db_path)) as again:
        assert again.view(tid, ADMIN) == live
        again.journal.close()


def test_join_code_is_single_use_and_reissue_revokes(service):
    made = new_table(service)
    tid, code = made["id"], made["join_codes"][1]
    seat, token = service.seats.join(tid, code)
    assert seat == 1
    assert service.seats.viewer_for(tid, None, token) == Viewer(seat=1)
    with pytest.raises(Forbidden):
        service.seats.join(tid, code)
    new_code = service.seats.reissue(tid, 1, ADMIN)
    assert service.seats.viewer_for(tid, None, token) == Viewer()
    assert service.seats.join(tid, new_code)[0] == 1
    assert service.log(tid, Viewer())[-1]["line"]["key"] == "core.reissued"


def test_a_correction_at_a_snapshot_boundary_replays_exactly(db_path):
    journal = Journal(db_path)
    with Service(journal, snapshot_every=5) as svc:
        tid = svc.create_table("tally", ["A", "B"], {"target": 10_000})["id"]
        for _ in range(4):
            svc.act(tid, {"type": "add", "seat": 0, "amount": 1}, ADMIN)
        svc.act(tid, {"type": "ask", "seat": 0}, ADMIN)
        svc.act(tid, {"type": "roll", "seat": 0, "dice": [2]}, ADMIN)  # position 6
        svc.undo(tid, ADMIN)
        svc.act(tid, {"type": "roll", "seat": 0, "dice": [3]}, ADMIN)
        svc.correct(tid, [6], ADMIN)
        live = svc.view(tid, ADMIN)
        assert live["state"]["scores"][0] == 10
        svc.undo(tid, ADMIN)
        svc.act(tid, {"type": "roll", "seat": 0, "dice": [1]}, ADMIN)
        live = svc.view(tid, ADMIN)
    journal.close()
    with Service(Journal(db_path)) as again:
        assert again.view(tid, ADMIN) == live
        again.journal.close()


def test_undo_after_a_correction_uses_the_corrected_state(db_path):
    with Service(Journal(db_path), checkpoint_every=1) as svc:
        tid = svc.create_table("tally", ["A", "B"], {"target": 10_000})["id"]
        svc.act(tid, {"type": "ask", "seat": 0}, ADMIN)
        svc.act(tid, {"type": "roll", "seat": 0, "dice": [2]}, ADMIN)
        svc.correct(tid, [6], ADMIN)
        svc.act(tid, {"type": "add", "seat": 0, "amount": 1}, ADMIN)
        svc.undo(tid, ADMIN)
        assert svc.view(tid, ADMIN)["state"]["scores"] == [6, 0]
        svc.journal.close()


def test_a_storage_fault_changes_nothing_and_says_so(service, monkeypatch):
    import sqlite3

    from companion.storage.journal import JournalError

    tid = new_table(service)["id"]
    service.act(tid, {"type": "add", "seat": 0, "amount": 2}, ADMIN)
    real = service.journal._db

    class Full:
        def execute(self, sql, *args):
            if sql.startswith("INSERT INTO entries"):
                raise sqlite3.OperationalError("database or disk is full")
            return real.execute(sql, *args)

    monkeypatch.setattr(service.journal, "_db", Full())
    with pytest.raises(JournalError):
        service.act(tid, {"type": "add", "seat": 0, "amount": 3}, ADMIN)
    monkeypatch.setattr(service.journal, "_db", real)
    assert service.view(tid, ADMIN)["state"]["scores"] == [2, 0]
    assert service.view(tid, ADMIN)["table"]["version"] == 1
    service.act(tid, {"type": "add", "seat": 0, "amount": 3}, ADMIN)
    assert service.view(tid, ADMIN)["state"]["scores"] == [5, 0]
