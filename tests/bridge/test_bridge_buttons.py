"""GPIO buttons and LEDs on gpiozero's MockFactory (pull-up wiring: pressed = driven low)."""

from __future__ import annotations

import time
import tomllib
from pathlib import Path

import pytest

from companion.writer.input_events import ButtonPressed, DeviceStatus
from firmware_bridge.buttons import BUTTON_ROLES, LED_ROLES, Buttons, Lights
from firmware_bridge.errors import BridgeError

PINMAP = Path(__file__).resolve().parents[2] / "hardware" / "pinmap.toml"
PINS = dict(zip(BUTTON_ROLES, [5, 6, 13, 19, 26, 16, 20, 21, 12, 7, 4]))
LEDS = dict(zip(LED_ROLES, [17, 18, 27, 22, 23, 24, 25]))


@pytest.fixture
def buttons(pin_factory, clock, events):
    # poll_s is long: the test calls poll() itself, so holds are seen exactly when it says
    with Buttons(PINS, events, pin_factory=pin_factory, clock=clock, poll_s=60.0) as device:
        yield device


def press(pin_factory, clock, buttons, pin, held_s, bounce=()):
    """Press and release ``pin``; ``bounce`` is a list of gaps (s) of extra chatter."""
    mock = pin_factory.pin(pin)
    mock.drive_low()
    for gap in bounce:  # contact chatter on the way down
        clock.advance(gap)
        mock.drive_high()
        clock.advance(gap)
        mock.drive_low()
    clock.advance(held_s)
    buttons.poll()
    mock.drive_high()
    for gap in bounce:  # and on the way up
        clock.advance(gap)
        mock.drive_low()
        clock.advance(gap)
        mock.drive_high()
    clock.advance(0.1)
    buttons.poll()


def presses(events):
    return events.all(ButtonPressed)


def test_it_says_it_is_online(buttons, events):
    assert events.all(DeviceStatus) == [DeviceStatus("buttons", "buttons", "online", "11 buttons")]


@pytest.mark.parametrize("role", BUTTON_ROLES)
def test_every_role_gives_a_short_press(buttons, pin_factory, clock, events, role):
    press(pin_factory, clock, buttons, PINS[role], held_s=0.2)
    assert presses(events) == [ButtonPressed(role, long=False)]


@pytest.mark.parametrize("role", BUTTON_ROLES)
def test_every_role_survives_contact_bounce(buttons, pin_factory, clock, events, role):
    press(pin_factory, clock, buttons, PINS[role], held_s=0.2, bounce=[0.002, 0.004, 0.001])
    assert presses(events) == [ButtonPressed(role, long=False)]


def test_holding_undo_is_a_long_press_reported_while_still_held(
    buttons, pin_factory, clock, events
):
    undo = pin_factory.pin(PINS["undo"])
    undo.drive_low()
    clock.advance(1.0)
    buttons.poll()
    assert presses(events) == []
    clock.advance(0.6)
    buttons.poll()
    assert presses(events) == [ButtonPressed("undo", long=True)]
    undo.drive_high()
    clock.advance(0.1)
    buttons.poll()
    assert presses(events) == [ButtonPressed("undo", long=True)]  # not also a short one


def test_a_glitch_is_not_a_press(buttons, pin_factory, clock, events):
    pin = pin_factory.pin(PINS["confirm"])
    pin.drive_low()
    clock.advance(0.01)
    pin.drive_high()
    clock.advance(1.0)
    buttons.poll()
    assert presses(events) == []


def test_typing_a_five_dice_throw(buttons, pin_factory, clock, events):
    for face in (3, 0, 5, 5, 1):
        press(pin_factory, clock, buttons, PINS[f"digit{face}"], held_s=0.15)
    press(pin_factory, clock, buttons, PINS["confirm"], held_s=0.15)
    assert [p.role for p in presses(events)] == [
        "digit3",
        "digit0",
        "digit5",
        "digit5",
        "digit1",
        "confirm",
    ]


def test_the_ticker_thread_reports_holds_by_itself(pin_factory, clock, events, wait):
    with Buttons({"undo": 7}, events, pin_factory=pin_factory, clock=clock, poll_s=0.002):
        pin_factory.pin(7).drive_low()
        clock.advance(2.0)
        wait(lambda: presses(events), what="a long press")
    assert presses(events) == [ButtonPressed("undo", long=True)]


def test_the_ticker_sleeps_while_every_button_rests(pin_factory, clock, events, wait):
    """A Pi's CPU is the table's: with no button down the ticker wakes for nothing (before,
    it looked at the clock every ``poll_s``: 500 times in a second here)."""
    with Buttons({"undo": 7}, events, pin_factory=pin_factory, clock=clock, poll_s=0.002) as b:
        looked = []
        real_poll = b.poll
        b.poll = lambda: (looked.append(1), real_poll())[-1]  # type: ignore[method-assign]
        time.sleep(0.2)
        assert looked == []
        pin_factory.pin(7).drive_low()  # down: it looks again, and sees the hold
        clock.advance(2.0)
        wait(lambda: presses(events), what="a long press")
        pin_factory.pin(7).drive_high()
        clock.advance(0.1)
        wait(lambda: not b._stirred.is_set() and len(looked) > 0, what="the ticker asleep")
        asleep = len(looked)
        time.sleep(0.2)
        assert len(looked) <= asleep + 1
    assert presses(events) == [ButtonPressed("undo", long=True)]


@pytest.mark.parametrize(
    "pins, code",
    [
        ({"dgit1": 5}, "unknown_pin_role"),
        ({"digit1": 5, "digit2": 5}, "pin_used_twice"),
        ({"digit1": 40}, "bad_pin"),
        ({"digit1": "5"}, "bad_pin"),
    ],
)
def test_a_bad_pin_map_is_refused(pin_factory, events, pins, code):
    with pytest.raises(BridgeError) as caught:
        Buttons(pins, events, pin_factory=pin_factory)
    assert caught.value.code == code


def test_close_is_idempotent_and_frees_the_pins(pin_factory, events):
    device = Buttons({"roll": 4}, events, pin_factory=pin_factory)
    device.close()
    device.close()
    with Buttons({"roll": 4}, events, pin_factory=pin_factory):
        pass  # the pin is free again


# -- LEDs --------------------------------------------------------------------------------
@pytest.fixture
def lights(pin_factory):
    with Lights(LEDS, pin_factory=pin_factory) as device:
        yield device


def lit(pin_factory, role):
    return pin_factory.pin(LEDS[role]).state


def test_show_turn_lights_one_seat(lights, pin_factory):
    lights.show_turn(3)
    assert [lit(pin_factory, f"seat{n}") for n in range(6)] == [0, 0, 0, 1, 0, 0]
    lights.show_turn(0)
    assert [lit(pin_factory, f"seat{n}") for n in range(6)] == [1, 0, 0, 0, 0, 0]
    lights.show_turn(None)
    assert not any(lit(pin_factory, f"seat{n}") for n in range(6))


def test_show_reader_steady_dark_and_blinking(lights, pin_factory, wait):
    lights.show_reader("online")
    assert lit(pin_factory, "reader")
    lights.show_reader("offline")
    assert not lit(pin_factory, "reader")
    pin = pin_factory.pin(LEDS["reader"])
    pin.clear_states()
    lights.show_reader("fault")  # blinks 0.1 s on, 0.1 s off
    wait(lambda: {s.state for s in pin.states} >= {True, False}, what="blinking")
    lights.show_reader("fault")  # shown again (the cli polls): the blink goes on
    pin.clear_states()
    wait(lambda: {s.state for s in pin.states} >= {True, False}, what="still blinking")
    lights.show_reader("online")
    assert lit(pin_factory, "reader")
    with pytest.raises(BridgeError):
        lights.show_reader("sleepy")


def test_lights_need_not_have_every_role(pin_factory):
    with Lights({"seat0": 18}, pin_factory=pin_factory) as lights:
        lights.show_reader("online")  # no reader LED wired: nothing to do
        lights.show_turn(4)  # no LED for seat 4: all dark
        assert not pin_factory.pin(18).state


# -- the shipped pin map -----------------------------------------------------------------
def test_the_shipped_pin_map_builds_on_mock_pins(pin_factory, events):
    gpio = tomllib.loads(PINMAP.read_text(encoding="utf-8"))["buttons"]
    assert set(gpio["pins"]) == set(BUTTON_ROLES) and set(gpio["leds"]) == set(LED_ROLES)
    assert not set(gpio["pins"].values()) & set(gpio["leds"].values())
    # kept free: HAT EEPROM, I2C, SPI0 (CE1 too) and the card reader's RST (the UART is off)
    used = set(gpio["pins"].values()) | set(gpio["leds"].values())
    assert not used & {0, 1, 2, 3, 7, 8, 9, 10, 11, 25}
    with (
        Buttons(
            gpio["pins"],
            events,
            pin_factory=pin_factory,
            hold_s=gpio["hold_s"],
            bounce_s=gpio["bounce_s"],
        ),
        Lights(gpio["leds"], pin_factory=pin_factory),
    ):
        pass
