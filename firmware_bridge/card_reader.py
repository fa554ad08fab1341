"""An MFRC522 card reader on the Pi's SPI bus.

The chip is driven by ``firmware_bridge/mfrc522.py`` (written from NXP's data sheet, over
Debian's ``python3-spidev``, waiting on the chip's timer or IRQ pin); this module only asks
it, ``poll_s`` apart, for the UID of the tag in the field (REQA, then the ISO/IEC 14443-3
anticollision loop, cascade level 2 for 7-byte tags such as NTAG213), and posts one
``CardScanned`` per presentation. The reader object is injected (``open_rfid``), so tests
drive the driver on a fake chip at the SPI seam. A reader that cannot be opened (no SPI, a
chip whose VersionReg says it is not there) or that fails while polling is reported faulted
with the reason and reopened with backoff; the table never stops for it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from companion.writer.input_events import CardScanned, DeviceStatus
from firmware_bridge.die_reader import Backoff
from firmware_bridge.mfrc522 import MFRC522

GONE_POLLS = 3  # this many empty polls in a row: the tag was taken away


def open_mfrc522(
    bus: int = 0, device: int = 0, rst: int = 25, irq: int = -1, pin_factory: Any = None
) -> MFRC522:
    """The real reader: SPI enabled (``dtparam=spi=on``), Debian's ``python3-spidev``; RST
    held high through gpiozero; ``irq`` -1 waits on the chip's timer instead of its IRQ pin.
    Raises (and closes what it opened) when the chip does not answer as an MFRC522."""
    import spidev  # on the Pi: apt-get install python3-spidev
    from gpiozero import DigitalInputDevice, DigitalOutputDevice

    pins: list[Any] = []

    def release() -> None:
        for pin in pins:
            pin.close()

    spi = spidev.SpiDev()
    try:
        spi.open(bus, device)
        spi.max_speed_hz = 1_000_000
        spi.mode = 0
        if rst >= 0:
            pins.append(
                DigitalOutputDevice(rst, initial_value=True, pin_factory=pin_factory)
            )  # low: hard power-down
        line = None
        if irq >= 0:
            # open drain: pulled up, falls on an interrupt
            pins.append(DigitalInputDevice(irq, pull_up=True, pin_factory=pin_factory))
            line = threading.Event()
            pins[-1].when_activated = line.set
        return MFRC522(spi, irq=line, on_close=release)
    except BaseException:
        spi.close()
        release()
        raise


class CardReader:
    """Polls one MFRC522 on its own thread, posting ``CardScanned`` and ``DeviceStatus``."""

    def __init__(
        self,
        post: Callable[[Any], None],
        *,
        open_rfid: Callable[[], Any],
        name: str = "card-reader",
        poll_s: float = 0.1,
        backoff_min_s: float = 1.0,
        backoff_max_s: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.name = name
        self._post, self._open, self._poll_s, self._clock = post, open_rfid, poll_s, clock
        self._backoff = Backoff(backoff_min_s, backoff_max_s)
        self._rfid: Any = None
        self._retry_at = clock()
        self._present: str | None = None
        self._empty = 0
        self.scans = 0
        self.faults = 0
        self.state: str | None = None
        self._closing = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def probe(self) -> dict:
        return {"counters": {"scans": self.scans, "faults": self.faults}}

    def poll(self) -> None:
        """One look: open the reader if due, read the field, report what changed."""
        now = self._clock()
        if self._rfid is None:
            if now < self._retry_at:
                return
            try:
                self._rfid = self._open()
            except Exception as error:  # no SPI, no chip, no library: say which
                self._fault(now, error)
                return
            self._become("online", getattr(self._rfid, "version", "MFRC522"))
        try:
            uid = self._rfid.uid()
        except Exception as error:
            self._fault(now, error)
            return
        self._backoff.reset()
        self._seen(uid)

    def _seen(self, uid: str | None) -> None:
        if uid is None:
            self._empty += 1
            if self._empty >= GONE_POLLS:
                self._present = None
            return
        self._empty = 0
        if uid != self._present:  # a card held on the reader is one scan, not ten a second
            self._present = uid
            self.scans += 1
            self._post(CardScanned(uid, self.name))

    def _fault(self, now: float, error: BaseException) -> None:
        self.faults += 1
        self._close_rfid()
        self._retry_at = now + self._backoff.next()
        self._become("fault", f"{type(error).__name__}: {error}"[:160])

    def _become(self, state: str, detail: str) -> None:
        if state != self.state:
            self.state = state
            self._post(
                DeviceStatus(
                    self.name,
                    "card_reader",
                    state,
                    detail,
                    check="check.card_reader" if state == "fault" else "",
                )
            )

    def _close_rfid(self) -> None:
        rfid, self._rfid = self._rfid, None
        if rfid is not None:
            try:
                rfid.close()
            except Exception:
                pass  # it is already failing; the reopen says how

    def _run(self) -> None:
        while not self._closing.wait(self._poll_s):
            self.poll()
        self._close_rfid()

    def close(self) -> None:
        self._closing.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join()

    def __enter__(self) -> CardReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
