"""Hostile HTTP input, by hand: every state-changing route gets bodies that are too big, of
the wrong type, not JSON, JSON that is not an object, JSON nested past any sense, and
strings no UTF-8 can carry; every table route gets unknown tables; actions come for the
wrong game, for seats that do not exist, with stale versions and reused keys. Each answer is
a 4xx JSON error and the state is exactly as before (``fingerprint``).

(tests/web/test_api.py already covers one oversized body, one wrong content type, one bad
JSON, one stale version and one unknown table on the actions route; this file sweeps every
route.)
"""

from __future__ import annotations

import json
import random

import pytest

from tests.support.reliability.drive import existing_games, fill, player_names
from tests.support.reliability.hostile import LONE_SURROGATES, check_reply, nested
from tests.support.reliability.inprocess import companion_app, fingerprint, new_table, phone_for


@pytest.fixture
def world(tmp_path):
    """A tally table mid-game, its tablet, Ann's phone, and the app."""
    with companion_app(tmp_path) as (service, app):
        tablet, made = new_table(app, "tally", ["Ann", "Bruno"])
        tablet.act(made["id"], {"type": "add", "seat": 0, "amount": 2})
        ann = phone_for(app, made, 0)
        yield {
            "service": service,
            "app": app,
            "tablet": tablet,
            "made": made,
            "ann": ann,
            "id": made["id"],
        }


def post_routes(app, table_id: str) -> list[str]:
    """Every POST route of the app, with its placeholders filled for a real table."""
    out = []
    for rule in app.url_map.iter_rules():
        if "POST" in rule.methods and rule.rule.startswith("/api/"):
            out.append(rule.rule.replace("<table_id>", table_id).replace("<int:seat>", "0"))
    return sorted(out)


def table_routes(app) -> list[tuple[str, str]]:
    out = []
    for rule in app.url_map.iter_rules():
        if "<table_id>" in rule.rule:
            method = "POST" if "POST" in rule.methods else "GET"
            out.append(
                (
                    method,
                    rule.rule.replace("<int:seat>", "0")
                    .replace("<code>", "abcdefgh")
                    .replace("<int:seat>", "0"),
                )
            )
    return sorted(out)


def sent(world, path: str, data: bytes, content_type: str | None, expect: set[int]):
    service = world["service"]
    before = fingerprint(service)
    headers = {"X-CSRF-Token": world["tablet"].csrf()}
    if content_type is not None:
        headers["Content-Type"] = content_type
    reply = world["tablet"].client.post(path, data=data, headers=headers)
    check_reply(reply.status_code, reply.content_type or "", reply.data, path)
    assert reply.status_code in expect, (path, reply.status_code, reply.data[:200])
    assert fingerprint(service) == before, f"a refused request to {path} changed the state"
    return reply


BAD_BODIES = {
    "oversized": (b'{"x": "' + b"y" * 70_000 + b'"}', "application/json", {413}),
    "text/plain": (b'{"action": {}}', "text/plain", {415}),
    "form": (b"action=add&seat=0", "application/x-www-form-urlencoded", {415}),
    "multipart": (b"--b\r\n\r\nx\r\n--b--", "multipart/form-data; boundary=b", {415}),
    "no content type": (b'{"action": {}}', None, {415}),
    "not json": (b"{'single': 'quotes'}", "application/json", {400}),
    "truncated json": (b'{"action": {"type": "ad', "application/json", {400}),
    "json list": (b"[1, 2, 3]", "application/json", {400}),
    "json string": (b'"hello"', "application/json", {400}),
    "json null": (b"null", "application/json", {400}),
    "json number": (b"12", "application/json", {400}),
    "latin-1 bytes": (b'{"action": {"type": "\xe9"}}', "application/json", {400}),
    "nested 20000 deep": (nested(20_000), "application/json", {400}),
}


@pytest.mark.parametrize("name", sorted(BAD_BODIES))
def test_every_post_route_refuses_bad_bodies_and_changes_nothing(world, name):
    data, content_type, expect = BAD_BODIES[name]
    for path in post_routes(world["app"], world["id"]):
        sent(world, path, data, content_type, expect)


def test_every_post_route_refuses_strings_utf8_cannot_carry(world):
    """``"\\ud800"`` is valid JSON but no UTF-8 can store it: it must be refused at the door
    (not reach SQLite, the journal, or a page that then fails for everyone)."""
    body = json.dumps(
        {
            "action": {"type": "add", "seat": 0, "amount": 1},
            "idempotency_key": LONE_SURROGATES * 3,
            "uid": "abcd",
            "card": LONE_SURROGATES,
            "game": "tally",
            "players": [LONE_SURROGATES, "Bruno"],
            "lang": LONE_SURROGATES,
            "dice": [{"die": "d6", "face": 3}],
        }
    ).encode()
    for path in post_routes(world["app"], world["id"]):
        sent(world, path, body, "application/json", {400, 403, 404, 409, 415, 422})


def test_a_hostile_player_name_does_not_break_any_page(world):
    """Names are the players' own words: markup is shown as text, and odd Unicode (joined
    emoji, a right-to-left script) leaves every page working; a direction override (which
    would turn the text around it) is refused in words (``companion/rules/shapes.py``)."""
    tablet = world["tablet"]
    turned = tablet.post("/api/tables", {"game": "tally", "players": ["Ann", "\u202eevil"]})
    assert turned.status_code == 422 and turned.json["error"]["code"] == "unprintable_text"
    names = ["<script>x()</script>", "evil\u200d👨‍👩‍👧 שלום"]
    reply = tablet.post("/api/tables", {"game": "tally", "players": names})
    assert reply.status_code == 201
    table_id = reply.json["id"]
    for path in (
        "/",
        f"/table/{table_id}",
        f"/api/tables/{table_id}",
        f"/join/{table_id}/{reply.json['seats'][0]['join_code']}",
    ):
        page = tablet.get(path)
        check_reply(page.status_code, page.content_type or "", page.data, path)
        assert page.status_code == 200, path
        if page.mimetype == "text/html":  # JSON carries it as data, with nosniff
            assert b"<script>x()" not in page.data, path


@pytest.mark.parametrize(
    "table_id",
    [
        "nope",
        "0" * 12,
        "x" * 5000,
        "%00",
        "..%2f..%2fetc",
        "%F0%9F%8E%B2",
        "'; DROP TABLE entries; --",
    ],
)
def test_unknown_tables_are_404_on_every_route(world, table_id):
    service, tablet = world["service"], world["tablet"]
    before = fingerprint(service)
    for method, rule in table_routes(world["app"]):
        path = rule.replace("<table_id>", table_id)
        reply = tablet.post(path, {}) if method == "POST" else tablet.get(path)
        check_reply(reply.status_code, reply.content_type or "", reply.data, path)
        assert reply.status_code == 404, (path, reply.status_code, reply.data[:200])
    assert fingerprint(service) == before


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH"])
def test_other_methods_are_405_json(world, method):
    for rule in world["app"].url_map.iter_rules():
        if rule.rule.startswith("/api/") and "<" not in rule.rule:
            reply = world["tablet"].client.open(
                rule.rule, method=method, headers={"X-CSRF-Token": world["tablet"].csrf()}
            )
            check_reply(reply.status_code, reply.content_type or "", reply.data, rule.rule)
            assert reply.status_code in (405, 415), (rule.rule, reply.status_code)


@pytest.mark.parametrize("seat", [2, 99, -1, True, "0", 0.0, [0], {"seat": 0}])
def test_actions_for_seats_that_do_not_exist_are_refused(world, seat):
    before = fingerprint(world["service"])
    reply = world["tablet"].act(world["id"], {"type": "add", "seat": seat, "amount": 1})
    check_reply(reply.status_code, reply.content_type, reply.data, "actions")
    assert reply.status_code == 422 and fingerprint(world["service"]) == before


@pytest.mark.parametrize(
    "path", ["/api/tables/{}/seats/2/reissue", "/api/tables/{}/seats/99999999999999999999/reissue"]
)
def test_reissuing_a_seat_that_does_not_exist_is_refused(world, path):
    before = fingerprint(world["service"])
    reply = world["tablet"].post(path.format(world["id"]))
    check_reply(reply.status_code, reply.content_type, reply.data, path)
    assert 400 <= reply.status_code < 500 and fingerprint(world["service"]) == before


def test_an_action_from_another_game_is_refused_by_every_game(tmp_path):
    """Every game's legal actions, sent to every other game's table."""
    rng = random.Random(3)
    with companion_app(tmp_path) as (service, app):
        games = existing_games() + ["tally"]
        tables = {g: new_table(app, g, player_names(g)) for g in games}
        samples = {}
        for game, (tablet, made) in tables.items():
            legal = tablet.get(f"/api/tables/{made['id']}").json["legal"]
            samples[game] = [fill(t, rng) for t in legal[:6]]
        for game, (tablet, made) in tables.items():
            for other, actions in samples.items():
                for action in actions if other != game else []:
                    if any(
                        t["type"] == action["type"]
                        for t in tablet.get(f"/api/tables/{made['id']}").json["legal"]
                    ):
                        continue  # two games may share a word such as end_turn
                    before = fingerprint(service)
                    reply = tablet.act(made["id"], action)
                    check_reply(reply.status_code, reply.content_type, reply.data, game)
                    assert reply.status_code in (403, 422), (game, action, reply.json)
                    assert fingerprint(service) == before


@pytest.mark.parametrize("route", ["actions", "undo"])
@pytest.mark.parametrize(
    "expected, status",
    [
        (0, 409),
        (2, 409),
        (10**15, 409),
        (-1, 400),
        (True, 400),
        ("1", 400),
        (1.0, 400),
        ([1], 400),
        ({"v": 1}, 400),
    ],
)
def test_stale_or_malformed_versions_change_nothing(world, route, expected, status):
    before = fingerprint(world["service"])
    body = {"expected_version": expected}
    if route == "actions":
        body["action"] = {"type": "add", "seat": 0, "amount": 1}
    reply = world["tablet"].post(f"/api/tables/{world['id']}/{route}", body)
    check_reply(reply.status_code, reply.content_type, reply.data, route)
    assert reply.status_code == status and fingerprint(world["service"]) == before


@pytest.mark.parametrize("key", ["short", "k" * 81, 12345678, ["abcdefgh"], {"k": 1}, True])
def test_malformed_idempotency_keys_change_nothing(world, key):
    before = fingerprint(world["service"])
    reply = world["tablet"].act(
        world["id"], {"type": "add", "seat": 0, "amount": 1}, idempotency_key=key
    )
    check_reply(reply.status_code, reply.content_type, reply.data, "actions")
    assert reply.status_code == 422 and fingerprint(world["service"]) == before


def test_a_key_reused_for_another_action_is_409(world):
    tablet, table_id = world["tablet"], world["id"]
    assert (
        tablet.act(
            table_id, {"type": "add", "seat": 0, "amount": 1}, idempotency_key="same-key-123"
        ).status_code
        == 200
    )
    before = fingerprint(world["service"])
    reply = tablet.act(table_id, {"type": "end_turn", "seat": 0}, idempotency_key="same-key-123")
    assert reply.status_code == 409 and fingerprint(world["service"]) == before


@pytest.mark.parametrize("after", ["-1", "abc", "1e3", "9" * 5000, "%00", "0x10"])
def test_bad_log_cursors_are_400(world, after):
    reply = world["tablet"].get(f"/api/tables/{world['id']}/log?after={after}")
    check_reply(reply.status_code, reply.content_type, reply.data, "log")
    assert reply.status_code == 400


@pytest.mark.parametrize("last", ["-1", "abc", "9" * 5000, "1.5"])
def test_bad_last_event_ids_are_400(world, last):
    reply = world["tablet"].get(
        f"/api/tables/{world['id']}/events", headers={"Last-Event-ID": last}
    )
    check_reply(reply.status_code, reply.content_type, reply.data, "events")
    assert reply.status_code == 400


@pytest.mark.parametrize(
    "dice",
    [
        [{"die": ["d6"], "face": 1}],
        [{"die": {"d6": 1}, "face": 1}],
        [{"die": "d6", "face": [1]}],
        [{"die": "d6"}],
        [[]],
        [None],
        "d6",
        [{"die": "d6", "face": 1}] * 7,
        [],
    ],
)
def test_malformed_dice_are_refused(world, dice):
    before = fingerprint(world["service"])
    reply = world["tablet"].post(f"/api/tables/{world['id']}/dice", {"dice": dice})
    check_reply(reply.status_code, reply.content_type, reply.data, "dice")
    assert reply.status_code == 422 and fingerprint(world["service"]) == before
