"""This reader's configuration: edit before copying the firmware to the Pico."""

import binascii

import machine

FIRMWARE = "1.0.0"

# The dice this reader reads, as announced in HELLO: plain kinds ("d6") or "<id>:<kind>".
# The first die is the one with the sensor inside (if its kind has a face table in
# orientation.py); the keypad types the faces of all of them, in this order.
DICE = ["d6"]
# Abilene, five dice on the keypad:
# DICE = ["L1:cattle", "L2:cattle", "L3:cattle", "L4:cattle", "C1:cowboy"]

SENSOR = True          # an MPU-6050 is fitted (inside a big die, or under the tray)
I2C_ID, SDA, SCL = 0, 4, 5          # GP4 = pin 6, GP5 = pin 7
KEYS = {"0": 6, "1": 7, "2": 8, "3": 9, "4": 10, "5": 11, "6": 12,   # GP6..GP12
        "confirm": 13}                                               # GP13 = pin 17
LED = 15               # GP15 = pin 20, through 330 ohm to GND
BOUNCE_MS = 30
SAMPLE_MS = 20         # 50 readings a second
SETTLE_MS = 600        # calm this long = the throw is over
MIN_COS = 0.9          # a face within ~25 degrees of straight up counts


def device_id():
    """``PICO-`` and the last 8 hex digits of the board's unique id."""
    return "PICO-" + binascii.hexlify(machine.unique_id()).decode().upper()[-8:]
