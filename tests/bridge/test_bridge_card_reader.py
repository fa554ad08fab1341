"""The MFRC522 card reader, driven by a fake at the library's seam: an object with
razrc522's ``request`` / ``anticoll`` / ``select_tag`` / ``anticoll2`` / ``cleanup``, answering
as a tag in the field would under ISO/IEC 14443-3 (cascade tag 0x88, BCC = XOR)."""

from __future__ import annotations

from functools import reduce

import pytest

from companion.events import CardScanned, DeviceStatus
from firmware_bridge.card_reader import CardReader, read_uid


def with_bcc(data: list[int]) -> list[int]:
    return data + [reduce(lambda a, b: a ^ b, data)]


class FakeRC522:
    """A reader with one tag (or none) in its field; ``broken`` makes the next call fail."""

    def __init__(self) -> None:
        self.uid: bytes | None = None
        self.broken: Exception | None = None
        self.selected = False
        self.closed = False

    def _check(self) -> None:
        if self.broken is not None:
            raise self.broken

    def request(self, req_mode=0x26):
        self._check()
        return (self.uid is None, None if self.uid is None else 0x10)

    def anticoll(self):
        self._check()
        if self.uid is None:
            return True, []
        if len(self.uid) == 4:
            return False, with_bcc(list(self.uid))
        return False, with_bcc([0x88, *self.uid[:3]])

    def select_tag(self, uid):
        self.selected = True
        return False  # razrc522: False means selected

    def anticoll2(self):
        return False, with_bcc(list(self.uid[3:7]))

    def cleanup(self):
        self.closed = True


@pytest.mark.parametrize("uid", ["04a2246a5b3c80", "de4db33f"])
def test_read_uid_gives_the_whole_uid_at_each_cascade_level(uid):
    rfid = FakeRC522()
    assert read_uid(rfid) is None
    rfid.uid = bytes.fromhex(uid)
    assert read_uid(rfid) == uid


def test_a_card_held_on_the_reader_is_one_scan(events, clock):
    rfid = FakeRC522()
    reader = CardReader(events, open_rfid=lambda: rfid, poll_s=3600, clock=clock)
    try:
        reader.poll()
        rfid.uid = bytes.fromhex("04a2246a5b3c80")
        for _ in range(5):
            reader.poll()
        rfid.uid = None
        for _ in range(3):
            reader.poll()
        rfid.uid = bytes.fromhex("04a2246a5b3c80")
        reader.poll()
        assert events.all(CardScanned) == [CardScanned("04a2246a5b3c80", "card-reader")] * 2
        assert events.states() == ["online"]
    finally:
        reader.close()


def test_a_reader_that_cannot_open_or_fails_is_faulted_and_reopened(events, clock):
    rfid = FakeRC522()
    opened = []

    def open_rfid():
        if not opened:
            opened.append("failed")
            raise FileNotFoundError("/dev/spidev0.0")  # SPI not enabled
        opened.append("ok")
        return rfid

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
        rfid.broken = OSError("SPI transfer failed")
        reader.poll()
        assert events.states()[-1] == "fault" and rfid.closed
        rfid.broken = None
        clock.advance(2.0)
        reader.poll()
        rfid.uid = bytes.fromhex("de4db33f")
        reader.poll()
        assert events.all(CardScanned) == [CardScanned("de4db33f", "card-reader")]
        assert reader.probe()["counters"] == {"scans": 1, "faults": 2}
    finally:
        reader.close()
