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


# The boards' own pin-outs, not the project's: the Raspberry Pi's 40-pin header (BCM GPIO
# number -> header pin; Raspberry Pi documentation, "GPIO and the 40-pin header") and the
# Pico's (GPn -> pin; Raspberry Pi Pico datasheet, section 1.4 "Pinout").
PI_HEADER = {2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18}
PI_HEADER |= {10: 19, 9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31}
PI_HEADER |= {12: 32, 13: 33, 19: 35, 16: 36, 26: 37, 20: 38, 21: 40}
PICO_PINS = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15}
PICO_PINS |= {12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27}
PICO_PINS |= {22: 29, 26: 31, 27: 32, 28: 34}
DOCS = HARDWARE.parent / "docs" / "hardware.md"


def test_the_wiring_diagram_shows_the_picos_card_reader_pins(board):
    settings = board.load("settings")
    text = svg_text()
    docs = DOCS.read_text(encoding="utf-8")
    pins = [settings.RC522_SCK, settings.RC522_MOSI, settings.RC522_MISO, settings.RC522_CS]
    for pin in pins:
        assert f"GP{pin} (pin {PICO_PINS[pin]})" in text, pin
        assert f"GP{pin} ({PICO_PINS[pin]})" in docs, pin
    # RST held high and GND, IRQ left out: the firmware never drives them
    assert "3.3V and RST" in text and "IRQ: not connected (polled)" in text
    for words in ("RST → 3V3(OUT) (36)", "GND → GND (23)", "IRQ not connected"):
        assert words in docs, words


def test_every_pin_named_with_its_header_position_is_where_the_board_has_it():
    import re

    for name, text in (("wiring.svg", svg_text()), ("hardware.md", DOCS.read_text("utf-8"))):
        pi = re.findall(r"GPIO(\d+)(?: / [\w ]+)? \((?:pin )?(\d+)\)", text)
        pico = re.findall(r"\bGP(\d+) \((?:pin )?(\d+)\)", text)
        assert pi and pico, name
        for gpio, pin in pi:
            assert PI_HEADER[int(gpio)] == int(pin), f"{name}: GPIO{gpio} is not pin {pin}"
        for gp, pin in pico:
            assert PICO_PINS[int(gp)] == int(pin), f"{name}: GP{gp} is not pin {pin}"


def test_the_wiring_diagram_says_the_protocol_version_of_docs_protocol():
    import re

    spec = (HARDWARE.parent / "docs" / "protocol.md").read_text(encoding="utf-8")
    version = re.match(r"# Die-reader line protocol, version ([\d.]+)", spec).group(1)
    said = re.findall(r"protocol v([\d.]+)", svg_text())
    assert said and set(said) == {version}


def test_no_label_of_the_wiring_diagram_overlaps_another_or_a_wire():
    """Text boxes estimated from the font size (DejaVu Sans: 0.62 em a character, bold
    0.68), against each other and against every drawn line."""
    root = ElementTree.parse(HARDWARE / "wiring.svg").getroot()
    sizes = {"h": 16, "small": 11}
    boxes = []
    for t in root.iter(f"{SVG}text"):
        size = sizes.get(t.get("class"), 13)
        bold = t.get("class") == "h" or t.get("font-weight") == "bold"
        x, y = float(t.get("x")), float(t.get("y"))
        width = len(t.text or "") * size * (0.68 if bold else 0.62)
        boxes.append((t.text, (x, y - 0.8 * size, x + width, y + 0.25 * size)))
    lines = [
        tuple(float(line.get(k)) for k in ("x1", "y1", "x2", "y2"))
        for line in root.iter(f"{SVG}line")
        if line.get("class") in ("wire", "gnd")
    ]

    def hit(a, b):
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    width = float(root.get("width"))
    for i, (words, box) in enumerate(boxes):
        assert box[2] <= width, f"{words!r} runs off the page"
        for other, other_box in boxes[i + 1 :]:
            assert not hit(box, other_box), f"{words!r} overlaps {other!r}"
        for x1, y1, x2, y2 in lines:
            wire = (min(x1, x2) - 1, min(y1, y2) - 1, max(x1, x2) + 1, max(y1, y2) + 1)
            assert not hit(box, wire), f"{words!r} crosses a wire at {(x1, y1, x2, y2)}"
