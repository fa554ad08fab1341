"""The power-cut run: several clients play every game on the real server while it is killed
with SIGKILL at random moments, restarted, and checked against an independent replay.

What is checked after every cut (``check_journal``), on a copy of the files the crash left:
every acknowledged request (HTTP 200) is in the journal at the version it was told, with the
action it sent; no refused request is; nothing is in it that nobody sent; a clean replay and
a start-up from snapshots agree. After the restart (``check_live``) the server's views and
log equal that replay, for the tablet and every seat; and a request whose answer was lost
is retried with its idempotency key and answered "already done" exactly when it was done.
"""

from __future__ import annotations

import random
import shutil
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from companion.rules.dice import FACES
from companion.storage.entries import ActionApplied, ActionUndone
from tests.support.reliability.drive import existing_games, fill, player_names
from tests.support.reliability.recovery import (
    copy_database,
    plain,
    recover,
    replay_in_fresh_process,
    seen_by_everyone,
    without_draws,
)
from tests.support.reliability.server import Client, CompanionProcess, Unreachable, join_seat

CONFIG = """\
[data]
snapshot_every = 5

[server]
requests_per_minute = 1000000
requests_per_minute_anonymous = 1000000
requests_per_minute_per_address = 1000000
"""
WORKERS = 4
STARTUP_KILL_CHANCE = 0.12


@dataclass
class Sent:
    """One change request and what became of it: acked, rejected or unknown (no answer)."""

    table: str
    kind: str  # "action", "undo" or "dice"
    actor: str
    body: dict
    idem: str | None
    outcome: str = "unknown"
    version: int | None = None
    status: int | None = None
    action: dict | None = None


class Ledger:
    """Every request the clients sent, thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.sent: list[Sent] = []
        self.server_errors: list[str] = []

    def add(self, sent: Sent) -> Sent:
        with self._lock:
            self.sent.append(sent)
        return sent

    def error(self, text: str) -> None:
        with self._lock:
            self.server_errors.append(text)

    def of(self, table_id: str) -> list[Sent]:
        with self._lock:
            return [s for s in self.sent if s.table == table_id]


@dataclass
class Seating:
    game: str
    id: str
    admin: str
    seats: list[str]
    ended: bool = False

    def token(self, seat: int | None) -> str:
        return self.admin if seat is None else self.seats[seat]


def open_table(client: Client, game: str) -> Seating:
    made = client.post("/api/tables", {"game": game, "players": player_names(game)}, token="script")
    assert made.status == 201, made.body[:300]
    data = made.json()
    seats = [join_seat(client, data["id"], s["join_code"]) for s in data["seats"]]
    return Seating(game, data["id"], data["admin_token"], seats)


def settle(sent: Sent, reply, ledger: Ledger) -> None:
    sent.status = reply.status
    if reply.status >= 500:
        if reply.status != 503:
            ledger.error(f"{reply.status} on {sent.kind}: {reply.body[:200]!r}")
        return  # 503 (writer busy) may or may not have been applied: stays unknown
    if reply.status != 200:
        sent.outcome = "rejected"
        return
    data = reply.json()
    if "version" in data and not data.get("replayed"):
        sent.outcome, sent.version = "acked", data["version"]
    elif data.get("replayed"):
        ledger.error(f"a fresh idempotency key was answered as a replay: {data}")
    else:
        sent.outcome = "free"  # a roll nobody asked for: changes nothing


def route(sent: Sent) -> str:
    """Where a request of this kind goes; a retry goes there too (the key is bound to the
    route, its viewer and its body: the same key elsewhere is a 409, not a replay)."""
    return f"/api/tables/{sent.table}/" + {"undo": "undo", "dice": "dice"}.get(sent.kind, "actions")


def send_one(
    client: Client,
    seating: Seating,
    seat: int | None,
    view: dict,
    ledger: Ledger,
    rng: random.Random,
) -> None:
    actor = "admin" if seat is None else f"seat:{seat}"
    idem = uuid.uuid4().hex
    expected = {"expected_version": view["table"]["version"]} if rng.random() < 0.5 else {}
    prompt = view.get("prompt") or {}
    draw = rng.random()
    if seat is None and view["table"]["can_undo"] and draw < 0.04:
        sent = Sent(seating.id, "undo", actor, {"idempotency_key": idem, **expected}, idem)
    elif seat is None and prompt.get("kind") == "dice" and draw < 0.2:
        faces = [rng.choice(FACES[k]) for k in prompt["dice"]]
        dice = [{"die": k, "face": f} for k, f in zip(prompt["dice"], faces)]
        # the tablet answers the prompt: the log says so, and a retry is answered once
        sent = Sent(
            seating.id,
            "dice",
            "admin",
            {"dice": dice, "idempotency_key": idem},
            idem,
            action={**prompt["action"], "dice": faces},
        )
    else:
        if not view["legal"]:
            return
        action = fill(rng.choice(view["legal"]), rng)
        sent = Sent(
            seating.id,
            "action",
            actor,
            {"action": action, "idempotency_key": idem, **expected},
            idem,
            action=action,
        )
    ledger.add(sent)
    try:
        reply = client.post(route(sent), sent.body, token=seating.token(seat))
    except Unreachable:
        return
    settle(sent, reply, ledger)


def worker(
    client: Client,
    seatings: list[Seating],
    ledger: Ledger,
    stop: threading.Event,
    rng: random.Random,
) -> None:
    while not stop.is_set():
        seating = rng.choice(seatings)
        seat = rng.choice([None, None, *range(len(seating.seats))])
        try:
            reply = client.get(f"/api/tables/{seating.id}", seating.token(seat))
        except Unreachable:
            stop.wait(0.01)
            continue
        if reply.status >= 500:
            ledger.error(f"{reply.status} on GET view: {reply.body[:200]!r}")
        if reply.status != 200 or reply.json()["table"]["ended"]:
            continue
        send_one(client, seating, seat, reply.json(), ledger, rng)


# -- checks ------------------------------------------------------------------------------
def check_journal(crashed: dict, ledger: Ledger) -> list[str]:
    """Problems with the journal a crash left, against what the clients were told."""
    problems = []
    for table_id, rec in crashed.items():
        by_idem = {e.idem: e for e in rec.entries if e.idem}
        sent = ledger.of(table_id)
        known = {s.idem for s in sent if s.idem}
        problems += [
            f"{table_id}: entry {e.version} was never sent"
            for k, e in by_idem.items()
            if k not in known
        ]
        acked = [s for s in sent if s.outcome == "acked"]
        if len({s.version for s in acked}) != len(acked):
            problems.append(f"{table_id}: two acknowledged requests share a version")
        for s in acked:
            problems += acked_problems(table_id, rec.entries, s)
        problems += [
            f"{table_id}: refused request {s.idem} is in the journal"
            for s in sent
            if s.outcome == "rejected" and s.idem in by_idem
        ]
    return problems


def acked_problems(table_id: str, entries: list, sent: Sent) -> list[str]:
    assert sent.version is not None  # acknowledged: the answer gave its version
    if sent.version > len(entries):
        return [f"{table_id}: LOST acknowledged {sent.kind} v{sent.version}"]
    entry = entries[sent.version - 1]
    where = f"{table_id} v{sent.version}"
    if sent.idem and entry.idem != sent.idem:
        return [f"{where}: acknowledged {sent.idem} but the journal holds {entry.idem}"]
    if entry.actor != sent.actor:
        return [f"{where}: actor {entry.actor} != {sent.actor}"]
    body = entry.body
    if sent.kind == "undo":
        return [] if isinstance(body, ActionUndone) else [f"{where}: not an undo"]
    if sent.kind == "dice":  # the prompt it answers may have moved on before it arrived
        assert sent.action is not None  # a dice request carries the action it answers
        ok = isinstance(body, ActionApplied) and sorted(body.action.get("dice") or []) == sorted(
            sent.action["dice"]
        )
        return [] if ok else [f"{where}: journal holds {body}, dice sent {sent.action}"]
    if not isinstance(body, ActionApplied) or without_draws(body.action) != sent.action:
        return [f"{where}: journal holds {body}, the client sent {sent.action}"]
    return []


def check_live(
    client: Client, crashed: dict, seatings: dict[str, Seating], image: Path
) -> list[str]:
    """The restarted server shows exactly what a clean replay of the journal shows."""
    live = {}
    for table_id in crashed:
        seating = seatings[table_id]
        live[table_id] = {
            "admin": client.get(f"/api/tables/{table_id}", seating.admin).json(),
            "seats": [
                client.get(f"/api/tables/{table_id}", token).json() for token in seating.seats
            ],
            "log": client.get(f"/api/tables/{table_id}/log", seating.admin).json()["log"],
        }
    expected = seen_by_everyone(crashed)
    if live != expected:  # a game module edited since this process imported it?
        expected = replay_in_fresh_process(image)
    problems = []
    for table_id, seen in live.items():
        for part in ("admin", "seats", "log"):
            if seen[part] != expected[table_id][part]:
                problems.append(
                    f"{table_id}: live {part} differs from a clean replay: "
                    f"{first_gap(seen[part], expected[table_id][part])}"
                )
    return problems


def first_gap(live, replayed) -> str:
    if isinstance(live, list) and isinstance(replayed, list):
        for i, (a, b) in enumerate(zip(live, replayed)):
            if a != b:
                return f"item {i}: live {str(a)[:300]} / replay {str(b)[:300]}"
        return f"lengths {len(live)} / {len(replayed)}"
    keys = sorted(k for k in set(live) | set(replayed) if live.get(k) != replayed.get(k))
    return (
        f"keys {keys}: live {str(live.get(keys[0]))[:300]} / replay "
        f"{str(replayed.get(keys[0]))[:300]}"
        if keys
        else "?"
    )


def retry_unknown(
    client: Client, crashed: dict, seatings: dict[str, Seating], ledger: Ledger, figures: Counter
) -> list[str]:
    """A phone that never got its answer retries with the same key after the restart."""
    problems = []
    for sent in [s for s in ledger.sent if s.outcome == "unknown" and s.idem]:
        entries = {e.idem: e for e in crashed[sent.table].entries if e.idem}
        done = entries.get(sent.idem)
        seat = None if sent.actor == "admin" else int(sent.actor.split(":")[1])
        reply = client.post(route(sent), sent.body, token=seatings[sent.table].token(seat))
        if done is not None:
            figures["unanswered_but_applied"] += 1
            if reply.status != 200 or reply.json() != {"version": done.version, "replayed": True}:
                problems.append(
                    f"retry of applied {sent.idem} answered {reply.status} {reply.body[:120]!r}"
                )
            sent.outcome, sent.version = "acked", done.version
        else:
            figures["unanswered_not_applied"] += 1
            settle(sent, reply, ledger)
    return problems


# -- the run -----------------------------------------------------------------------------
@dataclass
class Run:
    tmp: Path
    rng: random.Random
    ledger: Ledger = field(default_factory=Ledger)
    figures: Counter = field(default_factory=Counter)
    seatings: dict = field(default_factory=dict)  # every table ever opened, by id
    image: Path | None = None  # the last crash image

    def active(self) -> list[Seating]:
        return [s for s in self.seatings.values() if not s.ended]


def play_until_cut(proc: CompanionProcess, client: Client, run: Run) -> None:
    stop = threading.Event()
    threads = [
        threading.Thread(
            target=worker,
            daemon=True,
            args=(client, run.active(), run.ledger, stop, random.Random(run.rng.random())),
        )
        for _ in range(WORKERS)
    ]
    before = len(run.ledger.sent)
    for thread in threads:
        thread.start()
    time.sleep(run.rng.uniform(0.1, 1.3))
    proc.kill()
    stop.set()
    for thread in threads:
        thread.join(timeout=60)  # each request has a 15 s socket timeout: 60 s is a hang
    assert not any(t.is_alive() for t in threads), "a client thread hung after the cut"
    in_flight = sum(1 for s in run.ledger.sent[before:] if s.outcome == "unknown")
    run.figures["kills"] += 1
    run.figures["kills_with_requests_in_flight"] += bool(in_flight)


def crash_image(proc: CompanionProcess, run: Run, name: str) -> dict:
    target = run.tmp / "crash-image"
    shutil.rmtree(target, ignore_errors=True)
    run.image = copy_database(proc.data_dir, target)
    crashed = recover(run.image)
    problems = check_journal(crashed, run.ledger)
    assert not problems, f"after {name}:\n" + "\n".join(problems[:20])
    return crashed


def run_power_cuts(tmp_path: Path, kills: int, seed: int) -> Counter:
    run = Run(tmp_path, random.Random(seed))
    config = tmp_path / "companion.toml"
    config.write_text(CONFIG, encoding="utf-8")
    proc = CompanionProcess(tmp_path / "data", config)
    try:
        client = proc.start()
        for game in existing_games():
            seating = open_table(client, game)
            run.seatings[seating.id] = seating
        for cut in range(kills):
            play_until_cut(proc, client, run)
            crashed = crash_image(proc, run, f"cut {cut}")
            if run.rng.random() < STARTUP_KILL_CHANCE:
                proc.spawn()
                time.sleep(run.rng.uniform(0.0, 1.5))
                proc.kill()
                run.figures["kills_during_startup"] += 1
                again = crash_image(proc, run, f"a kill during start-up after cut {cut}")
                assert {t: plain(r.table.state) for t, r in again.items()} == {
                    t: plain(r.table.state) for t, r in crashed.items()
                }
            client = proc.start()
            assert run.image is not None  # crash_image made it
            problems = check_live(client, crashed, run.seatings, run.image)
            problems += retry_unknown(client, crashed, run.seatings, run.ledger, run.figures)
            assert not problems, f"after cut {cut}:\n" + "\n".join(problems[:20])
            for table_id, rec in crashed.items():
                seating = run.seatings[table_id]
                if rec.table.ended and not seating.ended:
                    seating.ended = True
                    run.figures["games_finished"] += 1
                    fresh = open_table(client, seating.game)
                    run.seatings[fresh.id] = fresh
        proc.kill()
        final = crash_image(proc, run, "the last cut")
        summarise(run, final)
    finally:
        proc.close()
    assert not run.ledger.server_errors, run.ledger.server_errors[:10]
    return run.figures


def summarise(run: Run, final: dict) -> None:
    outcomes = Counter(s.outcome for s in run.ledger.sent)
    run.figures.update(
        {
            "games": len({s.game for s in run.seatings.values()}),
            "tables": len(run.seatings),
            "requests_sent": len(run.ledger.sent),
            "acknowledged": outcomes["acked"],
            "refused": outcomes["rejected"],
            "unknown_left": outcomes["unknown"],
            "journal_entries": sum(len(r.entries) for r in final.values()),
            "snapshots": sum(r.snapshots for r in final.values()),
            "acknowledged_lost": 0,  # check_journal failed the run otherwise
            "server_errors_5xx": len(run.ledger.server_errors),
        }
    )
