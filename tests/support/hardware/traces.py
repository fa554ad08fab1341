"""MPU-6050 traces of a die in a hand and on a table: a lift, a place and throws.

No sensor die was at hand to record, so these are made, sample by sample, from the physics
of each movement and the sensor's data sheet (InvenSense MPU-6000/MPU-6050 Product
Specification rev 3.4), to read as a recording from the firmware would:

- 50 readings a second (``SAMPLE_MS`` 20), in g, as the sensor measures it: the *specific
  force* — gravity's reaction (1 g, pointing up, away from the face down) plus whatever
  the hand or a knock adds — in the die's own axes;
- the ±2 g range (``ACCEL_CONFIG`` 0): readings clip at ±2 g and are quantised to
  1/16384 g; noise 400 µg/√Hz over the 44 Hz low-pass (``CONFIG`` 3) is about 3 mg rms;
- a hand: a lift accelerates at up to 0.25 g (to 20 cm in 0.4 s), a carry sideways at
  0.3 g, a turn of the wrist takes 0.4 s for 90°, and a held hand trembles (physiological
  tremor, 8–12 Hz, about 15 mg);
- a throw: shaken in the hand (4 Hz, up to ±1.5 g, clipped), then in the air for 180 ms
  (a 16 cm fall) reading about 0.1 g — what a spin of 6 turns a second leaves at 2 mm off
  the die's centre (ω²r) — then knocks on landing and on each face it tumbles over (a
  hard table: the 2 g range saturates for a sample or two), then rest on the face up.

Each function returns ``[(t_ms, (x, y, z)), ...]`` from ``start_ms``; ``seed`` makes
the noise repeatable.
"""

from __future__ import annotations

import math
import random

SAMPLE_MS = 20
LSB_PER_G = 16384
NOISE_G = 0.003
UP = {1: (0, 0, 1), 6: (0, 0, -1), 2: (0, 1, 0), 5: (0, -1, 0), 3: (1, 0, 0), 4: (-1, 0, 0)}


class Trace:
    def __init__(self, start_ms: int = 0, seed: int = 7) -> None:
        self.t = start_ms
        self.samples: list[tuple[int, tuple[float, float, float]]] = []
        self.random = random.Random(seed)

    def add(self, force) -> None:
        """One reading of ``force`` (g, die axes) as the sensor gives it."""
        self.t += SAMPLE_MS
        read = []
        for value in force:
            value += self.random.gauss(0.0, NOISE_G)
            value = max(-2.0, min(2.0 - 1 / LSB_PER_G, value))
            read.append(round(value * LSB_PER_G) / LSB_PER_G)
        self.samples.append((self.t, tuple(read)))

    def rest(self, up, ms: int) -> None:
        for _ in range(ms // SAMPLE_MS):
            self.add(up)

    def hand(self, up, ms: int, lift_g=0.0, side_g=0.0, tremor_g=0.015) -> None:
        """Held: gravity's reaction, plus the hand's push (along ``up``, and sideways)."""
        side = _perpendicular(up)
        for n in range(ms // SAMPLE_MS):
            wobble = tremor_g * math.sin(2 * math.pi * 10 * (self.t + n * SAMPLE_MS) / 1000)
            self.add(tuple(u * (1 + lift_g + wobble) + s * side_g for u, s in zip(up, side)))

    def turn(self, start, end, ms: int, knock_at_end=0.0, extra=(0.0, 0.0, 0.0)) -> tuple:
        """Gravity's direction going from ``start`` to ``end`` (the die turning)."""
        steps = ms // SAMPLE_MS
        for n in range(1, steps + 1):
            angle = (math.pi / 2) * n / steps
            force = [
                s * math.cos(angle) + e * math.sin(angle) + x for s, e, x in zip(start, end, extra)
            ]
            if n == steps and knock_at_end:
                force = [f * knock_at_end for f in force]
            self.add(tuple(force))
        return end

    def air(self, ms: int, spin_g=0.1) -> None:
        for n in range(ms // SAMPLE_MS):
            phase = 2 * math.pi * 6 * n * SAMPLE_MS / 1000
            self.add((spin_g * math.cos(phase), spin_g * math.sin(phase), 0.02))

    def knock(self, up, g: float) -> None:
        self.add(tuple(u * g for u in up))


def _perpendicular(up):
    return (0, 1, 0) if abs(up[1]) < 0.5 else (1, 0, 0)


def lift_and_hold(start_ms=0, face=1, seed=7):
    """Picked up off the table, held still in the air 1.5 s (the prompt is open)."""
    trace = Trace(start_ms, seed)
    up = UP[face]
    trace.rest(up, 400)
    trace.hand(up, 200, lift_g=0.25)  # up it goes
    trace.hand(up, 200, lift_g=-0.25)  # and stops 20 cm up
    tilted = (0.0, math.sin(0.17), math.cos(0.17)) if face == 1 else up  # 10° in the hand
    trace.hand(tilted, 1500)
    return trace.samples


def place(start_ms=0, seed=8):
    """Picked up with 1 up, carried, turned by the wrist, put down with 2 up."""
    trace = Trace(start_ms, seed)
    trace.rest(UP[1], 400)
    trace.hand(UP[1], 200, lift_g=0.25)
    trace.hand(UP[1], 300, side_g=0.3)
    trace.turn(UP[1], UP[2], 400, extra=(0.0, 0.0, 0.05))  # a turn of the wrist
    trace.hand(UP[2], 300, side_g=-0.3)
    trace.hand(UP[2], 200, lift_g=-0.2)  # lowered
    trace.knock(UP[2], 1.45)  # set down firmly
    trace.rest(UP[2], 1200)
    return trace.samples


def throw(start_ms=0, land_on=5, shaken=True, seed=9, start=1):
    """Shaken in the hand, thrown, lands, tumbles over two faces, rests with ``land_on``
    up (a face, or the reading it rests at: leaning on something)."""
    trace = Trace(start_ms, seed)
    trace.rest(UP[start] if isinstance(start, int) else start, 400)
    if shaken:
        for n in range(20):  # 0.4 s of shaking in a cupped hand, the die turning in it
            swing = 1.5 * math.sin(2 * math.pi * 4 * n * SAMPLE_MS / 1000)
            trace.add((swing, 0.3 * swing, 1.0 + 0.5 * swing))
    trace.air(180)
    trace.knock(UP[3], 2.0)  # lands on an edge, hard: the range saturates
    trace.knock(UP[3], 1.7)
    face = trace.turn(UP[3], UP[2], 120, knock_at_end=1.9)
    face = trace.turn(face, UP[land_on] if isinstance(land_on, int) else land_on, 120, 1.6)
    trace.rest(face, 1200)
    return trace.samples


def roll_along(start_ms=0, land_on=4, seed=10):
    """Rolled from a low hand along the table: no fall to speak of, three tumbles."""
    trace = Trace(start_ms, seed)
    trace.rest(UP[1], 400)
    trace.hand(UP[1], 200, side_g=0.4)
    face = trace.turn(UP[1], UP[2], 120, knock_at_end=1.9)
    face = trace.turn(face, UP[6], 120, knock_at_end=1.7)
    face = trace.turn(face, UP[land_on], 140, knock_at_end=1.4)
    trace.rest(face, 1200)
    return trace.samples
