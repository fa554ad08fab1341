"""Hypothesis invariants over random legal Lawless action sequences."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.lawless import game
from companion.games.lawless.ranch import capacity
from companion.games.lawless.table import COPIES
from tests.support.games.lawless.helpers import lay_out, start
from tests.support.play import legal_walk, setup

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


def check(state, total):
    money = state["ledger"]
    assert money["bank"] >= 0 and min(money["purses"]) >= 0
    assert money["bank"] + sum(money["purses"]) == total
    assert min(state["hands"]) >= 0 and state["pile"] >= 0 and state["points"] >= 0
    assert len(state["row"]) == 6
    for ranch in state["ranches"]:
        for terrain in ranch["terrains"]:
            assert len(terrain["herds"]) <= capacity(terrain)
            assert all(1 <= h["rotation"] + 1 <= 4 for h in terrain["herds"])
        assert min(ranch["characters"].values()) >= 0
    for kind, count in state["played"].items():
        assert count <= COPIES[kind] or kind == "hired_killer"


def check_prompt(state):
    """What the table waits for can be answered through ``legal``."""
    asked = game.prompt(state)
    if game.final(state):
        assert asked is None and all(not game.legal(state, s) for s in [0, 1])
        # only the final count's coin fix is left, for the tablet
        assert {t["type"] for t in game.legal(state, None)} == game.AFTER_THE_END
        return
    offered = game.legal(state, asked["seat"])
    assert offered
    if asked["kind"] == "dice":
        assert asked["action"]["type"] in [t["type"] for t in offered]


def walk(state, data, players, steps):
    total = state["ledger"]["bank"] + sum(state["ledger"]["purses"])
    check_prompt(state)
    for _before, action, after in legal_walk(game, state, data.draw, players, steps=steps):
        check(after, total)
        check_prompt(after)
        assert game.describe(action, None)["key"].startswith("lawless.log.")
        view = game.view(after, action["seat"])
        assert view["bank"] + sum(r["fortune"] for r in view["ranches"]) == total


QUALITY = st.sampled_from(["poor", "average", "excellent"])
HERD = st.tuples(QUALITY, st.integers(0, 3))
TERRAIN = st.tuples(
    QUALITY,
    st.lists(HERD, max_size=1),
    st.fixed_dictionaries({"raided": st.booleans(), "mine": st.just(False)}),
)
NO_HERD: list[tuple[str, int]] = []  # a mine holds no cattle
MINE = st.tuples(
    QUALITY,
    st.just(NO_HERD),
    st.fixed_dictionaries({"raided": st.booleans(), "mine": st.just(True)}),
)
RANCH = st.fixed_dictionaries(
    {
        "terrains": st.lists(st.one_of(TERRAIN, TERRAIN, MINE), max_size=3),
        "characters": st.fixed_dictionaries(
            {k: st.integers(0, 1) for k in ("novice", "experienced", "veteran")}
        ),
        "stampede": st.booleans(),
        "coins": st.integers(0, 6),
        "hand": st.integers(0, 12),
    }
)


@settings(max_examples=40, deadline=None)
@given(st.data(), st.integers(2, 4), st.booleans())
def test_random_play_from_developed_ranches(data, players, frozen):
    """Ranches laid out with herds, mines, raids and stampedes, then random legal play."""
    state = start(NAMES[:players], freeze_raided_herds=frozen)
    for index in range(len(state["ranches"])):
        state = lay_out(state, index, **data.draw(RANCH))
    walk(state, data, players, steps=50)


@settings(max_examples=40, deadline=None)
@given(st.data(), st.integers(2, 6), st.booleans())
def test_random_legal_play_keeps_the_invariants(data, players, frozen):
    walk(setup(game, NAMES[:players], freeze_raided_herds=frozen), data, players, steps=60)
