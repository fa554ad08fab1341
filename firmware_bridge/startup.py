"""Starting the devices so that none of them can stop the companion.

Each device is started on its own: one that cannot start (a pin factory that is not
installed, a pin map with a clash, a missing SPI bus, a Bluetooth adapter that is off) is
reported as ``DeviceStatus(state="fault")`` with the reason and a ``check.<name>`` catalog
key saying what to look at, and everything else starts as usual. The pin map is checked
first (:func:`~firmware_bridge.pins.check_pin_map`); the roles on a wrong line are left out,
the others work. ``start`` is called by the composition root (``companion/app/cli.py``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.writer.input_events import DeviceStatus
from firmware_bridge.pins import check_pin_map, known_roles, pin_factory_named

if TYPE_CHECKING:  # started only when configured: imported where each is started
    from firmware_bridge.die_reader import DieReader
    from firmware_bridge.session import Frames
    from firmware_bridge.simulator import DieReaderSimulator

log = logging.getLogger(__name__)


@dataclass
class Hookup:
    """What the devices are handed: ``post`` (enqueue an event), ``probe(name, fn)`` (live
    figures for /api/health), the reader's frame ``memory`` and ``handle_now`` (an event
    handled on the calling thread when the writer is free, else posted: for the die
    reader's own thread; ``post`` if not given). (The tablet's virtual dice are drawn from
    the table's seed, not thrown by the simulator.)"""

    post: Callable[[Any], None]
    probe: Callable[[str, Callable[[], dict]], None]
    memory: Frames | None = None
    made: dict = field(default_factory=dict)
    handle_now: Callable[[Any], None] | None = None

    def at_once(self) -> Callable[[Any], None]:
        """``handle_now``, or ``post`` when none was given."""
        return self.handle_now or self.post


def reason(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"[:160]


def guarded(hookup: Hookup, name: str, kind: str, check: str, start: Callable[[], Any]) -> Any:
    """Start one device; on any failure report it faulted and return ``None``."""
    try:
        device = start()
    except Exception as error:  # whatever a driver raises, the table keeps going
        log.warning("%s could not start: %s", name, reason(error))
        hookup.post(DeviceStatus(name, kind, "fault", reason(error), check=check))
        return None
    if device is not None:
        hookup.made[name] = device
    return device


def start(
    config: Any,
    hookup: Hookup,
    stack: ExitStack,
    sim: bool,
    data_dir: Path,
    sim_dice: tuple[str, ...],
) -> dict:
    """Open every configured device; return the ones that started, by name."""
    if config.problems:  # the lines of the config that were left out, shown as a fault
        detail = "; ".join(str(problem) for problem in config.problems)
        log.warning("config: %s", detail)
        hookup.post(DeviceStatus("config", "config", "fault", detail[:600], check="check.config"))
    url = config.die_reader.url
    if sim or not url:
        # the folder resolved, not the link: the link is the last run's pty
        link = data_dir.resolve() / "die-reader"
        url = str(link)
        guarded(
            hookup,
            "simulator",
            "die_reader",
            "check.die_reader",
            lambda: start_simulator(hookup, stack, link, sim_dice),
        )
    guarded(
        hookup,
        "die-reader",
        "die_reader",
        "check.die_reader",
        lambda: start_reader(config, hookup, stack, url, sim or not config.die_reader.url),
    )
    gpio = config.buttons
    if gpio.enabled:
        start_gpio(config, hookup, stack)
    if config.card_reader.enabled:
        from firmware_bridge.card_reader import CardReader, open_mfrc522

        card = config.card_reader
        guarded(
            hookup,
            "card-reader",
            "card_reader",
            "check.card_reader",
            lambda: stack.enter_context(
                CardReader(
                    hookup.post,
                    open_rfid=lambda: open_mfrc522(card.bus, card.device, card.rst, card.irq),
                    poll_s=card.poll_s,
                )
            ),
        )
    if config.ble_dice.enabled:
        from firmware_bridge.pixels import PixelsDice

        ble = config.ble_dice
        guarded(
            hookup,
            "ble-dice",
            "ble_dice",
            "check.ble_dice",
            lambda: stack.enter_context(
                PixelsDice(
                    hookup.post,
                    scan_s=ble.scan_s,
                    backoff_min_s=ble.backoff_min_s,
                    backoff_max_s=ble.backoff_max_s,
                )
            ),
        )
    for name, device in hookup.made.items():
        if hasattr(device, "probe"):
            hookup.probe(name, device.probe)
    return hookup.made


def start_simulator(
    hookup: Hookup, stack: ExitStack, link: Path, dice: tuple[str, ...]
) -> DieReaderSimulator:
    from firmware_bridge.simulator import DieReaderSimulator

    return stack.enter_context(DieReaderSimulator(link, dice=dice))


def start_reader(
    config: Any, hookup: Hookup, stack: ExitStack, url: str, simulated: bool
) -> DieReader:
    from firmware_bridge.die_reader import DieReader

    reader = config.die_reader
    return stack.enter_context(
        DieReader(
            url,
            hookup.at_once(),
            heartbeat_timeout_s=reader.heartbeat_timeout_s,
            backoff_min_s=reader.backoff_min_s,
            backoff_max_s=reader.backoff_max_s,
            wait_for_confirm=reader.confirm_rolls,
            memory=hookup.memory,
            stand_in="simulated" if simulated else "",
        )
    )


def start_gpio(config: Any, hookup: Hookup, stack: ExitStack) -> None:
    """Buttons and LEDs: the pin map checked first, the wrong lines left out and named."""
    from firmware_bridge.buttons import BUTTON_ROLES, LED_ROLES, Buttons, Lights

    gpio, card = config.buttons, config.card_reader
    claimed = {"card_reader.rst": card.rst, "card_reader.irq": card.irq} if card.enabled else {}
    written, problems = known_roles(
        {"buttons.pins": gpio.pins, "buttons.leds": gpio.leds},
        {"buttons.pins": BUTTON_ROLES, "buttons.leds": LED_ROLES},
    )
    problems += check_pin_map(written, vars(config.buses), claimed)
    wrong = {(p.section, p.role) for p in problems}
    pins = {r: p for r, p in written["buttons.pins"].items() if ("buttons.pins", r) not in wrong}
    leds = {r: p for r, p in written["buttons.leds"].items() if ("buttons.leds", r) not in wrong}
    factory = guarded(
        hookup, "gpio", "buttons", "check.pin_factory", lambda: pin_factory_named(gpio.pin_factory)
    )
    if factory is None:
        return
    hookup.made.pop("gpio")
    mock = gpio.pin_factory == "mock"
    buttons = guarded(
        hookup,
        "buttons",
        "buttons",
        "check.gpio",
        lambda: stack.enter_context(
            Buttons(
                pins,
                hookup.post,
                pin_factory=factory,
                hold_s=gpio.hold_s,
                bounce_s=gpio.bounce_s,
                stand_in="mock" if mock else "",
            )
        ),
    )
    lights = guarded(
        hookup,
        "lights",
        "lights",
        "check.gpio",
        lambda: stack.enter_context(Lights(leds, pin_factory=factory)),
    )
    if lights is not None:
        hookup.post(DeviceStatus("lights", "lights", "online", f"{len(leds)} LEDs"))
        if mock:
            hookup.probe("lights", lambda: {"stand_in": "mock"})
    if problems:
        detail = "; ".join(f"{config.where(f'{p.section}.{p.role}')}: {p}" for p in problems)
        log.warning("pin map: %s", detail)
        hookup.post(DeviceStatus("pin-map", "buttons", "fault", detail, check="check.pin_map"))
    del buttons
