"""The differential leak harness: the same game played twice, identical except for one
seat's secret submission, and every byte each other viewer can receive collected from both.

Ids, tokens and join codes are made deterministic (and the table's seed fixed, so every
hidden draw is the same in both games); times are normalised. What a viewer receives:
every GET route of the app (API and pages, enumerated from the URL map, so a new route is
included the day it is added), the live stream it held open from before the first move,
a fresh stream from the start, the log, and the error bodies of refused attempts (the
target's secret action sent by them, an undo, a stale version, a re-issue).
"""

from __future__ import annotations

import itertools
import random
import re
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from companion.access import tokens as access
from companion.errors import CompanionError
from companion.play.table import Viewer
from companion.randomness import draws
from companion.rules.base import RuleError
from companion.storage import clock_labels
from companion.writer import service as service_module
from tests.support.reliability.drive import canonical, fill, other_filling, player_names
from tests.support.reliability.inprocess import companion_app, new_table, phone_for
from tests.support.reliability.streams import frames_until_idle, open_stream
from tests.support.web.clients import Device

TIME = re.compile(rb"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?")
STEPS = 6000  # a walk is cheap (a few seconds at most); a secret may come late


@dataclass(frozen=True)
class Scenario:
    game: str
    options: tuple = ()  # ((name, value), ...)
    walk_seed: int = 0
    point: int = 1  # fork at the point-th qualifying secret moment…
    secret: str = ""  # …counting only moments where this secret action can be varied
    opening: tuple = field(default=(), repr=False)  # scripted first moves (openings.py)


@dataclass
class Seen:
    """What one run produced: bytes per viewer, and the fork it took."""

    by_viewer: dict = field(default_factory=dict)
    target: int | None = None
    submitted: dict | None = None
    tokens: dict = field(default_factory=dict)


class Deterministic:
    """Patches the sources of randomness that would make the two games differ."""

    def __init__(self, monkeypatch) -> None:
        self.monkeypatch = monkeypatch

    def reset(self) -> None:
        counter = itertools.count(1)

        class Secrets:
            @staticmethod
            def token_hex(n: int) -> str:
                return f"{next(counter):0{2 * n}x}"

        self.monkeypatch.setattr(service_module, "secrets", Secrets)
        self.monkeypatch.setattr(draws, "new_seed", lambda: b"\x07" * 32)
        self.monkeypatch.setattr(access, "new_token", lambda: f"tk{next(counter):041d}")
        self.monkeypatch.setattr(access, "new_join_code", lambda: f"jc{next(counter):014d}")
        self.monkeypatch.setattr(clock_labels, "now_label", lambda: "2000-01-01T00:00:00")


def qualifying(table, rng: random.Random) -> list[tuple[int, dict, dict]]:
    """(seat, action, other action) for each seat whose secret submission can be varied
    while nothing about it may show: a sealed round that stays open after it (two or more
    seats still waiting), or a secret that differs only in a typed number."""
    prompt = table.game.prompt(table.state) or {}
    open_round = prompt.get("kind") == "secret" and len(prompt.get("seats", [])) >= 2
    out = []
    for seat in range(len(table.record.players)):
        for template in table.game.legal(table.state, seat):
            if not template.get("secret"):
                continue
            numbers_only = any(p["kind"] == "int" for p in template["params"].values()) and all(
                p["kind"] == "int" or (p["kind"] == "choice" and len(p["options"]) == 1)
                for p in template["params"].values()
            )
            if not (open_round and seat in prompt.get("seats", [])) and not numbers_only:
                continue
            pairs = candidate_pairs(table, template, rng)
            if pairs:
                out.append((seat, *pairs))
                break
    return out


def round_fill(template: dict, rng: random.Random) -> dict:
    """Like ``fill``, with whole hundreds for numbers where the range has some (money)."""
    action = fill(template, rng)
    for name, spec in template["params"].items():
        if spec["kind"] != "int" or rng.random() < 0.3:
            continue
        step = spec.get("step", 1)
        hundreds = [
            v
            for v in range(-(-spec["min"] // 100) * 100, spec["max"] + 1, 100)[:50]
            if (v - spec["min"]) % step == 0
        ]
        if hundreds:
            action[name] = rng.choice(hundreds)
    return action


def candidate_pairs(table, template: dict, rng: random.Random):
    """Two fillings of ``template`` the rules both accept, or None."""
    for _ in range(20):
        first, second = round_fill(template, rng), round_fill(template, rng)
        if canonical(first) == canonical(second):
            second = other_filling(template, first, rng)
        if second is not None and accepted(table, first) and accepted(table, second):
            return first, second
    return None


def accepted(table, action: dict) -> bool:
    """The rules accept ``action``, and it does not end the game (the end shows every secret
    the rules no longer need to all, on purpose: nothing to compare)."""
    try:
        prepared = table.prepare_action(action, Viewer(seat=action["seat"]))
    except (RuleError, CompanionError):
        return False
    return not prepared.ended


def play_opening(service, table_id: str, moves: tuple) -> None:
    """The scripted moves, each sent by its own seat (the tablet for the table's moves):
    a move the rules refuse is a broken script, not a scenario to pass over."""
    for move in moves:
        viewer = Viewer(admin=True) if move["seat"] is None else Viewer(seat=move["seat"])
        service.act(table_id, move, viewer)


def walk_to_fork(service, table_id: str, scenario: Scenario, drain=lambda: None):
    """The scenario's opening, then random legal play until its fork point; returns
    (seat, a, b) or None. ``drain`` is called now and then so that live streams never
    fall behind."""
    play_opening(service, table_id, scenario.opening)
    rng = random.Random(scenario.walk_seed)
    seen_points = 0
    for step in range(STEPS):
        if step % 50 == 49:
            drain()
        table = service.table(table_id)
        if table.ended:
            return None
        points = [
            p
            for p in service.call(lambda: qualifying(table, rng))
            if p[1]["type"] == scenario.secret or not scenario.secret
        ]
        if points:
            seen_points += 1
            if seen_points == scenario.point:
                return rng.choice(points)
        random_move(service, table_id, rng)
    return None


def random_move(service, table_id: str, rng: random.Random) -> None:
    """One move picked at random from what the tablet and every seat are offered, its open
    parameters filled at random; a move the rules refuse changes nothing and is passed over."""
    table = service.table(table_id)
    viewers = [Viewer(admin=True), *(Viewer(seat=s) for s in range(len(table.record.players)))]
    choices = [
        (v, legal)
        for v in viewers
        for legal in [service.call(lambda v=v: table.legal_for(v))]
        if legal
    ]
    if choices:
        viewer, legal = rng.choice(choices)
        try:
            service.act(table_id, fill(rng.choice(legal), rng), viewer)
        except (RuleError, CompanionError):
            pass


def get_routes(app, table_id: str, seats: int, codes: list[str]) -> list[str]:
    out = []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint == "static" or rule.rule.endswith("/events"):
            continue
        for seat in range(seats) if "<int:seat>" in rule.rule else [0]:
            for code in codes if "<code>" in rule.rule else [""]:
                for lang in ("en", "fr") if "<lang>" in rule.rule else [""]:
                    out.append(
                        rule.rule.replace("<table_id>", table_id)
                        .replace("<int:seat>", str(seat))
                        .replace("<code>", code)
                        .replace("<lang>", lang)
                    )
    return sorted(set(out))


def collect(
    device,
    app,
    table_id: str,
    seats: int,
    codes: list[str],
    live: list[str],
    attempt: dict,
    version: int,
    is_target: bool,
) -> list[tuple[str, bytes]]:
    items = []
    for path in get_routes(app, table_id, seats, codes):
        reply = device.get(path)
        items.append((f"GET {path} {reply.status_code}", reply.data))
        reply.close()
    items.append(("live stream", "".join(live).encode()))
    fresh = open_stream(device, table_id, last=0)
    items.append(("stream from 0", "".join(frames_until_idle(fresh)[0]).encode()))
    fresh.close()
    if is_target:
        return items  # its own refusals would differ by design; it sent the secret
    base = f"/api/tables/{table_id}"
    for name, path, body in (
        ("their secret", "/actions", {"action": attempt}),
        ("stale undo", "/undo", {"expected_version": max(0, version - 1)}),
        ("stale action", "/actions", {"action": attempt, "expected_version": 0}),
        ("reissue", f"/seats/{attempt['seat']}/reissue", {"expected_version": 0}),
    ):
        if device.is_admin and name == "reissue":
            continue  # the tablet may re-issue a seat: a change, not a refusal
        reply = device.post(base + path, body)
        items.append((f"POST {name} {reply.status_code}", reply.data))
    return items


def play_once(tmp: Path, scenario: Scenario, variant: int, leading: int = 0) -> Seen:
    """One of the twin games; ``variant`` 0 or 1 picks the target's submission. The viewers
    (the public table, the tablet, each seat) open their streams and collect in turn,
    starting from the ``leading``-th of them (``viewer_count``): a view kept for one viewer
    and handed to another shows only when the one who may see the secret asks first."""
    seen = Seen()
    names = player_names(scenario.game)
    with ExitStack() as stack:
        service, app = stack.enter_context(
            companion_app(tmp, memory=True, streams={"heartbeat_s": 0.01})
        )
        tablet, made = new_table(app, scenario.game, names, dict(scenario.options))
        table_id = made["id"]
        codes = [s["join_code"] for s in made["seats"]]
        phones = [phone_for(app, made, s) for s in range(len(names))]
        everyone = [("table", Device(app)), ("tablet", tablet)]
        everyone += [(f"seat{s}", p) for s, p in enumerate(phones)]
        viewers = dict(everyone[leading:] + everyone[:leading])
        for name, device in viewers.items():
            device.is_admin = name == "tablet"
        streams = {name: open_stream(d, table_id) for name, d in viewers.items()}
        for reply in streams.values():
            stack.callback(reply.close)
        live: dict[str, list[str]] = {name: [] for name in viewers}

        def drain():
            for name, reply in streams.items():
                frames, ended = frames_until_idle(reply)
                assert not ended, f"{name}'s live stream was ended"
                live[name] += frames

        fork = walk_to_fork(service, table_id, scenario, drain)
        if fork is None:
            return seen
        seen.target, first, second = fork
        seen.submitted = (first, second)[variant]
        reply = phones[seen.target].act(table_id, seen.submitted)
        assert reply.status_code == 200, reply.json
        version = service.table(table_id).version
        drain()
        for name, device in viewers.items():
            seen.by_viewer[name] = collect(
                device,
                app,
                table_id,
                len(names),
                codes,
                live[name],
                first,
                version,
                name == f"seat{seen.target}",
            )
        seen.tokens = {
            "admin": made["admin_token"],
            **{
                f"seat{s}": p.client.get_cookie(f"tc_seat_{table_id}").value
                for s, p in enumerate(phones)
            },
        }
    return seen


def viewer_count(scenario: Scenario) -> int:
    """The public table, the tablet and one phone per seat."""
    return 2 + len(player_names(scenario.game))


def normalised(data: bytes) -> bytes:
    return TIME.sub(b"<time>", data)


def differences(a: Seen, b: Seen) -> list[str]:
    """Items that differ between the twins for viewers other than the target."""
    out = []
    for viewer, items in a.by_viewer.items():
        if viewer == f"seat{a.target}":
            continue
        for (name_a, data_a), (name_b, data_b) in zip(items, b.by_viewer[viewer]):
            if name_a != name_b or normalised(data_a) != normalised(data_b):
                out.append(f"{viewer}: {name_a} / {name_b}: {first_difference(data_a, data_b)}")
        if len(items) != len(b.by_viewer[viewer]):
            out.append(f"{viewer}: {len(items)} items against {len(b.by_viewer[viewer])}")
    return out


def first_difference(a: bytes, b: bytes) -> str:
    at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"at byte {at}: {a[max(0, at - 80) : at + 80]!r} vs {b[max(0, at - 80) : at + 80]!r}"


def foreign_tokens(seen: Seen) -> list[str]:
    """A credential of one viewer found in the bytes another viewer received."""
    out = []
    for viewer, items in seen.by_viewer.items():
        blob = b"".join(data for _, data in items)
        for owner, token in seen.tokens.items():
            if owner != viewer and token.encode() in blob:
                out.append(f"{owner}'s token reached {viewer}")
    return out


def differs_for_target(a: Seen, b: Seen) -> bool:
    key = f"seat{a.target}"
    return [normalised(d) for _, d in a.by_viewer[key]] != [
        normalised(d) for _, d in b.by_viewer[key]
    ]
