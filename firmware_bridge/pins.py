"""gpiozero's pin factory by name, chosen explicitly so no fallback warning fires."""

from __future__ import annotations

from typing import Any


class UnknownPinFactory(ValueError):
    pass


def pin_factory_named(name: str) -> Any:
    """"mock" off the Pi (and in the simulator and tests); "lgpio" or "rpigpio" on it."""
    if name == "mock":
        from gpiozero.pins.mock import MockFactory
        return MockFactory()
    if name == "lgpio":
        from gpiozero.pins.lgpio import LGPIOFactory
        return LGPIOFactory()
    if name == "rpigpio":
        from gpiozero.pins.rpigpio import RPiGPIOFactory
        return RPiGPIOFactory()
    raise UnknownPinFactory(f"unknown pin factory {name!r} (mock, lgpio or rpigpio)")
