"""Pixels dice, Bluetooth LE messages: pure parse and the session of one die.

From the published "Pixels Communications Protocol" (GameWithPixels, ``doc/
CommunicationsProtocol.md`` in the ``GameWithPixels/.github`` repository; see
docs/protocol.md, "Pixels dice"): one service with a notify and a write characteristic;
each message is a message id byte then its fields, little-endian. The die sends
``RollState`` (id 3: roll state, face index) whenever either changes, ``BatteryLevel``
(id 34: percent, state) and, when asked ``WhoAreYou`` (id 1), ``IAmADie`` (id 2).
No I/O here: ``pixels.py`` is the Bluetooth shell.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

SERVICE = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"
NOTIFY = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"
WRITE = "6e400002-b5a3-f393-e0a9-e50e24dcca9e"

WHO_ARE_YOU, I_AM_A_DIE, ROLL_STATE, BATTERY_LEVEL = 1, 2, 3, 34
UNKNOWN, ROLLED, HANDLING, ROLLING, CROOKED, ON_FACE = range(6)
STATES = {
    UNKNOWN: "unknown",
    ROLLED: "rolled",
    HANDLING: "handling",
    ROLLING: "rolling",
    CROOKED: "crooked",
    ON_FACE: "on_face",
}
KINDS_BY_LEDS = {6: "d6"}  # the dice the games here use; a Pixels D6 has 6 LEDs


@dataclass(frozen=True)
class IAmADie:
    leds: int
    design: int
    pixel_id: int
    build: int
    state: int
    face_index: int
    battery: int
    battery_state: int


@dataclass(frozen=True)
class RollState:
    state: int
    face_index: int


@dataclass(frozen=True)
class BatteryLevel:
    percent: int
    battery_state: int


@dataclass(frozen=True)
class Unusable:
    """A message that is not one of these, or too short for its fields."""

    reason: str


_LAYOUTS = {
    # id, led count, design, n/a, data set hash, pixel id, flash, build, roll state, face,
    # battery level, battery state: 22 bytes
    I_AM_A_DIE: struct.Struct("<BBBBIIHIBBBB"),
    ROLL_STATE: struct.Struct("<BBB"),
    BATTERY_LEVEL: struct.Struct("<BBB"),
}


def parse(data: bytes) -> IAmADie | RollState | BatteryLevel | Unusable:
    """One notification as a message; never raises (extra trailing bytes are allowed, as
    newer firmware may append fields)."""
    if not data:
        return Unusable("empty")
    layout = _LAYOUTS.get(data[0])
    if layout is None:
        return Unusable(f"message {data[0]}")
    if len(data) < layout.size:
        return Unusable(f"short {data[0]}")
    fields = layout.unpack_from(bytes(data))
    if data[0] == ROLL_STATE:
        return RollState(fields[1], fields[2])
    if data[0] == BATTERY_LEVEL:
        return BatteryLevel(fields[1], fields[2])
    _, leds, design, _, _, pixel_id, _, build, state, face, battery, battery_state = fields
    return IAmADie(leds, design, pixel_id, build, state, face, battery, battery_state)


def who_are_you() -> bytes:
    return bytes([WHO_ARE_YOU])
