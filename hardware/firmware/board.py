"""The Pico's wiring: USB serial, I2C sensor, keys and LED around a :class:`Reader`.

``main()`` runs forever on the board; ``run()`` takes everything as arguments (and a step
count) so tests/hardware can run it on the host with fake ``machine`` and ``utime``.
"""

import binascii
import os
import select
import sys

import calibrate
import machine
import micropython
import settings
import utime
import wire
from keys import Keys
from mfrc522 import MFRC522, Presence
from mpu6050 import MPU6050
from orientation import FACES, Motion
from reader import Reader, led_level
from throw import Throw


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
    return lambda: pin.value() == 0  # pull-up: a pressed key reads 0


def boot_id():
    """A new id at every power-up (protocol v1.1): the host forgets the seqs it has seen
    only when this changes, never on a reconnect."""
    return binascii.hexlify(os.urandom(4)).decode()


def maintenance_held():
    """The maintenance key held while plugging in: stay in the REPL, run nothing."""
    pin = machine.Pin(settings.KEYS[settings.MAINTENANCE_KEY], machine.Pin.IN, machine.Pin.PULL_UP)
    return pin.value() == 0


def boot_window(sleep_ms=None):
    """For ``BOOT_WINDOW_MS`` after power-up Ctrl-C stops the firmware (so ``mpremote``
    reaches a REPL); after that a stray 0x03 from the host must not, so it is turned off."""
    micropython.kbd_intr(3)
    (sleep_ms or utime.sleep_ms)(settings.BOOT_WINDOW_MS)
    micropython.kbd_intr(-1)


def build():
    """The reader and its parts on the real board."""
    link = UsbLink()
    kind = wire_kind(settings.DICE[0])
    faces = FACES.get(kind) if settings.SENSOR == "die" else ()
    reader = Reader(
        link.send,
        settings.device_id(),
        settings.FIRMWARE,
        settings.DICE,
        faces=faces,
        min_cos=settings.MIN_COS,
        motion=(Throw if settings.SENSOR == "die" else Motion)(settings.SETTLE_MS),
        boot=boot_id(),
    )
    sensor, problems = None, {}
    if settings.SENSOR:
        i2c = machine.I2C(
            settings.I2C_ID,
            sda=machine.Pin(settings.SDA),
            scl=machine.Pin(settings.SCL),
            freq=400000,
        )
        try:
            sensor = calibrate.Calibrated(MPU6050(i2c), calibrate.load(settings.CALIBRATION))
        except OSError as error:
            problems["imu"] = "%s on I2C%d (SDA GP%d, SCL GP%d): check 3.3 V, GND, SDA, SCL" % (
                error,
                settings.I2C_ID,
                settings.SDA,
                settings.SCL,
            )
    keys = Keys(
        {
            name: _pressed(machine.Pin(pin, machine.Pin.IN, machine.Pin.PULL_UP))
            for name, pin in settings.KEYS.items()
        },
        settings.BOUNCE_MS,
    )
    led = machine.Pin(settings.LED, machine.Pin.OUT)
    cards = None
    if settings.CARD_READER:
        try:
            cards = CardLook(
                MFRC522(
                    machine.SPI(
                        settings.RC522_SPI,
                        baudrate=1000000,
                        sck=machine.Pin(settings.RC522_SCK),
                        mosi=machine.Pin(settings.RC522_MOSI),
                        miso=machine.Pin(settings.RC522_MISO),
                    ),
                    machine.Pin(settings.RC522_CS, machine.Pin.OUT),
                )
            )
        except OSError as error:
            problems["nfc"] = "%s; SCK GP%d, MOSI GP%d, MISO GP%d, CS GP%d: check 3.3 V, GND" % (
                error,
                settings.RC522_SCK,
                settings.RC522_MOSI,
                settings.RC522_MISO,
                settings.RC522_CS,
            )
    return reader, link, sensor, keys, led, problems, cards


class CardLook:
    """The card reader looked at every ``CARD_EVERY_MS``: one ``CARD`` per presentation."""

    def __init__(self, rc522, every_ms=None):
        self.rc522 = rc522
        self.every_ms = every_ms if every_ms is not None else settings.CARD_EVERY_MS
        self.presence = Presence()
        self._next = 0

    def poll(self, now):
        if now < self._next:
            return None
        self._next = now + self.every_ms
        return self.presence.seen(self.rc522.uid())


def run(
    reader, link, clock, sensor=None, keys=None, led=None, problems=None, steps=None, cards=None
):
    """The main loop: host lines, a sensor reading, key edges, cards, heartbeats, LED.
    ``problems`` are the parts that did not start, by fault code (``imu``, ``nfc``)."""
    reader.boot(clock())
    for code, text in sorted((problems or {}).items()):
        reader.fault(code, text)  # said now and after every HELLO
    done = 0
    while steps is None or done < steps:
        now = clock()
        for line in link.lines():
            reader.host_line(line, now)
        if sensor is not None:
            try:
                reading = sensor.acceleration()
            except OSError as error:
                if "imu" not in reader.faults:  # say it once, not fifty times a second
                    reader.fault("imu", "MPU-6050 stopped answering on I2C: %s" % error)
            else:
                reader.clear("imu")  # it answers again
                reader.reading(reading, now)
        if keys is not None:
            for name, down in keys.poll(now):
                reader.key(name, down, now)
        if cards is not None:
            try:
                uid = cards.poll(now)
            except OSError as error:
                reader.fault("nfc", "MFRC522 stopped answering on SPI: %s" % error)
                cards = None  # said once; the box goes on without it
            else:
                if uid is not None:
                    reader.card(uid, now)
        reader.tick(now)
        if led is not None:
            led.value(1 if led_level(reader.light, now) else 0)
        utime.sleep_ms(settings.SAMPLE_MS)
        done += 1


def wire_kind(token):
    return token.split(":")[-1]


def main():
    if maintenance_held():
        print("maintenance: firmware not started (REPL free for mpremote)")
        return
    boot_window()
    reader, link, sensor, keys, led, problems, cards = build()
    run(reader, link, Uptime(), sensor, keys, led, problems, cards=cards)
