"""108 Outlaws' campaigns kept across games: a campaign card has no number, only its tier,
points and cost icons [Free Action: Embark on a Campaign; rulebook pg. 8's example costs 2
Leadership, 2 Infantry and 2 Scout], so the catalogue keeps the costs seen under the tier and
points the table types anyway, and a campaign entered without its cost takes the first known
one its exhausted outlaws pay."""

from __future__ import annotations

import pytest

from companion.games.outlaws108 import catalogue, game
from companion.rules.base import RuleError
from tests.support.play import play, setup

COSTS = {f"cost_{i}": 0 for i in ("leadership", "navy", "infantry", "cavalry", "scout", "support")}


def earth(seat, number, icon, **more):
    action = {"type": "play_earth", "seat": seat, "number": number, "icons": [icon]}
    return {**action, "upside_down": [], **more}


def ann_has_three_outlaws():
    """Ann's area: No. 40 Navy, No. 41 Cavalry, No. 42 Scout, all active."""
    actions = []
    for turn, (number, icon) in enumerate([(40, "navy"), (41, "cavalry"), (42, "scout")]):
        more = {"exhaust": []} if turn else {}
        actions += [earth(0, number, icon, **more), {"type": "end_turn", "seat": 0}]
        actions += [
            {"type": "draw", "seat": 1, "cards": "earth_2"},
            {"type": "end_turn", "seat": 1},
        ]
    return play(game, setup(game, ["Ann", "Bob"]), *actions)


def campaign(exhaust, known=None, points=3, **cost):
    action = {"type": "campaign", "seat": 0, "tier": "minor", "points": points}
    action = {**action, "exhaust": exhaust, **COSTS, **cost, "waived": 0}
    return action if known is None else {**action, "known": {f"minor-{points}": known}}


def taken(state):
    return state["areas"][0]["campaigns"][-1]


def test_a_campaign_is_named_by_its_tier_and_points():
    state = ann_has_three_outlaws()
    assert game.catalogue_key(state, campaign([1])) == "minor-3"
    assert game.catalogue_key(state, {**campaign([1]), "tier": "major", "points": 12}) == "major-12"
    solo = {"type": "campaign", "seat": 0, "slot": 4, "exhaust": [1], "waived": 0}
    assert game.catalogue_key(state, solo) is None  # a solo campaign is in its row already


def test_a_cost_typed_once_is_taken_by_the_next_campaign_of_that_tier_and_points():
    state = ann_has_three_outlaws()
    first = play(game, state, campaign([1, 2], cost_navy=1, cost_cavalry=1))
    learned = game.catalogue_entry(first, campaign([1, 2], cost_navy=1, cost_cavalry=1))
    assert learned == ("minor-3", {"costs": [["navy", "cavalry"]]})
    # the next game: tier and points only, the counters left at 0
    again = play(game, state, campaign([1, 2], known=learned[1]))
    assert taken(again)["cost"] == ["navy", "cavalry"]
    assert game.catalogue_entry(again, campaign([1, 2], known=learned[1])) is None  # known
    # outlaws that do not pay it are refused, naming what the catalogue knows
    with pytest.raises(RuleError) as refused:
        play(game, state, campaign([1, 3], known=learned[1]))
    assert refused.value.code == "outlaws108.campaign_known_unpaid"
    assert refused.value.params == {"tier": "minor", "points": 3, "costs": "navy + cavalry"}


def test_of_two_known_costs_the_one_the_outlaws_pay_is_taken_and_a_new_one_is_learned():
    state = ann_has_three_outlaws()
    known = {"costs": [["navy", "cavalry"], ["scout"]]}
    paid = play(game, state, campaign([3], known=known))
    assert taken(paid)["cost"] == ["scout"]
    typed = campaign([1, 3], known=known, cost_navy=1, cost_scout=1)  # another Minor worth 3
    grown = game.catalogue_entry(play(game, state, typed), typed)
    assert grown == ("minor-3", {"costs": [["navy", "cavalry"], ["scout"], ["navy", "scout"]]})


def test_with_nothing_known_and_nothing_typed_a_campaign_is_as_before():
    state = ann_has_three_outlaws()
    after = play(game, state, campaign([1]))
    assert taken(after)["cost"] == []
    assert game.catalogue_entry(after, campaign([1])) is None  # no cost: nothing to learn


@pytest.mark.parametrize(
    "key,entry,kept",
    [
        ("minor-3", {"costs": [["cavalry", "navy"]]}, {"costs": [["navy", "cavalry"]]}),
        ("major-12", {"costs": [["scout"], ["scout"]]}, {"costs": [["scout"]]}),
        ("minor-0", {"costs": [["support"]]}, {"costs": [["support"]]}),
        ("minor-3", {"costs": []}, "outlaws108.catalogue_campaign"),
        ("minor-3", {"costs": [[]]}, "outlaws108.catalogue_campaign"),
        ("minor-3", {"costs": [["campaign"]]}, "outlaws108.catalogue_campaign"),
        ("minor-3", {"costs": [["navy"] * 5]}, "outlaws108.catalogue_campaign"),
        ("minor-3", {"costs": [["navy"]], "points": 3}, "outlaws108.catalogue_campaign"),
        ("minor-3", {"costs": [["navy"]] * 19}, "outlaws108.catalogue_campaign"),
        ("minor-31", {"costs": [["navy"]]}, "outlaws108.catalogue_number"),
        ("minor-03", {"costs": [["navy"]]}, "outlaws108.catalogue_number"),
        ("epic-3", {"costs": [["navy"]]}, "outlaws108.catalogue_number"),
    ],
)
def test_an_imported_campaign_is_checked(key, entry, kept):
    if isinstance(kept, dict):
        assert catalogue.check_entry(key, entry) == kept
    else:
        with pytest.raises(RuleError) as refused:
            catalogue.check_entry(key, entry)
        assert refused.value.code == kept
