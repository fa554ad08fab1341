"""Calibrating the MPU-6050: its offsets at rest, measured once and kept on the Pico.

A sensor at rest within its datasheet offsets (±50 mg on X/Y, ±80 mg on Z) reads, say,
(0.03, -0.02, 1.07) g: more than the 0.06 g the motion detector allows around 1 g, so the
die would never count as settled. Hold it still, flat, any face up, and run::

    mpremote exec "import calibrate; calibrate.main()"

It averages ``COUNT`` readings, refuses if they spread more than ``STILL_G`` (the die moved),
takes the offset from the nearest axis-aligned 1 g, and writes ``calibration.json``; the
firmware subtracts it from every reading from then on (docs/hardware.md, "Calibrate").
"""

import json

COUNT = 100  # readings, 10 ms apart: one second
STILL_G = 0.02  # more spread than this between readings: it was not held still


def offsets(samples):
    """The offset of the average of ``samples`` from the nearest axis-aligned 1 g."""
    count = len(samples)
    mean = [sum(sample[axis] for sample in samples) / count for axis in range(3)]
    up = max(range(3), key=lambda axis: abs(mean[axis]))
    ideal = [0.0, 0.0, 0.0]
    ideal[up] = 1.0 if mean[up] > 0 else -1.0
    return [mean[axis] - ideal[axis] for axis in range(3)]


def spread(samples):
    return max(max(s[axis] for s in samples) - min(s[axis] for s in samples) for axis in range(3))


def corrected(reading, offset):
    return (reading[0] - offset[0], reading[1] - offset[1], reading[2] - offset[2])


def load(path, opener=open):
    """The stored offsets, or none (``[0, 0, 0]``) when there is no usable file."""
    try:
        with opener(path) as handle:
            data = json.loads(handle.read())
        values = [float(value) for value in data["offsets"]]
    except (OSError, ValueError, KeyError, TypeError):
        return [0.0, 0.0, 0.0]
    return values if len(values) == 3 else [0.0, 0.0, 0.0]


def measure(sensor, sleep_ms, count=COUNT):
    """``count`` readings; raises ``ValueError`` when the sensor moved meanwhile."""
    samples = []
    for _ in range(count):
        samples.append(sensor.acceleration())
        sleep_ms(10)
    if spread(samples) > STILL_G:
        raise ValueError("moved during calibration: hold it still and try again")
    return offsets(samples)


def save(path, offset, opener=open):
    with opener(path, "w") as handle:
        handle.write(json.dumps({"offsets": list(offset)}))


class Calibrated:
    """A sensor whose readings have the stored offsets taken off."""

    def __init__(self, sensor, offset):
        self.sensor = sensor
        self.offset = offset

    def acceleration(self):
        return corrected(self.sensor.acceleration(), self.offset)


def main():
    import machine
    import settings
    import utime
    from mpu6050 import MPU6050

    i2c = machine.I2C(
        settings.I2C_ID, sda=machine.Pin(settings.SDA), scl=machine.Pin(settings.SCL), freq=400000
    )
    offset = measure(MPU6050(i2c), utime.sleep_ms)
    save(settings.CALIBRATION, offset)
    print("offsets (g):", ["%.3f" % value for value in offset], "->", settings.CALIBRATION)
