"""Pixels dice over Bluetooth LE with ``bleak``: another die reader beside the serial one.

One asyncio loop on its own thread scans for dice advertising either Pixels service (the
current one or the legacy one), connects to each, subscribes to the notify characteristic
of the service it serves, asks ``WhoAreYou`` and turns ``RollState`` into the same events
as the serial reader: rolling or handling → ``DiceMoving``, rolled → ``DieRolled`` (the
face as pixels-js maps it for the die type and firmware), crooked → ``DieTilted``; set down
on a face is not a throw. A die of a type no prompt here can use (a d20, a d4, a fudge die)
is refused with the reason on the Devices panel.
A die that drops is reconnected with capped exponential backoff. Which seat a die answers
for is the table's business (the dashboard gives it; ``companion.writer.input_router``). ``bleak``
is reached only through ``client_factory`` and ``discover``, so tests pass a fake client that
speaks the published byte layouts.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from companion.writer.input_events import (
    DeviceStatus,
    DiceMoving,
    DieRolled,
    DieTilted,
    InputRefused,
)
from firmware_bridge import pixels_protocol as px
from firmware_bridge.die_reader import Backoff


def _bleak_discover(scan_s: float) -> Awaitable[list]:
    from bleak import BleakScanner

    return BleakScanner.discover(
        timeout=scan_s, service_uuids=[uuids.service for uuids in px.SERVICES]
    )


def _bleak_client(device: Any, disconnected: Callable[[Any], None]) -> Any:
    from bleak import BleakClient

    return BleakClient(device, disconnected_callback=disconnected)


def served(client: Any) -> px.Uuids:
    """The Pixels service a connected die serves: the current one, else the legacy one."""
    services = getattr(client, "services", None)
    for uuids in px.SERVICES:
        if services is not None and services.get_service(uuids.service) is not None:
            return uuids
    raise LookupError("no Pixels service on this device")


class PixelDie:
    """What the host knows of one die (pure: fed messages, returns events)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.kind: str | None = None
        self.die_type: str | None = None
        self.leds = 0
        self.build = 0
        self.battery: int | None = None
        self.charging = False
        self.state = "connecting"
        self.rolls = 0
        self.refused = 0

    def receive(self, message: Any) -> list:
        if isinstance(message, px.IAmADie):
            self.die_type, self.leds, self.build = message.die_type, message.leds, message.build
            self.kind = px.KINDS.get(message.die_type)
            self._battery(message.battery, message.battery_state)
            return []
        if isinstance(message, px.BatteryLevel):
            self._battery(message.percent, message.battery_state)
            return []
        if not isinstance(message, px.RollState):
            return []
        state = px.roll_state(message.state, self.leds, self.build)
        if state in (px.ROLLING, px.HANDLING):
            return [DiceMoving(self.name)]
        if state == px.CROOKED:
            return [DieTilted(self.kind or "d6", self.name)]
        if state != px.ROLLED:
            return []
        if self.kind is None or self.die_type is None:  # a kind is known once a die type is
            return [self._refuse(message.face_index)]
        self.rolls += 1
        face = px.face(message.face_index, self.die_type, self.build)
        return [DieRolled(((self.kind, face),), "ble", self.name)]

    def _battery(self, percent: int, state: int) -> None:
        self.battery, self.charging = percent, state in (px.CHARGING, px.DONE)

    def _refuse(self, face_index: int) -> InputRefused:
        self.refused += 1
        if self.die_type is None:
            return InputRefused(self.name, f"face index {face_index}", "ble_unknown_die")
        face = px.face(face_index, self.die_type, self.build)
        return InputRefused(self.name, f"{self.die_type} {face}", "ble_die_type")

    @property
    def unusable(self) -> str | None:
        """Why no prompt here can use this die (a catalog key), or ``None``."""
        return "ble_die_type" if self.die_type is not None and self.kind is None else None

    def figures(self) -> dict:
        return {
            "state": self.state,
            "kind": self.kind,
            "die_type": self.die_type,
            "unusable": self.unusable,
            "battery": self.battery,
            "charging": self.charging,
            "rolls": self.rolls,
            "refused": self.refused,
        }


class PixelsDice:
    """Every Pixels die in range, kept connected. ``close()`` stops the loop."""

    def __init__(
        self,
        post: Callable[[Any], None],
        *,
        scan_s: float = 5.0,
        backoff_min_s: float = 1.0,
        backoff_max_s: float = 30.0,
        discover: Callable[[float], Awaitable[list]] = _bleak_discover,
        client_factory: Callable[[Any, Callable], Any] = _bleak_client,
        name: str = "ble-dice",
    ) -> None:
        self.name = name
        self._post, self._scan_s = post, scan_s
        self._discover, self._client_factory = discover, client_factory
        self._backoff = (backoff_min_s, backoff_max_s)
        self.dice: dict[str, PixelDie] = {}
        self._tasks: dict[str, asyncio.Task] = {}
        self._lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._stopping = asyncio.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def probe(self) -> dict:
        with self._lock:
            return {"dice": {name: die.figures() for name, die in self.dice.items()}}

    # -- the loop ------------------------------------------------------------------------
    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main())
        self._loop.close()

    async def _main(self) -> None:
        backoff = Backoff(*self._backoff)
        state = None
        while not self._stopping.is_set():
            try:
                found = await self._discover(self._scan_s)
                backoff.reset()
                if state != "online":
                    state = "online"
                    self._post(DeviceStatus(self.name, "ble_dice", "online", "scanning"))
            except Exception as error:  # adapter off, BlueZ missing: say so, try again
                state = "fault"
                self._post(
                    DeviceStatus(
                        self.name,
                        "ble_dice",
                        "fault",
                        f"{type(error).__name__}: {error}"[:160],
                        check="check.ble_dice",
                    )
                )
                found = []
                await self._sleep(backoff.next())
            for device in found:
                key = getattr(device, "address", str(device))
                if key not in self._tasks or self._tasks[key].done():
                    self._tasks[key] = asyncio.ensure_future(self._keep(device, key))
            await self._sleep(self._scan_s)
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def _sleep(self, seconds: float) -> None:
        try:
            await asyncio.wait_for(self._stopping.wait(), seconds)
        except TimeoutError:
            pass

    async def _keep(self, device: Any, key: str) -> None:
        """Stay connected to one die: connect, listen, and after a drop try again later."""
        name = f"pixel-{getattr(device, 'name', None) or key}"
        with self._lock:
            die = self.dice.setdefault(name, PixelDie(name))
        backoff = Backoff(*self._backoff)
        while not self._stopping.is_set():
            dropped = asyncio.Event()
            client = self._client_factory(
                device, lambda _c, dropped=dropped: self._loop.call_soon_threadsafe(dropped.set)
            )
            try:
                await client.connect()
                uuids = served(client)
                await client.start_notify(uuids.notify, lambda _ch, data: self._heard(die, data))
                await client.write_gatt_char(uuids.write, px.who_are_you(), response=False)
                self._set(die, "online")
                backoff.reset()
                await self._until(dropped)
            except Exception:
                pass  # out of range, switched off, asleep: the backoff decides when again
            finally:
                try:
                    await client.disconnect()
                except Exception:
                    pass
            if self._stopping.is_set():
                return
            self._set(die, "reconnecting")
            await self._sleep(backoff.next())

    async def _until(self, dropped: asyncio.Event) -> None:
        waiters = [
            asyncio.ensure_future(dropped.wait()),
            asyncio.ensure_future(self._stopping.wait()),
        ]
        try:
            await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiter in waiters:
                waiter.cancel()
            await asyncio.gather(*waiters, return_exceptions=True)

    def _heard(self, die: PixelDie, data: bytes) -> None:
        with self._lock:
            events = die.receive(px.parse(bytes(data)))
        for event in events:
            self._post(event)

    def _set(self, die: PixelDie, state: str) -> None:
        with self._lock:
            die.state = state
        self._post(DeviceStatus(die.name, "ble_die", state, die.kind or "Pixels"))

    def close(self) -> None:
        try:
            self._loop.call_soon_threadsafe(self._stopping.set)
        except RuntimeError:
            pass  # the loop has already finished
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    def __enter__(self) -> PixelsDice:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
