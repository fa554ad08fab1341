"""Faults degrade, never stop: a device that cannot start, or fails while running, is
shown faulted with the reason and what to check; the companion keeps serving. Driven
through ``companion serve``'s own wiring (``cli.start_devices``) and the real HTTP API."""

from __future__ import annotations

import json
import threading
import urllib.request
from contextlib import ExitStack

import pytest
from bleak.exc import BleakError
from gpiozero.exc import GPIOZeroError

from companion.app import cli
from companion.app.config import load
from firmware_bridge.pins import check_pin_map


def health(port: int) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=5) as reply:
        return json.load(reply)


@pytest.fixture
def serving(tmp_path):
    """``companion serve`` on a free port with the config it is given; yields the port."""
    stops = []

    def start(**sections):
        config = load(
            overrides={
                "data": {"dir": str(tmp_path)},
                "server": {"host": "127.0.0.1", "port": 0},
                **sections,
            }
        )
        stop = threading.Event()
        ports: list[int] = []
        from web.server import make_server

        real = make_server

        def capture(app, cfg):
            server = real(app, cfg)
            ports.append(server.effective_port)
            return server

        import web.server

        web.server.make_server = capture
        try:
            runner = threading.Thread(target=cli.serve, args=(config, False, stop), daemon=True)
            runner.start()
            for _ in range(500):
                if ports:
                    break
                runner.join(0.01)
        finally:
            web.server.make_server = real
        stops.append((stop, runner))
        assert ports, "the companion did not start"
        return ports[0], runner

    yield start
    for stop, runner in stops:
        stop.set()
        runner.join(10)


def wait_health(port, check, tries=300):
    for _ in range(tries):
        seen = health(port)
        if check(seen):
            return seen
        threading.Event().wait(0.02)
    raise AssertionError(f"health never showed it: {seen}")


def test_a_missing_pin_factory_leaves_the_companion_serving(serving):
    port, runner = serving(buttons={"pin_factory": "lgpio"})  # lgpio is not installed here
    seen = wait_health(port, lambda h: "gpio" in h["devices"])
    gpio = seen["devices"]["gpio"]
    assert gpio["state"] == "fault" and "lgpio" in gpio["detail"]
    assert gpio["check"] == "check.pin_factory"
    assert runner.is_alive()
    assert wait_health(
        port, lambda h: h["devices"].get("die-reader", {}).get("state") == "online"
    )  # the (simulated) die reader still works


def test_a_pin_used_twice_names_the_config_line_and_the_rest_work(serving):
    pins = {
        "digit0": 5,
        "digit1": 6,
        "digit2": 13,
        "digit3": 19,
        "digit4": 26,
        "digit5": 16,
        "digit6": 20,
        "confirm": 21,
        "next": 12,
        "undo": 5,
        "roll": 4,
    }
    port, _ = serving(buttons={"pins": pins})
    seen = wait_health(port, lambda h: "pin-map" in h["devices"] and "buttons" in h["devices"])
    assert (
        "buttons.pins.undo = 5: GPIO5 is also buttons.pins.digit0"
        in seen["devices"]["pin-map"]["detail"]
    )
    assert seen["devices"]["pin-map"]["check"] == "check.pin_map"
    assert seen["devices"]["buttons"]["state"] == "online"
    assert seen["devices"]["buttons"]["stand_in"] == "mock"  # never shown as hardware
    assert seen["devices"]["die-reader"]["stand_in"] == "simulated"


@pytest.mark.parametrize(
    "pins, buses, claimed, line",
    [
        ({"undo": 7}, {"spi0": True}, {}, "buttons.pins.undo = 7: GPIO7 is SPI0 CE1"),
        ({"undo": 2}, {"i2c": True}, {}, "buttons.pins.undo = 2: GPIO2 is I2C1 SDA"),
        ({"undo": 14}, {"uart": True}, {}, "buttons.pins.undo = 14: GPIO14 is UART TXD"),
        (
            {"undo": 25},
            {},
            {"card_reader.rst": 25},
            "buttons.pins.undo = 25: GPIO25 is card_reader.rst",
        ),
        ({"undo": 40}, {}, {}, "buttons.pins.undo = 40: not a BCM pin number"),
    ],
)
def test_the_pin_map_check_names_each_wrong_line(pins, buses, claimed, line):
    problems = check_pin_map({"buttons.pins": pins}, buses, claimed)
    assert len(problems) == 1 and str(problems[0]).startswith(line)


def test_the_shipped_pin_map_works_with_the_card_reader_attached():
    import tomllib
    from pathlib import Path

    shipped = tomllib.loads(Path("hardware/pinmap.toml").read_text())
    config = load(
        overrides={section: shipped[section] for section in ("buttons", "buses", "card_reader")}
    )
    assert (
        check_pin_map(
            {"buttons.pins": config.buttons.pins, "buttons.leds": config.buttons.leds},
            vars(config.buses),
            {"card_reader.rst": config.card_reader.rst, "card_reader.irq": config.card_reader.irq},
        )
        == []
    )
    defaults = load()
    assert defaults.buttons.pins == config.buttons.pins
    assert defaults.buttons.leds == config.buttons.leds


@pytest.mark.parametrize(
    "error",
    [
        OSError("lgpio: GPIO busy"),
        ValueError("GPIO busy: bad level"),
        GPIOZeroError("GPIO busy: pin closed"),
    ],
    ids=["OSError", "ValueError", "GPIOZeroError"],
)
def test_lights_that_fail_while_running_are_faulted_and_the_table_goes_on(wired, error):
    service, devices = wired()
    with ExitStack() as stack:

        def broken(seat):
            raise error

        devices["lights"].show_turn = broken
        tid = service.create_table("tally", ["Ann", "Bruno"], {})["id"]
        follower = stack.enter_context(cli.follower(service, devices, every_s=3600))
        follower.follow()
        seen = service.health()["devices"]
        for _ in range(100):
            if seen.get("lights", {}).get("state") == "fault":
                break
            threading.Event().wait(0.02)
            seen = service.health()["devices"]
        assert seen["lights"]["state"] == "fault" and "GPIO busy" in seen["lights"]["detail"]
        from companion.play.table import Viewer

        assert service.view(tid, Viewer(admin=True))["table"]["version"] == 0


def test_lights_that_fail_to_start_are_faulted_and_the_buttons_still_work(wired, monkeypatch):
    from firmware_bridge import buttons

    def no_lights(self, pins, *, pin_factory=None):
        raise GPIOZeroError("pin GPIO17 is already in use")

    monkeypatch.setattr(buttons.Lights, "__init__", no_lights)
    service, devices = wired()
    assert "lights" not in devices and "buttons" in devices
    seen = service.health()["devices"]
    assert seen["lights"]["state"] == "fault" and "GPIO17" in seen["lights"]["detail"]
    assert seen["lights"]["check"] == "check.gpio"
    assert seen["buttons"]["state"] == "online"


@pytest.mark.parametrize(
    "error", [BleakError("org.bluez.Error.NotReady"), ValueError("bad adapter name")]
)
def test_a_driver_raising_anything_at_start_never_stops_start_up(wired, monkeypatch, error):
    from firmware_bridge import card_reader, pixels

    def refuses(*args, **kwargs):
        raise error

    monkeypatch.setattr(pixels.PixelsDice, "__init__", refuses)
    monkeypatch.setattr(card_reader.CardReader, "__init__", refuses)
    service, devices = wired(ble_dice={"enabled": True}, card_reader={"enabled": True})
    assert "reader" in devices and "buttons" in devices  # everything else started
    seen = service.health()["devices"]
    for name, check in (("ble-dice", "check.ble_dice"), ("card-reader", "check.card_reader")):
        assert seen[name]["state"] == "fault", name
        assert str(error) in seen[name]["detail"] and seen[name]["check"] == check


def test_the_reader_box_hears_want_without_gpio_buttons(wired):
    from companion.play.table import Viewer

    service, devices = wired(buttons={"enabled": False})
    with ExitStack() as stack:
        assert "lights" not in devices
        sim = devices["simulator"]
        for _ in range(250):
            if devices["reader"].state == "online":
                break
            threading.Event().wait(0.02)
        tid = service.create_table("tally", ["Ann", "Bruno"], {})["id"]
        follower = stack.enter_context(cli.follower(service, devices, every_s=3600))
        service.act(tid, {"type": "ask", "seat": 0}, Viewer(admin=True))
        follower.follow()
        for _ in range(250):
            if sim.wants[-1:] == [("A",)] and sim.leds[-1:] == ["blink"]:
                break
            threading.Event().wait(0.02)
        assert sim.wants[-1:] == [("A",)] and sim.leds[-1:] == ["blink"]
        service.act(tid, {"type": "roll", "seat": 0, "dice": [3]}, Viewer(admin=True))
        follower.follow()
        for _ in range(250):
            if sim.wants[-1:] == [()]:
                break
            threading.Event().wait(0.02)
        assert sim.wants[-1:] == [()] and sim.leds[-1:] == ["on"]


def test_a_second_start_on_the_same_data_folder_reuses_the_simulators_link(wired, tmp_path):
    """The link left by the last run points at its pty: the new one must replace the link,
    not follow it (a restart after a power cut)."""
    import os

    master, slave = os.openpty()
    try:
        old_pty = os.ttyname(slave)
        (tmp_path / "die-reader").symlink_to(old_pty)
        service, devices = wired()
        assert devices["simulator"].path == tmp_path.resolve() / "die-reader"
        assert os.readlink(tmp_path / "die-reader") != old_pty  # the new run's own pty
        assert service.health()["devices"].get("simulator") is None  # it started: no fault
    finally:
        os.close(master)
        os.close(slave)


def test_typos_in_the_pin_map_and_the_config_cost_their_lines_and_the_rest_runs(tmp_path):
    from companion.storage.journal import Journal
    from companion.writer.service import Service

    path = tmp_path / "companion.toml"
    path.write_text(
        "[buttons.pins]\n"
        "digti0 = 5\n"  # line 2
        "digit1 = 6\n"
        "confirm = 21\n"
        "[buttons.leds]\n"
        "reader = 17\n"
        "seat6 = 14\n"  # line 7
        "seat0 = 18\n"
        "[card_reader]\n"
        "enabeld = true\n",  # line 10
        "utf-8",
    )
    config = load(path, overrides={"data": {"dir": str(tmp_path)}})
    with ExitStack() as stack:
        service = stack.enter_context(Service(stack.enter_context(Journal(config.data.database))))
        devices = cli.start_devices(config, service, stack, sim=True)
        seen = service.health()["devices"]
        pin_map = seen["pin-map"]["detail"]
        assert (
            f"{path} line 2: buttons.pins.digti0 = 5: unknown role (did you mean digit0?)"
            in pin_map
        )
        assert f"{path} line 7: buttons.leds.seat6 = 14: unknown role (did you mean seat5?)" in (
            pin_map
        )
        assert seen["config"]["state"] == "fault" and seen["config"]["check"] == "check.config"
        assert (
            f"{path} line 10: [card_reader] enabeld: unknown key (did you mean enabled?)"
            in seen["config"]["detail"]
        )
        assert seen["buttons"]["state"] == "online" and seen["lights"]["state"] == "online"
        assert set(devices["buttons"].pins) == {"digit1", "confirm"}
        assert set(devices["lights"].pins) == {"reader", "seat0"}
