"""Debounce and short/long press: a pure state machine over edge times.

gpiozero (or a ``BTN`` line) delivers raw edges; this decides what they mean. A level counts
once it has held for ``bounce_s`` (so contact bounce and glitches shorter than that are
ignored). A press held ``hold_s`` is a long press, reported as soon as :meth:`tick` sees it
(or at release, if no tick came in between); a long press is never also a short press.
Times are plain floats from an injected clock, so tests feed edge sequences directly.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Press:
    """One recognised press of a button."""

    long: bool


class PressDetector:
    """One button's debounce and press-length state (docs/hardware.md)."""

    def __init__(self, hold_s: float = 1.5, bounce_s: float = 0.03) -> None:
        if hold_s <= bounce_s or bounce_s < 0:
            raise ValueError("need 0 <= bounce_s < hold_s")
        self.hold_s = hold_s
        self.bounce_s = bounce_s
        self._raw = False  # the level the last edge left
        self._raw_since = 0.0
        self._pressed = False  # the debounced level
        self._pressed_at = 0.0
        self._long_sent = False

    @property
    def pressed(self) -> bool:
        """The debounced level: whether the button counts as held down."""
        return self._pressed

    @property
    def waiting(self) -> bool:
        """Whether only time can change what it says next: a level still settling, or a
        press that may yet become long. At rest, nothing but an edge can."""
        return self._raw != self._pressed or (self._pressed and not self._long_sent)

    def edge(self, pressed: bool, at: float) -> Press | None:
        """A raw edge at time ``at``: ``pressed`` is the new level."""
        settled = self._settle(at)
        if pressed != self._raw:
            self._raw, self._raw_since = pressed, at
        return settled or self._settle(at)

    def tick(self, at: float) -> Press | None:
        """Time passed with no edge: settle a level that held, or notice a hold."""
        settled = self._settle(at)
        if settled is not None:
            return settled
        if self._pressed and not self._long_sent and at - self._pressed_at >= self.hold_s:
            self._long_sent = True
            return Press(long=True)
        return None

    def release(self) -> None:
        """Forget a held button without reporting it (its device went away)."""
        self._raw = self._pressed = self._long_sent = False

    def _settle(self, at: float) -> Press | None:
        if self._raw == self._pressed or at - self._raw_since < self.bounce_s:
            return None
        self._pressed = self._raw
        if self._pressed:
            self._pressed_at, self._long_sent = self._raw_since, False
            return None
        if self._long_sent:
            return None
        return Press(long=self._raw_since - self._pressed_at >= self.hold_s)
