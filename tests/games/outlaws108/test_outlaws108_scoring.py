"""108 Outlaws: the end trigger with equal turns, revival, scoring, tie-breaks, rank titles."""

from __future__ import annotations

import pytest

from companion.games.outlaws108 import game, scoring
from companion.rules.base import RuleError
from tests.support.bounded import steps
from tests.support.games.outlaws108.kit import do, draw_turn, earth, new_game
from tests.support.games.outlaws108.scoring import band_of_outlaws, scoring_game

CASES = [
    (players, start, trigger)
    for players in range(1, 6)
    for start in range(players)
    for trigger in range(players)
]


@pytest.mark.parametrize("players, start, trigger", CASES)
def test_round_is_finished_so_all_have_equal_turns(players, start, trigger):
    state = new_game(players, starting_player=start)
    if players == 1:
        state = do(state, "describe_campaign", 0, slot=1, points=1, cost=["cavalry"])
        for slot in range(2, 10):
            state = do(state, "describe_campaign", 0, slot=slot, points=1, cost=["cavalry"])
    state = draw_turn(state) if state["current"] != trigger else state
    for _ in steps(10, "the trigger's turn"):
        if state["current"] == trigger:
            break
        state = draw_turn(state)
    state = do(band_of_outlaws(state, 12), "end_turn", trigger)
    order = state["order"]
    expected_left = len(order) - order.index(trigger) - 1
    left = []
    for _ in steps(10, "the end of the last round"):
        if state["phase"] != "turn":
            break
        left.append(game.view(state, None)["end"]["turns_left"])
        state = draw_turn(state)
    assert left == list(range(expected_left, 0, -1))
    assert state["phase"] == "scoring" and state["end_trigger"] == trigger
    turns = [a["turns"] for a in state["areas"]]
    assert len(set(turns)) == 1


def test_campaigns_do_not_count_towards_twelve():
    state = band_of_outlaws(new_game(2), 11)
    state = do(state, "campaign", 0, tier="minor", points=3, exhaust=[1])
    assert not game.view(state, None)["end"]["triggered"]
    state = do(state, "end_turn", 0)
    assert state["end_trigger"] is None
    state = do(draw_turn(state), "play_heaven", 0, exhaust=[2])
    state = do(state, "end_turn", 0)
    assert state["end_trigger"] == 0 and game.view(state, None)["end"]["turns_left"] == 1


def test_the_end_shows_as_soon_as_twelve_are_in_play():
    state = band_of_outlaws(new_game(3, starting_player=1), 12)
    end = game.view(state, None)["end"]
    assert end == {"triggered": True, "at": 12, "reached": [1], "by": None, "turns_left": 3}


def test_all_outlaws_are_revived_and_heaven_cards_scored():
    state = scoring_game()
    assert state["phase"] == "scoring" and not game.final(state)
    assert not any(o["exhausted"] for a in state["areas"] for o in a["outlaws"])
    assert game.prompt(state)["why"] == {"key": "outlaws108.why.scoring", "params": {"left": 1}}
    with pytest.raises(RuleError) as caught:
        game.apply(state, {"type": "confirm_scores", "seat": None})
    assert caught.value.code == "outlaws108.heaven_unscored"
    assert caught.value.params == {"count": 1}
    state = do(state, "score_heaven", 1, outlaw=2, points=14)
    state = do(state, "score_campaign", 1, campaign=1, points=8)  # a correction
    state = do(state, "confirm_scores", None)
    assert game.final(state) and game.prompt(state) is None and game.legal(state, None) == []
    table = game.view(state, None)["standings"]
    assert [(line["seat"], line["total"], line["place"]) for line in table] == [
        (1, 22, 1),
        (2, 0, 2),
        (0, 0, 3),
    ]  # seat 2 ties seat 0 on 0 with fewer outlaws
    expected = {"heaven": 14, "campaigns": 8, "outlaws": 2, "rank": "li_kui", "name": "P1"}
    assert {key: table[0][key] for key in expected} == expected


def area(points: list[int], outlaws: int) -> dict:
    cards = [{"realm": "heaven", "points": p} for p in points]
    cards += [{"realm": "earth", "points": None}] * (outlaws - len(points))
    return {"outlaws": cards, "campaigns": []}


@pytest.mark.parametrize(
    "areas, order, winner",
    [
        ([area([10], 5), area([12], 9)], [0, 1], 1),  # most points
        ([area([10], 5), area([10], 4)], [0, 1], 1),  # tie: fewer outlaws
        ([area([10], 4), area([10], 5)], [1, 0], 0),
        ([area([10], 4), area([10], 4)], [0, 1], 1),  # still tied: later in turn order
        ([area([10], 4), area([10], 4)], [1, 0], 0),
        ([area([7], 3), area([7], 3), area([7], 3)], [2, 0, 1], 1),
    ],
)
def test_tie_breaks(areas, order, winner):
    table = scoring.standings([f"P{i}" for i in range(len(areas))], areas, order)
    assert table[0]["seat"] == winner
    assert [line["place"] for line in table] == list(range(1, len(areas) + 1))


@pytest.mark.parametrize(
    "score, title",
    [
        (0, "li_kui"),
        (30, "li_kui"),
        (31, "yang_zhi"),
        (40, "yang_zhi"),
        (41, "wu_song"),
        (50, "wu_song"),
        (51, "lu_junyi"),
        (60, "lu_junyi"),
        (61, "zhu_wu"),
        (70, "zhu_wu"),
        (71, "song_jiang"),
        (80, "song_jiang"),
        (81, "wu_yong"),
        (107, "wu_yong"),
        (108, "gongsun_sheng"),
        (150, "gongsun_sheng"),
    ],
)
def test_rank_table_bounds(score, title):
    assert scoring.rank_title(score) == title


def test_three_player_game_to_the_end():
    """A whole game: draws, Earth and Heaven cards, a Strategist, a campaign, the end
    triggered by the last seat in turn order, scoring and the final table."""
    state = new_game(3, starting_player=2)
    state = earth(state, "scout")  # seat 2
    state = earth(state, "navy")  # seat 0
    state = draw_turn(state, "heaven_1")  # seat 1 draws a Heaven card
    state = earth(state, "support")  # seat 2
    state = do(
        state, "play_heaven", 0, number=12, heaven_icons=["navy", "support"], exhaust=[1]
    )  # seat 0
    state = do(state, "end_turn", 0)
    state = do(state, "play_earth", 1, number=37)  # seat 1: Zhu Wu, a Strategist
    state = do(state, "end_turn", 1)
    assert state["areas"][1]["outlaws"][0]["icons"] == ["navy", "support"]
    state = do(
        state, "campaign", 2, tier="minor", points=4, cost=["scout", "support"], exhaust=[1, 2]
    )  # seat 2, before its action
    state = draw_turn(state)
    state = draw_turn(state)  # seat 0
    state = do(band_of_outlaws(state, 12), "end_turn", 1)  # seat 1, last in turn order
    assert state["phase"] == "scoring" and state["end_trigger"] == 1
    assert [a["turns"] for a in state["areas"]] == [3, 3, 3]
    state = do(state, "score_heaven", 0, outlaw=2, points=33)
    state = do(state, "confirm_scores", None)
    table = game.view(state, None)["standings"]
    assert [(line["seat"], line["total"], line["rank"]) for line in table] == [
        (0, 33, "yang_zhi"),
        (2, 4, "li_kui"),
        (1, 0, "li_kui"),
    ]


def test_scoring_offers_nothing_to_a_seat_that_is_not_there():
    state = scoring_game()
    assert game.legal(state, 9) == []
    assert [t["type"] for t in game.legal(state, 0)] == []  # no Heaven card, no campaign
    assert [t["type"] for t in game.legal(state, 1)] == ["score_heaven", "score_campaign"]
