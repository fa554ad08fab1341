"""Past games on the home page: newest first, with their date, players and winner; a game
can be archived (kept, listed apart) or deleted (forgotten) by its own tablet."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.errors import Forbidden
from companion.play.table import Table, Viewer
from companion.rules.errors import RuleError

if TYPE_CHECKING:
    from companion.writer.service import Service  # the home page's service: for types only

ARCHIVED = "archived:{}"


def history(service: Service, may_manage: Callable[[str], bool]) -> list[dict]:
    """Every table, newest first, as the home page lists it (read on the writer thread, so
    a game that ended a moment ago is listed as ended)."""

    def task() -> list[dict]:
        rows = [_row(service, table, may_manage(tid)) for tid, table in service.tables.items()]
        return sorted(rows, key=lambda row: row["created"], reverse=True)

    return service.call(task)


def _row(service: Service, table: Table, manage: bool) -> dict:
    standings = table.standings() or []
    winners = [row["seat"] for row in standings if row["place"] == 1]
    return {
        "id": table.id,
        "game": table.record.game,
        "players": table.record.players,
        "created": table.record.created,
        "ended": table.ended,
        "winners": [table.record.players[seat] for seat in winners],
        "archived": service.journal.setting(ARCHIVED.format(table.id)) == "1",
        "manage": manage,
    }


def archive(service: Service, table_id: str, viewer: Viewer, archived: Any) -> None:
    if not isinstance(archived, bool):
        raise RuleError("bad_param", name="archived")

    def task() -> None:
        service.table(table_id)
        _owner_only(viewer)
        service.journal.set_setting(ARCHIVED.format(table_id), "1" if archived else "0")
        service.hub.publish("archived", {"archived": archived}, table_id)  # its pages say so

    service.call(task)


def delete(service: Service, table_id: str, viewer: Viewer) -> None:
    def task() -> None:
        service.table(table_id)
        _owner_only(viewer)
        service.journal.delete_table(table_id)
        service.tables.pop(table_id, None)
        if service.active_table_id() == table_id:
            service.steering.forget_active()
        # its open pages stop, and say why
        service.hub.publish("revoked", {"reason": "deleted"}, table_id)

    service.call(task)


def _owner_only(viewer: Viewer) -> None:
    if not viewer.admin:
        raise Forbidden("history_needs_tablet")
