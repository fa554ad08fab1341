"""The card catalogue's requests, on the writer thread: what an action taught, learnt after
its commit; the tablet's export, import, edit, delete and history, and a seat's export
(``companion.storage.card_catalogue`` keeps and checks the catalogue itself)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from companion.errors import Forbidden, NotFound
from companion.play.table import Table, Viewer
from companion.storage.card_catalogue import delete, edit, export, import_file, kept_by, learn
from companion.storage.journal import CatalogueChange, Journal, JournalError


class Writer(Protocol):
    """What the tablet's and the seats' catalogue requests use of the service (a
    :class:`companion.writer.service.Service`): its writer, its journal and its tables."""

    @property
    def journal(self) -> Journal: ...

    def call(self, task: Callable[[], Any]) -> Any: ...

    def table(self, table_id: str) -> Table: ...


def learned(table: Any, journal: Journal, action: dict) -> None:
    """After a commit: keep what ``action`` taught. The catalogue is a cache of card facts,
    not game state: a storage fault here loses the lesson, never the action."""
    seat = action.get("seat")
    players = table.record.players
    by = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None
    try:
        learn(
            table.game,
            journal,
            table.record.game,
            table.state,
            action,
            CatalogueChange("learned", table.record.id, by),
        )
    except JournalError:
        pass


def export_for(service: Writer, table_id: str, viewer: Viewer) -> dict:
    """The catalogue of ``table_id``'s game, for the tablet or a seat of that table."""
    return service.call(
        lambda: export(_table(service, table_id, viewer).record.game, service.journal)
    )


def import_for(service: Writer, table_id: str, data: Any, viewer: Viewer) -> dict:
    """Keep an imported file (the tablet of that table only)."""

    def task() -> dict:
        table = _tablet(service, table_id, viewer)
        return import_file(table.game, table.record.game, service.journal, data, table_id)

    return service.call(task)


def edit_for(service: Writer, table_id: str, key: Any, entry: Any, viewer: Viewer) -> dict:
    """Fix one entry from the tablet's editor (that table's tablet only)."""

    def task() -> dict:
        table = _tablet(service, table_id, viewer)
        return edit(table.game, table.record.game, service.journal, key, entry, table_id)

    return service.call(task)


def delete_for(service: Writer, table_id: str, key: Any, viewer: Viewer) -> dict:
    """Delete one entry from the tablet's editor (that table's tablet only)."""

    def task() -> dict:
        table = _tablet(service, table_id, viewer)
        return delete(table.record.game, service.journal, key, table_id)

    return service.call(task)


def history_for(service: Writer, table_id: str, viewer: Viewer) -> dict:
    """The catalogue's history, for the tablet (it names the tables that changed it)."""

    def task() -> dict:
        table = _tablet(service, table_id, viewer)
        return {"history": service.journal.catalogue_history(table.record.game)}

    return service.call(task)


def _tablet(service: Writer, table_id: str, viewer: Viewer) -> Table:
    table = _table(service, table_id, viewer)
    if not viewer.admin:
        raise Forbidden("catalogue_tablet_only")
    return table


def _table(service: Writer, table_id: str, viewer: Viewer) -> Table:
    table = service.table(table_id)
    if not kept_by(table.game):
        raise NotFound("no_catalogue")
    if not viewer.admin and viewer.seat is None:
        raise Forbidden("needs_token")
    return table
