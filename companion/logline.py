"""The log line of one journal entry, as one viewer may read it.

Game actions are put into words by the game's ``describe``; the table's own entries (undo,
correction, seats, the private page on the tablet, closing the game) by the core keys in
``web/i18n``. Extra facts ride in ``also``: what an undone entry had disclosed (it stays in
the log: no free fishing), the hash of a fresh seed committed when play resumed.
"""

from __future__ import annotations

from companion.rules.base import line


def describe(table, version: int, entry: dict, seat: int | None) -> dict:
    kind = entry["kind"]
    if kind == "action":
        text = table.game.describe(entry["action"], seat)
    elif kind == "undo":
        text = _undo(table, entry)
    elif kind == "correction":
        text = line(
            "core.corrected",
            version=entry["target"],
            dice=", ".join(map(str, entry["action"]["dice"])),
        )
        text["then"] = table.game.describe(entry["action"], seat)
    elif kind == "close":
        # the seed in force when the table closed the game, now public
        text = line("core.closed", seed=table.epochs.seed_at(version).hex())
    elif kind == "private_open":
        text = line("core.private_open", seat=table.seat_name(entry["seat"]))
    elif kind == "private_closed":
        text = line(f"core.private_closed.{entry['why']}", seat=table.seat_name(entry["seat"]))
    elif kind == "on_tablet":
        text = line("core.on_tablet", seat=table.seat_name(entry["seat"]))
    else:
        text = line("core.reissued", seat=table.seat_name(entry["seat"]))
    also = list(entry.get("disclosed", []))
    if entry.get("reseed"):
        also.append(line("core.reseeded", hash=entry["reseed"]["hash"]))
    if also:
        text = {**text, "also": also}
    return text


def _undo(table, entry: dict) -> dict:
    reopen = entry.get("reopen")
    if not reopen:
        key = "core.undo_disclosed" if entry.get("disclosed") else "core.undo"
        return line(key, version=entry["target"])
    seats = sorted(
        {table.entries[v - 1].entry["action"].get("seat") for v in [*reopen, entry["target"]]}
        - {None}
    )
    return line(
        "core.undo_reveal",
        version=entry["target"],
        seats=", ".join(table.seat_name(s) for s in seats),
    )
