"""Where hardware input goes (companion/writer/input_router.py): dice to the prompt, keys to the
keypad, cards to the registry, corrections of misread rolls."""

from __future__ import annotations

import json
import queue

import pytest

from companion.errors import Forbidden
from companion.play.table import Viewer
from companion.randomness import draws
from companion.rules.base import RuleError
from companion.rules.dice import FACES
from companion.writer.input_events import ButtonPressed, CardScanned, DeviceStatus, DieRolled

ADMIN = Viewer(admin=True)


@pytest.fixture
def table(service):
    made = service.create_table("tally", ["Ann", "Bruno"], {})
    sub = service.hub.subscribe(made["id"], Viewer(), "test-device")
    return made["id"], sub


def post_and_wait(service, event):
    service.post(event)
    service.call(lambda: None)  # the writer has handled everything posted before


def events(sub):
    out = []
    while True:
        try:
            item = sub.events.get_nowait()
        except queue.Empty:
            return out
        kind, event_id, text = item
        out.append((kind, event_id, json.loads(text)))


def state(service, tid):
    return service.view(tid, ADMIN)["state"]


def test_a_roll_that_answers_the_prompt_becomes_its_action(service, table):
    tid, sub = table
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
    post_and_wait(service, DieRolled((("d6", 5),), source="reader"))
    assert state(service, tid)["scores"] == [5, 0]
    log = service.log(tid, ADMIN)
    assert log[-1]["source"] == "reader"
    kinds = [kind for kind, _id, _data in events(sub)]
    assert kinds.index("roll") < kinds.index("state", 1)


def test_a_roll_nobody_asked_for_is_a_free_roll(service, table):
    tid, sub = table
    events(sub)
    post_and_wait(service, DieRolled((("d6", 3),), source="reader"))
    assert service.view(tid, ADMIN)["table"]["version"] == 0
    assert [(k, d.get("free")) for k, _i, d in events(sub)] == [("roll", True)]


def test_wrong_dice_for_the_prompt_are_refused_never_a_free_roll(service, table):
    tid, sub = table
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
    events(sub)
    post_and_wait(service, DieRolled((("root12", 2),), source="reader"))
    assert service.view(tid, ADMIN)["table"]["version"] == 1
    [(kind, _id, data)] = events(sub)
    assert kind == "input_error" and data["code"] == "wrong_dice" and data["what"] == "root12:2"


def test_sensor_roll_can_wait_for_confirm(service, table):
    tid, _sub = table
    service.inputs.sensor_confirm = True
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
    post_and_wait(service, DieRolled((("d6", 6),), source="reader"))
    assert state(service, tid)["scores"] == [0, 0]
    post_and_wait(service, ButtonPressed("confirm"))
    assert state(service, tid)["scores"] == [6, 0]


def test_keypad_types_faces_then_confirm(service, table):
    tid, sub = table
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
    events(sub)
    post_and_wait(service, ButtonPressed("digit0"))  # a d6 has no 0
    post_and_wait(service, ButtonPressed("digit4"))
    post_and_wait(service, ButtonPressed("digit2"))  # one die only: keypad full
    seen = events(sub)
    assert [k for k, _i, _d in seen] == ["input_error", "keypad", "input_error"]
    assert seen[0][2]["code"] == "bad_face" and seen[2][2]["code"] == "keypad_full"
    post_and_wait(service, ButtonPressed("confirm"))
    assert state(service, tid)["scores"] == [4, 0]
    assert service.log(tid, ADMIN)[-1]["source"] == "buttons"


def test_short_undo_clears_the_keypad_and_long_undo_asks_the_tablet(service, table):
    tid, sub = table
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
    post_and_wait(service, ButtonPressed("digit4"))
    post_and_wait(service, ButtonPressed("undo"))
    post_and_wait(service, ButtonPressed("confirm"))
    assert state(service, tid)["scores"] == [0, 0]
    events(sub)
    post_and_wait(service, ButtonPressed("undo", long=True))
    assert [k for k, _i, _d in events(sub)] == ["undo_requested"]
    assert service.view(tid, ADMIN)["table"]["version"] == 1  # nothing undone by the button


def test_next_ends_the_turn(service, table):
    tid, _sub = table
    post_and_wait(service, ButtonPressed("next"))
    assert state(service, tid)["turn"] == 1


def test_roll_button_with_no_dice_asked_says_so(service, table):
    tid, sub = table
    events(sub)
    post_and_wait(service, ButtonPressed("roll"))
    assert [(k, d["code"]) for k, _i, d in events(sub)] == [("input_error", "no_dice_asked")]
    assert service.view(tid, ADMIN)["table"]["version"] == 0


def test_virtual_dice_come_from_the_seed_and_undo_throws_the_same(service, table):
    """The GPIO roll button (and the tablet's Roll) throw the k-th
    virtual die of the table's seed, with or without a simulated reader."""
    tid, sub = table
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
    post_and_wait(service, ButtonPressed("roll"))
    first = service.view(tid, ADMIN)["state"]["scores"][0]
    rolled = [d for k, _i, d in events(sub) if k == "roll"]
    # seat 0 asked for the roll: the dice shown are its throw, until the change after the
    # one it made (the ask was version 1, the throw's answer version 2)
    shown = {"dice": [{"die": "d6", "face": first}], "source": "virtual", "of": [0], "at": 2}
    assert rolled == [shown]
    service.undo(tid, ADMIN)
    service.undo(tid, ADMIN)
    for _ in range(3):  # actions that draw nothing, in between, change nothing
        service.act(tid, {"type": "end_turn", "seat": 0}, ADMIN)
        service.act(tid, {"type": "end_turn", "seat": 1}, ADMIN)
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
    service.throw(tid, ADMIN)
    assert service.view(tid, ADMIN)["state"]["scores"][0] == first
    # the seed proves it: the first virtual die of the table
    table_now = service.tables[tid]
    assert first == draws.dice(table_now.record.seed, {}, [("d6", FACES["d6"])])[0][1]
    # a virtual roll is not "corrected": undo and roll again gives the same faces
    assert service.view(tid, ADMIN)["table"]["correctable"] is None
    with pytest.raises(RuleError) as refused:
        service.correct(tid, [1], ADMIN)
    assert refused.value.code == "virtual_dice_not_corrected"


def test_a_phone_may_roll_only_its_own_prompt(service, table):
    tid, _sub = table
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
    with pytest.raises(Forbidden):
        service.throw(tid, Viewer(seat=1))
    assert service.view(tid, ADMIN)["table"]["version"] == 1
    service.throw(tid, Viewer(seat=0))
    assert service.view(tid, ADMIN)["table"]["version"] == 2


def test_cards_unknown_then_named_then_known(service, table):
    tid, sub = table
    events(sub)
    post_and_wait(service, CardScanned("04a1b2c3"))
    assert events(sub) == [("card_unknown", None, {"uid": "04a1b2c3", "faces": []})]
    service.name_card(tid, "04a1b2c3", "Sheriff", ADMIN)
    events(sub)
    post_and_wait(service, CardScanned("04a1b2c3"))
    assert events(sub) == [
        ("card", None, {"uid": "04a1b2c3", "card": "Sheriff", "label": None, "fill": None})
    ]
    with pytest.raises(RuleError):
        service.name_card(tid, "not hex!", "x", ADMIN)


def test_device_status_reaches_health(service, table):
    post_and_wait(service, DeviceStatus("die-reader", "die_reader", "offline", "silent"))
    assert service.health()["devices"]["die-reader"]["state"] == "offline"


def test_a_misread_roll_is_corrected_by_a_new_entry(service, table, db_path):
    tid, _sub = table
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
    post_and_wait(service, DieRolled((("d6", 2),), source="reader"))
    assert service.view(tid, ADMIN)["table"]["correctable"] == {
        "version": 2,
        "dice": ["d6"],
        "faces": [2],
    }
    service.correct(tid, [5], ADMIN)
    assert state(service, tid)["scores"] == [5, 0]
    log = service.log(tid, ADMIN)
    assert [(e["kind"], e["undone"]) for e in log] == [
        ("action", False),
        ("action", True),
        ("correction", False),
    ]
    assert log[-1]["line"]["then"]["key"] == "tally.roll"
    with pytest.raises(RuleError):
        service.correct(tid, [9], ADMIN)
    service.undo(tid, ADMIN)  # the correction itself can be undone: back to before the roll
    assert state(service, tid)["scores"] == [0, 0]


def test_a_roll_the_journal_cannot_take_is_counted_and_told_not_lost(service, table):
    """A storage fault while a die answers the prompt: the action is not taken, the
    dashboard hears ``journal_fault`` and the roll counts as refused (a JournalError is a
    CompanionError, so it no longer ends silently in the writer thread)."""
    from companion.errors import JournalError

    tid, sub = table
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
    events(sub)

    def full(*_args, **_kw):
        raise JournalError("cannot write the journal: database or disk is full")

    service.journal.append = full
    acked = []
    post_and_wait(service, DieRolled((("d6", 4),), source="reader", ack=lambda: acked.append(1)))
    assert state(service, tid)["scores"] == [0, 0] and acked == [1]
    assert service.devices.refusals["reader"]["last_refused"] == {
        "what": "d6:4",
        "code": "journal_fault",
    }
    told = [data for kind, _i, data in events(sub) if kind == "input_error"]
    assert [t["code"] for t in told] == ["journal_fault"]  # told once
