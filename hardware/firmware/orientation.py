"""Which face is up, and whether the die is still moving, from accelerometer readings.

Pure arithmetic on ``(x, y, z)`` readings in g: at rest the sensor reads about 1 g pointing
*up*, so the face whose outward direction (in the sensor's axes) is closest to the reading
is the face on top. Faces are listed per die kind as ``(face, (x, y, z))``; the
six-sided kinds below assume the sensor is glued square to the die, +z towards the first
face listed. A die of another shape lists its own directions (see docs/hardware.md).
"""

import math

UP, DOWN = (0, 0, 1), (0, 0, -1)
EAST, WEST = (1, 0, 0), (-1, 0, 0)
NORTH, SOUTH = (0, 1, 0), (0, -1, 0)

FACES = {
    # opposite faces of a d6 add up to 7
    "d6": [(1, UP), (6, DOWN), (2, NORTH), (5, SOUTH), (3, EAST), (4, WEST)],
    # Abilene's light cattle die: 0-5, opposite faces add up to 5
    "cattle": [(0, UP), (5, DOWN), (1, NORTH), (4, SOUTH), (2, EAST), (3, WEST)],
    # Abilene's dark cowboy die: 1, 1, 2, 2, 3, 4
    "cowboy": [(1, UP), (1, DOWN), (2, NORTH), (2, SOUTH), (3, EAST), (4, WEST)],
}


def face_up(reading, faces, min_cos=0.9):
    """The face on top, or ``None`` when no face is clearly up (cocked against something,
    or the reading is not about 1 g). ``min_cos`` 0.9 allows about 25 degrees of tilt."""
    x, y, z = reading
    norm = math.sqrt(x * x + y * y + z * z)
    if norm < 0.7 or norm > 1.3:
        return None
    best, best_cos = None, -2.0
    for face, (fx, fy, fz) in faces:
        cos = (x * fx + y * fy + z * fz) / (norm * math.sqrt(fx * fx + fy * fy + fz * fz))
        if cos > best_cos:
            best, best_cos = face, cos
    return best if best_cos >= min_cos else None


class Motion:
    """Moving or still: a jolt starts a throw, ``settle_ms`` of calm ends it.

    :meth:`sample` returns ``"moving"`` when a throw starts, ``"settled"`` when it ends,
    else ``None``. ``now`` is a monotonic millisecond count.
    """

    def __init__(self, settle_ms=600, jolt_g=0.35, calm_g=0.06):
        self.settle_ms = settle_ms
        self.jolt_g = jolt_g
        self.calm_g = calm_g
        self.moving = False
        self._previous = None
        self._calm_since = None

    def sample(self, reading, now):
        previous, self._previous = self._previous, reading
        if previous is None:
            return None
        change = max(abs(a - b) for a, b in zip(reading, previous))
        off_1g = abs(math.sqrt(sum(a * a for a in reading)) - 1.0)
        if not self.moving:
            if change > self.jolt_g or off_1g > self.jolt_g:
                self.moving, self._calm_since = True, None
                return "moving"
            return None
        if change > self.calm_g or off_1g > self.calm_g:
            self._calm_since = None
            return None
        if self._calm_since is None:
            self._calm_since = now
        if now - self._calm_since >= self.settle_ms:
            self.moving = False
            return "settled"
        return None
