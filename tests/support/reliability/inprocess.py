"""The companion in-process: a service on a real SQLite file and a Flask app around it, with
the config a reliability test asks for, plus the fingerprint of what a request may change."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from companion.app.config import load
from companion.play.table import Viewer
from companion.storage.journal import Journal
from companion.writer.service import Service
from tests.support.reliability.recovery import plain
from tests.support.web.clients import Device
from web import create_app

FAST_STREAMS = {"heartbeat_s": 0.01, "max_age_s": 3600.0}


@contextmanager
def companion_app(folder: Path, clock=None, memory: bool = False, **sections):
    """``(service, app)`` on ``folder/companion.sqlite`` (or an in-memory database when
    durability is not what is tested); ``sections`` override the config (the rate limit is
    lifted unless a test sets it)."""
    overrides = {
        "server": {
            "requests_per_minute": 1_000_000,
            "requests_per_minute_anonymous": 1_000_000,
            "requests_per_minute_per_address": 1_000_000,
        }
    }
    for name, values in sections.items():
        overrides.setdefault(name, {}).update(values)
    config = load(overrides=overrides)
    journal = Journal(":memory:" if memory else Path(folder) / "companion.sqlite")
    service = Service(journal).start()
    try:
        yield service, create_app(config, service, clock=clock)
    finally:
        service.close()
        journal.close()


def new_table(app, game: str, players: list[str], options: dict | None = None):
    """A table made by a tablet (a Device holding the admin cookie); returns (tablet, made)."""
    tablet = Device(app)
    made = tablet.post("/api/tables", {"game": game, "players": players, "options": options or {}})
    assert made.status_code == 201, made.json
    return tablet, made.json


def phone_for(app, made: dict, seat: int) -> Device:
    phone = Device(app)
    reply = phone.client.post(f"/join/{made['id']}/{made['seats'][seat]['join_code']}")
    assert reply.status_code == 303
    return phone


def seat_token(phone: Device, table_id: str) -> str:
    return phone.client.get_cookie(f"tc_seat_{table_id}").value


def fingerprint(service: Service) -> dict:
    """Everything a refused request must leave as it was: every table's version, the
    tablet's view and the log, the active table, the remembered cards and card catalogue."""

    def take():
        tables = {}
        for table_id, table in service.tables.items():
            tables[table_id] = (
                table.version,
                plain(table.view(Viewer(admin=True))),
                plain(table.log_for(Viewer(admin=True))),
                [s[1:] for s in service.journal.seats(table_id)],
            )
        games = {t.record.game for t in service.tables.values()}
        return {
            "tables": tables,
            "active": service.active_table_id(),
            "cards": {g: service.journal.cards(g) for g in sorted(games)},
            "catalogue": {g: service.journal.catalogue(g) for g in sorted(games)},
        }

    return service.call(take)
