"""One firmware session, run both by CPython and by real MicroPython (WebAssembly port):
tests/hardware/test_firmware_micropython.py checks that they print the same lines.
Only the board-independent modules are used; the I2C bus is a stand-in class."""

import calibrate
import keys
import mfrc522
import mpu6050
import orientation
import reader
import wire

sent: list[str] = []  # the lines the reader writes (MicroPython ignores the annotation)


class Bus:
    """An I2C bus with one MPU-6050 reading (0.5, -0.25, 1.0) g."""

    def __init__(self):
        self.registers = bytearray(128)
        self.registers[0x3B:0x41] = bytes([0x20, 0x00, 0xF0, 0x00, 0x40, 0x00])

    def scan(self):
        return [0x68]

    def readfrom_mem(self, address, register, count):
        return bytes(self.registers[register : register + count])

    def writeto_mem(self, address, register, data):
        self.registers[register : register + len(data)] = data


sensor = mpu6050.MPU6050(Bus())
print("accel", [int(g * 1000) for g in sensor.acceleration()])
print(
    "faces",
    orientation.face_up((0, 0, -1), orientation.FACES["d6"]),
    orientation.face_up((0.7, 0, 0.7), orientation.FACES["d6"]),
    orientation.face_up((0, -0.98, 0.1), orientation.FACES["cowboy"]),
)

device = reader.Reader(
    sent.append,
    "PICO-E7452D2F",
    "1.0.0",
    ["L1:cattle", "L2:cattle", "C1:cowboy", "C2:cowboy", "C3:cowboy"],
    boot="0badcafe",
)
device.boot(0)
for now in range(0, 400, 20):  # resting, 0 up
    device.reading((0, 0, 1), now)
for now in range(400, 480, 20):  # thrown: in the air (throw.py), about 0 g
    device.reading((0.05, 0.04, 0.02), now)
device.reading((-1.95, 0.1, 0.0), 480)  # lands hard
for now in range(500, 1400, 20):  # at rest with 3 up
    device.reading((-1, 0, 0), now)

pressed: dict[str, bool] = {}
keypad = keys.Keys(
    {
        name: (lambda name=name: pressed.get(name, False))
        for name in ("0", "1", "2", "3", "4", "5", "6", "confirm")
    },
    30,
)
now = 1400
for name in ("3", "0", "6", "2", "4", "1", "confirm"):  # 6 is no cowboy face: ignored
    for level in (True, False, True, True, True, False, False, False):  # bounce, hold, release
        pressed[name] = level
        now += 20
        for key, down in keypad.poll(now):
            device.key(key, down, now)

device.host_line("?*3F", now)
device.host_line(wire.frame("ACK 0"), now)
device.host_line(wire.frame("LED blink").rstrip("\n") + "\r\n", now)
device.host_line(wire.frame("WANT C1 C2"), now)
for name in ("4", "2"):
    device.key(name, True, now)
print("led", [reader.led_level(device.led, t) for t in (0, 600, 1000)])
for later in range(now, now + 2100, 100):
    device.tick(later)
print("crc", list(mfrc522.crc_a(b"\x00\x00")), list(mfrc522.crc_a(b"\x93\x70")))
print("offsets mg", [int(round(g * 1000)) for g in calibrate.offsets([(0.03, -0.02, 1.07)] * 4)])
for line in sent:
    print(line, end="")
