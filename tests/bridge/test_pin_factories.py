"""The pin factory is the one gpiozero's own entry-point group names (firmware_bridge/pins.py)."""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points

import pytest
from gpiozero.pins.mock import MockFactory

from firmware_bridge import pins
from firmware_bridge.errors import BridgeError
from firmware_bridge.pins import PIN_FACTORIES, UnknownPinFactory, pin_factory_named


@pytest.mark.parametrize("name", ["mock", "MOCK", "Mock"])
def test_the_mock_factory_by_name_as_gpiozero_reads_it(name):
    factory = pin_factory_named(name)
    try:
        assert isinstance(factory, MockFactory)
    finally:
        factory.close()


def test_an_unknown_name_is_refused_naming_what_is_installed():
    with pytest.raises(UnknownPinFactory) as refused:
        pin_factory_named("gpiod")
    installed = sorted({point.name for point in entry_points(group=PIN_FACTORIES)})
    assert {"mock", "lgpio", "rpigpio"} <= set(installed)
    assert str(refused.value) == (
        f"unknown pin factory 'gpiod' ({', '.join(installed[:-1])} or {installed[-1]})"
    )
    assert isinstance(refused.value, BridgeError) and refused.value.code == "unknown_pin_factory"


def test_a_factory_another_package_registers_is_found(monkeypatch):
    """A package that adds a factory to the group needs no line here (as gpiozero itself)."""
    extra = EntryPoint("bench", "gpiozero.pins.mock:MockFactory", PIN_FACTORIES)
    installed = list(entry_points(group=PIN_FACTORIES))
    monkeypatch.setattr(pins, "entry_points", lambda group: [*installed, extra])
    factory = pin_factory_named("bench")
    try:
        assert isinstance(factory, MockFactory)
    finally:
        factory.close()
