"""Exactly once: every state-changing request takes an idempotency key bound to its viewer and
its whole body; a retry gets the first answer, a reused key anything else gets 409, and who
may act is checked before any replay."""

from __future__ import annotations

import pytest

from tests.support.reliability.inprocess import companion_app, fingerprint, new_table, phone_for
from tests.support.web.clients import Device

KEY = "retry-key-0001"


@pytest.fixture
def world(tmp_path):
    with companion_app(tmp_path) as (service, app):
        tablet, made = new_table(app, "tally", ["Ann", "Bruno"])
        outlaws_tablet, outlaws = new_table(app, "outlaws108", ["Ann", "Bruno"])
        yield {
            "service": service,
            "app": app,
            "tablet": tablet,
            "made": made,
            "id": made["id"],
            "ann": phone_for(app, made, 0),
            "outlaws_tablet": outlaws_tablet,
            "outlaws": outlaws["id"],
        }


def routes(world) -> dict[str, tuple[str, str, dict]]:
    """Every POST route: (who sends it, its path, a body that changes something)."""
    tid = world["id"]
    return {
        "/api/tables": ("tablet", "/api/tables", {"game": "tally", "players": ["X", "Y"]}),
        "/api/tables/<table_id>/actions": (
            "ann",
            f"/api/tables/{tid}/actions",
            {"action": {"type": "add", "seat": 0, "amount": 3}},
        ),
        "/api/tables/<table_id>/undo": ("tablet", f"/api/tables/{tid}/undo", {}),
        "/api/tables/<table_id>/correct": ("tablet", f"/api/tables/{tid}/correct", {"dice": [6]}),
        "/api/tables/<table_id>/dice": (
            "ann",
            f"/api/tables/{tid}/dice",
            {"dice": [{"die": "d6", "face": 2}]},
        ),
        "/api/tables/<table_id>/roll": ("ann", f"/api/tables/{tid}/roll", {}),
        "/api/tables/<table_id>/close": ("tablet", f"/api/tables/{tid}/close", {}),
        "/api/tables/<table_id>/seats/<int:seat>/pin": (
            "tablet",
            f"/api/tables/{tid}/seats/1/pin",
            {"pin": "2468"},
        ),
        "/api/tables/<table_id>/seats/<int:seat>/unlock": (
            "tablet",
            f"/api/tables/{tid}/seats/1/unlock",
            {"pin": "2468"},
        ),
        "/api/tables/<table_id>/lock": ("tablet", f"/api/tables/{tid}/lock", {}),
        "/api/tables/<table_id>/seats/<int:seat>/reissue": (
            "tablet",
            f"/api/tables/{tid}/seats/1/reissue",
            {},
        ),
        "/api/tables/<table_id>/cards": (
            "tablet",
            f"/api/tables/{tid}/cards",
            {"uid": "a1b2c3d4", "card": "Bandit"},
        ),
        "/api/tables/<table_id>/dice-owners": (
            "tablet",
            f"/api/tables/{tid}/dice-owners",
            {"device": "pixel-Red", "seat": 1},
        ),
        "/api/tables/<table_id>/active": ("tablet", f"/api/tables/{tid}/active", {}),
        "/api/tables/<table_id>/active/give": (
            "tablet",
            f"/api/tables/{tid}/active/give",
            {"table": world.get("outlaws", "T")},
        ),
        "/api/language": ("tablet", "/api/language", {"lang": "fr"}),
        "/api/tables/<table_id>/catalogue": (
            "outlaws_tablet",
            f"/api/tables/{world.get('outlaws', 'T')}/catalogue",
            {
                "file": {
                    "format": "table-companion-catalogue",
                    "game": "outlaws108",
                    "entries": {"40": {"icons": ["cavalry"]}},
                }
            },
        ),
        "/api/tables/<table_id>/catalogue/<key>": (
            "outlaws_tablet",
            f"/api/tables/{world.get('outlaws', 'T')}/catalogue/41",
            {"entry": {"icons": ["navy"]}},
        ),
        "/api/tables/<table_id>/catalogue/<key>/delete": (
            "outlaws_tablet",
            f"/api/tables/{world.get('outlaws', 'T')}/catalogue/41/delete",
            {},
        ),
        "/api/tables/<table_id>/rematch": ("tablet", f"/api/tables/{tid}/rematch", {}),
        "/api/tables/<table_id>/archive": (
            "tablet",
            f"/api/tables/{tid}/archive",
            {"archived": True},
        ),
        "/api/tables/<table_id>/delete": ("tablet", f"/api/tables/{tid}/delete", {}),
    }


def ready(world, rule: str) -> None:
    """What must be true before the route can change something."""
    tablet, tid = world["tablet"], world["id"]
    if rule.endswith(("/undo", "/correct", "/dice", "/roll")):
        tablet.act(tid, {"type": "ask", "seat": 0})
    if rule.endswith("/correct"):
        assert (
            tablet.post(f"/api/tables/{tid}/dice", {"dice": [{"die": "d6", "face": 1}]}).status_code
            == 200
        )
    if rule.endswith("/close"):  # the game is over: the tablet may close it
        for _ in range(10):
            tablet.act(tid, {"type": "add", "seat": 0, "amount": 5})
    if rule.endswith("/active/give"):  # another tablet asked for the hardware
        asked = world["outlaws_tablet"].post(f"/api/tables/{world['outlaws']}/active", {})
        assert asked.status_code == 202
    if rule.endswith("/catalogue/<key>/delete"):  # an entry to delete
        fixed = world["outlaws_tablet"].post(
            f"/api/tables/{world['outlaws']}/catalogue/41", {"entry": {"icons": ["scout"]}}
        )
        assert fixed.status_code == 200, fixed.json
    if rule.endswith(("/unlock", "/lock")):
        tablet.post(f"/api/tables/{tid}/seats/1/pin", {"pin": "2468"})
    if rule.endswith("/lock"):
        tablet.post(f"/api/tables/{tid}/seats/1/unlock", {"pin": "2468"})


def headers(rule: str) -> dict:
    """Locking is asked from the private seat page on the tablet."""
    return {"X-Companion-View": "seat"} if rule.endswith("/lock") else {}


def test_the_table_names_every_post_route(world):
    posts = {
        rule.rule
        for rule in world["app"].url_map.iter_rules()
        if "POST" in rule.methods and rule.rule.startswith("/api/")
    }
    assert posts == set(routes(world))


@pytest.mark.parametrize("rule", sorted(routes({"id": "T"})))
def test_a_retry_gets_the_first_answer_and_changes_nothing_more(world, rule):
    who, path, data = routes(world)[rule]
    ready(world, rule)
    device = world[who]
    first = device.post(path, {**data, "idempotency_key": KEY}, headers=headers(rule))
    assert first.status_code in (200, 201, 202), first.json
    after_first = fingerprint(world["service"])
    again = device.post(path, {**data, "idempotency_key": KEY}, headers=headers(rule))
    assert again.status_code == first.status_code
    body = dict(again.json)
    body.pop("replayed", None)
    assert body == first.json
    assert fingerprint(world["service"]) == after_first
    # (a retried /roll throws once: the fingerprint above would show a second roll)
    # the key may ride in a header as well, as the pages send it
    header = device.post(path, data, headers={"Idempotency-Key": KEY, **headers(rule)})
    assert header.status_code == first.status_code


@pytest.mark.parametrize("rule", sorted(routes({"id": "T"})))
def test_the_same_key_for_another_request_is_a_409(world, rule):
    who, path, data = routes(world)[rule]
    ready(world, rule)
    device = world[who]
    assert (
        device.post(path, {**data, "idempotency_key": KEY}, headers=headers(rule)).status_code < 300
    )
    before = fingerprint(world["service"])
    other = device.post(path, {**data, "idempotency_key": KEY, "extra": 1}, headers=headers(rule))
    assert other.status_code == 409 and other.json["error"]["code"] == "idempotency_mismatch"
    assert fingerprint(world["service"]) == before


@pytest.mark.parametrize(
    "body,code",
    [
        ({"type": "add", "seat": 0, "amount": 4}, 409),  # other parameters
        ({"type": "add", "seat": 1, "amount": 3}, 409),  # another seat, from the tablet
    ],
)
def test_a_key_is_bound_to_the_whole_action(world, body, code):
    tid, tablet = world["id"], world["tablet"]
    tablet.post(
        f"/api/tables/{tid}/actions",
        {"action": {"type": "add", "seat": 0, "amount": 3}, "idempotency_key": KEY},
    )
    reply = tablet.post(f"/api/tables/{tid}/actions", {"action": body, "idempotency_key": KEY})
    assert reply.status_code == code
    assert reply.json["error"]["code"] == "idempotency_mismatch"
    assert tablet.get(f"/api/tables/{tid}").json["state"]["scores"] == [3, 0]


def test_another_viewer_with_the_key_is_a_409_and_an_anonymous_one_is_refused_first(world):
    tid = world["id"]
    action = {"type": "add", "seat": 0, "amount": 3}
    world["ann"].post(f"/api/tables/{tid}/actions", {"action": action, "idempotency_key": KEY})
    tablet = world["tablet"].post(
        f"/api/tables/{tid}/actions", {"action": action, "idempotency_key": KEY}
    )
    assert tablet.status_code == 409 and tablet.json["error"]["code"] == "idempotency_mismatch"
    stranger = Device(world["app"]).post(
        f"/api/tables/{tid}/actions", {"action": action, "idempotency_key": KEY}
    )
    assert stranger.status_code == 403 and stranger.json["error"]["code"] == "needs_token"


def test_a_retried_dice_never_answers_the_next_prompt(world):
    """A Lawless duel's attacker roll retried became the defender's: never again."""
    tid, tablet = world["id"], world["tablet"]
    tablet.act(tid, {"type": "ask", "seat": 0})
    throw = {"dice": [{"die": "d6", "face": 4}], "idempotency_key": KEY}
    first = world["ann"].post(f"/api/tables/{tid}/dice", throw)
    tablet.act(tid, {"type": "end_turn", "seat": 0})
    tablet.act(tid, {"type": "ask", "seat": 1})
    again = world["ann"].post(f"/api/tables/{tid}/dice", throw)
    assert {k: v for k, v in again.json.items() if k != "replayed"} == first.json
    view = tablet.get(f"/api/tables/{tid}").json
    assert view["prompt"]["kind"] == "dice" and view["state"]["scores"] == [4, 0]


def test_keys_survive_a_restart(tmp_path):
    with companion_app(tmp_path) as (_, app):
        tablet, made = new_table(app, "tally", ["Ann", "Bruno"])
        action = {"type": "add", "seat": 0, "amount": 3}
        tablet.post(f"/api/tables/{made['id']}/actions", {"action": action, "idempotency_key": KEY})
        admin = tablet.client.get_cookie(f"tc_admin_{made['id']}").value
    with companion_app(tmp_path) as (_, app):
        script = Device(app)
        script.client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {admin}"
        same = script.post(
            f"/api/tables/{made['id']}/actions", {"action": action, "idempotency_key": KEY}
        )
        assert same.json["replayed"] is True
        other = script.post(
            f"/api/tables/{made['id']}/actions",
            {"action": {**action, "amount": 4}, "idempotency_key": KEY},
        )
        assert other.status_code == 409


def test_a_dice_answer_retried_after_a_restart_is_its_first_answer(tmp_path):
    """The reply to a throw that answered its prompt was lost in a power cut; the phone
    retries after the restart, when that prompt is gone: the first answer, not a free roll
    (found by the long power-cut run)."""
    throw = {"dice": [{"die": "d6", "face": 4}], "idempotency_key": KEY}
    with companion_app(tmp_path) as (_, app):
        tablet, made = new_table(app, "tally", ["Ann", "Bruno"])
        tid = made["id"]
        tablet.act(tid, {"type": "ask", "seat": 0})
        first = tablet.post(f"/api/tables/{tid}/dice", throw)
        assert first.status_code == 200 and "version" in first.json
        admin = tablet.client.get_cookie(f"tc_admin_{tid}").value
    with companion_app(tmp_path) as (service, app):
        script = Device(app)
        script.client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {admin}"
        before = fingerprint(service)
        again = script.post(f"/api/tables/{tid}/dice", throw)
        assert again.json == {"version": first.json["version"], "replayed": True}
        assert fingerprint(service) == before
        other = script.post(
            f"/api/tables/{tid}/dice", {**throw, "dice": [{"die": "d6", "face": 5}]}
        )
        assert other.status_code == 409 and fingerprint(service) == before


def test_a_virtual_throw_retried_after_a_restart_never_throws_for_the_next_prompt(tmp_path):
    """The tablet's "roll" was thrown and its reply lost in a power cut; by the restart the
    next player's dice are asked: the retry is the first answer, not a second throw."""
    with companion_app(tmp_path) as (_, app):
        tablet, made = new_table(app, "tally", ["Ann", "Bruno"])
        tid = made["id"]
        tablet.act(tid, {"type": "ask", "seat": 0})
        first = tablet.post(f"/api/tables/{tid}/roll", {"idempotency_key": KEY})
        assert first.status_code == 202
        version = tablet.get(f"/api/tables/{tid}").json["table"]["version"]
        tablet.act(tid, {"type": "end_turn", "seat": 0})
        tablet.act(tid, {"type": "ask", "seat": 1})
        admin = tablet.client.get_cookie(f"tc_admin_{tid}").value
    with companion_app(tmp_path) as (service, app):
        script = Device(app)
        script.client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {admin}"
        before = fingerprint(service)
        again = script.post(f"/api/tables/{tid}/roll", {"idempotency_key": KEY})
        assert again.status_code == 200, again.json
        assert again.json == {"version": version, "replayed": True}
        assert fingerprint(service) == before


@pytest.mark.parametrize("key", ["short", "x" * 81, "clé-accentuée", 12345678, ["a" * 9]])
def test_a_malformed_key_is_refused(world, key):
    reply = world["tablet"].post(
        f"/api/tables/{world['id']}/actions",
        {"action": {"type": "add", "seat": 0, "amount": 3}, "idempotency_key": key},
    )
    assert reply.status_code == 422 and reply.json["error"]["code"] == "bad_idempotency_key"


def test_a_replayed_new_table_answers_only_the_client_that_made_it(world):
    """Before: any cookie-less client at the same address that knew the key got the first
    answer, the new table's admin cookie with it (they all share one anonymous device)."""
    app = world["app"]
    first, other = Device(app), Device(app)
    for client in (first, other):
        client.client.delete_cookie("tc_device")  # both: the address's anonymous device
    new = {"game": "tally", "players": ["X", "Y"], "idempotency_key": KEY}
    made = first.post("/api/tables", new)
    assert made.status_code == 201
    before = fingerprint(world["service"])
    stolen = other.post("/api/tables", new)
    assert stolen.status_code == 409 and stolen.json["error"]["code"] == "idempotency_mismatch"
    assert not any(c.startswith("tc_admin_") for c in stolen.headers.getlist("Set-Cookie"))
    assert fingerprint(world["service"]) == before
    # the lost answer's cookies were lost with it: its device id and the new table's admin
    # cookie (a phone still holding that cookie is that table's own device, web/context.py)
    first.client.delete_cookie("tc_device")
    first.client.delete_cookie(f"tc_admin_{made.json['id']}")
    again = first.post("/api/tables", new)  # the maker's own retry still gets its answer
    assert again.status_code == 201 and again.json["id"] == made.json["id"]
