"""Re-derive every random draw of a table from its seeds (``companion verify``;
docs/architecture.md, "Randomness").

The journal is replayed the way the table does it. For each action in effect that holds
``drawn`` — the game's draws (a refugee discard, a Saloon cowboy, money notes) and the
virtual dice — the draw is derived again: the k-th item of kind K, where k counts the items
of K in the actions in effect before it, is ``HMAC-SHA256(seed, f"{K}:{k}")`` by rejection
sampling over the population the game names in that state, with the seed in force when the
entry was written. Each seed is checked against the hash the table published before it
was used (at creation, or in the log line that resumed play).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path

from companion.app.journal_care import check_export
from companion.known_games import registry
from companion.known_games.game_contract import GameRules
from companion.play import barrier
from companion.randomness import draws
from companion.randomness.epochs import Epochs
from companion.rules.dice import FACES
from companion.storage import rules_versions
from companion.storage.entries import ActionUndone, from_row, put_in_effect, taken_out
from companion.storage.journal import Entry, Journal, TableRecord

# the table's record as ``companion export`` writes it (upkeep.export_table)
EXPORTED = ("id", "game", "seed_hash", "rules_version", "created")


@dataclass
class Draw:
    version: int
    kind: str
    first: int  # k of the first item
    items: list
    derived: list

    @property
    def ok(self) -> bool:
        return self.items == self.derived


@dataclass
class Report:
    table_id: str
    seeds_match: bool
    draws: list[Draw] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.seeds_match and all(d.ok for d in self.draws)


def verify(journal: Journal, table_id: str, seeds: list[bytes] | None = None) -> Report:
    """Check every draw of ``table_id``. ``seeds`` (the published ones, in order) replace
    the journal's own, so a player need not trust the file's seed column."""
    record = next((r for r in journal.tables() if r.id == table_id), None)
    if record is None:
        raise ValueError(f"no table {table_id!r} in {journal.path}")
    return check_draws(record, journal.entries(table_id), seeds)


def verify_export(path: Path, seeds: list[bytes]) -> Report:
    """The same check on a file ``companion export`` wrote (a table's journal with its
    chain, checked first). Such a file holds no seed: ``seeds`` are the published ones."""
    problem = check_export(path)
    if problem is not None:
        raise ValueError(f"{path}: {problem}")
    if not seeds:
        raise ValueError(
            f"{path} holds no seed: give the one the tablet published with --seed <hex>"
        )
    made = json.loads(path.read_text(encoding="utf-8"))
    table = made["table"]
    # the record's columns as the database holds them: players and options as JSON text
    record = TableRecord(
        **{name: table[name] for name in EXPORTED},
        players=json.loads(table["players"]),
        options=json.loads(table["options"]),
        seed=b"",
        admin_hash="",
        ended=bool(table.get("ended")),
    )
    entries = [
        Entry(
            row["version"],
            from_row(json.loads(row["entry"]), record.id, row["version"]),
            row["actor"],
            row["source"],
            row["at"],
            row["idem"],
        )
        for row in made["entries"]
    ]
    return check_draws(record, entries, seeds)


def check_draws(record: TableRecord, entries: list[Entry], seeds: list[bytes] | None) -> Report:
    """Replay ``entries`` of the table ``record`` and derive each draw again."""
    table_id = record.id
    game = registry.game(record.game)
    # replayed as the table replays them: old actions brought up to today's rules first
    entries = rules_versions.bring_up(game, record.rules_version, entries)
    epochs = Epochs([seeds[0] if seeds else record.seed])
    committed = [record.seed_hash]
    report = Report(table_id, True)
    states = [game.setup(list(record.players), dict(record.options))]
    effective: list[tuple[int, dict]] = []
    for entry in entries:
        body = entry.body
        fresh = getattr(body, "reseed", None)
        if fresh is not None:
            committed.append(fresh.hash)
            if seeds and len(seeds) > len(epochs.seeds):
                body = replace(body, reseed=replace(fresh, seed=seeds[len(epochs.seeds)].hex()))
        epochs.note(entry.version, body)
        if taken_out(body):
            effective.pop()  # states[i] stays the state before effective[i]
            reopen = list(body.reopen) if isinstance(body, ActionUndone) else []
            start = barrier.first_change(effective, reopen)
            effective = barrier.without(effective, reopen, entry.version)
            states = _replay(game, states[: start + 1], effective[start:])
        action = put_in_effect(body)
        if action is not None:
            report.draws += _check(
                game, states[-1], effective, action, entry.version, epochs.seed_at(entry.version)
            )
            effective.append((entry.version, action))
            states.append(game.apply(states[-1], action))
    report.seeds_match = [draws.commitment(s) for s in epochs.seeds] == committed
    return report


def _replay(game: GameRules, states: list, actions: list) -> list:
    for _version, action in actions:
        states.append(game.apply(states[-1], action))
    return states


def _check(
    game: GameRules, state: dict, effective: list, action: dict, version: int, seed: bytes
) -> list[Draw]:
    drawn = dict(action.get("drawn") or {})
    before = draws.counts(a for _v, a in effective)
    bare = {k: v for k, v in action.items() if k != "drawn"}
    spec = game.draws(state, bare)
    derived = draws.resolve(seed, before, spec) if spec else {}
    if draws.DIE in drawn:
        derived[draws.DIE] = draws.dice(
            seed, before, [(kind, FACES[kind]) for kind, _face in drawn[draws.DIE]]
        )
    return [
        Draw(version, kind, before.get(kind, 0), drawn.get(kind, []), derived.get(kind, []))
        for kind in sorted(set(drawn) | set(derived))
    ]


def main(journal_path: str | Path, table: str, seeds: list[str]) -> int:
    """Print each draw and whether it derives from the seeds; 0 if all do. ``table`` is a
    table's id in the journal, or the path of a file ``companion export`` wrote."""
    try:
        published = [bytes.fromhex(s) for s in seeds]
    except ValueError:
        raise ValueError(f"--seed takes the published seed in hex, not {seeds!r}") from None
    if Path(table).is_file():
        report = verify_export(Path(table), published)
    else:
        with Journal(journal_path) as journal:
            report = verify(journal, table, published or None)
    print(
        f"table {report.table_id}: seeds {'match' if report.seeds_match else 'DO NOT MATCH'} "
        "their published hashes"
    )
    for d in report.draws:
        print(
            f"#{d.version} {d.kind} from draw {d.first}: {d.items} "
            f"{'ok' if d.ok else f'MISMATCH (derived {d.derived})'}"
        )
    print("every draw derives from the seeds" if report.ok else "VERIFICATION FAILED")
    return 0 if report.ok else 1
