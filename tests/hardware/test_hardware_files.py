"""The files in hardware/ agree with each other and with the code."""

from __future__ import annotations

import configparser
import tomllib
import xml.etree.ElementTree as ElementTree
from pathlib import Path

HARDWARE = Path(__file__).resolve().parents[2] / "hardware"
SVG = "{http://www.w3.org/2000/svg}"


def svg_text() -> str:
    root = ElementTree.parse(HARDWARE / "wiring.svg").getroot()
    return " ".join(t.text or "" for t in root.iter(f"{SVG}text"))


def test_the_wiring_diagram_shows_every_pin_of_the_pin_map():
    gpio = tomllib.loads((HARDWARE / "pinmap.toml").read_text(encoding="utf-8"))["buttons"]
    text = svg_text()
    for role, pin in {**gpio["pins"], **gpio["leds"]}.items():
        assert f"GPIO{pin} " in text and role in text, role


def test_the_wiring_diagram_shows_the_firmware_pins(board):
    settings = board.load("settings")
    text = svg_text()
    for pin in [*settings.KEYS.values(), settings.LED, settings.SDA, settings.SCL]:
        assert f"GP{pin} " in text, pin


def test_udev_rule_names_the_pico_die_reader():
    rule = (HARDWARE / "99-table-companion.rules").read_text(encoding="utf-8")
    line = next(ln for ln in rule.splitlines() if ln and not ln.startswith("#"))
    assert 'ATTRS{idVendor}=="2e8a"' in line and 'SYMLINK+="die-reader"' in line
    assert 'SUBSYSTEM=="tty"' in line and "ID_MM_DEVICE_IGNORE" in line


def test_systemd_unit_runs_the_service_and_restarts_it():
    unit = configparser.ConfigParser(strict=True, interpolation=None)
    unit.optionxform = str
    unit.read(HARDWARE / "table-companion.service", encoding="utf-8")
    service = unit["Service"]
    assert service["ExecStart"].endswith("companion serve --config /etc/table-companion.toml")
    assert service["Restart"] == "always"
    assert unit["Install"]["WantedBy"] == "multi-user.target"
