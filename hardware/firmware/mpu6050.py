"""MPU-6050 accelerometer over I2C (InvenSense register map rev 4.2): acceleration in g."""

ADDRESS = 0x68
CONFIG = 0x1A  # digital low-pass filter
ACCEL_CONFIG = 0x1C  # full-scale range
ACCEL_XOUT_H = 0x3B  # six bytes: X, Y, Z, big-endian signed
PWR_MGMT_1 = 0x6B  # sleep bit; 0 wakes it on the internal oscillator
LSB_PER_G = 16384  # at +-2 g


def _signed(high, low):
    value = (high << 8) | low
    return value - 65536 if value & 0x8000 else value


class MPU6050:
    """One sensor on ``i2c`` (a ``machine.I2C``). Raises ``OSError`` when it is not there."""

    def __init__(self, i2c, address=ADDRESS):
        if address not in i2c.scan():
            raise OSError("no MPU-6050 at 0x%02x" % address)
        self.i2c = i2c
        self.address = address
        i2c.writeto_mem(address, PWR_MGMT_1, bytes([0]))
        i2c.writeto_mem(address, ACCEL_CONFIG, bytes([0]))  # +-2 g
        i2c.writeto_mem(address, CONFIG, bytes([3]))  # ~44 Hz bandwidth

    def acceleration(self):
        """``(x, y, z)`` in g."""
        raw = self.i2c.readfrom_mem(self.address, ACCEL_XOUT_H, 6)
        return tuple(_signed(raw[i], raw[i + 1]) / LSB_PER_G for i in (0, 2, 4))
