"""Streams that take patches (``companion/hub.py``, ``companion/merge_patch.py``): for random
walks of every game, each viewer's first full view with its patches applied in order is
exactly its current view, and no patch holds anything but that viewer's own new view."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import merge_patch
from companion.errors import CompanionError
from companion.journal import Journal
from companion.rules.base import RuleError
from companion.service import Service
from companion.table import Viewer
from tests.reliability.drive import existing_games, fill, player_names
from tests.support.values import numbers

ADMIN = Viewer(admin=True)
GAMES = existing_games()


class Screen:
    """One stream as a page that applies patches sees it."""

    def __init__(self, service: Service, table_id: str, viewer: Viewer, tokens, name: str):
        self.viewer = viewer
        self.sub, self.version, self.view, _log = service.seats.catch_up_as(
            table_id, *tokens, name, 0, "", None, True
        )
        self.patches = 0
        self.wholes = 0

    def drain(self) -> None:
        while not self.sub.events.empty():
            item = self.sub.events.get_nowait()
            assert item is not None, "a stream ended during the walk"
            kind, version, text = item
            data = json.loads(text)
            if kind in ("patch", "state"):
                assert version is not None, f"a {kind} names the version it shows"
            else:
                continue
            if kind == "patch":
                assert data["base"] == self.version, "a patch for another base"
                new = merge_patch.apply(self.view, data["patch"])
                assert_only_from(data["patch"], new)
                self.view, self.version = new, version
                self.patches += 1
            elif kind == "state":
                self.view, self.version = data["view"], version
                self.wholes += 1


def assert_only_from(patch: dict, view: dict) -> None:
    """Every member a patch sets is that member of ``view`` (the viewer's own new view),
    every member it removes is absent from it, and it holds no number ``view`` lacks."""
    assert set(numbers(patch)) <= set(numbers(view))
    for key, value in patch.items():
        if value is None:
            assert key not in view
        elif type(value) is dict and type(view.get(key)) is dict:
            assert_only_from(value, view[key])
        else:
            assert view[key] == value


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
