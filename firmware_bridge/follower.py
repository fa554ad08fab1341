"""The devices follow the table: the reader box hears which dice are wanted (``WANT``) and
its LED blinks while they are; the Pi's reader LED shows the reader's state and one LED per
seat shows whose turn it is. Polled twice a second (the core owns no devices). It runs with
or without GPIO lights: the reader box's LED follows the table either way.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from companion.writer.input_events import DeviceStatus


class TableFollower:
    """``signals()`` gives ``{"seat": n or None, "dice": [kind, …] or None}`` for the active
    table (or raises when the service is closing); ``reader`` and ``lights`` may be None."""

    def __init__(
        self,
        signals: Callable[[], dict],
        reader: Any = None,
        lights: Any = None,
        post: Callable[[Any], None] = lambda event: None,
        every_s: float = 0.5,
        closing: tuple[type[BaseException], ...] = (Exception,),
    ) -> None:
        self.signals, self.reader, self.lights = signals, reader, lights
        self.post, self.every_s, self.closing = post, every_s, closing
        self._shown: tuple = ()
        self._failing = ""  # the error the last follow raised, told once
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="follower", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.every_s):
            try:
                self.follow()
            except Exception as error:  # noqa: BLE001 - one table's fault never stops it
                if repr(error) != self._failing:
                    self._fault("follower", error, "check.table")
                self._failing = repr(error)
            else:
                self._failing = ""

    def follow(self) -> None:
        try:
            now = self.signals()
        except self.closing:
            return  # shutting down
        dice = list(now["dice"]) if now["dice"] else None
        shown = (now["seat"], tuple(dice or ()))
        if self.reader is not None and shown != self._shown:  # heard of a change only
            self.reader.want(dice)
            self.reader.send_led("blink" if dice else "on")
        if self.lights is not None:
            self._light(now["seat"], shown != self._shown)
        self._shown = shown

    def _light(self, seat: int | None, changed: bool) -> None:
        try:
            if self.reader is not None and self.reader.state:
                self.lights.show_reader(self.reader.state)
            if changed:
                self.lights.show_turn(seat)
        except Exception as error:  # an LED driver fault must not stop the dice
            self._fault("lights", error, "check.gpio")
            self.lights = None

    def _fault(self, device: str, error: Exception, check: str) -> None:
        detail = f"{type(error).__name__}: {error}"[:160]
        self.post(DeviceStatus(device, device, "fault", detail, check=check))

    def __enter__(self) -> TableFollower:
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=2)
