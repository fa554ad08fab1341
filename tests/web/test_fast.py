"""The table's changes beside Flask's request context (``web/fast.py``): taken for an
ordinary change only, and answered exactly as Flask answers the same request — the same
status, body and headers, in the viewer's language, with one rate token per request."""

from __future__ import annotations

import io
import json
import secrets

import pytest

from companion.app.config import load
from web import create_app
from web.fast import Fast

LAWLESS = {"game": "lawless", "players": ["Ann", "Bob", "Cy"]}
FIRST = {"type": "first_player", "seat": None, "player": "Ann"}


class Counted:
    """Counts the request contexts Flask makes: an answer made beside Flask makes none."""

    def __init__(self, app, monkeypatch) -> None:
        self.made = 0
        original = app.request_context

        def counted(environ):
            self.made += 1
            return original(environ)

        monkeypatch.setattr(app, "request_context", counted)


def environ(path: str, data, token: str | None = None, **headers) -> dict:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    env = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": path,
        "SCRIPT_NAME": "",
        "QUERY_STRING": headers.pop("query", ""),
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8080",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": headers.pop("host", "127.0.0.1:8080"),
        "CONTENT_TYPE": headers.pop("content_type", "application/json"),
        "CONTENT_LENGTH": str(len(raw)),
        "wsgi.input": io.BytesIO(raw),
        "wsgi.url_scheme": "http",
        "wsgi.errors": io.StringIO(),
        "wsgi.multithread": True,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
        "wsgi.version": (1, 0),
    }
    if token is not None:
        env["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    env.update({"HTTP_" + k.upper().replace("-", "_"): v for k, v in headers.items()})
    return env


def answer(wsgi, env: dict) -> tuple[str, list[tuple[str, str]], bytes]:
    said = {}

    def start_response(status, headers, exc_info=None):
        said["status"], said["headers"] = status, headers

    body = b"".join(wsgi(env, start_response))
    return said["status"], sorted(said["headers"]), body


@pytest.fixture
def made(service):
    def build(per_minute: int = 100_000):
        config = load(
            overrides={
                "server": {
                    "requests_per_minute": per_minute,
                    "requests_per_minute_anonymous": per_minute,
                    "requests_per_minute_per_address": 100_000,
                }
            }
        )
        app = create_app(config, service)
        table = service.create_table("lawless", LAWLESS["players"], {})
        assert isinstance(app.wsgi_app, Fast)
        return app, table

    return build


def both(app, path: str, data, token: str | None = None, **headers):
    """The same request answered beside Flask, then by Flask alone."""
    fast = answer(app.wsgi_app, environ(path, data, token, **dict(headers)))
    flask = answer(app.wsgi_app.flask, environ(path, data, token, **dict(headers)))
    return fast, flask


def test_an_ordinary_change_skips_flasks_request_context(made, monkeypatch):
    app, table = made()
    counted = Counted(app, monkeypatch)
    status, headers, body = answer(
        app.wsgi_app,
        environ(f"/api/tables/{table['id']}/actions", {"action": FIRST}, table["admin_token"]),
    )
    assert status == "200 OK" and json.loads(body) == {"version": 1}
    assert counted.made == 0
    names = {name for name, _ in headers}
    assert {"Content-Security-Policy", "X-Frame-Options", "Cache-Control"} <= names
    assert "Set-Cookie" not in names  # a script with its token is offered no cookies


def test_a_change_answers_as_flask_does(made):
    app, table = made()
    tid, admin = table["id"], table["admin_token"]
    (fast_status, fast_headers, fast_body) = answer(
        app.wsgi_app, environ(f"/api/tables/{tid}/actions", {"action": FIRST}, admin)
    )
    answer(app.wsgi_app, environ(f"/api/tables/{tid}/undo", {}, admin))
    (status, headers, body) = answer(
        app.wsgi_app.flask, environ(f"/api/tables/{tid}/actions", {"action": FIRST}, admin)
    )
    assert (fast_status, fast_headers) == (status, headers)
    assert json.loads(fast_body) == {"version": 1} and json.loads(body) == {"version": 3}
    assert fast_body.endswith(b"\n") and body.endswith(b"\n")


# Refusals change nothing, so the same request can be answered both ways on one table.
REFUSED = [
    ("a move out of turn, in French", "actions", {"action": FIRST}, {"accept_language": "fr"}),
    ("a stale version", "undo", {"expected_version": 7}, {}),
    ("an unknown action", "actions", {"action": {"type": "nope", "seat": None}}, {}),
    ("no action at all", "actions", {}, {}),
    ("a bad key", "actions", {"action": FIRST, "idempotency_key": "short"}, {}),
    ("a bad version field", "actions", {"action": FIRST, "expected_version": "x"}, {}),
    ("not JSON", "actions", b"{nope", {}),
    ("JSON but not an object", "undo", b"[1]", {}),
    ("a lone surrogate", "actions", b'{"action": "\\ud800"}', {}),
    ("the wrong content type", "undo", {}, {"content_type": "text/plain"}),
    ("a rebinding Host", "undo", {}, {"host": "evil.example"}),
    ("dice for a correction that has none", "correct", {"dice": "x"}, {}),
]


@pytest.mark.parametrize("why,route,data,headers", REFUSED, ids=[r[0] for r in REFUSED])
def test_a_refusal_answers_as_flask_does(made, why, route, data, headers):
    app, table = made()
    tid, admin = table["id"], table["admin_token"]
    if why.startswith("a move out of turn"):
        answer(app.wsgi_app, environ(f"/api/tables/{tid}/actions", {"action": FIRST}, admin))
    fast, flask = both(app, f"/api/tables/{tid}/{route}", data, admin, **headers)
    assert fast == flask
    assert int(fast[0].split()[0]) >= 400


def test_a_wrong_token_an_unknown_table_and_no_token_answer_as_flask_does(made):
    app, table = made()
    tid = table["id"]
    for path, token in (
        (f"/api/tables/{tid}/actions", "not-a-token"),
        ("/api/tables/nosuchtable/actions", table["admin_token"]),
        (f"/api/tables/{tid}/close", None),
    ):
        fast, flask = both(app, path, {"action": FIRST}, token)
        assert fast[0] == flask[0] and fast[2] == flask[2], path
        assert fast[0] != "200 OK"


def test_a_reused_key_answers_as_flask_does(made):
    app, table = made()
    tid, admin = table["id"], table["admin_token"]
    key = secrets.token_hex(8)
    first = {"action": FIRST, "idempotency_key": key}
    answer(app.wsgi_app, environ(f"/api/tables/{tid}/actions", first, admin))
    fast, flask = both(app, f"/api/tables/{tid}/actions", first, admin)  # a retry
    assert fast == flask and json.loads(fast[2]) == {"replayed": True, "version": 1}
    other = {"action": {**FIRST, "player": "Bob"}, "idempotency_key": key}
    fast, flask = both(app, f"/api/tables/{tid}/actions", other, admin)
    assert fast == flask and fast[0].startswith("409")


def test_a_page_without_its_cookies_goes_to_flask_which_offers_them(made, monkeypatch):
    app, table = made()
    counted = Counted(app, monkeypatch)
    status, headers, _ = answer(
        app.wsgi_app,
        environ(
            f"/api/tables/{table['id']}/undo",
            {},
            cookie="tc_csrf=abc; tc_device=made-up",
            x_csrf_token="abc",
        ),
    )
    assert counted.made == 1  # Flask's own way: it replaces the device id
    assert status.startswith("403")  # no credentials for this table
    assert any(name == "Set-Cookie" and "tc_device=" in v for name, v in headers)


def test_a_page_with_its_cookies_is_answered_beside_flask(made, monkeypatch):
    app, table = made()
    phone = app.test_client()
    phone.get("/api/health")  # the signed device id and the CSRF cookie
    phone.set_cookie(f"tc_admin_{table['id']}", table["admin_token"])
    counted = Counted(app, monkeypatch)
    reply = phone.post(
        f"/api/tables/{table['id']}/actions",
        json={"action": FIRST},
        headers={"X-CSRF-Token": phone.get_cookie("tc_csrf").value},
    )
    assert reply.status_code == 200 and reply.json == {"version": 1}
    assert counted.made == 0 and "Set-Cookie" not in reply.headers
    bad = phone.post(f"/api/tables/{table['id']}/actions", json={"action": FIRST})
    assert bad.status_code == 403 and bad.json["error"]["code"] == "csrf"


@pytest.mark.parametrize("way", ["fast", "flask"])
def test_each_request_takes_one_rate_token_either_way(made, way):
    """The capacity is 10 for 40 a minute: ten refusals by the table, then the limit."""
    app, table = made(per_minute=40)
    wsgi = app.wsgi_app if way == "fast" else app.wsgi_app.flask
    path = f"/api/tables/{table['id']}/actions"
    said = [
        answer(wsgi, environ(path, {"action": {"type": "nope"}}, table["admin_token"]))[0][:3]
        for _ in range(11)
    ]
    assert said == ["422"] * 10 + ["429"]


def test_a_change_too_large_or_of_unknown_length_is_flasks(made, monkeypatch):
    app, table = made()
    counted = Counted(app, monkeypatch)
    env = environ(f"/api/tables/{table['id']}/undo", {}, table["admin_token"])
    del env["CONTENT_LENGTH"]
    status, _, body = answer(app.wsgi_app, env)
    assert counted.made == 1 and status.startswith("400")
    assert json.loads(body)["error"]["code"] == "bad_json"


def test_a_fault_of_the_fast_way_is_said_and_flask_answers(made, monkeypatch, caplog):
    """Only the refusals a request can earn fall back quietly; anything else raised while
    reading a change is this way's own fault: it is logged, and Flask answers the request
    as it would have (before, every exception fell back without a word)."""
    app, table = made()

    def broken(*args, **kwargs):
        raise KeyError("a bug")

    monkeypatch.setattr(app.wsgi_app, "_ordinary", broken)
    status, _, body = answer(
        app.wsgi_app,
        environ(f"/api/tables/{table['id']}/actions", {"action": FIRST}, table["admin_token"]),
    )
    assert status == "200 OK" and json.loads(body) == {"version": 1}
    assert "the fast way could not read a change" in caplog.text
