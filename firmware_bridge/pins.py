"""gpiozero's pin factory by name, and the start-up check of the pin map.

The factory is chosen explicitly, by its name in gpiozero's own ``gpiozero_pin_factories``
entry-point group (the names ``GPIOZERO_PIN_FACTORY`` takes: ``mock``, ``lgpio``,
``rpigpio``… and any a package installs), so no fallback warning fires. :func:`check_pin_map` finds
what would make a pin map fail on the Pi — a pin used twice, a pin a bus needs once that bus
is enabled (I2C 2–3, SPI0 7–11, UART 14–15), the card reader's RST or IRQ — and names the
config line that is wrong, so the companion can start everything else and say what to fix.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any

from companion.app.config_lines import nearest
from firmware_bridge.errors import BridgeError

PIN_FACTORIES = "gpiozero_pin_factories"  # the entry-point group gpiozero reads itself

# BCM pins each bus takes when it is enabled (BCM2711/BCM2712 peripherals, header pins
# 3, 5 / 19, 21, 23, 24, 26 / 8, 10).
BUSES: dict[str, dict[int, str]] = {
    "i2c": {2: "I2C1 SDA", 3: "I2C1 SCL"},
    "spi0": {7: "SPI0 CE1", 8: "SPI0 CE0", 9: "SPI0 MISO", 10: "SPI0 MOSI", 11: "SPI0 SCLK"},
    "uart": {14: "UART TXD", 15: "UART RXD"},
}


class UnknownPinFactory(BridgeError):
    """A pin factory no installed package provides; says which names would do."""

    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__("unknown_pin_factory", name=name, known=", ".join(known))
        *first, last = known or ["none"]
        choices = f"{', '.join(first)} or {last}" if first else last
        self.args = (f"unknown pin factory {name!r} ({choices})",)


@dataclass(frozen=True)
class PinProblem:
    """One wrong line of the pin map: ``line`` as written in the config, and why."""

    section: str
    role: str
    pin: Any
    reason: str

    @property
    def line(self) -> str:
        return f"{self.section}.{self.role} = {self.pin!r}"

    def __str__(self) -> str:
        return f"{self.line}: {self.reason}"


def pin_factory_named(name: str) -> Any:
    """The pin factory gpiozero knows by ``name`` ("mock" off the Pi, in the simulator and
    tests; "lgpio" on it), made the way ``gpiozero.Device._default_pin_factory`` makes the
    one ``GPIOZERO_PIN_FACTORY`` names: the name as written, then lower-cased."""
    group = entry_points(group=PIN_FACTORIES)
    for wanted in (name, name.lower()):
        for point in group:
            if point.name == wanted:
                return point.load()()
    raise UnknownPinFactory(name, sorted({point.name for point in group}))


def check_pin_map(
    sections: Mapping[str, Mapping[str, Any]],
    buses: Mapping[str, bool],
    claimed: Mapping[str, Any] | None = None,
) -> list[PinProblem]:
    """Every wrong line of ``sections`` (``{"buttons.pins": {role: pin}, ...}``), given the
    enabled ``buses`` and the pins other devices ``claimed`` (``{"card_reader.rst": 25}``;
    a negative or ``None`` pin claims nothing)."""
    taken: dict[int, str] = {}
    for name, enabled in buses.items():
        if enabled:
            for pin, what in BUSES[name].items():
                taken[pin] = f"GPIO{pin} is {what}, taken when {name} is enabled"
    for line, pin in (claimed or {}).items():
        if isinstance(pin, int) and not isinstance(pin, bool) and pin >= 0:
            taken[pin] = f"GPIO{pin} is {line}"
    problems = []
    for section, roles in sections.items():
        for role, pin in roles.items():
            if not isinstance(pin, int) or isinstance(pin, bool) or not 0 <= pin <= 27:
                problems.append(PinProblem(section, role, pin, "not a BCM pin number 0-27"))
            elif pin in taken:
                problems.append(PinProblem(section, role, pin, taken[pin]))
            else:
                taken[pin] = f"GPIO{pin} is also {section}.{role}"
    return problems


def known_roles(
    sections: Mapping[str, Mapping[str, Any]], roles: Mapping[str, tuple[str, ...]]
) -> tuple[dict[str, dict[str, Any]], list[PinProblem]]:
    """The lines of each section whose role is one of its ``roles``, and a problem (with
    the nearest role) for each that is not: a typo leaves out that one line."""
    kept: dict[str, dict[str, Any]] = {}
    problems = []
    for section, lines in sections.items():
        kept[section] = {}
        for role, pin in lines.items():
            if role in roles[section]:
                kept[section][role] = pin
                continue
            close = nearest(role, roles[section])
            hint = f"did you mean {close}?" if close else f"roles: {', '.join(roles[section])}"
            problems.append(PinProblem(section, role, pin, f"unknown role ({hint}), left out"))
    return kept, problems
