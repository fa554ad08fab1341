"""The JSON API through Flask's test client: tokens, CSRF, errors, versions, the log."""

from __future__ import annotations

import html
import json
import re

import pytest

from companion.known_games import registry
from tests.support.values import numbers
from tests.support.web.clients import join


def test_create_view_act_and_log(tablet, table):
    tid = table["id"]
    assert tablet.act(tid, {"type": "add", "seat": 0, "amount": 3}).status_code == 200
    view = tablet.get(f"/api/tables/{tid}").json
    assert view["state"]["scores"] == [3, 0]
    assert view["viewer"] == {"seat": None, "admin": True}
    log = tablet.get(f"/api/tables/{tid}/log").json["log"]
    assert log[0]["line"] == {"key": "tally.add", "params": {"seat": 0, "amount": 3}}


def test_stale_version_gets_409_and_changes_nothing(tablet, table):
    tid = table["id"]
    tablet.act(tid, {"type": "add", "seat": 0, "amount": 1}, expected_version=0)
    reply = tablet.act(tid, {"type": "add", "seat": 0, "amount": 1}, expected_version=0)
    assert reply.status_code == 409
    assert reply.json["error"]["code"] == "stale_version"
    assert tablet.get(f"/api/tables/{tid}").json["state"]["scores"] == [1, 0]


@pytest.mark.parametrize(
    "action, status, code",
    [
        ({"type": "add", "seat": 0, "amount": 99}, 422, "out_of_range"),
        ({"type": "add", "seat": 0}, 422, "missing_param"),
        ({"type": "fly", "seat": 0}, 422, "not_now"),
        ({"type": "add", "seat": 7, "amount": 1}, 422, "bad_seat"),
        ("not an object", 422, "bad_action"),
        ({"type": "add", "seat": 1, "amount": 1}, 422, "not_now"),
    ],
)
def test_bad_actions_are_clear_errors(tablet, table, action, status, code):
    reply = tablet.act(table["id"], action)
    assert reply.status_code == status
    assert reply.json["error"]["code"] == code
    assert reply.json["error"]["message"]
    assert tablet.get(f"/api/tables/{table['id']}").json["table"]["version"] == 0


def test_errors_speak_the_device_language(tablet, table):
    reply = tablet.post(
        f"/api/tables/{table['id']}/actions",
        {"action": {"type": "add", "seat": 0, "amount": 99}},
        headers={"Accept-Language": "fr-FR,fr;q=0.9"},
    )
    assert "doit être entre 1 et 5" in reply.json["error"]["message"]


def test_csrf_guard(tablet, table):
    reply = tablet.client.post(
        f"/api/tables/{table['id']}/actions",
        json={"action": {"type": "add", "seat": 0, "amount": 1}},
    )
    assert reply.status_code == 403 and reply.json["error"]["code"] == "csrf"


def test_wrong_content_type_and_bad_json(tablet, table):
    url = f"/api/tables/{table['id']}/actions"
    headers = {"X-CSRF-Token": tablet.csrf()}
    assert tablet.client.post(url, data="x", headers=headers).status_code == 415
    reply = tablet.client.post(url, data="{", headers=headers, content_type="application/json")
    assert reply.status_code == 400 and reply.json["error"]["code"] == "bad_json"


def test_oversized_body_is_413(tablet, table):
    reply = tablet.post(
        f"/api/tables/{table['id']}/actions", {"action": {"type": "add", "x": "y" * 100_000}}
    )
    assert reply.status_code == 413


def test_unknown_table_and_route(tablet):
    assert tablet.get("/api/tables/nope").status_code == 404
    assert tablet.get("/api/tables/nope").json["error"]["code"] == "no_such_table"
    assert tablet.get("/api/nothing").status_code == 404


def test_dns_rebinding_host_is_refused(tablet):
    reply = tablet.client.get("/api/health", headers={"Host": "evil.example:8080"})
    assert reply.status_code == 421
    assert tablet.client.get("/api/health", headers={"Host": "192.168.4.1:8080"}).status_code == 200


def test_seat_tokens_unlock_only_their_seat(device, tablet, table):
    tid = table["id"]
    ann = join(device(), table, 0)
    assert ann.get(f"/api/tables/{tid}").json["viewer"] == {"seat": 0, "admin": False}
    assert ann.act(tid, {"type": "add", "seat": 0, "amount": 2}).status_code == 200
    reply = ann.act(tid, {"type": "add", "seat": 1, "amount": 2})
    assert reply.status_code == 403
    assert ann.post(f"/api/tables/{tid}/undo").status_code == 403
    assert ann.get(f"/api/tables/{tid}/seats").status_code == 403
    stranger = device()
    assert stranger.act(tid, {"type": "add", "seat": 0, "amount": 2}).status_code == 403


def test_join_code_single_use_and_cookie_flags(device, table):
    phone = device()
    code = table["seats"][1]["join_code"]
    reply = phone.client.post(f"/join/{table['id']}/{code}")
    cookie = reply.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    again = device().client.post(f"/join/{table['id']}/{code}")
    assert again.status_code == 403


def test_secret_bid_never_reaches_others(device, tablet, table):
    tid = table["id"]
    ann, bruno = join(device(), table, 0), join(device(), table, 1)
    tablet.act(tid, {"type": "call_bids", "seat": 0})
    assert tablet.act(tid, {"type": "bid", "seat": 1, "amount": 987}).status_code == 403
    assert bruno.act(tid, {"type": "bid", "seat": 1, "amount": 987}).status_code == 200
    for viewer in (tablet, ann):
        seen = [viewer.get(f"/api/tables/{tid}").json, viewer.get(f"/api/tables/{tid}/log").json]
        assert 987 not in numbers(seen)
    assert 987 in numbers(bruno.get(f"/api/tables/{tid}").json)


def test_idempotency_key_makes_retries_safe(tablet, table):
    tid = table["id"]
    action = {"type": "add", "seat": 0, "amount": 5}
    first = tablet.act(tid, action, idempotency_key="abcdef123456").json
    second = tablet.act(tid, action, idempotency_key="abcdef123456").json
    assert second["version"] == first["version"] and second["replayed"]
    assert tablet.get(f"/api/tables/{tid}").json["state"]["scores"] == [5, 0]


def test_reissue_is_logged_and_revokes(device, tablet, table):
    tid = table["id"]
    phone = join(device(), table, 1)
    new = tablet.post(f"/api/tables/{tid}/seats/1/reissue").json
    assert phone.get(f"/api/tables/{tid}").json["viewer"]["seat"] is None
    log = tablet.get(f"/api/tables/{tid}/log").json["log"]
    assert log[-1]["line"]["key"] == "core.reissued"
    fresh = device()
    assert fresh.client.post(new["join_url"].replace("http://localhost", "")).status_code == 303


def test_dice_endpoint_answers_the_prompt_or_is_a_free_roll(tablet, table):
    tid = table["id"]
    free = tablet.post(f"/api/tables/{tid}/dice", {"dice": [{"die": "d6", "face": 4}]})
    assert free.json == {"free": True}
    tablet.act(tid, {"type": "ask", "seat": 0})
    done = tablet.post(f"/api/tables/{tid}/dice", {"dice": [{"die": "d6", "face": 4}]})
    assert done.status_code == 200 and done.json["version"] == 2
    assert tablet.get(f"/api/tables/{tid}").json["state"]["scores"] == [4, 0]
    bad = tablet.post(f"/api/tables/{tid}/dice", {"dice": [{"die": "d6", "face": 7}]})
    assert bad.status_code == 422 and bad.json["error"]["code"] == "bad_face"


def test_openapi_and_pages(tablet, table):
    spec = tablet.get("/api/openapi.json").json
    assert "/api/tables/{table_id}/actions" in spec["paths"]
    for path in ("/", "/new", f"/table/{table['id']}", "/manifest.webmanifest", "/static/shell.js"):
        reply = tablet.get(path)
        reply.close()  # static files are streamed from disk
        assert reply.status_code == 200, path
    assert tablet.get(f"/seat/{table['id']}").status_code == 403
    svg = tablet.get(f"/join/{table['id']}/seat-0.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"


def test_sse_stream_resumes_and_alarms(app, tablet, table):
    tid = table["id"]
    tablet.act(tid, {"type": "add", "seat": 0, "amount": 1})
    tablet.act(tid, {"type": "add", "seat": 0, "amount": 2})
    reply = tablet.client.get(
        f"/api/tables/{tid}/events", headers={"Last-Event-ID": "1"}, buffered=False
    )
    chunks = reply.response
    assert next(chunks).decode().startswith("retry:")
    first = next(chunks).decode()
    assert first.startswith("id: 2\nevent: state\n")
    data = json.loads(first.split("data: ", 1)[1])
    assert [e["version"] for e in data["log"]] == [2]
    reply.close()
    ahead = tablet.client.get(
        f"/api/tables/{tid}/events", headers={"Last-Event-ID": "99"}, buffered=False
    )
    chunks = ahead.response
    next(chunks)
    assert next(chunks).decode().startswith("event: alarm")
    ahead.close()


def test_a_stream_that_asks_for_patches_gets_the_whole_view_first_then_patches(tablet, table):
    from companion.writer import merge_patch

    tid = table["id"]
    tablet.act(tid, {"type": "add", "seat": 0, "amount": 1})
    reply = tablet.client.get(f"/api/tables/{tid}/events?patch=merge", buffered=False)
    chunks = reply.response
    assert next(chunks).decode().startswith("retry:")
    first = next(chunks).decode()
    assert first.startswith("id: 1\nevent: state\n")
    view = json.loads(first.split("data: ", 1)[1])["view"]
    tablet.act(tid, {"type": "add", "seat": 0, "amount": 2})
    second = next(chunks).decode()
    assert second.startswith("id: 2\nevent: patch\n")
    data = json.loads(second.split("data: ", 1)[1])
    assert data["base"] == 1 and [e["version"] for e in data["log"]] == [2]
    assert merge_patch.apply(view, data["patch"]) == tablet.get(f"/api/tables/{tid}").json
    reply.close()
    again = tablet.client.get(
        f"/api/tables/{tid}/events?patch=merge", headers={"Last-Event-ID": "1"}, buffered=False
    )
    chunks = again.response
    next(chunks)
    assert next(chunks).decode().startswith("id: 2\nevent: state\n")  # a resume: whole
    again.close()


def test_wifi_code_only_when_configured(service, tablet, table):
    from companion.app.config import load
    from web import create_app

    assert tablet.get("/qr/wifi.svg").status_code == 404
    app = create_app(load(overrides={"wifi": {"ssid": "Saloon", "password": "cattle123"}}), service)
    client = app.test_client()
    svg = client.get("/qr/wifi.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"


def test_options_with_choices_are_listed_and_checked(tablet):
    games = {g["game"]: g for g in tablet.get("/api/games").json["games"]}
    assert games["nowheresville"]["choices"]["money"] == ["physical", "virtual"]
    reply = tablet.post(
        "/api/tables",
        {"game": "nowheresville", "players": ["A", "B"], "options": {"money": "gold"}},
    )
    assert reply.status_code == 422 and reply.json["error"]["code"] == "bad_option"


def test_a_page_downloads_only_its_own_game_words(tablet):
    lawless = tablet.get("/api/i18n/fr.json?game=lawless").json
    assert "action.lawless.buy_points" in lawless and "ui.roll" in lawless
    assert not any(key.startswith("action.abilene.") for key in lawless)
    assert tablet.get("/api/i18n/fr.json?game=nope").json == tablet.get("/api/i18n/fr.json").json


def body_data(page: bytes, name: str):
    """A ``data-…`` attribute of the page's <body>, as the browser reads it (JSON)."""
    tag = re.search(r"<body ([^>]*)>", page.decode())
    assert tag, "the page has no <body>"
    attribute = re.search(f'data-{name}="([^"]*)"', tag.group(1))
    assert attribute, f"the <body> has no data-{name}"
    return json.loads(html.unescape(attribute.group(1)))


@pytest.mark.parametrize("game", ["abilene", "nowheresville", "tally"])
def test_a_table_page_carries_its_games_seat_parameters_and_turn_ends(tablet, game):
    """The pages read them from <body> (``C.isSeatParam``, the last button), never guess."""
    made = tablet.post("/api/tables", {"game": game, "players": ["Ann", "Bruno", "Cleo"]}).json
    page = tablet.get(f"/table/{made['id']}").data
    assert body_data(page, "seat-params") == list(registry.seat_params(game))
    assert body_data(page, "end-turn") == list(registry.end_turn(game))
    home = tablet.get("/").data
    assert body_data(home, "seat-params") == [] == body_data(home, "end-turn")


def test_a_journal_fault_is_a_503_and_its_words_stay_in_the_log(service, tablet, table, caplog):
    """A JournalError is a CompanionError like the others, but not a player's refusal: the
    operator's message goes to the log, the player gets ``journal_fault``."""
    from companion.errors import JournalError

    def full(*_args, **_kw):
        raise JournalError("cannot write the journal: database or disk is full")

    service.journal.append = full
    reply = tablet.act(table["id"], {"type": "add", "seat": 0, "amount": 1})
    assert reply.status_code == 503 and reply.json["error"]["code"] == "journal_fault"
    assert "disk is full" not in reply.get_data(as_text=True)
    assert "journal fault: cannot write the journal: database or disk is full" in caplog.text


def test_a_page_is_offered_a_device_id_and_csrf_cookie_and_a_script_with_a_token_none(app, table):
    page = app.test_client().get("/api/health").headers.getlist("Set-Cookie")
    assert sorted(c.split("=", 1)[0] for c in page) == ["tc_csrf", "tc_device"]
    script = app.test_client()
    token = {"Authorization": f"Bearer {table['admin_token']}"}
    read = script.get(f"/api/tables/{table['id']}", headers=token)
    acted = script.post(
        f"/api/tables/{table['id']}/actions",
        json={"action": {"type": "add", "seat": 0, "amount": 2}},
        headers=token,
    )
    assert read.status_code == 200 and acted.status_code == 200, acted.json
    assert read.headers.getlist("Set-Cookie") == acted.headers.getlist("Set-Cookie") == []


def test_the_lender_short_is_told_in_the_players_words(tablet):
    made = tablet.post("/api/tables", {"game": "abilene", "players": ["Ann", "Bruno", "Cy"]}).json
    for action in (
        {"type": "offer_loan", "seat": 0, "borrower": 1, "amount": 9000, "interest": 0},
        {"type": "offer_loan", "seat": 0, "borrower": 2, "amount": 9000, "interest": 0},
        {"type": "accept_loan", "seat": 2, "offer": 2},
    ):
        assert tablet.act(made["id"], action).status_code == 200
    reply = tablet.act(made["id"], {"type": "accept_loan", "seat": 1, "offer": 1})
    assert reply.status_code == 422
    assert reply.json["error"]["message"] == (
        "Ann no longer has the $9,000 of offer 1 (only $1,000): the loan cannot be made."
    )


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "That cannot be done now. Waiting for Ann: throw the five dice"),
        ("fr", "Cela n’est pas possible maintenant. On attend Ann\u00a0: jetez les 5 dés"),
    ],
)
def test_a_refusal_names_the_player_it_waits_for_once(tablet, device, lang, said):
    """Not "Waiting for Ann: Ann: throw the five dice": the prompt's line loses the name the
    refusal already says."""
    from tests.support.web.clients import join

    made = tablet.post("/api/tables", {"game": "abilene", "players": ["Ann", "Bruno"]}).json
    bruno = join(device(), made, 1)
    reply = bruno.post(
        f"/api/tables/{made['id']}/actions",
        {"action": {"type": "end_turn", "seat": 1}},
        headers={"Accept-Language": lang},
    )
    assert reply.status_code == 422 and reply.json["error"]["message"] == said
