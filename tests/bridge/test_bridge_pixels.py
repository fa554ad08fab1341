"""Pixels dice over Bluetooth LE, against a fake ``BleakClient`` replaying the bytes a real
die sends, built here field by field from the official library's message definitions, not
from the project's parser: GameWithPixels/pixels-js at commit
3fa3c1a7d952260b44d8411e5b7c059ad2d25d7b,

- ``packages/pixels-core-connect/src/PixelsBluetoothIds.ts``: the service and characteristic
  UUIDs, ``die`` (current) and ``legacyDie``;
- ``packages/pixels-core-connect/src/DieMessages.ts``: ``MessageTypeValues`` (whoAreYou 1,
  iAmADie 2, rollState 3, batteryLevel 34), ``IAmADie`` and its chunks (VersionInfoChunk,
  DieInfoChunk, CustomDesignAndColorNameChunk, DieNameChunk, SettingsInfoChunk,
  StatusInfoChunk), ``LegacyIAmADie`` (22 bytes), ``RollState``, ``BatteryLevel``;
- ``packages/pixels-core-connect/src/ChunkMessage.ts``: each chunk starts with its size in
  bytes, that byte included; ``Pixel.ts`` ``_internalDeserializeMessage``: an iAmADie of
  any length but 22 is chunked;
- ``packages/pixels-core-utils/src/serializable.ts``: numbers little-endian;
- ``packages/pixels-core-animation/src/PixelDieType.ts``: unknown 0, d4, d6, d8, d10, d00,
  d12, d20, d6pipped, d6fudge;
- ``packages/pixels-core-animation/src/DiceUtils.ts`` ``faceFromIndex``: faces per die type,
  and the "bad normals" of firmware built up to 1704150000000 ms (``FW_2023_11_17``,
  which is 2024-01-01 23:00 UTC).
"""

from __future__ import annotations

import struct
import threading

import pytest

from companion.writer.input_events import (
    DeviceStatus,
    DiceMoving,
    DieRolled,
    DieTilted,
    InputRefused,
)
from firmware_bridge import pixels_protocol as px
from firmware_bridge.pixels import PixelsDice

# PixelsBluetoothIds.ts, copied as text
CURRENT = {
    "service": "a6b90001-7a5a-43f2-a962-350c8edc9b5b",
    "notify": "a6b90002-7a5a-43f2-a962-350c8edc9b5b",
    "write": "a6b90003-7a5a-43f2-a962-350c8edc9b5b",
}
LEGACY = {
    "service": "6e400001-b5a3-f393-e0a9-e50e24dcca9e",
    "notify": "6e400001-b5a3-f393-e0a9-e50e24dcca9e",
    "write": "6e400002-b5a3-f393-e0a9-e50e24dcca9e",
}
# MessageTypeValues, PixelRollStateValues, PixelBatteryStateValues, PixelDieTypeValues
WHO_ARE_YOU, I_AM_A_DIE, ROLL_STATE, BATTERY_LEVEL = 1, 2, 3, 34
ROLLED, HANDLING, ROLLING, CROOKED, ON_FACE = 1, 2, 3, 4, 5
OK, CHARGING = 0, 2
DIE_TYPE = {"unknown": 0, "d4": 1, "d6": 2, "d20": 7, "d6pipped": 8, "d6fudge": 9}
FW_2025 = 1_740_000_000  # buildTimestamp, seconds: 2025-02-19
FW_2023_11_17 = 1_700_200_000  # a firmware with the bad d6 normals
FW_2024_03 = 1_710_000_000  # after the normals fix, before the crooked fix (2024-05-22)


def chunk(fields: bytes) -> bytes:
    """A chunk: its size (this byte included) then its fields (ChunkMessage.ts)."""
    return bytes([len(fields) + 1]) + fields


def i_am_a_die(die_type="d6", leds=6, build=FW_2025, face_index=2, battery=80, name="Red"):
    """The current, chunked IAmADie (DieMessages.ts ``IAmADie``)."""
    version = struct.pack("<HIHHHH", 0x0300, build, 0x0100, 0x0100, 0x0100, 0x0100)
    # pixelId, chipModel, dieType, ledCount, colorway, runMode
    die = struct.pack("<IBBBBB", 0x12345678, 1, DIE_TYPE[die_type], leds, 3, 0)
    design = b"Onyx Black\0"
    die_name = name.encode() + b"\0"
    settings = struct.pack("<III", 0xCAFE, 10_000, 12_000)  # profile hash, flash, usable
    status = bytes([battery, OK, ON_FACE, face_index])  # level, battery state, roll, face
    return bytes([I_AM_A_DIE]) + b"".join(
        chunk(c) for c in (version, die, design, die_name, settings, status)
    )


def legacy_i_am_a_die(die_type="d6", leds=6, build=FW_2023_11_17, battery=80):
    """The legacy IAmADie (DieMessages.ts ``LegacyIAmADie``, expectedSize 22): type,
    ledCount, colorway, dieType, dataSetHash, pixelId, availableFlashSize, buildTimestamp,
    rollState, currentFaceIndex, batteryLevelPercent, batteryState."""
    return struct.pack(
        "<BBBBIIHIBBBB",
        I_AM_A_DIE,
        leds,
        3,
        DIE_TYPE[die_type],
        0xCAFE,
        0x12345678,
        4096,
        build,
        ON_FACE,
        2,
        battery,
        OK,
    )


def roll_state(state, face_index) -> bytes:
    return bytes([ROLL_STATE, state, face_index])


class Services:
    """What ``BleakClient.services`` answers: the services one die serves."""

    def __init__(self, uuids):
        self.uuids = uuids

    def get_service(self, uuid):
        return self if uuid == self.uuids["service"] else None


class Device:
    def __init__(self, address, name, uuids=CURRENT, who=None):
        self.address, self.name, self.uuids = address, name, uuids
        self.who = who or i_am_a_die(name=name)


class FakeClient:
    """One connection to a fake die: records writes, lets the test notify and drop."""

    made: list[FakeClient] = []

    def __init__(self, device, disconnected):
        self.device, self.disconnected = device, disconnected
        self.written: list[tuple[str, bytes]] = []
        self.notify = None
        self.connected = threading.Event()
        self.services = Services(device.uuids)
        FakeClient.made.append(self)

    async def connect(self):
        if getattr(self.device, "refuse", 0):
            self.device.refuse -= 1
            raise OSError("le-connection-abort-by-local")
        self.connected.set()

    async def start_notify(self, uuid, callback):
        assert uuid == self.device.uuids["notify"]
        self.notify = callback

    async def write_gatt_char(self, uuid, data, response=None):
        assert uuid == self.device.uuids["write"]
        self.written.append((uuid, bytes(data)))
        if bytes(data) == bytes([WHO_ARE_YOU]):
            self.notify(None, bytearray(self.device.who))

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


def identified(dice, wait, name):
    wait(lambda: (dice.probe()["dice"].get(name) or {}).get("die_type"), what="IAmADie")
    return FakeClient.made[-1]


@pytest.mark.parametrize("uuids", [CURRENT, LEGACY], ids=["current", "legacy"])
def test_roll_states_become_the_serial_readers_events(events, wait, uuids):
    dice = start(events, [Device("AA:BB", "Red", uuids)])
    try:
        client = identified(dice, wait, "pixel-Red")
        assert client.written[0] == (uuids["write"], bytes([WHO_ARE_YOU]))
        client.send(roll_state(HANDLING, 0))
        client.send(roll_state(ROLLING, 3))
        client.send(roll_state(ROLLED, 4))  # face index 4 = 5 pips
        client.send(roll_state(ON_FACE, 4))  # set down: not a throw
        client.send(roll_state(CROOKED, 0))
        client.send(bytes([BATTERY_LEVEL, 55, CHARGING]))
        client.send(bytes([ROLL_STATE]))  # too short: ignored
        wait(lambda: events.all(DieTilted), what="tilt")
        assert events.all(DiceMoving) == [DiceMoving("pixel-Red")] * 2
        assert events.all(DieRolled) == [DieRolled((("d6", 5),), "ble", "pixel-Red")]
        assert events.all(DieTilted) == [DieTilted("d6", "pixel-Red")]
        wait(lambda: dice.probe()["dice"]["pixel-Red"]["battery"] == 55, what="battery")
        assert dice.probe()["dice"]["pixel-Red"]["charging"] is True
    finally:
        dice.close()


def test_the_scan_asks_for_both_services(monkeypatch):
    import bleak

    from firmware_bridge import pixels

    asked = {}

    async def discover(timeout, service_uuids):
        asked["uuids"] = service_uuids
        return []

    monkeypatch.setattr(bleak.BleakScanner, "discover", staticmethod(discover))
    import asyncio

    assert asyncio.run(pixels._bleak_discover(0.1)) == []
    assert sorted(asked["uuids"]) == sorted([CURRENT["service"], LEGACY["service"]])


# DiceUtils.faceFromIndex, for each face index 0..5 of a d6
FACES_BAD_NORMALS = [1, 5, 4, 3, 2, 6]
FACES = [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    "who, faces",
    [
        (i_am_a_die(build=FW_2025), FACES),
        (i_am_a_die(build=FW_2023_11_17), FACES_BAD_NORMALS),
        (legacy_i_am_a_die(build=FW_2023_11_17), FACES_BAD_NORMALS),
        (legacy_i_am_a_die(build=FW_2024_03), FACES),
        (i_am_a_die(die_type="unknown", leds=21), FACES),  # unknown: d6pipped by its LEDs
        (legacy_i_am_a_die(die_type="d6pipped", leds=21, build=FW_2023_11_17), FACES),
    ],
    ids=["current", "bad-normals", "legacy-bad-normals", "legacy-fixed", "pipped", "old-pipped"],
)
def test_faces_are_mapped_per_die_type_and_firmware_as_pixels_js_does(events, wait, who, faces):
    dice = start(events, [Device("AA:EE", "Blue", LEGACY if len(who) == 22 else CURRENT, who)])
    try:
        client = identified(dice, wait, "pixel-Blue")
        for index in range(6):
            client.send(roll_state(ROLLED, index))
        wait(lambda: len(events.all(DieRolled)) == 6, what="six rolls")
        assert [e.dice[0] for e in events.all(DieRolled)] == [("d6", f) for f in faces]
    finally:
        dice.close()


def test_a_slightly_tilted_die_on_old_firmware_counts_as_rolled(events, wait):
    # Pixel.ts _updateRoll: six LEDs, firmware before FW_2024_05_22, crooked → rolled
    old = Device("AA:F0", "Old", LEGACY, legacy_i_am_a_die(build=FW_2024_03))
    new = Device("AA:F1", "New", CURRENT, i_am_a_die(name="New", build=FW_2025))
    dice = start(events, [old, new])
    try:
        wait(lambda: len([c for c in FakeClient.made if c.notify]) == 2, what="both")
        identified(dice, wait, "pixel-Old")
        identified(dice, wait, "pixel-New")
        by_name = {c.device.name: c for c in FakeClient.made}
        by_name["Old"].send(roll_state(CROOKED, 1))
        by_name["New"].send(roll_state(CROOKED, 1))
        wait(lambda: events.all(DieRolled) and events.all(DieTilted), what="both answers")
        assert events.all(DieRolled) == [DieRolled((("d6", 2),), "ble", "pixel-Old")]
        assert events.all(DieTilted) == [DieTilted("d6", "pixel-New")]
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
        FakeClient.made[-1].send(roll_state(ROLLED, 0))
        wait(lambda: events.all(DieRolled), what="a roll after the reconnect")
    finally:
        dice.close()


@pytest.mark.parametrize(
    "who, shown",
    [
        (i_am_a_die(die_type="d20", leds=20), "d20 17"),
        (i_am_a_die(die_type="d4", leds=6), "d4 2"),  # six LEDs, but a d4
        (i_am_a_die(die_type="d6fudge", leds=6), "d6fudge 4"),
        (legacy_i_am_a_die(die_type="d4", leds=6, build=FW_2024_03), "d4 2"),
    ],
    ids=["d20", "d4", "fudge", "legacy-d4"],
)
def test_a_die_type_no_prompt_can_use_is_refused_with_the_reason(events, wait, who, shown):
    dice = start(events, [Device("AA:DD", "Odd", LEGACY if len(who) == 22 else CURRENT, who)])
    try:
        client = identified(dice, wait, "pixel-Odd")
        figures = dice.probe()["dice"]["pixel-Odd"]
        assert figures["unusable"] == "ble_die_type" and figures["kind"] is None
        client.send(roll_state(ROLLED, 16 if "d20" in shown else 1 if "d4" in shown else 3))
        wait(lambda: events.all(InputRefused), what="refused")
        assert events.all(DieRolled) == []
        assert events.all(InputRefused) == [InputRefused("pixel-Odd", shown, "ble_die_type")]
    finally:
        dice.close()


def test_a_roll_before_the_die_said_who_it_is_is_refused(events, wait):
    dice = start(events, [Device("AA:DE", "Mute", CURRENT, b"\x02")])  # a cut-off IAmADie
    try:
        wait(lambda: FakeClient.made and FakeClient.made[0].written, what="asked")
        FakeClient.made[0].send(roll_state(ROLLED, 3))
        wait(lambda: events.all(InputRefused), what="refused")
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


def test_both_layouts_parse_to_what_the_die_said():
    current = px.parse(i_am_a_die(die_type="d6", build=FW_2025, battery=41, name="Red"))
    assert current == px.IAmADie(6, "d6", 0x12345678, FW_2025, ON_FACE, 2, 41, OK, "Red")
    legacy = px.parse(legacy_i_am_a_die(die_type="d4", build=FW_2023_11_17))
    assert legacy == px.IAmADie(6, "d4", 0x12345678, FW_2023_11_17, ON_FACE, 2, 80, OK)


def test_a_longer_chunk_from_newer_firmware_is_read_by_its_size():
    # ChunkMessage.ts reads min(dataSize, chunkSize) and moves on by dataSize
    data = bytearray(i_am_a_die(die_type="d6", name="Red"))
    version_end = 1 + data[1]
    data[1] += 3
    data[version_end:version_end] = b"\x09\x09\x09"
    assert px.parse(bytes(data)).die_type == "d6"
    assert px.parse(bytes(data)).name == "Red"


def test_parse_never_raises_on_junk():
    whole = i_am_a_die()
    for data in (b"", b"\x02\x06", b"\xff" * 30, bytes(range(22)), b"\x22\x01"):
        assert isinstance(px.parse(data), px.Unusable), data
    for cut in range(1, len(whole)):  # every cut-off current IAmADie but the 22-byte one
        if cut != 22:
            assert isinstance(px.parse(whole[:cut]), px.Unusable), cut
    assert px.parse(bytes([3, 1, 5])) == px.RollState(ROLLED, 5)


# DiceUtils.ts faceFromIndex at the commit above: with ``dieType`` "d4" and a firmware built
# at or before FW_2023_11_17 = 1704150000000 ms (2024-01-01 23:00 UTC, whatever its name
# says), index 3 -> 2, 2 -> 3, 5 -> 4, anything else -> 1; with "d6", 4 -> 2, 3 -> 3,
# 2 -> 4, 1 -> 5, else index + 1. A build of 0 (unknown) is never "bad normals".
@pytest.mark.parametrize(
    "kind, build, faces",
    [
        ("d4", 1_704_150_000, {0: 1, 2: 3, 3: 2, 5: 4, 1: 1}),  # exactly at the cut-off
        ("d4", 1_704_150_001, {0: 1, 1: 2, 2: 3, 3: 4}),  # a second after it
        ("d6", 1_704_150_000, {0: 1, 1: 5, 2: 4, 3: 3, 4: 2, 5: 6}),
        ("d6", 1_704_150_001, {0: 1, 1: 2, 2: 3, 3: 4, 4: 5, 5: 6}),
        ("d6", 0, {1: 2, 4: 5}),
        ("d10", 1_600_000_000, {0: 0, 9: 9}),
        ("d00", FW_2025, {0: 0, 9: 90}),
        ("d20", 1_600_000_000, {0: 1, 19: 20}),
    ],
)
def test_face_indexes_become_faces_as_dice_utils_maps_them(kind, build, faces):
    assert {index: px.face(index, kind, build) for index in faces} == faces
