"""GPIO buttons and LEDs through gpiozero, with the pin factory injected.

:class:`Buttons` turns a pin map (role -> BCM pin) into ``ButtonPressed`` events: gpiozero
delivers the raw edges, the pure :class:`~firmware_bridge.press.PressDetector` debounces them
and tells short from long presses on an injected clock. :class:`Lights` drives the reader
LED and the "your turn" LED of each seat. Tests pass
``gpiozero.pins.mock.MockFactory()`` as ``pin_factory``; on a Pi the composition root
passes the real one. Nothing here picks a factory by itself, so gpiozero never falls back
(and never warns).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from gpiozero import LED, DigitalInputDevice

from companion.writer.input_events import ButtonPressed, DeviceStatus
from firmware_bridge.errors import BridgeError
from firmware_bridge.press import PressDetector

DIGIT_ROLES = tuple(f"digit{n}" for n in range(7))
BUTTON_ROLES = DIGIT_ROLES + ("confirm", "next", "undo", "roll")
SEAT_ROLES = tuple(f"seat{n}" for n in range(6))
LED_ROLES = ("reader",) + SEAT_ROLES

# How the reader LED shows each DeviceStatus state: steady, dark, or (on_s, off_s) blinking.
READER_LIGHT: dict[str, Any] = {
    "online": True,
    "offline": False,
    "reconnecting": (0.5, 0.5),
    "fault": (0.1, 0.1),
}


def _checked(pins: Mapping[str, int], roles: tuple[str, ...], what: str) -> dict[str, int]:
    unknown = sorted(set(pins) - set(roles))
    if unknown:
        raise BridgeError("unknown_pin_role", role=unknown[0], kind=what)
    used = list(pins.values())
    for pin in used:
        if not isinstance(pin, int) or isinstance(pin, bool) or not 0 <= pin <= 27:
            raise BridgeError("bad_pin", pin=str(pin)[:8])
        if used.count(pin) > 1:
            raise BridgeError("pin_used_twice", pin=pin)
    return dict(pins)


class Buttons:
    """Push buttons wired from a GPIO pin to ground (internal pull-up: pressed = low).

    Each is a plain ``DigitalInputDevice``: gpiozero's ``Button`` would add a hold thread
    per button on the real clock, and holds are timed here, on the injected one.
    """

    def __init__(
        self,
        pins: Mapping[str, int],
        post: Callable[[Any], None],
        *,
        pin_factory: Any = None,
        hold_s: float = 1.5,
        bounce_s: float = 0.03,
        clock: Callable[[], float] = time.monotonic,
        poll_s: float = 0.02,
        name: str = "buttons",
        stand_in: str = "",
    ) -> None:
        self.pins = _checked(pins, BUTTON_ROLES, "button")
        self.name = name
        self.stand_in = stand_in  # "mock": gpiozero's mock pins, not hardware
        self._post = post
        self._clock = clock
        self._poll_s = poll_s
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._stirred = threading.Event()  # an edge came: the ticker looks at the clock again
        self._detectors = {role: PressDetector(hold_s, bounce_s) for role in self.pins}
        self._devices: dict[str, DigitalInputDevice] = {}
        try:
            for role, pin in self.pins.items():
                button = DigitalInputDevice(
                    pin, pull_up=True, bounce_time=None, pin_factory=pin_factory
                )
                self._devices[role] = button
                button.when_activated = self._edge_handler(role, True)
                button.when_deactivated = self._edge_handler(role, False)
        except Exception:
            self._close_devices()
            raise
        self._ticker = threading.Thread(target=self._tick_loop, name=f"{name}-ticker", daemon=True)
        self._ticker.start()
        post(DeviceStatus(name, "buttons", "online", f"{len(self.pins)} buttons"))

    def probe(self) -> dict:
        return {"stand_in": self.stand_in} if self.stand_in else {}

    def poll(self) -> None:
        """Look at the clock now: settle quiet levels and report holds."""
        now = self._clock()
        with self._lock:
            for role, detector in self._detectors.items():
                self._report(role, detector.tick(now))

    def close(self) -> None:
        """Stop the ticker and release the pins. Idempotent."""
        self._closing.set()
        self._stirred.set()
        ticker = getattr(self, "_ticker", None)
        if ticker is not None and ticker.is_alive():
            ticker.join()
        self._close_devices()

    def __enter__(self) -> Buttons:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _edge_handler(self, role: str, pressed: bool) -> Callable[[], None]:
        def on_edge() -> None:  # gpiozero calls this on its own thread (or the test's)
            now = self._clock()
            with self._lock:
                self._report(role, self._detectors[role].edge(pressed, now))
            self._stirred.set()

        return on_edge

    def _report(self, role: str, press: Any) -> None:
        if press is not None:
            self._post(ButtonPressed(role, press.long, source="gpio"))

    def _tick_loop(self) -> None:
        """Every ``poll_s`` while a button is down or settling; asleep while all rest (a
        Pi's CPU is the table's: an idle ticker would spend it fifty times a second)."""
        while not self._closing.is_set():
            self._stirred.clear()
            with self._lock:
                waiting = any(detector.waiting for detector in self._detectors.values())
            if not waiting:
                self._stirred.wait()  # an edge, or close()
                continue
            if self._closing.wait(self._poll_s):
                return
            try:
                self.poll()
            except Exception as error:  # a pin driver fault: say so, keep the table going
                self._post(
                    DeviceStatus(
                        self.name,
                        "buttons",
                        "fault",
                        f"{type(error).__name__}: {error}"[:160],
                        check="check.gpio",
                    )
                )
                return

    def _close_devices(self) -> None:
        for device in self._devices.values():
            device.close()
        self._devices.clear()


class Lights:
    """The reader LED and one "your turn" LED per seat (roles in :data:`LED_ROLES`)."""

    def __init__(self, pins: Mapping[str, int], *, pin_factory: Any = None) -> None:
        self.pins = _checked(pins, LED_ROLES, "led")
        self._lock = threading.Lock()
        self._leds: dict[str, LED] = {}
        self._reader_state: str | None = None
        try:
            for role, pin in self.pins.items():
                self._leds[role] = LED(pin, pin_factory=pin_factory)
        except Exception:
            self.close()
            raise

    def show_reader(self, state: str) -> None:
        """Show a die reader state ("online", "offline", "reconnecting", "fault").
        Showing the same state again changes nothing (a blink is not restarted)."""
        if state not in READER_LIGHT:
            raise BridgeError("unknown_reader_state", state=str(state)[:16])
        with self._lock:
            led = self._leds.get("reader")
            if led is None or state == self._reader_state:
                return
            self._reader_state = state
            look = READER_LIGHT[state]
            if isinstance(look, tuple):
                led.blink(on_time=look[0], off_time=look[1])
            elif look:
                led.on()
            else:
                led.off()

    def show_turn(self, seat: int | None) -> None:
        """Light ``seat``'s LED and no other; ``None`` darkens them all."""
        with self._lock:
            for number, role in enumerate(SEAT_ROLES):
                led = self._leds.get(role)
                if led is not None:
                    (led.on if number == seat else led.off)()

    def close(self) -> None:
        """Release the pins (stops any blinking). Idempotent."""
        with self._lock:
            for led in self._leds.values():
                led.close()
            self._leds.clear()

    def __enter__(self) -> Lights:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
