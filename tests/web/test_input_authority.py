"""One model of input authority, every way in: a table of way in × viewer × kind of prompt.

A prompt says whose it is. Its answer is accepted from that seat's own device, from the
tablet and from this Pi's hardware; another seat's phone or an anonymous client gets 403 and
nothing changes; every log line says who answered. The ways in are the HTTP routes
(``/actions``, ``/dice``, ``/roll``, ``/correct``, ``/undo``) and the hardware seam the
bridge posts to (die reader, keypad, GPIO buttons, card reader).
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from companion.app.config import load
from companion.play.table import Viewer
from companion.storage.journal import Journal
from companion.writer.input_events import ButtonPressed, CardScanned, DieRolled
from companion.writer.service import Service
from tests.support.reliability.inprocess import fingerprint, phone_for
from tests.support.web.clients import Device
from web import create_app

ADMIN = Viewer(admin=True)
PROMPTS = ("dice", "split", "secret", "none")
VIEWERS = ("own", "other", "tablet", "anonymous")


@contextmanager
def table_with(tmp_path, prompt: str):
    """A three-seat tally table whose open prompt is of kind ``prompt``: a d6 for seat 0
    (``dice``), one d6 each for seats 0 and 1 (``split``), secret bids (``secret``), nothing
    (``none``); with phones for seats 0 (its owner) and 2 (another seat)."""
    journal = Journal(tmp_path / "companion.sqlite")
    service = Service(journal).start()
    try:
        app = create_app(load(overrides={"server": {"requests_per_minute": 1_000_000}}), service)
        tablet = Device(app)
        made = tablet.post(
            "/api/tables", {"game": "tally", "players": ["Ann", "Bruno", "Cleo"]}
        ).json
        opener = {"dice": "ask", "split": "challenge", "secret": "call_bids"}.get(prompt)
        if opener:
            assert tablet.act(made["id"], {"type": opener, "seat": 0}).status_code == 200
        devices = {
            "own": phone_for(app, made, 0),
            "other": phone_for(app, made, 2),
            "tablet": tablet,
            "anonymous": Device(app),
        }
        yield {"service": service, "id": made["id"], "devices": devices, "app": app, "made": made}
    finally:
        service.close()
        journal.close()


def answer(prompt: str, seat: int = 0) -> dict:
    """The action that answers each kind of prompt as seat 0 would."""
    return {
        "dice": {"type": "roll", "seat": seat, "dice": [4]},
        "split": {"type": "duel_roll", "seat": seat, "dice": [5, 2]},
        "secret": {"type": "bid", "seat": seat, "amount": 7},
        "none": {"type": "add", "seat": seat, "amount": 2},
    }[prompt]


# (way in, viewer, prompt) -> (status, error code or what came of it)
EXPECTED = {
    ("actions", "own", "dice"): (200, "changed"),
    ("actions", "other", "dice"): (403, "not_your_seat"),
    ("actions", "tablet", "dice"): (200, "changed"),
    ("actions", "anonymous", "dice"): (403, "needs_token"),
    ("actions", "own", "split"): (403, "dice_by_their_owners"),
    ("actions", "other", "split"): (403, "not_your_seat"),
    ("actions", "tablet", "split"): (200, "changed"),
    ("actions", "anonymous", "split"): (403, "needs_token"),
    ("actions", "own", "secret"): (200, "changed"),
    ("actions", "other", "secret"): (403, "not_your_seat"),
    ("actions", "tablet", "secret"): (403, "secret_needs_own_device"),
    ("actions", "anonymous", "secret"): (403, "needs_token"),
    ("actions", "own", "none"): (200, "changed"),
    ("actions", "other", "none"): (403, "not_your_seat"),
    ("actions", "tablet", "none"): (200, "changed"),
    ("actions", "anonymous", "none"): (403, "needs_token"),
    ("dice", "own", "dice"): (200, "changed"),
    ("dice", "other", "dice"): (403, "not_your_seat"),
    ("dice", "tablet", "dice"): (200, "changed"),
    ("dice", "anonymous", "dice"): (403, "not_your_seat"),
    ("dice", "own", "split"): (200, "part"),
    ("dice", "other", "split"): (403, "not_your_seat"),
    ("dice", "tablet", "split"): (200, "part"),  # one die of two: the other is still due
    ("dice", "anonymous", "split"): (403, "not_your_seat"),
    ("dice", "own", "secret"): (200, "free"),
    ("dice", "other", "secret"): (200, "free"),
    ("dice", "tablet", "secret"): (200, "free"),
    ("dice", "anonymous", "secret"): (403, "not_your_seat"),
    ("dice", "own", "none"): (200, "free"),
    ("dice", "other", "none"): (200, "free"),
    ("dice", "tablet", "none"): (200, "free"),
    ("dice", "anonymous", "none"): (403, "not_your_seat"),
    # virtual dice from the table's seed answer the whole prompt
    ("roll", "own", "dice"): (202, "changed"),
    ("roll", "other", "dice"): (403, "not_your_seat"),
    ("roll", "tablet", "dice"): (202, "changed"),
    ("roll", "anonymous", "dice"): (403, "not_your_seat"),
    ("roll", "own", "split"): (403, "virtual_roll_whole_prompt"),
    ("roll", "other", "split"): (403, "not_your_seat"),
    ("roll", "tablet", "split"): (202, "changed"),
    ("roll", "anonymous", "split"): (403, "not_your_seat"),
    ("roll", "own", "none"): (422, "no_dice_asked"),
    ("roll", "tablet", "none"): (422, "no_dice_asked"),
    ("roll", "anonymous", "none"): (403, "not_your_seat"),
    ("undo", "own", "dice"): (403, "undo_needs_tablet"),
    ("undo", "other", "dice"): (403, "undo_needs_tablet"),
    ("undo", "tablet", "dice"): (200, "changed"),
    ("undo", "anonymous", "dice"): (403, "undo_needs_tablet"),
    ("undo", "own", "secret"): (403, "undo_needs_tablet"),
    ("undo", "tablet", "secret"): (200, "changed"),
}


def send(world, way: str, viewer: str, prompt: str):
    device = world["devices"][viewer]
    tid = world["id"]
    if way == "actions":
        return device.act(tid, answer(prompt))
    if way == "dice":
        return device.post(f"/api/tables/{tid}/dice", {"dice": [{"die": "d6", "face": 5}]})
    if way == "roll":
        return device.post(f"/api/tables/{tid}/roll", {})
    return device.post(f"/api/tables/{tid}/undo", {})


@pytest.mark.parametrize(
    "way,viewer,prompt", sorted(EXPECTED), ids=["-".join(row) for row in sorted(EXPECTED)]
)
def test_every_way_in_from_every_viewer(tmp_path, way, viewer, prompt):
    status, outcome = EXPECTED[(way, viewer, prompt)]
    with table_with(tmp_path, prompt) as world:
        service = world["service"]
        before = fingerprint(service)
        reply = send(world, way, viewer, prompt)
        assert reply.status_code == status, reply.json
        after = fingerprint(service)
        if status >= 400:
            assert reply.json["error"]["code"] == outcome
            assert reply.json["error"]["message"]
            assert after == before, "a refused input changed something"
        elif outcome == "changed":
            assert after["tables"][world["id"]][0] == before["tables"][world["id"]][0] + 1
        else:  # a free roll or one die of two: shown, and no change to the game
            assert after == before
            assert (reply.json.get("free") is True) == (outcome == "free")


@pytest.mark.parametrize(
    "viewer,by", [("own", {"kind": "seat", "seat": 0}), ("tablet", {"kind": "tablet"})]
)
def test_the_log_says_who_answered(tmp_path, viewer, by):
    with table_with(tmp_path, "dice") as world:
        reply = send(world, "dice", viewer, "dice")
        assert reply.status_code == 200
        log = world["devices"]["tablet"].get(f"/api/tables/{world['id']}/log").json["log"]
        assert log[-1]["by"] == by
        assert log[-2]["by"] == {"kind": "tablet"}  # the tablet asked for the roll


HARDWARE = {
    "reader": [DieRolled((("d6", 3),), source="reader", device="R1")],
    "ble": [DieRolled((("d6", 3),), source="ble", device="pixel-table")],
    "keypad": [ButtonPressed("digit3", source="gpio"), ButtonPressed("confirm", source="gpio")],
}


@pytest.mark.parametrize("way", sorted(HARDWARE))
@pytest.mark.parametrize("prompt", ["dice", "split", "secret", "none"])
def test_hardware_answers_any_public_dice_prompt_of_the_active_table(tmp_path, way, prompt):
    with table_with(tmp_path, prompt) as world:
        service = world["service"]
        before = fingerprint(service)
        events = HARDWARE[way] * (2 if prompt == "split" else 1)
        for event in events:
            service.post(event)
        service.call(lambda: None)  # the writer has taken every event
        after = fingerprint(service)
        version = before["tables"][world["id"]][0]
        if prompt in ("dice", "split"):
            assert after["tables"][world["id"]][0] == version + 1
            log = world["devices"]["tablet"].get(f"/api/tables/{world['id']}/log").json["log"]
            assert log[-1]["by"] == {"kind": way}
        else:
            assert after == before  # no dice asked for: shown as a free roll, or refused


def test_the_roll_button_throws_the_seeds_die_and_a_card_scan_changes_nothing(tmp_path):
    with table_with(tmp_path, "dice") as world:
        service = world["service"]
        before = fingerprint(service)
        service.post(CardScanned("a1b2c3d4", device="card"))
        service.call(lambda: None)
        assert fingerprint(service) == before
        service.post(ButtonPressed("roll", source="gpio"))
        service.call(lambda: None)
        version = before["tables"][world["id"]][0]
        assert fingerprint(service)["tables"][world["id"]][0] == version + 1
        log = world["devices"]["tablet"].get(f"/api/tables/{world['id']}/log").json["log"]
        assert log[-1]["by"] == {"kind": "keypad"} and log[-1]["source"] == "virtual"


def test_hardware_feeds_the_active_table_and_a_url_names_its_own(tmp_path):
    """The reader answers the active table; a request acts on the table in its URL, never on
    the active one."""
    with table_with(tmp_path, "dice") as world:
        tablet, service = world["devices"]["tablet"], world["service"]
        other = tablet.post("/api/tables", {"game": "tally", "players": ["Dee", "Eve"]}).json
        tablet.act(other["id"], {"type": "ask", "seat": 0})  # the new table is active now
        assert service.active_table_id() == other["id"]
        reply = tablet.post(f"/api/tables/{world['id']}/dice", {"dice": [{"die": "d6", "face": 2}]})
        assert reply.status_code == 200 and "version" in reply.json
        first = tablet.get(f"/api/tables/{world['id']}").json
        second = tablet.get(f"/api/tables/{other['id']}").json
        assert first["prompt"] is None and second["prompt"]["kind"] == "dice"
        service.post(DieRolled((("d6", 6),), source="reader"))
        service.call(lambda: None)
        assert tablet.get(f"/api/tables/{other['id']}").json["prompt"] is None


def test_the_tablets_roll_throws_into_its_own_table_not_the_active_one(tmp_path):
    """`POST /api/tables/A/roll` with A's admin token answered table B's prompt, and A kept
    waiting: the virtual dice now answer the table in the URL."""
    with table_with(tmp_path, "dice") as world:
        tablet, service = world["devices"]["tablet"], world["service"]
        other = tablet.post("/api/tables", {"game": "tally", "players": ["Dee", "Eve"]}).json
        tablet.act(other["id"], {"type": "ask", "seat": 0})
        assert service.active_table_id() == other["id"]
        assert tablet.post(f"/api/tables/{world['id']}/roll", {}).status_code == 202
        assert tablet.get(f"/api/tables/{world['id']}").json["prompt"] is None
        assert tablet.get(f"/api/tables/{other['id']}").json["prompt"]["kind"] == "dice"
        log = tablet.get(f"/api/tables/{world['id']}/log").json["log"]
        assert log[-1]["by"] == {"kind": "tablet"}


def test_a_split_prompt_is_answered_die_by_die_and_a_part_can_be_corrected(tmp_path):
    with table_with(tmp_path, "split") as world:
        tid, devices = world["id"], world["devices"]
        ann, bruno = devices["own"], phone_for(world["app"], world["made"], 1)
        one = ann.post(f"/api/tables/{tid}/dice", {"dice": [{"die": "d6", "face": 2}]})
        assert one.json["parts"]["in"] == 1 and one.json["parts"]["of"] == 2
        view = devices["tablet"].get(f"/api/tables/{tid}").json
        assert view["table"]["dice_parts"]["faces"] == [2, None]
        fixed = ann.post(f"/api/tables/{tid}/dice", {"dice": [{"die": "d6", "face": 6}]})
        assert fixed.json["parts"]["faces"] == [6, None]
        done = bruno.post(f"/api/tables/{tid}/dice", {"dice": [{"die": "d6", "face": 1}]})
        assert "version" in done.json
        state = devices["tablet"].get(f"/api/tables/{tid}").json["state"]
        assert state["scores"][0] == 5  # 6 - 1, the challenger's win
        log = devices["tablet"].get(f"/api/tables/{tid}/log").json["log"]
        assert log[-1]["by"] == {
            "kind": "several",
            "by": [{"kind": "seat", "seat": 0}, {"kind": "seat", "seat": 1}],
        }


def test_other_dice_than_the_prompt_asks_are_refused_never_a_free_roll(tmp_path):
    """A phone that sends two dice for a one-die throw, or both dice of a duel it owns one
    of, is refused and nothing is placed: a free roll is only for a throw nobody asked."""
    with table_with(tmp_path, "dice") as world:
        tid, ann = world["id"], world["devices"]["own"]
        two = [{"die": "d6", "face": 3}, {"die": "d6", "face": 4}]
        refused = ann.post(f"/api/tables/{tid}/dice", {"dice": two})
        assert refused.status_code == 422 and refused.json["error"]["code"] == "wrong_dice"
        assert refused.json["error"]["message"] == "These are not the dice asked for (die)."
        assert world["service"].view(tid, ADMIN)["table"]["version"] == 1
    with table_with(tmp_path / "split", "split") as world:
        tid, ann = world["id"], world["devices"]["own"]
        refused = ann.post(f"/api/tables/{tid}/dice", {"dice": two})
        assert refused.status_code == 403
        assert refused.json["error"]["code"] == "dice_by_their_owners"
        assert (
            "dice_parts" not in world["devices"]["tablet"].get(f"/api/tables/{tid}").json["table"]
        )
