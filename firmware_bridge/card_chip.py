"""Which card reader chip is on the SPI bus, asked once when the reader is opened.

The MFRC522 data sheet (NXP, rev. 3.9, "VersionReg register") gives ``VersionReg`` at
address 0x37: 0x91 is version 1.0, 0x92 version 2.0; the FM17522 clones sold on the same
boards answer 0x88 or 0xB2, and 0x90 is an early part (the same list as the die reader's
firmware, hardware/firmware/mfrc522.py). A bus with no chip reads 0x00 (MISO pulled low)
or 0xFF (floating high). A reader that answers none of these is silent: opening it fails
with what a maker should look at, so the Devices panel shows the fault (and the reader is
retried) instead of "online" for ever. ``rfid`` is anything with razrc522's ``dev_read``.
"""

from __future__ import annotations

import contextlib
from typing import Any

from firmware_bridge.errors import BridgeError

VERSION_REG = 0x37
CHIPS = {
    0x88: "FM17522 (MFRC522 clone)",
    0x90: "MFRC522 v0.0",
    0x91: "MFRC522 v1.0",
    0x92: "MFRC522 v2.0",
    0xB2: "FM17522 (MFRC522 clone)",
}


class SilentChip(BridgeError):
    """No MFRC522 answered its version register."""

    def __init__(self, version: int) -> None:
        super().__init__("card_reader_silent", version=f"0x{version:02X}")
        self.args = (
            f"no MFRC522 answers on SPI (VersionReg 0x37 read 0x{version:02X}): check its"
            " 3.3 V and GND, SDA to CE0 and the MOSI, MISO and SCK wires",
        )


def identify(rfid: Any) -> str:
    """The chip's name from its VersionReg; raises :class:`SilentChip` when none answers."""
    version = rfid.dev_read(VERSION_REG)
    if version not in CHIPS:
        raise SilentChip(version)
    return CHIPS[version]


def identified(rfid: Any) -> Any:
    """``rfid`` once its chip has answered (for ``CardReader``'s ``open_rfid``); closed and
    the :class:`SilentChip` raised when it has not."""
    try:
        identify(rfid)
    except SilentChip:
        with contextlib.suppress(Exception):
            rfid.cleanup()
        raise
    return rfid
