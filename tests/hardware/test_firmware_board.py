"""The board layer (mpu6050.py, keys.py, board.py, settings.py) on a fake Pico."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from firmware_bridge.protocol import DeviceError, Heartbeat, Hello, Moving, Roll, parse_line
from tests.support.hardware import traces
from tests.support.hardware.firmware_micropython import RUNNER, micropython_missing

FIRMWARE = Path(__file__).resolve().parents[2] / "hardware" / "firmware"


def test_mpu6050_wakes_the_sensor_and_reads_g(board):
    mpu6050 = board.load("mpu6050")
    board.mpu.tilt(0.5, -0.25, 1.0)
    sensor = mpu6050.MPU6050(board.modules["machine"].I2C(0))
    assert board.mpu.registers[0x6B] == 0  # awake
    assert sensor.acceleration() == (0.5, -0.25, 1.0)


def test_mpu6050_missing_is_an_oserror(board):
    board.i2c_devices.clear()
    with pytest.raises(OSError, match="no MPU-6050"):
        board.load("mpu6050").MPU6050(board.modules["machine"].I2C(0))


def test_keys_debounce(board):
    levels = {"confirm": False}
    keys = board.load("keys").Keys({"confirm": lambda: levels["confirm"]}, bounce_ms=30)
    seen = []
    for now, level in [
        (0, True),
        (5, False),
        (8, True),
        (20, True),
        (40, True),
        (60, True),
        (300, False),
        (302, True),
        (304, False),
        (340, False),
        (400, False),
    ]:
        levels["confirm"] = level
        seen += [(now, edge) for edge in keys.poll(now)]
    assert seen == [(40, ("confirm", True)), (340, ("confirm", False))]


def test_uptime_does_not_wrap_with_ticks_ms(board):
    board.ticks.now = (1 << 30) - 500
    uptime = board.load("board").Uptime()
    board.ticks.advance(400)
    assert uptime() == 400
    board.ticks.advance(400)  # ticks_ms wrapped to a small number
    assert uptime() == 800


class PipeStdin:
    """The read end of a pipe, read one byte at a time like MicroPython's stdin buffer."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def fileno(self) -> int:
        return self.fd

    def read(self, count: int) -> bytes:
        return os.read(self.fd, count)


@pytest.fixture
def usb(board):
    read_end, write_end = os.pipe()
    sent = []

    class Stdout:
        def write(self, line):
            sent.append(line)

    link = board.load("board").UsbLink(PipeStdin(read_end), Stdout())
    yield link, write_end, sent
    os.close(read_end)
    os.close(write_end)


def test_usb_link_splits_lines_and_drops_over_long_ones(usb):
    link, host, _ = usb
    os.write(host, b"?*3F\nACK 1*")
    assert link.lines() == ["?*3F"]
    os.write(host, b"70\n" + b"x" * 500 + b"\n\xff\xfe\n")
    lines = link.lines()
    assert lines[0] == "ACK 1*70" and len(lines[1]) == 120 and len(lines) == 2


def test_run_answers_hello_reports_a_lost_sensor_once_and_rolls(board, usb):
    link, host, sent = usb
    board_module = board.load("board")
    reader_module, orientation = board.load("reader"), board.load("orientation")
    reader = reader_module.Reader(link.send, "PICO-1", "1.0.0", ["d6"])
    sensor = board.load("mpu6050").MPU6050(board.modules["machine"].I2C(0))
    board.mpu.tilt(0, 0, 1)
    uptime = board_module.Uptime()
    board_module.run(reader, link, uptime, sensor, steps=10)
    os.write(host, b"?*3F\n")
    board.i2c_broken = True
    board_module.run(reader, link, uptime, sensor, steps=5)
    board.i2c_broken = False
    for _, reading in traces.throw(land_on=5):  # thrown, lands with 5 up
        board.mpu.tilt(*reading)
        board_module.run(reader, link, uptime, sensor, steps=1)
    parsed = [parse_line(line.encode()) for line in sent]
    hello = Hello("PICO-1", "1.0.0", (("d6", "d6"),))
    lost = DeviceError("imu", "MPU-6050 stopped answering on I2C: [Errno 5] EIO")
    assert parsed[:4] == [hello, hello, hello, lost]
    assert [m for m in parsed[4:] if not isinstance(m, (Heartbeat, Hello, DeviceError))][:2] == [
        Moving(0),
        Roll(1, (("d6", 5),)),
    ]
    # the fault stood after each HELLO while the sensor was lost, and not once it was back
    after_hello = [parsed[i + 1] for i, m in enumerate(parsed[:-1]) if isinstance(m, Hello)]
    assert lost in after_hello and not isinstance(after_hello[-1], DeviceError)
    assert isinstance(orientation.Motion(), orientation.Motion)


def test_build_wires_the_real_parts_and_reports_a_missing_sensor(board, monkeypatch):
    board_module = board.load("board")
    settings = board.load("settings")
    monkeypatch.setattr(
        board_module,
        "UsbLink",
        lambda: type("Link", (), {"send": lambda self, line: None, "lines": lambda self: []})(),
    )
    reader, link, sensor, keys, led, problem, cards = board_module.build()
    assert cards is None  # no card reader in this build
    assert board.interrupts == []  # building leaves Ctrl-C alone: boot_window decides
    assert sensor is not None and problem == {}
    assert reader.boot_id and len(reader.boot_id) == 8
    assert reader.device_id == settings.device_id() == "PICO-E7452D2F"
    assert set(keys.readers) == set(settings.KEYS)
    board.pins[settings.KEYS["3"]].value(0)  # pressed (pulled up, shorted to GND)
    assert keys.readers["3"]() and not keys.readers["4"]()
    led.value(1)
    assert board.pins[settings.LED].level == 1
    board.i2c_devices.clear()
    *_, sensor, keys, led, problems, cards = board_module.build()
    assert sensor is None
    assert problems == {
        "imu": "no MPU-6050 at 0x68 on I2C0 (SDA GP4, SCL GP5): check 3.3 V, GND, SDA, SCL"
    }


def test_a_missing_card_reader_is_its_own_fault_and_said_after_every_hello(board, monkeypatch, usb):
    link, host, sent = usb
    board_module = board.load("board")
    settings = board.load("settings")
    monkeypatch.setattr(settings, "CARD_READER", True)

    class EmptyBus:  # no MFRC522 on the SPI bus: MISO pulled low, every read is 0x00
        def __init__(self, *args, **kwargs):
            pass

        def write(self, data):
            pass

        def read(self, count):
            return bytes(count)

    monkeypatch.setattr(board.modules["machine"], "SPI", EmptyBus, raising=False)
    monkeypatch.setattr(board_module, "UsbLink", lambda: link)
    reader, link, sensor, keys, led, problems, cards = board_module.build()
    assert sensor is not None and cards is None
    assert set(problems) == {"nfc"}
    assert problems["nfc"].startswith("no MFRC522 on SPI")
    assert "SCK GP18, MOSI GP19, MISO GP16, CS GP17" in problems["nfc"]
    board_module.run(reader, link, board_module.Uptime(), sensor, problems=problems, steps=2)
    os.write(host, b"?*3F\n")  # the host asks again (it restarted, or reconnected)
    board_module.run(reader, link, board_module.Uptime(), sensor, steps=3)
    said = [parse_line(line.encode()) for line in sent]
    errors = [i for i, m in enumerate(said) if isinstance(m, DeviceError)]
    hellos = [i for i, m in enumerate(said) if isinstance(m, Hello)]
    assert all(said[i].code == "nfc" for i in errors)
    assert [i + 1 for i in hellos] == errors  # each HELLO is followed by the fault
    assert len(hellos) >= 3


def test_main_py_runs_board_main_under_micropython(tmp_path):
    """main.py is run by real MicroPython (the npm WebAssembly port, as the other firmware
    checks are) the way the Pico runs it at power-up: as the top-level script. Beside it, a
    board module that only says it was started, so what is checked is main.py's own doing."""
    missing = micropython_missing()
    if missing:
        pytest.fail(f"main.py cannot be run under real MicroPython: {missing}")
    (tmp_path / "board.py").write_text(
        'def main(*args, **kwargs):\n    print("main", args, kwargs)\n'
    )
    done = subprocess.run(
        ["node", str(RUNNER / "run.mjs"), str(tmp_path), str(FIRMWARE / "main.py")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["main () {}"]


def test_ctrl_c_works_during_the_boot_window_then_is_off(board):
    board_module = board.load("board")
    settings = board.load("settings")
    slept = []
    board_module.boot_window(
        sleep_ms=lambda ms: (slept.append(ms), slept.append(board.keyboard_interrupt))
    )
    assert slept == [settings.BOOT_WINDOW_MS, 3] and board.keyboard_interrupt == -1


def test_the_maintenance_key_held_at_boot_leaves_the_repl_free(board, monkeypatch):
    board_module = board.load("board")
    settings = board.load("settings")
    started = []
    monkeypatch.setattr(board_module, "build", lambda: started.append("build"))
    original = board.modules["machine"].Pin.__init__

    def held(pin, *args, **kwargs):
        original(pin, *args, **kwargs)
        if pin.id == settings.KEYS[settings.MAINTENANCE_KEY]:
            pin.level = 0  # pressed

    monkeypatch.setattr(board.modules["machine"].Pin, "__init__", held)
    board_module.main()
    assert started == [] and board.interrupts == []


def test_a_tray_build_never_sends_a_face_the_keys_did_not_type(board, monkeypatch):
    from firmware_bridge.protocol import Moving, Roll, parse_line

    board_module = board.load("board")
    settings = board.load("settings")
    sent = []
    monkeypatch.setattr(settings, "SENSOR", "tray")
    monkeypatch.setattr(
        board_module,
        "UsbLink",
        lambda: type(
            "Link", (), {"send": lambda self, line: sent.append(line), "lines": lambda self: []}
        )(),
    )
    reader, link, sensor, keys, led, problem, cards = board_module.build()
    reader.boot(0)
    for now, reading in enumerate([(0, 0, 1)] * 5 + [(1.5, 0.4, 0.2)] + [(0, 0, 1)] * 60):
        reader.reading(reading, now * 20)
    reader.key("4", True, 2000)
    frames = [parse_line(line.encode()) for line in sent[1:]]
    assert frames == [Moving(0), Roll(1, (("d6", 4),))]  # the 4 typed, no face from the tray


def test_calibration_offsets_are_stored_and_taken_off(board, tmp_path):
    calibrate = board.load("calibrate")
    mpu = board.load("mpu6050")
    board.mpu.tilt(0.03, -0.02, 1.07)  # at rest, within the datasheet's offsets
    sensor = mpu.MPU6050(board.modules["machine"].I2C(0))
    offset = calibrate.measure(sensor, board.ticks.sleep_ms)
    path = tmp_path / "calibration.json"
    calibrate.save(str(path), offset)
    fixed = calibrate.Calibrated(sensor, calibrate.load(str(path)))
    assert all(abs(a - b) < 0.001 for a, b in zip(fixed.acceleration(), (0, 0, 1)))
    orientation = board.load("orientation")
    motion = orientation.Motion()
    raw = [motion.sample(sensor.acceleration(), t * 20) for t in range(60)]
    assert "settled" not in raw  # uncalibrated: "rolling…" for ever
    motion = orientation.Motion()
    motion.moving = True
    fixed_run = [motion.sample(fixed.acceleration(), t * 20) for t in range(60)]
    assert "settled" in fixed_run
    assert calibrate.load(str(tmp_path / "missing.json")) == [0.0, 0.0, 0.0]


def test_calibration_refuses_a_die_that_moved(board):
    calibrate = board.load("calibrate")
    readings = iter([(0, 0, 1.0), (0.2, 0, 1.0)] * 60)
    sensor = type("Sensor", (), {"acceleration": lambda self: next(readings)})()
    with pytest.raises(ValueError):
        calibrate.measure(sensor, lambda ms: None)
