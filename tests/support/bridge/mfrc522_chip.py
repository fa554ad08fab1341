"""A fake NXP MFRC522 at the SPI seam (spidev's ``xfer2``), with a type A tag that may be in
its field. Built from the chip's data sheet (NXP MFRC522 rev. 3.9, 27 April 2016: "DS §")
and ISO/IEC 14443-3, not from the driver:

- SPI frames (DS §8.1.2): the first byte is ``1aaaaaa0`` to read, ``0aaaaaa0`` to write;
  a read frame answers, for each byte after the first, the register the byte before named
  (so several registers come back in one frame); a write frame writes every following byte
  to the one register (the FIFO takes them all).
- ComIrqReg (DS §9.3.1.5): written with Set1 (bit 7) = 0, the bits marked 1 are cleared.
  RxIRq comes when the tag's answer is in; TimerIRq when the timer runs out with no answer.
- The timer (DS §8.5, TModeReg §9.3.3.10): with TAuto it starts at the end of the
  transmission; it runs out after (2 * prescaler + 1) * (reload + 1) / 13.56 MHz, read from
  the registers as the driver wrote them; it stops when an answer starts. No TAuto: no
  timer, and no TimerIRq ever.
- The IRQ pin (ComIEnReg, DS §9.3.1.3) falls when an enabled bit is set.
- The tag's states (ISO/IEC 14443-3 §6.3): IDLE, READY (after REQA/WUPA), ACTIVE (after the
  last SELECT), HALT (after HLTA: only a WUPA wakes it); anything unexpected sends a READY or
  ACTIVE tag back to IDLE, unanswered.

Time is a fake clock, moved by the driver's ``sleep`` and by waits on the IRQ line.
"""

from __future__ import annotations

import importlib.util
from functools import reduce
from pathlib import Path

FIFO_DATA, FIFO_LEVEL, COM_IRQ, COM_IEN = 0x09, 0x0A, 0x04, 0x02
COMMAND, BIT_FRAMING, CONTROL, TX_CONTROL = 0x01, 0x0D, 0x0C, 0x14
T_MODE, T_PRESCALER, T_RELOAD_H, T_RELOAD_L, VERSION = 0x2A, 0x2B, 0x2C, 0x2D, 0x37
TRANSCEIVE, SOFT_RESET = 0x0C, 0x0F
RX_IRQ, TIMER_IRQ = 0x20, 0x01


def _annex_b_crc():
    """ISO/IEC 14443-3 annex B's CRC_A routine as the Pico's firmware has it (byte-wise,
    checked against the annex's examples in tests/hardware/test_firmware_mfrc522.py): not
    the Pi driver's own, so the fake does not share the driver's arithmetic."""
    path = Path(__file__).resolve().parents[3] / "hardware" / "firmware" / "mfrc522.py"
    spec = importlib.util.spec_from_file_location("pico_mfrc522", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.crc_a


crc_a = _annex_b_crc()


def bcc(part: bytes) -> int:
    return reduce(lambda a, b: a ^ b, part)


class Tag:
    """A type A tag: its UID split by cascade level (ISO/IEC 14443-3 §6.4.4)."""

    def __init__(self, uid: bytes, sak: int = 0x00) -> None:
        self.uid, self.sak, self.state = uid, sak, "IDLE"
        if len(uid) == 4:
            self.levels = [uid]
        else:  # 7 bytes: the cascade tag 0x88 and 3 bytes, then 4
            self.levels = [bytes([0x88]) + uid[:3], uid[3:7]]
        self.level = 0

    def hear(self, frame: bytes, bits: int) -> bytes | None:
        if bits == 7 and frame in (b"\x26", b"\x52"):  # REQA, WUPA
            if self.state == "IDLE" or (frame == b"\x52" and self.state == "HALT"):
                self.state, self.level = "READY", 0
                return b"\x44\x00" if len(self.uid) == 7 else b"\x04\x00"  # ATQA
            if self.state != "HALT":
                self.state = "IDLE"
            return None
        sel = {0x93: 0, 0x95: 1}.get(frame[0]) if frame else None
        if self.state == "READY" and sel == self.level and frame[1:2] == b"\x20":
            part = self.levels[sel]
            return part + bytes([bcc(part)])
        if self.state == "READY" and sel == self.level and frame[1:2] == b"\x70":
            part = self.levels[sel]
            if frame[2:7] != part + bytes([bcc(part)]) or frame[7:] != crc_a(frame[:7]):
                self.state = "IDLE"
                return None
            last = sel == len(self.levels) - 1
            sak = self.sak if last else 0x04  # 0x04: the UID goes on at the next level
            self.state, self.level = ("ACTIVE", 0) if last else ("READY", sel + 1)
            return bytes([sak]) + crc_a(bytes([sak]))
        if self.state == "ACTIVE" and frame[:2] == b"\x50\x00" and frame[2:] == crc_a(frame[:2]):
            self.state = "HALT"
            return None
        if self.state != "HALT":
            self.state = "IDLE"
        return None


class Chip:
    """The chip's register file, FIFO, timer and IRQ pin; ``tag`` is what is in the field."""

    def __init__(self, version: int = 0x92, silent: bool = False) -> None:
        self.now = 0.0
        self.registers = bytearray(64)
        self.registers[VERSION] = version
        self.silent = silent
        self.fifo: list[int] = []
        self.tag: Tag | None = None
        self.transfers = 0
        self.slept = 0.0
        self._answer: tuple[float, bytes] | None = None
        self._timeout_at: float | None = None

    # the field
    def put(self, tag: Tag | None) -> None:
        """A tag put on the reader (or taken away: it loses power, back to IDLE)."""
        if self.tag is not None:
            self.tag.state = "IDLE"
        self.tag = tag

    # time, moved by the driver's waits
    def sleep(self, seconds: float) -> None:
        self.now += seconds
        self.slept += seconds

    def irq_line(self) -> IrqLine:
        return IrqLine(self)

    def next_interrupt(self) -> float | None:
        enabled = self.registers[COM_IEN] & 0x7F
        times = []
        if self._answer is not None and enabled & RX_IRQ:
            times.append(self._answer[0])
        if self._timeout_at is not None and enabled & TIMER_IRQ:
            times.append(self._timeout_at)
        return min(times) if times else None

    # the SPI seam
    def xfer2(self, frame: list[int]) -> list[int]:
        self.transfers += 1
        assert all(0 <= b <= 0xFF for b in frame) and frame[0] & 0x01 == 0, "DS §8.1.2.3"
        address = (frame[0] >> 1) & 0x3F
        if frame[0] & 0x80:
            out = [0]
            for byte in frame[1:]:
                out.append(self._get(address))
                address = (byte >> 1) & 0x3F
            assert frame[-1] == 0, "a read frame ends with 00 (DS §8.1.2.1)"
            return out
        for value in frame[1:]:
            self._set(address, value)
        return [0] * len(frame)

    def close(self) -> None:
        self.closed = True

    def _get(self, address: int) -> int:
        if self.silent:
            return 0x00
        self._settle()
        if address == FIFO_DATA:
            return self.fifo.pop(0) if self.fifo else 0
        if address == FIFO_LEVEL:
            return len(self.fifo)
        return self.registers[address]

    def _set(self, address: int, value: int) -> None:
        if address == FIFO_DATA:
            self.fifo.append(value)
        elif address == FIFO_LEVEL:
            if value & 0x80:
                self.fifo.clear()
        elif address == COM_IRQ:
            if value & 0x80:
                self.registers[COM_IRQ] |= value & 0x7F
            else:
                self.registers[COM_IRQ] &= ~value & 0x7F
        elif address == COMMAND:
            command = value & 0x0F
            if command == SOFT_RESET:
                version = self.registers[VERSION]
                self.registers = bytearray(64)
                self.registers[VERSION] = version
                self.fifo.clear()
            self.registers[COMMAND] = command
            self._answer = self._timeout_at = None
        elif address == BIT_FRAMING:
            self.registers[BIT_FRAMING] = value
            if value & 0x80 and self.registers[COMMAND] == TRANSCEIVE:
                self._transmit(value & 0x07)
        else:
            self.registers[address] = value

    def _transmit(self, last_bits: int) -> None:
        frame = bytes(self.fifo)
        self.fifo.clear()
        sent_at = self.now + (len(frame) * 9 + 2) / 106_000  # 106 kbit/s, a parity bit each
        field_on = self.registers[TX_CONTROL] & 0x03 == 0x03
        reply = self.tag.hear(frame, last_bits) if self.tag is not None and field_on else None
        self._answer = None
        if reply is not None:  # the tag answers ~86 us after the frame (FDT), then its bytes
            self._answer = (sent_at + 86e-6 + len(reply) * 9 / 106_000, reply)
        self._timeout_at = None
        mode = self.registers[T_MODE]
        if mode & 0x80 and reply is None:  # TAuto; an answer stops the timer as it starts
            prescaler = (mode & 0x0F) << 8 | self.registers[T_PRESCALER]
            reload = self.registers[T_RELOAD_H] << 8 | self.registers[T_RELOAD_L]
            self._timeout_at = sent_at + (2 * prescaler + 1) * (reload + 1) / 13.56e6

    def _settle(self) -> None:
        """What has happened by now: an answer in the FIFO, or the timer run out."""
        if self._answer is not None and self.now >= self._answer[0]:
            self.fifo.extend(self._answer[1])
            self.registers[COM_IRQ] |= RX_IRQ
            self.registers[CONTROL] = 0  # RxLastBits: whole bytes
            self._answer = None
        if self._timeout_at is not None and self.now >= self._timeout_at:
            self.registers[COM_IRQ] |= TIMER_IRQ
            self._timeout_at = None


class IrqLine:
    """The chip's IRQ pin as the driver sees it: a ``threading.Event`` whose ``wait`` lasts
    until the pin falls (an enabled interrupt), on the fake clock."""

    def __init__(self, chip: Chip) -> None:
        self.chip = chip
        self.waits = 0

    def clear(self) -> None:
        pass

    def wait(self, timeout: float) -> bool:
        self.waits += 1
        at = self.chip.next_interrupt()
        if at is None or at - self.chip.now > timeout:
            self.chip.now += timeout
            return False
        self.chip.now = max(self.chip.now, at)
        return True
