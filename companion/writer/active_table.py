"""Which table the hardware feeds (the *active* table: the die reader, the keypad, the
buttons, the card reader and the Bluetooth dice), and who may move it. A part of
:class:`companion.writer.service.Service` (``service.steering``); these run on the writer thread.

The tablet steers: the hardware moves to another table only for a request that carries the
credential of the tablet of the table it feeds now, or once that tablet has tapped to give
it (the other table asks, the tablet sees who asks and gives). With no active table (none
made yet, or the one it fed was deleted) the first table to ask, or a new table, takes it.
So a phone or a stranger on the Wi-Fi can make a table of their own, but never take the
dice of the game being played. Every open screen is told where the hardware goes (an
``active`` event).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.access.viewer import Asker, Viewer
from companion.errors import Conflict, Forbidden
from companion.play.table import Table, find
from companion.storage.journal import Journal
from companion.writer.hub import Hub

# The credentials a request carries for a table, by the table's id (the tablet of one table
# may hold the admin cookies of several).
Holds = Callable[[str], Asker]


class Steering:
    def __init__(
        self,
        journal: Journal,
        hub: Hub,
        tables: dict[str, Table],
        who: Callable[[str, Asker], Viewer],
        call: Callable[[Callable[[], Any]], Any],
    ) -> None:
        """``tables``: the service's own (shared, never copied); ``who``: whose the
        credentials a request carries are (``Seats.who``); ``call``: run as the writer."""
        self.journal = journal
        self.hub = hub
        self.tables = tables
        self.who = who
        self.call = call
        self._active: str | None = journal.setting("active_table")
        # the tables that asked the active table's tablet for the hardware: id -> who asked
        self.hardware_asks: dict[str, dict] = {}

    def active_table_id(self) -> str | None:
        """The table hardware input goes to (kept in memory: asked on every die)."""
        return self._active

    def forget_active(self) -> None:
        """The active table was deleted: hardware input goes nowhere until one is chosen."""
        self.journal.set_setting("active_table", "")
        self._active = None
        self.hardware_asks.clear()
        self.hub.publish("active", {"table": None, "game": None})

    def steers(self, holds: Holds) -> bool:
        """The hardware is free (no active table), or this request carries the credential
        of the tablet of the table it feeds. Writer thread only."""
        active = self._active
        if not active or active not in self.tables:
            return True
        return self.who(active, holds(active)).admin

    def take_hardware(self, table_id: str) -> None:
        self.journal.set_setting("active_table", table_id)
        self._active = table_id
        self.hardware_asks.clear()
        self.hub.publish("active", {"table": table_id, "game": self.tables[table_id].record.game})

    def set_active(self, table_id: str, holds: Holds) -> dict:
        """The tablet of ``table_id`` asks for the hardware: ``{"active": id}`` if it moved
        (or was there), else ``{"asked": active}``: the active table's tablet is shown the
        ask (a ``hardware_asked`` event to its tablet only) and gives it with
        :meth:`give_hardware`."""

        def task() -> dict:
            table = find(self.tables, table_id)
            if not self.who(table_id, holds(table_id)).admin:
                raise Forbidden("needs_token")
            if self._active == table_id:
                return {"active": table_id}
            if self.steers(holds):
                self.take_hardware(table_id)
                return {"active": table_id}
            active = self._active
            ask = {"table": table_id, "game": table.record.game, "players": table.record.players}
            self.hardware_asks[table_id] = ask
            self.hub.publish("hardware_asked", ask, active, only=lambda viewer: viewer.admin)
            return {"asked": active}

        return self.call(task)

    def give_hardware(self, table_id: str, to: object, viewer: Viewer) -> dict:
        """The tablet of the active table ``table_id`` gives the hardware to ``to``, a table
        that asked for it (:meth:`set_active`)."""

        def task() -> dict:
            find(self.tables, table_id)
            if not viewer.admin:
                raise Forbidden("hardware_needs_tablet")
            if self._active != table_id:
                raise Conflict("hardware_not_here")
            if not isinstance(to, str) or to not in self.hardware_asks or to not in self.tables:
                raise Conflict("hardware_not_asked")
            self.take_hardware(to)
            return {"active": to}

        return self.call(task)

    def hardware_asked(self, table_id: str, viewer: Viewer) -> list[dict]:
        """The asks waiting for the tablet of the active table ``table_id`` (its page reads
        them when it opens; an ask made while it was closed is not lost)."""

        def task() -> list[dict]:
            find(self.tables, table_id)
            if not viewer.admin or self._active != table_id:
                return []
            return list(self.hardware_asks.values())

        return self.call(task)
