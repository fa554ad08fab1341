"""Lawless scoring: the rulebook's example, ties, empty categories, 2 players, the chart."""

from __future__ import annotations

import pytest

from companion.games.lawless import game
from companion.games.lawless.scoring import CATEGORIES, score_counts
from companion.rules.base import replace
from tests.support.games.lawless.helpers import act, lay_out, start


def counts(terrains, herds, cowboys, coins):
    return {"terrains": terrains, "herds": herds, "cowboys": cowboys, "coins": coins}


def test_the_rulebooks_example():
    """Claudia 14, Bruno 9; Laurence and Pascal (not shown in the table) 10 each."""
    rows = score_counts(
        [
            counts(6, 1, 2, 17),  # Claudia
            counts(5, 2, 1, 5),  # Laurence
            counts(4, 2, 3, 0),  # Pascal
            counts(3, 3, 0, 13),
        ]
    )  # Bruno
    assert [row["total"] for row in rows] == [14, 10, 10, 9]
    claudia, bruno = rows[0]["cells"], rows[3]["cells"]
    assert [claudia[c]["points"] for c in CATEGORIES] == [5, 1, 3, 5]
    assert [bruno[c]["points"] for c in CATEGORIES] == [1, 5, 0, 3]
    assert [claudia[c]["place"] for c in CATEGORIES] == [1, 4, 2, 1]
    assert bruno["cowboys"] == {"count": 0, "place": 4, "points": 0}


@pytest.mark.parametrize(
    "values, points",
    [
        ([3, 3, 1, 0], [5, 5, 2, 0]),  # a shared first place, the next place skipped
        ([4, 2, 2, 1], [5, 3, 3, 1]),
        ([6, 5, 4, 3, 2, 1], [5, 3, 2, 1, 0, 0]),  # 5th and 6th score nothing
        ([0, 0, 0], [0, 0, 0]),  # nothing in a category scores nothing
        ([2, 2, 2, 2, 2], [5, 5, 5, 5, 5]),
    ],
)
def test_places_and_ties(values, points):
    rows = score_counts([counts(v, 0, 0, 0) for v in values])
    assert [row["cells"]["terrains"]["points"] for row in rows] == points


def test_raided_terrains_and_their_herds_do_not_score():
    state = lay_out(
        start(),
        1,
        [("excellent", [("poor", 0), ("poor", 1)], {"raided": True}), ("poor", [("average", 0)])],
        characters={"sheriff": 1},
    )
    state = lay_out(state, 1, characters={"novice": 2})
    state = act(replace(state, pile=0), "end_turn")
    table = game.view(state, None)["scoring"]
    bob = table["rows"][1]["cells"]
    assert {c: bob[c]["count"] for c in CATEGORIES} == {
        "terrains": 1,
        "herds": 1,
        "cowboys": 2,
        "coins": 0,
    }
    assert table["winners"] == [1]


def test_two_players_add_their_two_ranches():
    state = start(["Ann", "Bob"])
    state = lay_out(state, 0, [("poor", [])], coins=3)  # Ann 1
    state = lay_out(state, 2, [("poor", []), ("poor", [])])  # Ann 2
    state = lay_out(state, 1, coins=7, characters={"novice": 1})  # Bob 1
    state = act(replace(state, pile=0), "end_turn")
    table = game.view(state, None)["scoring"]
    by_ranch = {row["ranch"]: row["total"] for row in table["rows"]}
    # terrains 2 (Ann 2) 5, 1 (Ann 1) 3; cowboys Bob 1: 5; coins Bob 1: 5, Ann 1: 3
    assert by_ranch == {"Ann 1": 6, "Bob 1": 10, "Ann 2": 5, "Bob 2": 0}
    assert [p["total"] for p in table["players"]] == [11, 10]
    assert table["winners"] == [0]


def test_a_tie_on_the_total_is_a_shared_win():
    state = lay_out(start(), 0, coins=4)
    state = lay_out(state, 1, coins=4)
    state = act(replace(state, pile=0), "end_turn")
    assert game.view(state, None)["scoring"]["winners"] == [0, 1]


def test_the_chart_follows_fortunes_turn_by_turn():
    state = lay_out(start(), 0, coins=6)
    state = act(act(state, "buy_points", count=1), "end_turn")
    state = act(state, "end_turn")
    chart = game.view(state, None)["charts"][0]
    assert chart["title"] == "lawless.chart.fortunes"
    assert chart["series"][0] == {"label": "Ann", "points": [[0, 0], [1, 4], [2, 4]]}
    assert [s["label"] for s in chart["series"]] == ["Ann", "Bob", "Cid"]


def test_the_prestige_chart_ends_on_the_final_scores():
    """The scoring as a chart: each player's points if the game ended at each turn's end."""
    state = start(["Ann", "Bob"])
    state = act(state, "place_terrain", quality="poor")  # Ann 1: the only terrain
    state = act(state, "end_turn")  # Bob 1
    state = act(replace(state, pile=0), "end_turn")
    view = game.view(state, None)
    prestige = view["charts"][1]
    assert prestige["title"] == "lawless.chart.prestige"
    assert prestige["series"] == [
        {"label": "Ann", "points": [[0, 0], [1, 5], [2, 5]]},
        {"label": "Bob", "points": [[0, 0], [1, 0], [2, 0]]},
    ]
    assert [s["points"][-1][1] for s in prestige["series"]] == [
        p["total"] for p in view["scoring"]["players"]
    ]


def test_the_rulebooks_example_as_the_table_shows_it():
    """Claudia and Bruno of the rulebook's table, counted from real ranches at the end."""
    state = start(["Claudia", "Laurence", "Pascal", "Bruno"])
    claudia = [("poor", [("poor", 0)])] + [("poor", [])] * 5
    bruno = [("average", [("poor", 0), ("poor", 1)]), ("poor", [("average", 2)]), ("poor", [])]
    state = lay_out(state, 0, claudia, coins=17, characters={"novice": 1, "veteran": 1})
    two_herds = [("excellent", [("poor", 0)] * 2)]
    state = lay_out(state, 1, two_herds + [("poor", [])] * 4, coins=5, characters={"novice": 1})
    state = lay_out(state, 2, two_herds + [("poor", [])] * 3, characters={"novice": 3})
    state = lay_out(state, 3, bruno, coins=13)
    state = act(replace(state, pile=0), "end_turn")
    table = game.view(state, None)["scoring"]
    claudia_row, bruno_row = table["rows"][0], table["rows"][3]
    assert claudia_row["ranch"] == "Claudia" and bruno_row["ranch"] == "Bruno"
    assert [
        (claudia_row["cells"][c]["count"], claudia_row["cells"][c]["points"]) for c in CATEGORIES
    ] == [(6, 5), (1, 1), (2, 3), (17, 5)]
    assert [
        (bruno_row["cells"][c]["count"], bruno_row["cells"][c]["points"]) for c in CATEGORIES
    ] == [(3, 1), (3, 5), (0, 0), (13, 3)]
    assert [p["total"] for p in table["players"]] == [14, 10, 10, 9]
    assert table["winners"] == [0]
