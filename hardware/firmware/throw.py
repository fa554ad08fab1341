"""A throw, not a lift: the sensor die answers a prompt only after a throw's signature.

A die picked up and held still, or carried and put down on another face, is calm again
after a while like a thrown one, so calm alone cannot end a throw. A throw shows, in the
MPU-6050's readings (``(x, y, z)`` in g, ±2 g range, 50 a second):

- **free fall**: nothing holds the die, the accelerometer reads about 0 g (below
  ``FREE_FALL_G``) for ``FREE_FALL_MS`` or more — it fell 2 cm or more — and then
- an **impact**: a knock of ``KNOCK_G`` or more (the ±2 g range tops out at 2 g);
- or a **tumble**: it turned over ``TURNS`` faces or more by itself, with a knock;
- then **rest**: ``settle_ms`` of calm.

A hand's lift reads 0.7–1.3 g, a hand turning the die turns it slowly with no knock, and a
die set down gently knocks well under 1.8 g: none of them is a throw. :meth:`Throw.sample`
returns ``"moving"`` once the signature is seen (the die is still in the air or rolling)
and ``"settled"`` when a throw has come to rest; a lift or a place returns neither. Tuned on
the traces of tests/support/hardware/traces.py (docs/hardware.md, "The sensor die").
"""

import math

FREE_FALL_G = 0.4
FREE_FALL_MS = 60
KNOCK_G = 1.8
STEADY_G = 0.15  # this close to 1 g: gravity alone, its direction shows the face down
TURNS = 2


def _axis(reading):
    """The sensor axis closest to the reading, as ``(index, sign)``."""
    best = max(range(3), key=lambda i: abs(reading[i]))
    return best, reading[best] > 0


class Throw:
    def __init__(self, settle_ms=600, jolt_g=0.35, calm_g=0.06):
        self.settle_ms = settle_ms
        self.jolt_g = jolt_g
        self.calm_g = calm_g
        self.moving = False  # the die is being moved (by a hand or by a throw)
        self.thrown = False  # ... and the movement has a throw's signature
        self._previous = None
        self._calm_since = None
        self._start(None)

    def _start(self, reading):
        self._fall_since = None
        self._airborne = False
        self._landed = False
        self._knocks = 0
        self._knocking = False
        self._face = None if reading is None else _axis(reading)
        self._turns = 0

    def sample(self, reading, now):
        previous, self._previous = self._previous, reading
        if previous is None:
            return None
        norm = math.sqrt(sum(a * a for a in reading))
        change = max(abs(a - b) for a, b in zip(reading, previous))
        off_1g = abs(norm - 1.0)
        if not self.moving:
            if change <= self.jolt_g and off_1g <= self.jolt_g:
                return None
            self.moving, self.thrown, self._calm_since = True, False, None
            self._start(previous)
        self._watch(reading, norm, now)
        became = None
        if not self.thrown and (
            (self._airborne and self._landed) or (self._turns >= TURNS and self._knocks)
        ):
            self.thrown = True
            became = "moving"
        if change > self.calm_g or off_1g > self.calm_g:
            self._calm_since = None
            return became
        if self._calm_since is None:
            self._calm_since = now
        if now - self._calm_since < self.settle_ms:
            return became
        self.moving = False
        if self.thrown:
            self.thrown = False
            return "settled"
        return became  # lifted, or carried and put down: no throw, nothing to say

    def _watch(self, reading, norm, now):
        if norm < FREE_FALL_G:
            if self._fall_since is None:
                self._fall_since = now
            if now - self._fall_since >= FREE_FALL_MS:
                self._airborne = True
        else:
            self._fall_since = None
        knocking = norm >= KNOCK_G
        if knocking and not self._knocking:
            self._knocks += 1
            self._landed = self._landed or self._airborne
        self._knocking = knocking
        if abs(norm - 1.0) < STEADY_G:
            face = _axis(reading)
            if self._face is not None and face != self._face:
                self._turns += 1
            self._face = face
