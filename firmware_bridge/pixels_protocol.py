"""Pixels dice, Bluetooth LE messages: pure parse, the die types and their faces.

As the official library ``GameWithPixels/pixels-js`` speaks it (see docs/protocol.md,
"Pixels dice"): a die serves the current service (``a6b90001-…``, firmware since 2024) or
the legacy one (``6e400001-…``), each with a notify and a write characteristic
(``PixelsBluetoothIds.ts``). Each message is a message id byte then its fields,
little-endian (``DieMessages.ts``). The die sends ``RollState`` (id 3: roll state, face
index) whenever either changes, ``BatteryLevel`` (id 34: percent, state) and, when asked
``WhoAreYou`` (id 1), ``IAmADie`` (id 2): the 22-byte legacy layout, or chunks that each
begin with their own size (``ChunkMessage.ts``). A face index becomes a face as
``DiceUtils.faceFromIndex`` does, with the "bad normals" table of firmware built up to
1704150000000 ms (2024-01-01 23:00 UTC; pixels-js names it ``FW_2023_11_17``). No I/O
here: ``pixels.py`` is the Bluetooth shell.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass


@dataclass(frozen=True)
class Uuids:
    service: str
    notify: str
    write: str


CURRENT = Uuids(
    "a6b90001-7a5a-43f2-a962-350c8edc9b5b",
    "a6b90002-7a5a-43f2-a962-350c8edc9b5b",
    "a6b90003-7a5a-43f2-a962-350c8edc9b5b",
)
LEGACY = Uuids(
    "6e400001-b5a3-f393-e0a9-e50e24dcca9e",
    "6e400001-b5a3-f393-e0a9-e50e24dcca9e",
    "6e400002-b5a3-f393-e0a9-e50e24dcca9e",
)
SERVICES = (CURRENT, LEGACY)

WHO_ARE_YOU, I_AM_A_DIE, ROLL_STATE, BATTERY_LEVEL = 1, 2, 3, 34
UNKNOWN, ROLLED, HANDLING, ROLLING, CROOKED, ON_FACE = range(6)
CHARGING, DONE = 2, 3  # battery states that mean "on the charger"
DIE_TYPES = ("unknown", "d4", "d6", "d8", "d10", "d00", "d12", "d20", "d6pipped", "d6fudge")
TYPES_BY_LEDS = {4: "d4", 6: "d6", 8: "d8", 10: "d10", 12: "d12", 20: "d20", 21: "d6pipped"}
KINDS = {"d6": "d6", "d6pipped": "d6"}  # the die types a prompt here can use, as its kind
BAD_NORMALS_UNTIL_MS = 1704150000000  # pixels-js FW_2023_11_17: 2024-01-01 23:00 UTC
LEVEL_FIX_FROM_MS = 1716382800000  # firmware 2024-05-22: tilted six-LED dice read crooked
LEGACY_SIZE = 22


@dataclass(frozen=True)
class IAmADie:
    leds: int
    die_type: str
    pixel_id: int
    build: int  # firmware build time, Unix seconds
    state: int
    face_index: int
    battery: int
    battery_state: int
    name: str = ""


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


_LEGACY = struct.Struct("<BBBBIIHIBBBB")  # id, leds, colorway, die type, hash, id, flash, …
_SHORT = struct.Struct("<BBB")
# The chunks of a current IAmADie, in order, and the bytes of each this needs.
_CHUNKS = ("version", "die", "design_name", "die_name", "settings", "status")
_NEEDS = {"version": 7, "die": 8, "design_name": 1, "die_name": 1, "settings": 1, "status": 5}


def die_type(code: int, leds: int) -> str:
    """The die type a die says it is; "unknown" guessed from its LEDs, as pixels-js does."""
    named = DIE_TYPES[code] if 0 <= code < len(DIE_TYPES) else "unknown"
    return named if named != "unknown" else TYPES_BY_LEDS.get(leds, "unknown")


def face(face_index: int, kind: str, build: int) -> int:
    """The face up for a face index (``DiceUtils.faceFromIndex``); ``build`` in seconds."""
    if build and build * 1000 <= BAD_NORMALS_UNTIL_MS:
        if kind == "d4":
            return {3: 2, 2: 3, 5: 4}.get(face_index, 1)
        if kind == "d6":
            return {4: 2, 3: 3, 2: 4, 1: 5}.get(face_index, face_index + 1)
    if kind in ("d10", "unknown"):
        return face_index
    if kind == "d00":
        return face_index * 10
    return face_index + 1


def roll_state(state: int, leds: int, build: int) -> int:
    """A six-LED die on firmware before 2024-05-22 reads "crooked" when slightly tilted;
    pixels-js takes that as rolled (``Pixel._updateRoll``), and so does this."""
    if state == CROOKED and leds == 6 and build * 1000 < LEVEL_FIX_FROM_MS:
        return ROLLED
    return state


def parse(data: bytes) -> IAmADie | RollState | BatteryLevel | Unusable:
    """One notification as a message; never raises (extra trailing bytes are allowed, as
    newer firmware may append fields)."""
    data = bytes(data)
    if not data:
        return Unusable("empty")
    if data[0] == I_AM_A_DIE:
        return _legacy(data) if len(data) == LEGACY_SIZE else _chunked(data)
    if data[0] not in (ROLL_STATE, BATTERY_LEVEL):
        return Unusable(f"message {data[0]}")
    if len(data) < _SHORT.size:
        return Unusable(f"short {data[0]}")
    _, first, second = _SHORT.unpack_from(data)
    return RollState(first, second) if data[0] == ROLL_STATE else BatteryLevel(first, second)


def _legacy(data: bytes) -> IAmADie:
    _, leds, _, code, _, pixel_id, _, build, state, index, battery, battery_state = _LEGACY.unpack(
        data
    )
    kind = die_type(code, leds)
    return IAmADie(leds, kind, pixel_id, build, state, index, battery, battery_state)


def _chunked(data: bytes) -> IAmADie | Unusable:
    chunks, offset = {}, 1
    for name in _CHUNKS:
        size = data[offset] if offset < len(data) else 0
        chunk = data[offset : offset + size]
        if len(chunk) < _NEEDS[name]:
            return Unusable(f"short IAmADie {name}")
        chunks[name], offset = chunk, offset + size
    (build,) = struct.unpack_from("<I", chunks["version"], 3)
    pixel_id, _, code, leds = struct.unpack_from("<IBBB", chunks["die"], 1)
    battery, battery_state, state, index = chunks["status"][1:5]
    name = chunks["die_name"][1:].split(b"\0")[0].decode("utf-8", "replace")
    return IAmADie(
        leds, die_type(code, leds), pixel_id, build, state, index, battery, battery_state, name
    )


def who_are_you() -> bytes:
    return bytes([WHO_ARE_YOU])
