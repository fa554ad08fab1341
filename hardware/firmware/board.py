"""The Pico's wiring: USB serial, I2C sensor, keys and LED around a :class:`Reader`.

``main()`` runs forever on the board; ``run()`` takes everything as arguments (and a step
count) so tests/hardware can run it on the host with fake ``machine`` and ``utime``.
"""

import select
import sys

import machine
import micropython
import utime

import settings
import wire
from keys import Keys
from mpu6050 import MPU6050
from orientation import Motion
from reader import Reader, led_level


class Uptime:
    """Milliseconds since boot that never wrap (``utime.ticks_ms`` wraps after ~12 days)."""

    def __init__(self):
        self._last = utime.ticks_ms()
        self._total = 0

    def __call__(self):
        now = utime.ticks_ms()
        self._total += utime.ticks_diff(now, self._last)
        self._last = now
        return self._total


class UsbLink:
    """Protocol lines over USB CDC: reads ``stdin`` without blocking, writes ``stdout``."""

    def __init__(self, stdin=None, stdout=None):
        stdin = stdin or getattr(sys.stdin, "buffer", sys.stdin)
        self.stdin = stdin
        self.stdout = stdout or sys.stdout
        self._poll = select.poll()
        self._poll.register(stdin, select.POLLIN)
        self._buffer = bytearray()

    def send(self, line):
        self.stdout.write(line)

    def lines(self):
        """Complete lines received since the last call (over-long ones are dropped)."""
        out = []
        while self._poll.poll(0):
            data = self.stdin.read(1)
            if not data:
                break
            byte = data[0] if isinstance(data, (bytes, bytearray)) else ord(data)
            if byte == 10:
                try:
                    out.append(bytes(self._buffer).decode())
                except UnicodeError:
                    pass
                self._buffer = bytearray()
            elif len(self._buffer) < wire.MAX_LINE:
                self._buffer.append(byte)
        return out


def _pressed(pin):
    return lambda: pin.value() == 0   # pull-up: a pressed key reads 0


def build():
    """The reader and its parts on the real board."""
    micropython.kbd_intr(-1)  # a stray 0x03 from the host must not stop the firmware
    link = UsbLink()
    reader = Reader(link.send, settings.device_id(), settings.FIRMWARE, settings.DICE,
                    min_cos=settings.MIN_COS, motion=Motion(settings.SETTLE_MS))
    sensor, problem = None, None
    if settings.SENSOR:
        i2c = machine.I2C(settings.I2C_ID, sda=machine.Pin(settings.SDA),
                          scl=machine.Pin(settings.SCL), freq=400000)
        try:
            sensor = MPU6050(i2c)
        except OSError as error:
            problem = str(error)
    keys = Keys({name: _pressed(machine.Pin(pin, machine.Pin.IN, machine.Pin.PULL_UP))
                 for name, pin in settings.KEYS.items()}, settings.BOUNCE_MS)
    led = machine.Pin(settings.LED, machine.Pin.OUT)
    return reader, link, sensor, keys, led, problem


def run(reader, link, clock, sensor=None, keys=None, led=None, problem=None, steps=None):
    """The main loop: host lines, a sensor reading, key edges, heartbeats, the LED."""
    reader.boot(clock())
    if problem:
        reader.fault("imu", problem)
    sensor_ok, done = True, 0
    while steps is None or done < steps:
        now = clock()
        for line in link.lines():
            reader.host_line(line, now)
        if sensor is not None:
            try:
                reader.reading(sensor.acceleration(), now)
                sensor_ok = True
            except OSError as error:
                if sensor_ok:   # say it once, not fifty times a second
                    reader.fault("imu", str(error))
                sensor_ok = False
        if keys is not None:
            for name, down in keys.poll(now):
                reader.key(name, down, now)
        reader.tick(now)
        if led is not None:
            led.value(1 if led_level(reader.led, now) else 0)
        utime.sleep_ms(settings.SAMPLE_MS)
        done += 1


def main():
    reader, link, sensor, keys, led, problem = build()
    run(reader, link, Uptime(), sensor, keys, led, problem)
