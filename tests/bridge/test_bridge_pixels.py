"""Pixels dice over Bluetooth LE, against a fake ``BleakClient`` that speaks the published
byte layouts (GameWithPixels "Pixels Communications Protocol": WhoAreYou = 0x01,
IAmADie = 0x02 + 21 bytes, RollState = 0x03 state face, BatteryLevel = 0x22 level state)."""

from __future__ import annotations

import struct
import threading

from companion.events import DeviceStatus, DiceMoving, DieRolled, DieTilted, InputRefused
from firmware_bridge import pixels_protocol as px
from firmware_bridge.pixels import PixelsDice


def i_am_a_die(leds=6, battery=80) -> bytes:
    # id, leds, design, n/a, data-set hash, pixel id, flash, build, state, face, battery, state
    return struct.pack(
        "<BBBBIIHIBBBB",
        2,
        leds,
        1,
        0,
        0xCAFE,
        0x12345678,
        4096,
        1_700_000_000,
        px.ON_FACE,
        2,
        battery,
        0,
    )


class Device:
    def __init__(self, address, name):
        self.address, self.name = address, name


class FakeClient:
    """One connection to a fake die: records writes, lets the test notify and drop."""

    made: list[FakeClient] = []

    def __init__(self, device, disconnected):
        self.device, self.disconnected = device, disconnected
        self.written: list[bytes] = []
        self.notify = None
        self.connected = threading.Event()
        self.leds = 6
        FakeClient.made.append(self)

    async def connect(self):
        if getattr(self.device, "refuse", 0):
            self.device.refuse -= 1
            raise OSError("le-connection-abort-by-local")
        self.connected.set()

    async def start_notify(self, uuid, callback):
        assert uuid == px.NOTIFY
        self.notify = callback

    async def write_gatt_char(self, uuid, data, response=None):
        assert uuid == px.WRITE
        self.written.append(bytes(data))
        if bytes(data) == px.who_are_you():
            self.notify(None, bytearray(i_am_a_die(self.leds)))

    async def disconnect(self):
        pass

    def send(self, data: bytes):
        self.notify(None, bytearray(data))

    def drop(self):
        self.disconnected(self)


def start(events, devices):
    FakeClient.made = []

    async def discover(scan_s):
        return list(devices)

    return PixelsDice(
        events,
        scan_s=0.01,
        backoff_min_s=0.01,
        backoff_max_s=0.05,
        discover=discover,
        client_factory=FakeClient,
    )


def test_roll_states_become_the_serial_readers_events(events, wait):
    dice = start(events, [Device("AA:BB", "Red")])
    try:
        wait(lambda: FakeClient.made and FakeClient.made[0].written, what="WhoAreYou")
        client = FakeClient.made[0]
        assert client.written[0] == b"\x01"
        client.send(bytes([px.ROLL_STATE, px.HANDLING, 0]))
        client.send(bytes([px.ROLL_STATE, px.ROLLING, 3]))
        client.send(bytes([px.ROLL_STATE, px.ROLLED, 4]))  # face index 4 = 5 pips
        client.send(bytes([px.ROLL_STATE, px.ON_FACE, 4]))  # set down: not a throw
        client.send(bytes([px.ROLL_STATE, px.CROOKED, 0]))
        client.send(bytes([px.BATTERY_LEVEL, 55, 1]))
        client.send(b"\x03")  # too short: ignored
        wait(lambda: events.all(DieTilted), what="tilt")
        assert events.all(DiceMoving) == [DiceMoving("pixel-Red")] * 2
        assert events.all(DieRolled) == [DieRolled((("d6", 5),), "ble", "pixel-Red")]
        assert events.all(DieTilted) == [DieTilted("d6", "pixel-Red")]
        wait(lambda: dice.probe()["dice"]["pixel-Red"]["battery"] == 55, what="battery")
        assert dice.probe()["dice"]["pixel-Red"]["charging"] is True
    finally:
        dice.close()


def test_a_die_that_drops_is_reconnected_with_backoff(events, wait):
    device = Device("AA:CC", "Blue")
    device.refuse = 2  # the first two attempts fail
    dice = start(events, [device])
    try:
        wait(lambda: any(c.connected.is_set() for c in FakeClient.made), what="connected")
        assert len(FakeClient.made) == 3
        FakeClient.made[-1].drop()
        wait(
            lambda: len(FakeClient.made) == 4 and FakeClient.made[-1].connected.is_set(),
            what="reconnected",
        )
        states = [e.state for e in events.all(DeviceStatus) if e.device == "pixel-Blue"]
        assert states[-3:] == ["online", "reconnecting", "online"]
        FakeClient.made[-1].send(bytes([px.ROLL_STATE, px.ROLLED, 0]))
        wait(lambda: events.all(DieRolled), what="a roll after the reconnect")
    finally:
        dice.close()


def test_a_die_the_games_do_not_use_is_refused_not_guessed(events, wait):
    dice = start(events, [Device("AA:DD", "D20")])
    try:
        wait(lambda: FakeClient.made and FakeClient.made[0].notify, what="subscribed")
        client = FakeClient.made[0]
        client.send(i_am_a_die(leds=20))
        client.send(bytes([px.ROLL_STATE, px.ROLLED, 19]))
        wait(lambda: events.all(InputRefused), what="refused")
        assert events.all(DieRolled) == []
        assert events.all(InputRefused)[0].reason == "ble_unknown_die"
    finally:
        dice.close()


def test_no_bluetooth_adapter_is_a_fault_not_a_crash(events, wait):
    async def discover(scan_s):
        raise OSError("org.bluez.Error.NotReady")

    dice = PixelsDice(
        events,
        scan_s=0.01,
        backoff_min_s=0.01,
        backoff_max_s=0.02,
        discover=discover,
        client_factory=FakeClient,
    )
    try:
        wait(lambda: events.all(DeviceStatus), what="a status")
        status = events.all(DeviceStatus)[0]
        assert status.state == "fault" and "NotReady" in status.detail
        assert status.check == "check.ble_dice"
    finally:
        dice.close()


def test_parse_never_raises_on_junk():
    for data in (b"", b"\x02\x06", b"\xff" * 30, bytes(range(22))):
        assert px.parse(data) is not None
    assert px.parse(bytes([3, 1, 5])) == px.RollState(px.ROLLED, 5)
