"""The NXP MFRC522 card reader chip on the Pi's SPI bus, written from its data sheet (NXP
MFRC522 product data sheet, rev. 3.9, 27 April 2016: "DS §" below) and ISO/IEC 14443-3.
Only what reading a tag's UID needs: REQA, the anticollision loop and SELECT at cascade
levels 1 and 2 (4- and 7-byte UIDs: MIFARE Classic, NTAG213), and HLTA.

It waits on the chip instead of spinning. The chip's timer starts at the end of each
transmission (TModeReg TAuto, DS §9.3.3.10) and raises TimerIRq in ComIrqReg when no tag
answered within ``ANSWER_TIMEOUT_S``; the driver sleeps, then reads ComIrqReg: one look
after ``FIRST_LOOK_S`` (a tag's answer is there by then), one after the timer. An empty look
is 9 SPI transfers. With the chip's IRQ pin wired (``card_reader.irq``) it sleeps until the
pin falls instead, and reads ComIrqReg once.

The bus is anything with spidev's ``xfer2(list[int]) -> list[int]`` (one chip-select frame
per call) and ``close()``: Debian's ``python3-spidev`` on the Pi, a fake chip in the tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from firmware_bridge.errors import BridgeError

# Registers (DS §9.2, table 20)
COMMAND, COM_IEN, COM_IRQ, ERROR = 0x01, 0x02, 0x04, 0x06
FIFO_DATA, FIFO_LEVEL, CONTROL, BIT_FRAMING = 0x09, 0x0A, 0x0C, 0x0D
MODE, TX_CONTROL, TX_ASK = 0x11, 0x14, 0x15
T_MODE, T_PRESCALER, T_RELOAD_H, T_RELOAD_L, VERSION = 0x2A, 0x2B, 0x2C, 0x2D, 0x37
# Commands (DS §10.3, table 149)
IDLE, TRANSCEIVE, SOFT_RESET = 0x00, 0x0C, 0x0F
# ComIrqReg bits (DS §9.3.1.5); ComIEnReg has the same bits, IRqInv at bit 7 (DS §9.3.1.3)
RX_IRQ, IDLE_IRQ, ERR_IRQ, TIMER_IRQ, IRQ_INV = 0x20, 0x10, 0x02, 0x01, 0x80
START_SEND, FLUSH_BUFFER = 0x80, 0x80  # BitFramingReg (§9.3.1.14), FIFOLevelReg (§9.3.1.11)
# ErrorReg (DS §9.3.1.7): BufferOvfl, CollErr, ParityErr, ProtocolErr
FRAME_ERRORS = 0x10 | 0x08 | 0x02 | 0x01
# VersionReg (DS §9.3.4.8): 0x91 MFRC522 v1.0, 0x92 v2.0; 0x90 v0.0; 0x88 and 0xB2 are
# the FM17522 clones sold on most RC522 boards, which speak the same registers.
VERSIONS = {0x90: "MFRC522 v0.0", 0x91: "MFRC522 v1.0", 0x92: "MFRC522 v2.0"}
VERSIONS |= {0x88: "FM17522 (RC522 clone)", 0xB2: "FM17522E (RC522 clone)"}

# ISO/IEC 14443-3: type A commands, the cascade tag, SAK's "UID not complete" bit
REQA, HLTA, SELECT_CL1, SELECT_CL2 = 0x26, 0x50, 0x93, 0x95
CASCADE_TAG, SAK_CASCADE = 0x88, 0x04

# The timer (DS §8.5): f = 13.56 MHz / (2 * prescaler + 1), 40 kHz with 169; it runs out
# (TReload + 1) ticks after the transmission ends: 200 ticks, 5 ms. A tag answers a REQA
# within 0.1 ms and an anticollision frame (5 bytes at 106 kbit/s) within 0.6 ms.
PRESCALER, RELOAD = 169, 199
ANSWER_TIMEOUT_S = (2 * PRESCALER + 1) * (RELOAD + 1) / 13.56e6
FIRST_LOOK_S = 0.001  # and the longest frame sent (a SELECT, 9 bytes) is 0.8 ms
RESET_S = 0.05  # the oscillator's start-up after a reset (DS §8.8.2), with a margin


class SpiBus(Protocol):
    def xfer2(self, data: list[int]) -> list[int]: ...

    def close(self) -> None: ...


class IrqPin(Protocol):
    """The chip's IRQ pin as the driver waits on it: a ``threading.Event`` set when it falls."""

    def clear(self) -> None: ...

    def wait(self, timeout: float) -> bool: ...


class CardReaderChipError(BridgeError):
    """The chip on the bus is not an MFRC522 that answers; ``str()`` says it in the maker's
    words (the Devices panel shows it as the fault's reason)."""

    def __init__(self, detail: str) -> None:
        super().__init__("card_reader_chip", detail=detail)

    def __str__(self) -> str:
        return self.params["detail"]


def crc_a(frame: bytes) -> bytes:
    """ISO/IEC 14443-3 annex B CRC_A: preset 0x6363, x^16 + x^12 + x^5 + 1 taken LSB first
    (0x8408), no final XOR; sent low byte first."""
    crc = 0x6363
    for byte in frame:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
    return crc.to_bytes(2, "little")


class MFRC522:
    """One chip. Raises ``CardReaderChipError`` at start when VersionReg says no MFRC522."""

    def __init__(
        self,
        spi: SpiBus,
        *,
        irq: IrqPin | None = None,
        sleep: Callable[[float], None] = time.sleep,
        on_close: Callable[[], None] = lambda: None,
    ) -> None:
        self._spi: SpiBus | None = spi
        self._irq, self._sleep, self._on_close = irq, sleep, on_close
        self._write(COMMAND, SOFT_RESET)
        self._sleep(RESET_S)
        version = self._read(VERSION)
        if version not in VERSIONS:
            raise CardReaderChipError(silence(version))
        self.version = VERSIONS[version]
        self._write(T_MODE, 0x80 | PRESCALER >> 8)  # TAuto: starts when a frame is sent
        self._write(T_PRESCALER, PRESCALER & 0xFF)
        self._write(T_RELOAD_H, RELOAD >> 8)
        self._write(T_RELOAD_L, RELOAD & 0xFF)
        self._write(TX_ASK, 0x40)  # Force100ASK: type A modulation (DS §9.3.2.6)
        self._write(MODE, 0x3D)  # CRC preset 0x6363 (DS §9.3.2.2)
        if irq is not None:  # the IRQ pin falls on an answer, an error or the timer
            self._write(COM_IEN, IRQ_INV | RX_IRQ | ERR_IRQ | TIMER_IRQ)
        self._write(TX_CONTROL, self._read(TX_CONTROL) | 0x03)  # antenna on (DS §9.3.2.5)

    def _write(self, register: int, *values: int) -> None:
        """Values to one register in one frame: the FIFO takes them all (DS §8.1.2.2)."""
        self._bus().xfer2([(register << 1) & 0x7E, *values])

    def _read(self, *registers: int) -> int:
        """The first register's value; several are read in one frame (DS §8.1.2.1)."""
        return self._read_many(*registers)[0]

    def _read_many(self, *registers: int) -> list[int]:
        frame = [0x80 | (register << 1) & 0x7E for register in registers] + [0]
        return self._bus().xfer2(frame)[1:]

    def _bus(self) -> SpiBus:
        if self._spi is None:
            raise BridgeError("the card reader's chip is closed")
        return self._spi

    def transceive(self, data: bytes, last_bits: int = 0) -> bytes | None:
        """Send ``data`` (``last_bits`` of its last byte, 0 for all); the tag's answer, or
        ``None`` when no tag answered or the answer was garbled (a collision, a bad parity)."""
        self._write(COMMAND, IDLE)
        self._write(COM_IRQ, 0x7F)  # Set1 = 0: clear every interrupt bit
        self._write(FIFO_LEVEL, FLUSH_BUFFER)
        self._write(FIFO_DATA, *data)
        self._write(BIT_FRAMING, last_bits)
        self._write(COMMAND, TRANSCEIVE)
        if self._irq is not None:
            self._irq.clear()
        self._write(BIT_FRAMING, START_SEND | last_bits)
        irq = self._await_answer()
        if not irq & RX_IRQ:
            return None
        error, level = self._read_many(ERROR, FIFO_LEVEL)
        if error & FRAME_ERRORS or level == 0:
            return None
        return bytes(self._read_many(*[FIFO_DATA] * level))

    def _await_answer(self) -> int:
        """ComIrqReg once it says an answer came or the timer ran out, sleeping meanwhile:
        until the IRQ pin falls, or ``FIRST_LOOK_S``; then, if that was too early (or the
        edge was the last frame's, late), once more after the timer's whole run."""
        if self._irq is not None:
            self._irq.wait(4 * ANSWER_TIMEOUT_S)
        else:
            self._sleep(FIRST_LOOK_S)
        irq = self._read(COM_IRQ)
        if not irq & (RX_IRQ | ERR_IRQ | TIMER_IRQ):
            self._sleep(FIRST_LOOK_S + ANSWER_TIMEOUT_S)  # the frame's own time, then the timer
            irq = self._read(COM_IRQ)
        if not irq & (RX_IRQ | ERR_IRQ | TIMER_IRQ):
            raise CardReaderChipError(
                "the MFRC522 neither answered nor timed out (its timer is not running: "
                "check the RST wire to card_reader.rst, and IRQ to card_reader.irq if set)"
            )
        return irq

    def _select(self, level: int) -> bytes | None:
        """Anticollision then SELECT at one cascade level: the level's 4 UID bytes and the
        SAK, or ``None`` (ISO/IEC 14443-3 §6.5.3)."""
        part = self.transceive(bytes((level, 0x20)))
        if part is None or len(part) != 5 or part[0] ^ part[1] ^ part[2] ^ part[3] != part[4]:
            return None
        frame = bytes((level, 0x70)) + part
        sak = self.transceive(frame + crc_a(frame))
        if sak is None or len(sak) != 3 or crc_a(sak[:1]) != sak[1:]:
            return None
        return part[:4] + sak[:1]

    def uid(self) -> str | None:
        """The UID of the tag in the field as lower-case hex, or ``None``. The tag is then
        halted (HLTA): it stays quiet until it has left the field and come back."""
        if self.transceive(bytes((REQA,)), last_bits=7) is None:
            return None
        first = self._select(SELECT_CL1)
        if first is None:
            return None
        uid = first[:4]
        if first[4] & SAK_CASCADE and first[0] == CASCADE_TAG:
            second = self._select(SELECT_CL2)
            if second is None:
                return None
            uid = first[1:4] + second[:4]
        halt = bytes((HLTA, 0))
        self.transceive(halt + crc_a(halt))  # no answer is the tag's acknowledgement
        return uid.hex()

    def close(self) -> None:
        spi, self._spi = self._spi, None
        if spi is not None:
            try:
                spi.close()
            finally:
                self._on_close()

    def __enter__(self) -> MFRC522:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def silence(version: int) -> str:
    """What a VersionReg that is not an MFRC522's says about the wiring."""
    if version in (0x00, 0xFF):
        return (
            f"no MFRC522 answers on SPI (VersionReg reads 0x{version:02x}): check 3.3 V and "
            "GND, SDA to CE0, MISO and MOSI not swapped, and that RST is high"
        )
    return f"the chip on SPI says VersionReg 0x{version:02x}: not an MFRC522 (0x91 or 0x92)"
