"""Fakes of the Pico's board modules (``machine``, ``utime``, ``micropython``) so the
MicroPython firmware in hardware/firmware runs on the host."""

from __future__ import annotations

import importlib
import sys
import types
from pathlib import Path

import pytest

FIRMWARE = Path(__file__).resolve().parents[2] / "hardware" / "firmware"
FIRMWARE_MODULES = (
    "wire",
    "orientation",
    "throw",
    "mpu6050",
    "keys",
    "reader",
    "settings",
    "board",
    "calibrate",
    "mfrc522",
)
TICKS_PERIOD = 1 << 30  # MicroPython's ticks_ms wraps here


class Ticks:
    """``utime`` with a clock that moves only by ``sleep_ms`` (or ``advance``)."""

    def __init__(self, start: int = 0) -> None:
        self.now = start % TICKS_PERIOD

    def ticks_ms(self) -> int:
        return self.now

    @staticmethod
    def ticks_diff(a: int, b: int) -> int:
        return ((a - b + TICKS_PERIOD // 2) % TICKS_PERIOD) - TICKS_PERIOD // 2

    def sleep_ms(self, ms: int) -> None:
        self.advance(ms)

    def advance(self, ms: int) -> None:
        self.now = (self.now + ms) % TICKS_PERIOD


class FakePin:
    IN, OUT, PULL_UP = 0, 1, 2

    def __init__(self, board: FakeBoard, id, mode=-1, pull=-1) -> None:
        self.id = id
        self.level = 1 if pull == self.PULL_UP else 0
        board.pins[id] = self

    def value(self, level=None):
        if level is None:
            return self.level
        self.level = 1 if level else 0
        return None

    __call__ = value  # MicroPython's Pin: pin(1) sets it, pin() reads it


class FakeMPU:
    """Register memory of an MPU-6050; ``tilt`` sets what the accelerometer reads."""

    def __init__(self) -> None:
        self.registers = bytearray(128)
        self.registers[0x6B] = 0x40  # asleep after power-up

    def tilt(self, x: float, y: float, z: float) -> None:
        for offset, g in zip((0, 2, 4), (x, y, z)):
            raw = int(round(g * 16384)) & 0xFFFF
            self.registers[0x3B + offset : 0x3D + offset] = raw.to_bytes(2, "big")


class FakeI2C:
    def __init__(self, board: FakeBoard, id, sda=None, scl=None, freq=None) -> None:
        self.board = board

    def scan(self) -> list[int]:
        return sorted(self.board.i2c_devices)

    def _device(self, address: int) -> FakeMPU:
        if self.board.i2c_broken or address not in self.board.i2c_devices:
            raise OSError(5, "EIO")
        return self.board.i2c_devices[address]

    def readfrom_mem(self, address: int, register: int, count: int) -> bytes:
        return bytes(self._device(address).registers[register : register + count])

    def writeto_mem(self, address: int, register: int, data: bytes) -> None:
        self._device(address).registers[register : register + len(data)] = data


class FakeBoard:
    """One Pico: its pins, its I2C bus, its clock, and the modules that expose them."""

    def __init__(self) -> None:
        self.pins: dict = {}
        self.i2c_devices: dict[int, FakeMPU] = {0x68: FakeMPU()}
        self.i2c_broken = False
        self.ticks = Ticks()
        self.keyboard_interrupt = 3
        machine = types.ModuleType("machine")
        vars(machine).update(
            Pin=type(
                "Pin",
                (FakePin,),
                {"__init__": lambda pin, *a, **k: FakePin.__init__(pin, self, *a, **k)},
            ),
            I2C=lambda *a, **k: FakeI2C(self, *a, **k),
            unique_id=lambda: bytes.fromhex("e6614103e7452d2f"),
        )
        utime = types.ModuleType("utime")
        for name in ("ticks_ms", "ticks_diff", "sleep_ms"):
            setattr(utime, name, getattr(self.ticks, name))
        micropython = types.ModuleType("micropython")
        self.interrupts: list[int] = []

        def kbd_intr(char: int) -> None:
            self.keyboard_interrupt = char
            self.interrupts.append(char)

        vars(micropython)["kbd_intr"] = kbd_intr
        self.modules = {"machine": machine, "utime": utime, "micropython": micropython}

    @property
    def mpu(self) -> FakeMPU:
        return self.i2c_devices[0x68]


@pytest.fixture
def board(monkeypatch):
    """A fake Pico whose firmware modules import as on the board; ``board.load(name)``."""
    fake = FakeBoard()
    for name, module in fake.modules.items():
        monkeypatch.setitem(sys.modules, name, module)
    for name in FIRMWARE_MODULES:
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.syspath_prepend(str(FIRMWARE))
    fake.load = importlib.import_module
    yield fake
    for name in FIRMWARE_MODULES:
        sys.modules.pop(name, None)


@pytest.fixture
def firmware(board):
    """The firmware's pure modules, loaded on a fake board: ``firmware.wire`` etc."""
    return types.SimpleNamespace(
        **{
            name: board.load(name)
            for name in ("wire", "orientation", "mpu6050", "keys", "reader", "calibrate")
        }
    )
