"""Streams that take patches (``companion/writer/hub.py``, ``companion/writer/merge_patch.py``): for
random walks of every game, each viewer's first full view with its patches applied in order is
exactly its current view, and no patch holds anything but that viewer's own new view."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.play.table import Viewer
from companion.rules.base import RuleError
from companion.storage.journal import Journal
from companion.writer import merge_patch
from companion.writer.service import Service
from tests.support.reliability.drive import existing_games, fill, player_names
from tests.support.writer.patches import Screen

ADMIN = Viewer(admin=True)
GAMES = existing_games()


def screens_for(service: Service, table_id: str, made: dict) -> list[Screen]:
    screens = [
        Screen(service, table_id, ADMIN, (made["admin_token"], None), "tablet"),
        Screen(service, table_id, Viewer(), (None, None), "public"),
    ]
    for code in made["join_codes"]:
        seat, token = service.seats.join(table_id, code)
        screens.append(Screen(service, table_id, Viewer(seat=seat), (None, token), f"s{seat}"))
    return screens


def step(service: Service, table_id: str, screens: list[Screen], rng: random.Random) -> None:
    if rng.random() < 0.15:
        service.undo(table_id, ADMIN)
        return
    choices = [
        (screen.viewer, template)
        for screen in screens
        for template in screen.view["legal"]
        if screen.viewer.admin or screen.viewer.seat is not None
    ]
    if not choices:
        return
    viewer, template = rng.choice(choices)
    service.act(table_id, fill(template, rng), viewer)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_each_viewer_patched_is_its_own_view(game, seed, tmp_path_factory):
    rng = random.Random(seed)
    path = tmp_path_factory.mktemp("patches") / "companion.sqlite"
    with Service(Journal(path)) as service:
        made = service.create_table(game, player_names(game), {})
        table_id = made["id"]
        screens = screens_for(service, table_id, made)
        for _ in range(30):
            try:
                step(service, table_id, screens, rng)
            except (RuleError, CompanionError):
                pass
            for screen in screens:
                screen.drain()
                assert screen.view == service.view(table_id, screen.viewer)
        assert sum(screen.patches for screen in screens) > 0
        service.journal.close()


def test_merge_patch_follows_rfc_7386_and_says_when_it_cannot():
    old = {"a": 1, "b": {"c": [1, None], "d": "x"}, "gone": True}
    new = {"a": 1, "b": {"c": [1, None, 3], "d": "y"}, "fresh": {"e": 2}}
    patch = merge_patch.diff(old, new)
    assert patch == {"gone": None, "b": {"c": [1, None, 3], "d": "y"}, "fresh": {"e": 2}}
    assert merge_patch.apply(old, patch) == new
    assert merge_patch.diff(new, new) == {}
    assert merge_patch.diff({"a": 1}, {"a": True}) == {"a": True}  # true is not 1
    assert merge_patch.diff({"a": 1}, {"a": None}) is None  # null would remove it
    assert merge_patch.diff({}, {"a": {"b": None}}) is None
    assert merge_patch.apply({"a": {"b": 1}}, {"a": {"b": None, "c": 2}}) == {"a": {"c": 2}}


def test_a_stream_gets_a_whole_view_when_it_opens_and_when_its_base_is_not_the_last():
    with Service(Journal(":memory:")) as service:
        made = service.create_table("tally", ["A", "B"], {"target": 100})
        table_id = made["id"]
        takes = Screen(service, table_id, ADMIN, (made["admin_token"], None), "tablet")
        plain = service.seats.catch_up_as(table_id, made["admin_token"], None, "old", 0)[0]
        service.act(table_id, {"type": "add", "seat": 0, "amount": 2}, ADMIN)
        assert takes.sub.events.get_nowait()[0] == "patch"
        assert plain.events.get_nowait()[0] == "state"  # it did not ask for patches
        takes.sub.base_version = -1  # as if it had missed a change
        service.undo(table_id, ADMIN)
        kind, version, text = takes.sub.events.get_nowait()
        assert kind == "state" and json.loads(text)["view"]["table"]["version"] == version
