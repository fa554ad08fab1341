"""This reader's configuration: edit before copying the firmware to the Pico."""

import binascii

import machine

FIRMWARE = "1.1.0"

# The dice this reader reads, as announced in HELLO: plain kinds ("d6") or "<id>:<kind>".
# With SENSOR = "die" the first die is the one with the sensor inside (its kind needs a face
# table in orientation.py). The keypad types the dice the host asks for (WANT), in that
# order; before the host has said, all of these.
DICE = ["d6"]
# Abilene, five dice on the keypad: « 2 dés bétail clairs … 3 dés cow-boy foncés »
# DICE = ["L1:cattle", "L2:cattle", "C1:cowboy", "C2:cowboy", "C3:cowboy"]

# Where the MPU-6050 is: "die" (inside a big die: it reads the face), "tray" (under a dice
# tray: it only sees the dice moving, the keys give the faces) or None (no sensor, keys
# only). Only "die" ever sends a face the keys did not type.
SENSOR = "die"
I2C_ID, SDA, SCL = 0, 4, 5  # GP4 = pin 6, GP5 = pin 7
KEYS = {
    "0": 6,
    "1": 7,
    "2": 8,
    "3": 9,
    "4": 10,
    "5": 11,
    "6": 12,  # GP6..GP12
    "confirm": 13,
}  # GP13 = pin 17
LED = 15  # GP15 = pin 20, through 330 ohm to GND
# An MFRC522 card reader in the box (docs/hardware.md, "Cards"): SPI0 on GP16-GP19.
CARD_READER = False
RC522_SPI, RC522_SCK, RC522_MOSI, RC522_MISO, RC522_CS = 0, 18, 19, 16, 17
CARD_EVERY_MS = 100  # look for a tag ten times a second
BOUNCE_MS = 30
SAMPLE_MS = 20  # 50 readings a second
SETTLE_MS = 600  # calm this long = the throw is over
MIN_COS = 0.9  # a face within ~25 degrees of straight up counts
BOOT_WINDOW_MS = 3000  # after power-up, Ctrl-C (and mpremote) can stop the firmware
MAINTENANCE_KEY = "confirm"  # held while plugging in: no firmware, just the REPL
CALIBRATION = "calibration.json"  # the sensor's offsets, written by calibrate.py


def device_id():
    """``PICO-`` and the last 8 hex digits of the board's unique id."""
    return "PICO-" + binascii.hexlify(machine.unique_id()).decode().upper()[-8:]
