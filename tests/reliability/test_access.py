"""Access: what a token unlocks, how tokens are made and compared, the CSRF guard on every
state-changing route, cookie flags, the Host check (DNS rebinding), and the limits that keep
one misbehaving phone from starving the table (streams per device, requests per minute).

(tests/web/test_api.py covers: a seat acting for the other seat, undo and the seat list
from a phone, one CSRF refusal, the seat cookie's flags, one rebinding Host. This file
sweeps every route and every cookie.)
"""

from __future__ import annotations

import ast
import hmac
import re
import string
from pathlib import Path

import pytest

from companion.access import tokens as access
from tests.support.reliability.access import bearer_device
from tests.support.reliability.hostile import check_reply
from tests.support.reliability.inprocess import (
    companion_app,
    fingerprint,
    new_table,
    phone_for,
    seat_token,
)
from tests.support.web.clients import Device

ROOT = Path(__file__).resolve().parents[2]
ADMIN_ONLY = [
    "/api/tables/{id}/undo",
    "/api/tables/{id}/seats/1/reissue",
    "/api/tables/{id}/cards",
    "/api/tables/{id}/active",
    "/api/tables/{id}/active/give",
    "/api/tables/{id}/seats/1/pin",
]


@pytest.fixture
def world(tmp_path):
    with companion_app(tmp_path, streams={"heartbeat_s": 0.01}) as (service, app):
        tablet, made = new_table(app, "tally", ["Ann", "Bruno"])
        _, other = new_table(app, "tally", ["Carl", "Dora"])
        tablet.act(made["id"], {"type": "add", "seat": 0, "amount": 1})
        ann = phone_for(app, made, 0)
        yield {
            "service": service,
            "app": app,
            "tablet": tablet,
            "made": made,
            "ann": ann,
            "id": made["id"],
            "other": other,
            "ann_token": seat_token(ann, made["id"]),
        }


# -- tokens ------------------------------------------------------------------------------
def test_tokens_are_long_random_and_unique():
    tokens = [access.new_token() for _ in range(2000)]
    codes = [access.new_join_code() for _ in range(2000)]
    alphabet = set(string.ascii_letters + string.digits + "-_")
    assert len(set(tokens)) == len(tokens) and len(set(codes)) == len(codes)
    assert min(len(t) for t in tokens) >= 43  # 256 random bits, base64url
    assert min(len(c) for c in codes) >= 16  # 96 random bits, and single-use
    assert all(set(t) <= alphabet for t in tokens + codes)
    # every position varies: no fixed prefix, counter or timestamp inside
    assert all(len({t[i] for t in tokens}) > 30 for i in range(42))  # the 43rd holds 4 bits


def test_token_checks_go_through_compare_digest(world, monkeypatch):
    calls = []
    real = hmac.compare_digest

    def spy(a, b):
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", spy)
    assert access.matches("x" * 43, access.digest("x" * 43)) and calls
    calls.clear()
    phone = bearer_device(world["app"], world["ann_token"])
    assert phone.get(f"/api/tables/{world['id']}").json["viewer"]["seat"] == 0
    assert access.digest(world["ann_token"]) in [a for a, _ in calls]
    calls.clear()
    world["tablet"].act(world["id"], {"type": "add", "seat": 0, "amount": 1})
    assert any(a == world["tablet"].csrf().encode() for a, _ in calls), "CSRF not constant-time"


def secret_equality(path: Path) -> list[str]:
    """``==``/``!=`` between two non-constant operands where one names a secret."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Compare) or not any(
            isinstance(op, (ast.Eq, ast.NotEq)) for op in node.ops
        ):
            continue
        parts = [node.left, *node.comparators]
        if any(isinstance(p, ast.Constant) for p in parts):
            continue
        names = [
            n.id if isinstance(n, ast.Name) else n.attr
            for p in parts
            for n in ast.walk(p)
            if isinstance(n, (ast.Name, ast.Attribute))
        ]
        if any(re.search(r"token|hash|csrf|code|pin|secret", n, re.I) for n in names):
            found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_secret_is_compared_with_double_equals():
    files = [
        ROOT / "companion" / "access.py",
        ROOT / "companion" / "service.py",
        ROOT / "companion" / "private.py",
        *sorted((ROOT / "web").glob("*.py")),
    ]
    found = [hit for f in files if f.exists() for hit in secret_equality(f)]
    assert not found, found


# -- what a token unlocks ----------------------------------------------------------------
@pytest.mark.parametrize("as_cookie", [True, False])
def test_a_seat_token_unlocks_nothing_but_its_own_seat(world, as_cookie):
    service, table_id = world["service"], world["id"]
    phone = world["ann"] if as_cookie else bearer_device(world["app"], world["ann_token"])
    before = fingerprint(service)
    for path in ADMIN_ONLY:
        reply = phone.post(path.format(id=table_id), {"pin": "1234", "uid": "ab", "card": "x"})
        check_reply(reply.status_code, reply.content_type, reply.data, path)
        assert reply.status_code == 403, (path, reply.status_code)
    for path in (f"/api/tables/{table_id}/seats", f"/join/{table_id}/seat-1.svg"):
        assert phone.get(path).status_code == 403, path
    assert phone.act(table_id, {"type": "add", "seat": 1, "amount": 1}).status_code == 403
    assert fingerprint(service) == before
    view = phone.get(f"/api/tables/{table_id}").json
    assert view["viewer"] == {"seat": 0, "admin": False}


def test_tokens_do_not_cross_tables(world):
    other = world["other"]["id"]
    for token in (world["ann_token"], world["made"]["admin_token"]):
        script = bearer_device(world["app"], token)
        assert script.get(f"/api/tables/{other}").json["viewer"] == {"seat": None, "admin": False}
        reply = script.act(other, {"type": "add", "seat": 0, "amount": 1})
        assert reply.status_code == 403
    forged = Device(world["app"])  # Ann's token in the cookie named for the other table
    forged.client.set_cookie(f"tc_seat_{other}", world["ann_token"])
    assert forged.get(f"/api/tables/{other}").json["viewer"]["seat"] is None


# -- CSRF --------------------------------------------------------------------------------
def state_changing_routes(app) -> list[str]:
    return sorted(
        r.rule for r in app.url_map.iter_rules() if r.methods & {"POST", "PUT", "PATCH", "DELETE"}
    )


def fill_rule(rule: str, table_id: str) -> str:
    return (
        rule.replace("<table_id>", table_id)
        .replace("<int:seat>", "1")
        .replace("<code>", "not-a-code")
    )


def test_every_state_changing_api_route_needs_the_csrf_header(world):
    """The tablet holds its admin cookie; a request without the header (what a hostile
    page in the same browser could send) is refused before it does anything."""
    app, tablet, service = world["app"], world["tablet"], world["service"]
    routes = [r for r in state_changing_routes(app) if r.startswith("/api/")]
    assert len(routes) >= 10
    before = fingerprint(service)
    for rule in routes:
        path = fill_rule(rule, world["id"])
        for headers in ({}, {"X-CSRF-Token": "forged"}, {"X-CSRF-Token": ""}):
            reply = tablet.client.post(path, json={}, headers=headers)
            assert reply.status_code == 403 and reply.json["error"]["code"] == "csrf", path
    assert fingerprint(service) == before


def test_a_cross_site_form_cannot_spend_a_join_code(world):
    """/join/<id>/<code> is a plain form post (no header possible), so it is the one route
    the CSRF header cannot guard; the browser's Origin header can: another site's page must
    not be able to make a phone take (and burn) a seat."""
    app, made = world["app"], world["made"]
    routes = [r for r in state_changing_routes(app) if not r.startswith("/api/")]
    assert routes == ["/join/<table_id>/<code>"], routes
    victim = Device(app)
    path = f"/join/{made['id']}/{made['seats'][1]['join_code']}"
    for cross_site in (
        {"Origin": "http://evil.example"},
        {"Origin": "null", "Sec-Fetch-Site": "cross-site"},
    ):
        reply = victim.client.post(path, headers=cross_site)
        assert reply.status_code == 403, reply.status_code
    same_site = victim.client.post(path, headers={"Origin": "http://localhost"})
    assert same_site.status_code == 303


# -- cookies -----------------------------------------------------------------------------
def test_every_cookie_is_samesite_strict_and_credentials_are_httponly(world):
    app, made = world["app"], world["made"]
    device = Device(app)
    jar = device.client.get("/api/health").headers.getlist("Set-Cookie")
    fresh = app.test_client()
    for reply in (
        fresh.get("/"),
        device.post("/api/tables", {"game": "tally", "players": ["A", "B"]}),
        device.client.post(f"/join/{made['id']}/{made['seats'][1]['join_code']}"),
        device.post("/api/language", {"lang": "fr"}),
    ):
        jar += reply.headers.getlist("Set-Cookie")
    names = {c.split("=", 1)[0] for c in jar}
    assert {"tc_csrf", "tc_device", "tc_lang", f"tc_seat_{made['id']}"} <= names
    assert any(n.startswith("tc_admin_") for n in names)
    for cookie in jar:
        name = cookie.split("=", 1)[0]
        flags = [f.strip().lower() for f in cookie.split(";")[1:]]
        assert "samesite=strict" in flags, cookie
        assert not any(f.startswith("domain=") for f in flags), cookie
        if name.startswith(("tc_admin_", "tc_seat_", "tc_pin_", "tc_device")):
            assert "httponly" in flags, cookie
