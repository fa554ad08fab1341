"""The service's side of the devices: their states and live figures for ``/api/health``,
rolls the router refused, dice given to seats, receipts of die-reader frames, events for
one seat's devices. A part of :class:`companion.writer.service.Service` (``service.devices``);
these run on the writer thread (or are handed to the input router through the service,
``companion.writer.input_router.Desk``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from companion.errors import Forbidden
from companion.play.table import Table, Viewer, find
from companion.rules.base import RuleError
from companion.storage.journal import Journal
from companion.writer.hub import Hub


class Devices:
    def __init__(
        self,
        journal: Journal,
        hub: Hub,
        tables: dict[str, Table],
        call: Callable[[Callable[[], Any]], Any],
        active_table_id: Callable[[], str | None],
    ) -> None:
        """``tables``: the service's own (shared, never copied); ``call``: run as the
        writer; ``active_table_id``: the table the hardware feeds (``Steering``)."""
        self.journal = journal
        self.hub = hub
        self.tables = tables
        self.call = call
        self.active_table_id = active_table_id
        self.states: dict[str, dict] = {}  # each device's last status, by name
        self.probes: dict[str, Callable[[], dict]] = {}  # live device figures, for health
        self.refusals: dict[str, dict] = {}  # per device: rolls refused, and the last one
        # the die reader frame the change being made answers (set for one writer turn by
        # frame_receipt; the service hands it to Journal.append with the change's entry)
        self.answering: tuple[str, str, int] | None = None

    def publish_to_seat(self, kind: str, data: dict, table_id: str, seat: int) -> None:
        """A transient event for ``seat``'s own devices only (never the tablet's view)."""
        self.hub.publish(
            kind, data, table_id, only=lambda viewer: viewer.seat == seat and not viewer.admin
        )

    def set_device(self, name: str, status: dict) -> None:
        self.states[name] = {**status, **self._refusals_of(name)}
        # the same figures as /api/health (with each device's probe: mock pins say so), so
        # a page never shows a stand-in "online" between two polls
        self.hub.publish("devices", {"devices": self.figures()})

    # -- devices: what the input router and the composition root are handed -------------
    @contextmanager
    def frame_receipt(self, receipt: tuple[str, str, int] | None) -> Iterator[None]:
        """Actions appended inside the block (one writer turn) record the die reader frame
        they answer, in the same transaction."""
        self.answering = receipt
        try:
            yield
        finally:
            self.answering = None

    def roll_refused(self, device: str, what: str, code: str) -> None:
        """A roll (or frame) from ``device`` that the host could not use: counted, and the
        last one kept, for the Devices panel and ``/api/health``."""
        count = self.refusals.get(device, {}).get("refused", 0) + 1
        self.refusals[device] = {
            "refused": count,
            "last_refused": {"what": what[:120], "code": code},
        }
        if device in self.states:
            self.set_device(device, self.states[device])

    def _refusals_of(self, name: str) -> dict:
        return self.refusals.get(name, {"refused": 0, "last_refused": None})

    def die_seat(self, device: str) -> int | None:
        """The seat a die (a Bluetooth die, by device name) was given to, or None: the
        table's. Kept per table, so a die given at one table does not bind another."""
        owners = self.die_owners(self.active_table_id())
        return owners.get(device) if device else None

    def die_owners(self, table_id: str | None) -> dict:
        if not table_id:
            return {}
        return json.loads(self.journal.setting(f"die_owners:{table_id}") or "{}")

    def give_die(self, table_id: str, device: Any, seat: Any, viewer: Viewer) -> dict:
        """The dashboard gives a die to a seat (``seat`` an int) or to the table (None)."""

        def task() -> dict:
            table = find(self.tables, table_id)
            if not viewer.admin:
                raise Forbidden("needs_token")
            if not isinstance(device, str) or not 0 < len(device) <= 64:
                raise RuleError("bad_device")
            if seat is not None and (
                not isinstance(seat, int)
                or isinstance(seat, bool)
                or seat not in range(len(table.record.players))
            ):
                raise RuleError("bad_seat")
            owners = self.die_owners(table_id)
            if seat is None:
                owners.pop(device, None)
            else:
                owners[device] = seat
            self.journal.set_setting(f"die_owners:{table_id}", json.dumps(owners))
            self.hub.publish("die_owners", {"owners": owners}, table_id)
            return owners

        return self.call(task)

    def add_probe(self, name: str, probe: Callable[[], dict]) -> None:
        """``probe()`` gives a device's live figures (counters as they are now, when it was
        last heard); ``/api/health`` asks it every time, so no counter waits for a change
        of state to be seen."""
        self.probes[name] = probe

    def figures(self) -> dict:
        """Every device's state, live figures and refusals, for ``/api/health``."""
        out = {}
        for name in {**self.states, **self.probes}:
            status = self.states.get(name, {})
            live = {}
            probe = self.probes.get(name)
            if probe is not None:
                try:
                    live = probe()
                except Exception as error:  # a broken probe must not break health
                    live = {"probe_error": f"{type(error).__name__}"}
            out[name] = {**status, **live, **self._refusals_of(name)}
        return out
