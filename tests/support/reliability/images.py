"""A journal written in-process with every real game in it, copied while still open: the
image the storage-fault tests damage (``tests/reliability/conftest.py`` makes it once)."""

from __future__ import annotations

import random

from companion.access.idempotency import Request
from companion.errors import CompanionError
from companion.play.table import Viewer
from companion.rules.base import RuleError
from companion.storage.journal import Journal
from companion.writer.service import Service
from tests.support.reliability.drive import existing_games, fill, player_names
from tests.support.reliability.recovery import DB_NAME, copy_database


def play(service: Service, table_id: str, players: int, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        viewer = rng.choice([Viewer(admin=True), *(Viewer(seat=s) for s in range(players))])
        view = service.view(table_id, viewer)
        if view["table"]["ended"] or not view["legal"]:
            continue
        try:
            service.act(
                table_id,
                fill(rng.choice(view["legal"]), rng),
                viewer,
                request=Request(f"key-{rng.getrandbits(64):x}", "fp"),
            )
        except (RuleError, CompanionError):
            pass


def write_image(where):
    """A journal with every game in it, copied while open: (image, tables, tokens)."""
    rng = random.Random(7)
    journal = Journal(where / "live" / DB_NAME)
    # every commit stays in the WAL (no checkpoint folds it into the database file), so a
    # tear anywhere in it can hit acknowledged commits, as the trial did
    journal._db.execute("PRAGMA wal_autocheckpoint=0")
    service = Service(journal, snapshot_every=5).start()
    tokens = {}
    try:
        for game in existing_games():
            names = player_names(game)
            made = service.create_table(game, names, {})
            tokens[made["id"]] = made["admin_token"]
            play(service, made["id"], len(names), 120, rng)
        service.call(lambda: None)  # let the queued snapshots finish
        image = copy_database(where / "live", where / "image")
        reference = {tid: list(t.entries) for tid, t in service.tables.items()}
    finally:
        service.close()
        journal.close()
    assert (where / "image" / (DB_NAME + "-wal")).stat().st_size > 0
    return image, reference, tokens
