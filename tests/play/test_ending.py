"""What cannot be taken back: the end as a moment the table confirms, a fresh
seed when play resumes after the seed was published, reveals as barriers, and no free
fishing (companion/play/table.py, companion/randomness/epochs.py, companion/play/barrier.py)."""

from __future__ import annotations

import pytest

from companion.access import idempotency
from companion.app.verify_draws import verify
from companion.errors import Forbidden
from companion.play.table import Viewer
from companion.randomness import draws
from companion.rules.base import RuleError
from companion.storage.journal import Journal
from companion.writer.service import Service

ADMIN = Viewer(admin=True)
PUBLIC = Viewer()
TOKENS = [f"t{i}" for i in range(30)]


def seeds(monkeypatch):
    """Seeds made in order, known to the test (so a prediction can be checked exactly)."""
    made = iter([bytes([n]) * 32 for n in range(1, 10)])
    monkeypatch.setattr(draws, "new_seed", lambda: next(made))


def ended_table(service, target=5):
    tid = service.create_table("tally", ["Ann", "Bruno"], {"tokens": TOKENS, "target": target})[
        "id"
    ]
    service.act(tid, {"type": "pick", "seat": 0}, ADMIN)
    service.act(tid, {"type": "add", "seat": 0, "amount": 5}, ADMIN)
    return tid


def keys(service, tid):
    return [
        (line["line"]["key"], [a["key"] for a in line["line"].get("also", [])])
        for line in service.log(tid, PUBLIC)
    ]


def test_the_end_is_confirmed_by_the_table_then_the_seed_is_published(service, monkeypatch):
    seeds(monkeypatch)
    tid = ended_table(service)
    table = service.view(tid, PUBLIC)["table"]
    assert table["ended"] and not table["closed"] and "seed" not in table
    assert service.view(tid, ADMIN)["table"]["can_undo"]  # the tablet can still fix it
    with pytest.raises(Forbidden):
        service.close_game(tid, Viewer(seat=0))
    retry = idempotency.make("close-000001", f"/api/tables/{tid}/close", "admin", {})
    service.close_game(tid, ADMIN, retry)
    assert service.close_game(tid, ADMIN, retry)["replayed"]
    table = service.view(tid, PUBLIC)["table"]
    assert table["closed"] and table["seed"] == (b"\x01" * 32).hex()
    assert table["seeds"] == [
        {"from_version": 0, "seed": table["seed"], "hash": draws.commitment(b"\x01" * 32)}
    ]
    assert keys(service, tid)[-1] == ("core.closed", [])
    with pytest.raises(RuleError) as twice:
        service.close_game(tid, ADMIN)
    assert twice.value.code == "game_closed"


def test_closing_a_game_not_over_is_refused(service):
    tid = service.create_table("tally", ["Ann", "Bruno"], {})["id"]
    with pytest.raises(RuleError) as refused:
        service.close_game(tid, ADMIN)
    assert refused.value.code == "game_not_over"


def test_play_resuming_after_publication_commits_a_fresh_seed_first(db_path, monkeypatch):
    """The next draw after undoing a closed game cannot be predicted
    from the published seed."""
    seeds(monkeypatch)
    with Service(Journal(db_path)) as service:
        tid = ended_table(service)
        service.close_game(tid, ADMIN)
        published = bytes.fromhex(service.view(tid, PUBLIC)["table"]["seed"])
        service.undo(tid, ADMIN)  # the winning add
        table = service.view(tid, PUBLIC)["table"]
        assert not table["closed"] and table["seed_hash"] == draws.commitment(b"\x02" * 32)
        shown = ["core.disclosed_place", "final.points"] * 2  # each place and its number
        assert keys(service, tid)[-1] == (
            "core.undo_disclosed",
            ["core.disclosed_result", *shown, "core.reseeded"],
        )
        service.act(tid, {"type": "pick", "seat": 0}, ADMIN)
        picked = service.view(tid, ADMIN)["state"]["picked"]
        rest = [t for t in TOKENS if t != picked[0]]
        spec = {"token": {"population": rest, "count": 1}}
        predicted = draws.resolve(published, {"token": 1}, spec)["token"]
        assert picked[1] == draws.resolve(b"\x02" * 32, {"token": 1}, spec)["token"][0]
        assert picked[1] != predicted[0]
        service.act(tid, {"type": "add", "seat": 0, "amount": 5}, ADMIN)
        service.close_game(tid, ADMIN)
        assert [s["seed"] for s in service.view(tid, PUBLIC)["table"]["seeds"]] == [
            (b"\x01" * 32).hex(),
            (b"\x02" * 32).hex(),
        ]
        assert verify(service.journal, tid).ok
    with Service(Journal(db_path)) as again:  # the epochs come back from the journal
        assert again.view(tid, PUBLIC)["table"]["closed"]
        assert len(again.view(tid, PUBLIC)["table"]["seeds"]) == 2


def bid(service, seat, amount):
    service.act(
        service_table_id(service),
        {"type": "bid", "seat": seat, "amount": amount},
        Viewer(seat=seat),
    )


def service_table_id(service):
    return next(iter(service.tables))


def test_undoing_a_reveal_asks_every_seat_again(db_path):
    """No seat re-chooses knowing the others' revealed choices."""
    with Service(Journal(db_path)) as service:
        tid = service.create_table("tally", ["Ann", "Bruno", "Cid"], {})["id"]
        service.act(tid, {"type": "call_bids", "seat": 0}, ADMIN)
        bid(service, 0, 5)
        bid(service, 1, 6)
        bid(service, 1, 7)  # changed before the reveal: its own seat may
        assert service.view(tid, Viewer(seat=1))["state"]["bids"]["mine"] == 7
        bid(service, 2, 8)
        assert service.view(tid, PUBLIC)["state"]["revealed"] == [5, 7, 8]
        service.undo(tid, ADMIN)
        prompt = service.view(tid, PUBLIC)["prompt"]
        assert prompt["submitted"] == [] and prompt["seats"] == [0, 1, 2]
        log = service.log(tid, PUBLIC)
        assert log[-1]["line"] == {
            "key": "core.undo_reveal",
            "params": {"version": 5, "seats": "Ann, Bruno, Cid"},
            "also": [{"key": "core.disclosed_reveal", "params": {}}],
        }
        assert [line["undone"] for line in log[1:5]] == [True] * 4
    with Service(Journal(db_path)) as again:  # the same after a restart
        assert again.view(tid, PUBLIC)["prompt"]["submitted"] == []
        bid(again, 0, 1)
        assert again.view(tid, PUBLIC)["prompt"]["submitted"] == [0]


def test_undoing_a_submission_before_the_reveal_is_a_plain_undo(service):
    tid = service.create_table("tally", ["Ann", "Bruno", "Cid"], {})["id"]
    service.act(tid, {"type": "call_bids", "seat": 0}, ADMIN)
    bid(service, 0, 5)
    bid(service, 1, 6)
    service.undo(tid, ADMIN)
    assert service.view(tid, PUBLIC)["prompt"]["submitted"] == [0]
    assert service.log(tid, PUBLIC)[-1]["line"]["key"] == "core.undo"
