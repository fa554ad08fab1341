"""Where device input goes, through the real service: a roll the host cannot use is an
``input_error`` on the dashboard and a counter in ``/api/health``; a die given to a seat
answers only that seat's prompts; counters are live; mock pins and the simulator say so."""

from __future__ import annotations

import json
import random
from contextlib import ExitStack

import pytest

from companion.play.table import Viewer
from companion.storage.journal import Journal
from companion.writer.input_events import DieRolled
from companion.writer.service import Service
from firmware_bridge.die_reader import DieReader
from firmware_bridge.simulator import DieReaderSimulator

ADMIN = Viewer(admin=True)


@pytest.fixture
def table(tmp_path, clock):
    with ExitStack() as stack:
        journal = stack.enter_context(Journal(tmp_path / "companion.sqlite"))
        service = stack.enter_context(Service(journal))
        sim = stack.enter_context(
            DieReaderSimulator(
                tmp_path / "die-reader",
                dice=["d6"],
                clock=clock,
                rng=random.Random(5),
                poll_s=0.002,
            )
        )
        reader = stack.enter_context(
            DieReader(str(sim.path), service.post, clock=clock, poll_s=0.002)
        )
        service.devices.add_probe("die-reader", reader.probe)
        tid = service.create_table("tally", ["Ann", "Bruno"], {})["id"]
        sub = service.hub.subscribe(tid, ADMIN, "tablet")
        yield service, sim, reader, tid, sub


def published(sub, kind):
    out = []
    while not sub.events.empty():
        item = sub.events.get_nowait()
        if item and item[0] == kind:
            out.append(json.loads(item[2]))
    return out


def test_a_roll_the_host_cannot_use_is_shown_and_counted(table, clock, wait):
    service, sim, reader, tid, sub = table
    wait(lambda: reader.state == "online", tick=lambda: clock.advance(0.05), what="online")
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
    seq = sim.send_roll([("X9", 3)])  # a die its HELLO did not declare
    wait(lambda: not sim.pending, tick=lambda: clock.advance(0.05), what="ACKed")
    wait(lambda: service.health()["devices"]["die-reader"]["refused"], what="counted")
    health = service.health()["devices"]["die-reader"]
    assert health["refused"] == 1
    assert health["last_refused"] == {"what": f"ROLL {seq} X9:3", "code": "reader_unknown_die"}
    assert health["counters"]["unknown_die"] == 1
    errors = published(sub, "input_error")
    assert errors == [{"code": "reader_unknown_die", "params": {"what": f"ROLL {seq} X9:3"}}]
    assert service.view(tid, ADMIN)["table"]["version"] == 1  # nothing changed


def test_health_counts_every_frame_as_it_comes(table, clock, wait):
    service, sim, reader, tid, sub = table
    wait(lambda: reader.state == "online", tick=lambda: clock.advance(0.05), what="online")
    before = service.health()["devices"]["die-reader"]["counters"]["checksum"]
    sim.corrupt_next(1)
    sim.tilt("d6")
    wait(
        lambda: service.health()["devices"]["die-reader"]["counters"]["checksum"] == before + 1,
        tick=lambda: clock.advance(0.05),
        what="the bad checksum counted",
    )
    assert reader.state == "online"  # no change of state was needed to see it
    assert service.health()["devices"]["die-reader"]["heard_s_ago"] is not None


def test_a_die_given_to_a_seat_answers_only_that_seats_prompts(tmp_path):
    with Journal(tmp_path / "c.sqlite") as journal, Service(journal) as service:
        tid = service.create_table("tally", ["Ann", "Bruno"], {})["id"]
        service.devices.give_die(tid, "pixel-Red", 1, ADMIN)  # Bruno's die
        service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
        service.post(DieRolled((("d6", 6),), "ble", "pixel-Red"))
        assert service.view(tid, ADMIN)["table"]["version"] == 1  # Ann's prompt: free roll
        service.post(DieRolled((("d6", 2),), "ble", "pixel-Blue"))  # the table's die
        assert service.view(tid, ADMIN)["state"]["scores"] == [2, 0]
        service.act(tid, {"type": "end_turn", "seat": 0}, ADMIN)
        service.act(tid, {"type": "ask", "seat": 1}, ADMIN)
        service.post(DieRolled((("d6", 6),), "ble", "pixel-Red"))
        assert service.view(tid, ADMIN)["state"]["scores"] == [2, 6]
        service.devices.give_die(tid, "pixel-Red", None, ADMIN)  # back to the table
        assert service.die_seat("pixel-Red") is None
        from companion.errors import Forbidden

        with pytest.raises(Forbidden):
            service.devices.give_die(tid, "pixel-Red", 0, Viewer(seat=0))
        from companion.rules.base import RuleError

        with pytest.raises(RuleError):
            service.devices.give_die(tid, "pixel-Red", 5, ADMIN)


def test_mock_pins_and_the_simulator_are_never_shown_as_hardware(wired):
    service, _ = wired()
    devices = service.health()["devices"]
    assert devices["buttons"]["stand_in"] == "mock"
    assert devices["lights"]["stand_in"] == "mock"
    assert devices["die-reader"]["stand_in"] == "simulated"


def test_the_docs_abilene_lines_sent_as_written_answer_the_throw(tmp_path):
    """docs/protocol.md's Abilene HELLO and ROLL, through the host session and the router."""
    import re
    from pathlib import Path

    from firmware_bridge.protocol import parse_line
    from firmware_bridge.session import ReaderSession

    doc = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    hello = re.search(r"^HELLO 1\.1 ABL-01 .*$", doc, re.M).group(0)
    roll = re.search(r"^ROLL 40 .*$", doc, re.M).group(0)
    session = ReaderSession("die-reader")
    session.connected(0.0)
    session.receive(parse_line(hello.encode()), 0.1)
    [event] = session.receive(parse_line(roll.encode()), 0.2).events
    with Journal(tmp_path / "c.sqlite") as journal, Service(journal) as service:
        tid = service.create_table("abilene", ["Ann", "Bruno"], {})["id"]
        assert service.tables[tid].prompt()["action"]["type"] == "throw"
        service.post(event)
        assert service.view(tid, ADMIN)["table"]["version"] == 1  # answered, not a free roll
