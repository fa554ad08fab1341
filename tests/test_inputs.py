"""Where hardware input goes (companion/inputs.py): dice to the prompt, keys to the keypad,
cards to the registry, corrections of misread rolls."""

from __future__ import annotations

import json
import queue

import pytest

from companion.events import ButtonPressed, CardScanned, DeviceStatus, DieRolled
from companion.rules.base import RuleError
from companion.table import Viewer

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


def test_wrong_dice_for_the_prompt_are_a_free_roll(service, table):
    tid, sub = table
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
    post_and_wait(service, DieRolled((("root12", 2),), source="reader"))
    assert service.view(tid, ADMIN)["table"]["version"] == 1


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


def test_roll_button_without_virtual_dice_says_so(service, table):
    _tid, sub = table
    events(sub)
    post_and_wait(service, ButtonPressed("roll"))
    assert [(k, d["code"]) for k, _i, d in events(sub)] == [("input_error", "no_virtual_dice")]


def test_roll_button_throws_what_the_prompt_asks(service, table):
    tid, _sub = table
    thrown = []
    service.inputs.virtual_throw = thrown.append
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
    post_and_wait(service, ButtonPressed("roll"))
    assert thrown == [["d6"]]


def test_cards_unknown_then_named_then_known(service, table):
    tid, sub = table
    events(sub)
    post_and_wait(service, CardScanned("04a1b2c3"))
    assert events(sub) == [("card_unknown", None, {"uid": "04a1b2c3", "faces": []})]
    service.name_card(tid, "04a1b2c3", "Sheriff", ADMIN)
    events(sub)
    post_and_wait(service, CardScanned("04a1b2c3"))
    assert events(sub) == [("card", None, {"uid": "04a1b2c3", "card": "Sheriff",
                                           "label": None, "fill": None})]
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
        "version": 2, "dice": ["d6"], "faces": [2]}
    service.correct(tid, [5], ADMIN)
    assert state(service, tid)["scores"] == [5, 0]
    log = service.log(tid, ADMIN)
    assert [(e["kind"], e["undone"]) for e in log] == [
        ("action", False), ("action", True), ("correction", False)]
    assert log[-1]["line"]["then"]["key"] == "tally.roll"
    with pytest.raises(RuleError):
        service.correct(tid, [9], ADMIN)
    service.undo(tid, ADMIN)  # the correction itself can be undone: back to before the roll
    assert state(service, tid)["scores"] == [0, 0]
