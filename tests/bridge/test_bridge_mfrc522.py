"""The Pi's MFRC522 driver on a fake chip at the SPI seam (``tests/support/bridge/mfrc522_chip.py``,
from the NXP data sheet and ISO/IEC 14443-3): the UID at each cascade level, one read per
presentation, VersionReg checked at start, and an empty look that waits on the chip's timer
(or its IRQ pin) in a handful of SPI transfers instead of razrc522's 2,013."""

from __future__ import annotations

import pytest

from firmware_bridge.mfrc522 import ANSWER_TIMEOUT_S, MFRC522, CardReaderChipError, crc_a
from tests.support.bridge.mfrc522_chip import Chip, Tag


def reader(chip: Chip, irq: bool = False) -> MFRC522:
    return MFRC522(chip, sleep=chip.sleep, irq=chip.irq_line() if irq else None)


def test_crc_a_matches_the_standards_examples():
    # ISO/IEC 14443-3 annex B: CRC_A of 0x00 0x00 is 0x1EA0, of 0x12 0x34 is 0xCF26
    assert crc_a(b"\x00\x00") == b"\xa0\x1e"
    assert crc_a(b"\x12\x34") == b"\x26\xcf"


@pytest.mark.parametrize("irq", [False, True])
@pytest.mark.parametrize(
    "uid, sak", [("04a2246a5b3c80", 0x00), ("de4db33f", 0x08)], ids=["ntag213", "classic"]
)
def test_the_uid_at_each_cascade_level_once_per_presentation(uid, sak, irq):
    chip = Chip()
    rfid = reader(chip, irq)
    assert rfid.uid() is None
    chip.put(Tag(bytes.fromhex(uid), sak))
    assert rfid.uid() == uid
    assert chip.tag.state == "HALT"
    assert rfid.uid() is None  # halted: quiet until it leaves the field
    chip.put(None)
    chip.put(Tag(bytes.fromhex(uid), sak))  # put back
    assert rfid.uid() == uid


def test_an_empty_look_waits_on_the_timer_in_nine_transfers():
    chip = Chip()
    rfid = reader(chip)
    chip.transfers, chip.slept = 0, 0.0
    assert rfid.uid() is None
    # 7 writes (idle, clear interrupts, flush, REQA, framing, transceive, start) and two
    # looks at ComIrqReg: one soon after the frame, one once the 5 ms timer has run out
    assert chip.transfers == 9
    assert chip.slept >= ANSWER_TIMEOUT_S  # it slept while the chip's timer ran
    assert chip.registers[0x04] & 0x01  # and saw TimerIRq


def test_with_the_irq_pin_an_empty_look_reads_the_chip_once():
    chip = Chip()
    line = chip.irq_line()
    rfid = MFRC522(chip, sleep=chip.sleep, irq=line)
    assert chip.registers[0x02] & 0x81 == 0x81  # IRqInv and TimerIEn (DS §9.3.1.3)
    chip.transfers = 0
    assert rfid.uid() is None
    assert chip.transfers == 8 and line.waits == 1


def test_a_reader_whose_timer_never_runs_is_an_error_not_a_hang():
    chip = Chip()
    rfid = reader(chip)
    chip.registers[0x2A] = 0x00  # TAuto lost (a chip held in reset, a glitch)
    with pytest.raises(CardReaderChipError, match="neither answered nor timed out"):
        rfid.uid()


@pytest.mark.parametrize("chip", [Chip(silent=True), Chip(version=0xFF)], ids=["0x00", "0xff"])
def test_a_silent_chip_is_refused_at_start_in_the_makers_words(chip):
    with pytest.raises(CardReaderChipError, match=r"no MFRC522 answers on SPI .* 3\.3 V"):
        reader(chip)


def test_an_unknown_chip_is_named_by_its_version():
    with pytest.raises(CardReaderChipError, match="VersionReg 0x12: not an MFRC522"):
        reader(Chip(version=0x12))


@pytest.mark.parametrize("version", [0x91, 0x92, 0x88, 0xB2])
def test_mfrc522_versions_and_the_common_clones_start(version):
    assert reader(Chip(version=version)).version


def test_close_closes_the_bus_and_the_pins_once():
    chip = Chip()
    closed = []
    rfid = MFRC522(chip, sleep=chip.sleep, on_close=lambda: closed.append(1))
    with rfid:
        pass
    rfid.close()
    assert chip.closed and closed == [1]


def test_a_late_edge_of_the_last_frame_is_not_taken_for_this_ones_answer():
    chip = Chip()
    line = chip.irq_line()
    rfid = MFRC522(chip, sleep=chip.sleep, irq=line)
    chip.put(Tag(bytes.fromhex("de4db33f"), sak=0x08))
    line.wait = lambda timeout: True  # gpiozero's thread sets the event late: no wait at all
    assert rfid.uid() == "de4db33f"  # each step looked again after the timer's run
