"""The Pico's MFRC522 driver against a fake chip at the SPI seam: a register file that
answers REQA, anticollision, SELECT and HLTA as a tag in its field would (ISO/IEC 14443-3),
then ``CARD`` lines from the whole firmware loop."""

from __future__ import annotations

import pytest

from firmware_bridge.protocol import Card, DeviceError, parse_line


class FakeChip:
    """SPI + chip select of one MFRC522 with (or without) a tag in its field."""

    def __init__(self, uid: bytes | None = None, version: int = 0x92) -> None:
        self.registers = bytearray(64)
        self.registers[0x37] = version
        self.fifo: list[int] = []
        self.uid = uid
        self.halted = False
        self.selected = False
        self._address: int | None = None
        self.crc = None

    def cs(self, level: int) -> None:
        if level:
            self._address = None

    def write(self, data: bytes) -> None:
        data = bytes(data)
        address = (data[0] >> 1) & 0x3F
        if data[0] & 0x80:
            self._address = address
            return
        for value in data[1:]:
            self._set(address, value)

    def read(self, count: int) -> bytes:
        address = self._address
        assert address is not None, "a read with no register selected"
        if address == 0x09:
            return bytes([self.fifo.pop(0) if self.fifo else 0])
        if address == 0x0A:
            return bytes([len(self.fifo)])
        return bytes([self.registers[address]])

    def _set(self, address: int, value: int) -> None:
        if address == 0x09:
            self.fifo.append(value)
        elif address == 0x0A and value & 0x80:
            self.fifo.clear()
        elif address == 0x04:
            self.registers[0x04] = 0  # the driver clears every interrupt bit
        elif address == 0x0D and value & 0x80 and self.registers[0x01] == 0x0C:
            self.registers[0x0D] = value
            self._answer(bytes(self.fifo), value & 0x07)
        else:
            self.registers[address] = value

    def _answer(self, frame: bytes, bits: int) -> None:
        self.fifo.clear()
        reply = self._reply(frame, bits)
        self.registers[0x06] = 0
        self.registers[0x04] = 0x30 if reply is not None else 0x01
        self.fifo.extend(reply or b"")

    def _reply(self, frame: bytes, bits: int) -> bytes | None:
        from functools import reduce

        if self.uid is None:
            return None
        if bits == 7 and frame == b"\x26":
            return None if self.halted else b"\x44\x00"
        if self.halted:
            return None
        cl1 = (bytes([0x88]) + self.uid[:3]) if len(self.uid) == 7 else self.uid[:4]
        cl2 = self.uid[3:7]

        def bcc(part):
            return bytes([reduce(lambda a, b: a ^ b, part)])

        if frame == b"\x93\x20":
            return cl1 + bcc(cl1)
        if frame == b"\x95\x20":
            return cl2 + bcc(cl2)
        if frame[:2] in (b"\x93\x70", b"\x95\x70"):
            from mfrc522 import crc_a

            assert frame[-2:] == crc_a(frame[:-2]), "the SELECT's CRC_A"
            return b"\x08\xb6\xdd"
        if frame[:2] == b"\x50\x00":
            self.halted = True
            return None
        return None


@pytest.mark.parametrize("uid", ["04a2246a5b3c80", "de4db33f"])
def test_the_uid_at_each_cascade_level(board, uid):
    mfrc522 = board.load("mfrc522")
    chip = FakeChip(bytes.fromhex(uid))
    reader = mfrc522.MFRC522(chip, chip.cs)
    assert reader.uid() == uid
    assert reader.uid() is None  # halted until it leaves the field


def test_crc_a_matches_the_standards_example(board):
    mfrc522 = board.load("mfrc522")
    assert mfrc522.crc_a(b"\x00\x00") == b"\xa0\x1e"  # ISO/IEC 14443-3 annex B
    assert mfrc522.crc_a(b"\x12\x34") == b"\x26\xcf"


def test_no_chip_is_an_oserror(board):
    mfrc522 = board.load("mfrc522")
    chip = FakeChip(version=0x00)
    with pytest.raises(OSError):
        mfrc522.MFRC522(chip, chip.cs)


def test_the_firmware_sends_one_card_line_per_presentation(board):
    board_module = board.load("board")
    reader_module = board.load("reader")
    chip = FakeChip()
    look = board_module.CardLook(board.load("mfrc522").MFRC522(chip, chip.cs), every_ms=100)
    sent = []
    link = type(
        "Link", (), {"send": lambda self, line: sent.append(line), "lines": lambda self: []}
    )()
    reader = reader_module.Reader(sent.append, "PICO-1", "1.0.0", ["d6"], faces=(), boot="0a0b0c0d")
    board_module.run(reader, link, board.ticks.ticks_ms, cards=look, steps=10)
    chip.uid = bytes.fromhex("04a2246a5b3c80")
    board_module.run(reader, link, board.ticks.ticks_ms, cards=look, steps=40)
    chip.uid, chip.halted = None, False  # taken away
    board_module.run(reader, link, board.ticks.ticks_ms, cards=look, steps=40)
    chip.uid = bytes.fromhex("04a2246a5b3c80")  # put back
    board_module.run(reader, link, board.ticks.ticks_ms, cards=look, steps=40)
    cards = [m for m in (parse_line(line.encode()) for line in sent) if isinstance(m, Card)]
    assert {c.uid for c in cards} == {"04a2246a5b3c80"}
    assert len({c.seq for c in cards}) == 2  # two presentations (the rest are resends)


def test_a_card_reader_that_fails_is_said_once_and_the_box_goes_on(board):
    board_module = board.load("board")
    reader_module = board.load("reader")
    sent = []

    class Broken:
        def uid(self):
            raise OSError("SPI timeout")

    link = type("Link", (), {"send": lambda self, line: None, "lines": lambda self: []})()
    reader = reader_module.Reader(sent.append, "PICO-1", "1.0.0", ["d6"], faces=())
    board_module.run(
        reader,
        link,
        board.ticks.ticks_ms,
        cards=board_module.CardLook(Broken(), every_ms=0),
        steps=20,
    )
    errors = [m for m in (parse_line(line.encode()) for line in sent) if isinstance(m, DeviceError)]
    assert errors == [DeviceError("nfc", "MFRC522 stopped answering on SPI: SPI timeout")]
