"""Strict values: an int is a JSON integer (not 1.0, not true), a choice is exactly one of its
options, text is text, ids and stream positions are ASCII digits. Anything else is a 400 or
422 naming the field by its label, never a 500 and never coerced into a rule."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.known_games import registry
from tests.support.reliability.inprocess import companion_app, fingerprint, new_table

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    with companion_app(tmp_path_factory.mktemp("strict")) as (service, app):
        tablet, made = new_table(app, "lawless", ["Ann", "Bruno"])
        yield {"service": service, "tablet": tablet, "id": made["id"]}


def typed(spec: dict, value) -> bool:
    """Whether ``value`` is of the kind its template parameter asks for."""
    kind = spec["kind"]
    if kind == "int":
        return type(value) is int
    if kind == "choice":
        return any(type(o) is type(value) and o == value for o in spec["options"])
    if kind == "multi":
        return isinstance(value, list)
    if kind == "text":
        return isinstance(value, str)
    return isinstance(value, list) and all(type(face) is int for face in value)


@pytest.fixture
def drawing(tmp_path):
    """A Lawless table at Ann's actions: ``draw_row`` takes a position, a choice of ints."""
    with companion_app(tmp_path) as (service, app):
        tablet, made = new_table(app, "lawless", ["Ann", "Bruno"])
        tablet.act(made["id"], {"type": "first_player", "seat": None, "player": "Ann"})
        yield service, tablet, made["id"]


@pytest.mark.parametrize("sent", [1.0, True, "1", [1], {"n": 1}, None, 1.5])
def test_a_choice_of_numbers_takes_only_the_number(drawing, sent):
    service, tablet, tid = drawing
    before = fingerprint(service)
    reply = tablet.act(tid, {"type": "draw_row", "seat": 0, "position": sent})
    assert reply.status_code == 422, reply.json
    assert fingerprint(service) == before
    assert tablet.act(tid, {"type": "draw_row", "seat": 0, "position": 1}).status_code == 200


def test_an_error_names_the_field_by_its_label(world):
    tablet, tid = world["tablet"], world["id"]
    reply = tablet.act(tid, {"type": "first_player", "seat": None, "player": 7.0})
    assert reply.json["error"]["params"]["name"] == "player"
    label = json.loads(tablet.get("/api/i18n/en.json?game=lawless").data)["param.lawless.player"]
    assert (
        label in reply.json["error"]["message"] and "“player”" not in reply.json["error"]["message"]
    )
    french = tablet.post(
        f"/api/tables/{tid}/actions",
        {"action": {"type": "first_player", "seat": None, "player": 7.0}},
        headers={"Accept-Language": "fr"},
    )
    assert (
        french.status_code == 422
        and french.json["error"]["message"] != reply.json["error"]["message"]
    )


@pytest.mark.parametrize("raw", ["²", "١٢", "1e3", "-1", " 1", "0x1", "1" * 13])
def test_positions_are_ascii_digits(world, raw):
    tablet, tid = world["tablet"], world["id"]
    log = tablet.get(f"/api/tables/{tid}/log", query_string={"after": raw})
    assert log.status_code == 400 and log.json["error"]["code"] == "bad_field"
    stream = tablet.get(f"/api/tables/{tid}/events", headers={"Last-Event-ID": raw})
    assert stream.status_code == 400 and stream.json["error"]["code"] == "bad_field"


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(value=JSON, pick=st.integers(0, 50), name_pick=st.integers(0, 5))
def test_no_malformed_value_reaches_a_rule_or_gives_a_500(
    world, monkeypatch, value, pick, name_pick
):
    """Every parameter of every legal template, sent any JSON value: the rules' ``apply`` is
    only ever reached with values of the template's kinds, and the answer is never a 500."""
    tablet, tid, service = world["tablet"], world["id"], world["service"]
    view = tablet.get(f"/api/tables/{tid}").json
    if not view["legal"]:
        return
    template = view["legal"][pick % len(view["legal"])]
    game = registry.game("lawless")
    reached = []
    real_apply = game.apply

    def spy(state, action):
        after = real_apply(state, action)  # the rules' own check refuses first, or…
        found = [t for t in game.legal(state, action.get("seat")) if t["type"] == action["type"]]
        if found:  # …what they took was of the template's kinds
            reached.append(
                all(typed(spec, action.get(name)) for name, spec in found[0]["params"].items())
            )
        return after

    monkeypatch.setattr(game, "apply", spy)
    action = {"type": template["type"], "seat": template["seat"]}
    names = list(template["params"])
    for i, name in enumerate(names):
        spec = template["params"][name]
        action[name] = (
            value
            if i == name_pick % max(len(names), 1)
            else spec.get("default", (spec.get("options") or [spec.get("min", 0)])[0])
        )
    before = fingerprint(service)
    reply = tablet.act(tid, action)
    assert reply.status_code in (200, 400, 403, 409, 422), reply.json
    assert all(reached), "a rule was handed a value of the wrong kind"
    if reply.status_code == 200:
        tablet.post(f"/api/tables/{tid}/undo", {})
    else:
        assert fingerprint(service) == before


@pytest.mark.parametrize("seat", ["١", "²", "1٠", "01x"])
def test_a_seat_in_a_url_is_ascii_digits(world, seat):
    tablet, tid = world["tablet"], world["id"]
    before = fingerprint(world["service"])
    reply = tablet.post(f"/api/tables/{tid}/seats/{seat}/reissue", {})
    assert reply.status_code == 404
    assert fingerprint(world["service"]) == before
