"""The firmware under real MicroPython: the WebAssembly port on Node.js
(npm's @micropython/micropython-webassembly-pyscript, installed by
``npm install --prefix hardware/micropython``) must print exactly what CPython prints for the
same session, and every protocol line must parse on the host."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from firmware_bridge.protocol import Rejected, parse_line
from tests.support.hardware.firmware_micropython import ROOT, RUNNER, micropython_missing

FIRMWARE = ROOT / "hardware" / "firmware"
SCENARIO = Path(__file__).with_name("micropython_scenario.py")


def cpython_output() -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(FIRMWARE)}
    done = subprocess.run(
        [sys.executable, str(SCENARIO)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout.splitlines()


def test_micropython_and_cpython_run_the_firmware_alike():
    missing = micropython_missing()
    if missing:
        pytest.fail(f"the firmware cannot be checked under real MicroPython: {missing}")
    done = subprocess.run(
        ["node", str(RUNNER / "run.mjs"), str(FIRMWARE), str(SCENARIO)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    micropython = done.stdout.splitlines()
    assert micropython == cpython_output()
    frames = [line for line in micropython if "*" in line]
    assert len(frames) >= 10
    for line in frames:
        assert not isinstance(parse_line(line.encode()), Rejected), line
    assert "ROLL 2 L1:3 L2:0 C1:2 C2:4 C3:1*51" in frames  # the keypad's five dice
    assert "ROLL 5 C1:4 C2:2*0D" in frames  # only what WANT asked for
    assert frames[0].startswith("HELLO 1.1 PICO-E7452D2F 1.0.0 0badcafe ")


def test_the_scenario_runs_on_cpython():
    lines = cpython_output()
    assert lines[:3] == ["accel [500, -250, 1000]", "faces 6 None 2", "led [True, False, True]"]
