"""The composition root: devices wired to the service, lights following the table, the
command line."""

from __future__ import annotations

import time
from contextlib import ExitStack

import pytest

from companion.app import cli
from companion.app.config import load
from companion.play.table import Viewer
from companion.randomness import draws
from companion.rules.dice import FACES
from companion.storage.journal import Journal
from companion.writer.service import Service

ADMIN = Viewer(admin=True)


def wait_for(check, timeout=5.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.02)
    return False


@pytest.fixture
def wired(tmp_path):
    config = load(overrides={"data": {"dir": str(tmp_path)}})
    with ExitStack() as stack:
        journal = stack.enter_context(Journal(config.data.database))
        service = stack.enter_context(Service(journal))
        devices = cli.start_devices(config, service, stack, sim=True)
        yield service, devices


def test_lights_follow_the_turn_and_the_dice_prompt(wired):
    service, devices = wired
    assert wait_for(lambda: devices["reader"].state == "online")
    tid = service.create_table("tally", ["Ann", "Bruno"], {})["id"]
    follower = cli.follower(service, devices, every_s=3600)  # driven by hand here
    with follower:
        follower.follow()
        lights = devices["lights"]
        seat_pins = [lights._leds[f"seat{n}"].is_lit for n in range(2)]
        assert seat_pins == [True, False]
        service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
        follower.follow()
        assert wait_for(lambda: devices["simulator"].leds[-1:] == ["blink"])
        service.act(tid, {"type": "roll", "seat": 0, "dice": [3]}, ADMIN)
        service.act(tid, {"type": "end_turn", "seat": 0}, ADMIN)
        follower.follow()
        assert [lights._leds[f"seat{n}"].is_lit for n in range(2)] == [False, True]
        assert wait_for(lambda: devices["simulator"].leds[-1:] == ["on"])
        sent = len(devices["simulator"].leds)
        follower.follow()  # nothing changed: the reader box hears nothing new
        # The serial line keeps its order: once the next change's LED has reached the box,
        # anything that follow() had sent would have reached it before.
        service.act(tid, {"type": "ask", "seat": 1}, ADMIN)
        follower.follow()
        assert wait_for(lambda: devices["simulator"].leds[-1:] == ["blink"])
        assert devices["simulator"].leds[sent:] == ["blink"]


def seeded_face(service, tid):
    return draws.dice(service.tables[tid].record.seed, {}, [("d6", FACES["d6"])])[0][1]


def test_the_dashboard_roll_is_the_seeds_virtual_die_with_the_simulator(wired):
    """--sim only decides whether a simulated reader exists; the roll
    comes from the table's seed, and an unplugged simulator does not stop it."""
    service, devices = wired
    tid = service.create_table("tally", ["Ann", "Bruno"], {})["id"]
    devices["simulator"].unplug()
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
    assert service.throw(tid, ADMIN) == ["d6"]
    assert service.view(tid, ADMIN)["state"]["scores"][0] == seeded_face(service, tid)


def test_the_dashboard_roll_works_without_any_simulator(service):
    tid = service.create_table("tally", ["Ann", "Bruno"], {})["id"]
    service.act(tid, {"type": "ask", "seat": 0}, ADMIN)
    service.throw(tid, ADMIN)
    assert service.view(tid, ADMIN)["state"]["scores"][0] == seeded_face(service, tid)


def test_a_config_file_that_cannot_be_read_is_reported_without_a_traceback(tmp_path, capsys):
    missing = tmp_path / "missing.toml"
    assert cli.main(["serve", "--config", str(missing)]) == 2
    assert "cannot read config" in capsys.readouterr().err
