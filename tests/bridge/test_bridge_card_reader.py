"""The MFRC522 card reader: the poller over the Pi's driver, on a fake chip at the SPI seam
(``tests/support/bridge/mfrc522_chip.py``: the NXP data sheet's registers, an ISO/IEC 14443-3 tag in
the field): one scan per presentation, a chip that cannot be opened or fails faulted with
its reason and reopened."""

from __future__ import annotations

import sys
import types

import pytest

from companion.writer.input_events import CardScanned, DeviceStatus
from firmware_bridge.card_reader import CardReader, open_mfrc522
from firmware_bridge.mfrc522 import MFRC522, CardReaderChipError
from tests.support.bridge.mfrc522_chip import Chip, Tag


class BrokenBus:
    """A bus that fails its next transfers (a loose wire) until ``broken`` is None."""

    def __init__(self, chip: Chip) -> None:
        self.chip, self.broken = chip, None

    def xfer2(self, frame):
        if self.broken is not None:
            raise self.broken
        return self.chip.xfer2(frame)

    def close(self):
        self.chip.close()


def test_a_card_held_on_the_reader_is_one_scan(events, clock):
    chip = Chip()
    reader = CardReader(
        events, open_rfid=lambda: MFRC522(chip, sleep=chip.sleep), poll_s=3600, clock=clock
    )
    try:
        reader.poll()
        chip.put(Tag(bytes.fromhex("04a2246a5b3c80")))
        for _ in range(5):
            reader.poll()
        chip.put(None)
        for _ in range(3):
            reader.poll()
        chip.put(Tag(bytes.fromhex("04a2246a5b3c80")))
        reader.poll()
        assert events.all(CardScanned) == [CardScanned("04a2246a5b3c80", "card-reader")] * 2
        assert events.states() == ["online"]
        assert events.all(DeviceStatus)[0].detail == "MFRC522 v2.0"
    finally:
        reader.close()


def test_a_reader_that_cannot_open_or_fails_is_faulted_and_reopened(events, clock):
    chip = Chip()
    bus = BrokenBus(chip)
    opened = []

    def open_rfid():
        if not opened:
            opened.append("failed")
            raise FileNotFoundError("/dev/spidev0.0")  # SPI not enabled
        opened.append("ok")
        return MFRC522(bus, sleep=chip.sleep)

    reader = CardReader(events, open_rfid=open_rfid, poll_s=3600, clock=clock, backoff_min_s=1.0)
    try:
        reader.poll()
        status = events.all(DeviceStatus)[-1]
        assert status.state == "fault" and "spidev" in status.detail
        assert status.check == "check.card_reader"
        reader.poll()
        assert opened == ["failed"]  # waits its backoff
        clock.advance(1.0)
        reader.poll()
        assert events.states()[-1] == "online"
        bus.broken = OSError("SPI transfer failed")
        reader.poll()
        assert events.states()[-1] == "fault" and chip.closed
        bus.broken = None
        clock.advance(2.0)
        reader.poll()
        chip.put(Tag(bytes.fromhex("de4db33f"), sak=0x08))
        reader.poll()
        assert events.all(CardScanned) == [CardScanned("de4db33f", "card-reader")]
        assert reader.probe()["counters"] == {"scans": 1, "faults": 2}
    finally:
        reader.close()


def test_a_chip_that_does_not_answer_is_faulted_at_start_with_what_to_check(events, clock):
    chip = Chip(silent=True)  # MISO reads 0x00: the board unpowered or miswired
    reader = CardReader(
        events, open_rfid=lambda: MFRC522(chip, sleep=chip.sleep), poll_s=3600, clock=clock
    )
    try:
        reader.poll()
        status = events.all(DeviceStatus)[-1]
        assert status.state == "fault" and status.check == "check.card_reader"
        assert "no MFRC522 answers on SPI (VersionReg reads 0x00)" in status.detail
        assert events.states() == ["fault"]  # never "online"
    finally:
        reader.close()


@pytest.fixture
def spidev(monkeypatch):
    """Debian's ``spidev`` module as the driver uses it, its bus reaching a fake chip."""
    chip = Chip()
    module = types.ModuleType("spidev")

    class SpiDev:
        def open(self, bus, device):
            self.opened = (bus, device)

        def xfer2(self, frame):
            return chip.xfer2(frame)

        def close(self):
            chip.close()

    module.SpiDev = SpiDev
    monkeypatch.setitem(sys.modules, "spidev", module)
    return chip


def test_open_holds_rst_high_and_wires_the_irq_pin(spidev, pin_factory):
    rfid = open_mfrc522(rst=25, irq=24, pin_factory=pin_factory)
    try:
        assert pin_factory.pin(25).state == 1  # low would hold the chip in hard power-down
        assert not rfid._irq.is_set()
        pin_factory.pin(24).drive_low()  # the chip pulls its open-drain IRQ line down
        assert rfid._irq.is_set()
    finally:
        rfid.close()
    assert spidev.closed
    from gpiozero import DigitalOutputDevice

    DigitalOutputDevice(25, pin_factory=pin_factory).close()  # released: else GPIOPinInUse


def test_open_closes_what_it_opened_when_the_chip_is_silent(spidev, pin_factory):
    spidev.silent = True
    with pytest.raises(CardReaderChipError, match="no MFRC522 answers on SPI"):
        open_mfrc522(rst=25, irq=24, pin_factory=pin_factory)
    assert spidev.closed
    from gpiozero import DigitalInputDevice, DigitalOutputDevice

    DigitalOutputDevice(25, pin_factory=pin_factory).close()  # both pins free again
    DigitalInputDevice(24, pin_factory=pin_factory).close()
