"""108 Outlaws' card catalogue in the rules: a known number fills the icons in, a Heaven
card's scoring rule is typed once and scored from the tally at the end."""

from __future__ import annotations

import pytest

from companion.games.outlaws108 import catalogue, game
from companion.rules.base import RuleError
from tests.support.play import play, setup


def earth(seat, number, icons=(), known=None, **extra):
    action = {
        "type": "play_earth",
        "seat": seat,
        "icons": list(icons),
        "number": number,
        "upside_down": [],
        **extra,
    }
    if known is not None:
        action["known"] = {str(number): known}
    return action


def test_a_known_number_fills_the_icons_in():
    state = setup(game, ["Ann", "Bob"])
    assert game.catalogue_key(state, earth(0, 40)) == "40"
    assert game.catalogue_key(state, earth(0, 0)) is None
    after = play(
        game, state, earth(0, 40, known={"icons": ["cavalry"], "navy_as": None, "scoring": None})
    )
    assert after["areas"][0]["outlaws"][0]["icons"] == ["cavalry"]
    assert game.catalogue_entry(after, earth(0, 40)) == (
        "40",
        {"icons": ["cavalry"], "navy_as": None, "scoring": None},
    )


def test_icons_typed_against_the_catalogue_are_refused_naming_what_it_knows():
    state = setup(game, ["Ann", "Bob"])
    with pytest.raises(RuleError) as error:
        game.apply(
            state,
            earth(0, 40, ["scout"], known={"icons": ["cavalry"], "navy_as": None, "scoring": None}),
        )
    assert (error.value.code, error.value.params) == (
        "outlaws108.catalogue_differs",
        {"number": 40, "icons": "cavalry"},
    )


@pytest.mark.parametrize(
    "icons, wanted, sets",
    [
        ([["support"]] * 5, {"support": 5}, 1),
        ([["support"]] * 11, {"support": 5}, 2),  # scored as often as the icons allow
        ([["support"]] * 4, {"support": 5}, 0),
        ([["navy", "support"]] + [["support"]] * 4, {"support": 5}, 1),  # a Strategist helps
        ([["navy", "support"], ["navy"]], {"navy": 1, "support": 1}, 1),  # but only as one icon
        ([["scout"], ["cavalry"]] * 3, {"scout": 1, "cavalry": 1}, 3),
    ],
)
def test_sets_are_counted_with_each_flexible_icon_used_once_per_set(icons, wanted, sets):
    outlaws = [
        {
            "icons": i,
            "upside_down": [],
            "strategist": len(i) == 2 and i[0] != i[1],
            "navy_as": None,
            "exhausted": False,
        }
        for i in icons
    ]
    assert catalogue.sets_scored(outlaws, wanted) == sets


def heaven_game():
    """Ann's area: No. 3 (Heaven, two Support) paid with an Earth Support card."""
    state = setup(game, ["Ann", "Bob"])
    return play(
        game,
        state,
        earth(0, 40, ["support"]),
        {"type": "end_turn", "seat": 0},
        {"type": "draw", "seat": 1, "cards": "earth_2"},
        {"type": "end_turn", "seat": 1},
        {
            "type": "play_heaven",
            "seat": 0,
            "exhaust": [1],
            "heaven_icons": ["support"],
            "number": 3,
            "upside_down": [],
            "navy_as": [],
        },
    )


def describe(number, points, **counts):
    sets = {
        f"set_{icon}": counts.get(icon, 0)
        for icon in ["leadership", "navy", "infantry", "cavalry", "scout", "support", "campaign"]
    }
    return {"type": "describe_heaven", "seat": None, "number": number, "points": points, **sets}


def test_a_heaven_cards_rule_is_typed_once_and_scored_from_the_tally_at_the_end():
    state = heaven_game()
    [offer] = [t for t in game.legal(state, None) if t["type"] == "describe_heaven"]
    assert offer["params"]["number"]["options"] == [3]
    state = play(game, state, describe(3, 4, support=3))
    card = state["areas"][0]["outlaws"][1]
    assert card["scoring"] == {"set": {"support": 3}, "points": 4}
    assert not [t for t in game.legal(state, None) if t["type"] == "describe_heaven"]
    assert game.catalogue_entry(state, describe(3, 4, support=3)) == (
        "3",
        {
            "icons": ["support", "support"],
            "navy_as": None,
            "scoring": {"set": {"support": 3}, "points": 4},
        },
    )
    scored = {**state, "phase": "turn"}
    areas = [{**a, "outlaws": catalogue.heaven_points(a["outlaws"])} for a in scored["areas"]]
    assert areas[0]["outlaws"][1]["points"] == 4  # 3 Support icons: one set
    assert areas[0]["outlaws"][1]["computed"] is True


def test_a_known_heaven_card_brings_its_rule_and_scoring_counts_it_without_typing():
    rule = {"set": {"support": 1}, "points": 2}
    state = setup(game, ["Ann", "Bob"])
    state = play(
        game,
        state,
        earth(0, 40, ["support"]),
        {"type": "end_turn", "seat": 0},
        {"type": "draw", "seat": 1, "cards": "earth_2"},
        {"type": "end_turn", "seat": 1},
        {
            "type": "play_heaven",
            "seat": 0,
            "exhaust": [1],
            "heaven_icons": [],
            "number": 3,
            "upside_down": [],
            "navy_as": [],
            "known": {"3": {"icons": ["support", "support"], "navy_as": None, "scoring": rule}},
        },
    )
    card = state["areas"][0]["outlaws"][1]
    assert card["icons"] == ["support", "support"] and card["scoring"] == rule
    assert catalogue.heaven_points(state["areas"][0]["outlaws"])[1]["points"] == 6


@pytest.mark.parametrize(
    "key, entry, code",
    [
        ("0", {"icons": ["navy"]}, "outlaws108.catalogue_number"),
        ("40", {"icons": ["laser"]}, "outlaws108.catalogue_icons"),
        ("40", {"icons": ["navy"], "colour": "red"}, "outlaws108.catalogue_fields"),
        (
            "40",
            {"icons": ["navy"], "scoring": {"set": {"navy": 1}, "points": 2}},
            "outlaws108.scoring_on_earth",
        ),
        (
            "3",
            {"icons": ["navy"], "scoring": {"set": {"navy": 0}, "points": 2}},
            "outlaws108.catalogue_scoring",
        ),
        ("3", {"icons": ["navy", "scout", "cavalry"]}, "outlaws108.catalogue_icons"),
    ],
)
def test_an_imported_entry_is_checked_like_a_play(key, entry, code):
    with pytest.raises(RuleError) as error:
        game.check_entry(key, entry)
    assert error.value.code == code


def test_a_good_entry_is_normalised():
    assert game.check_entry(
        "3", {"icons": ["support"], "scoring": {"points": 8, "set": {"support": 5}}}
    ) == {
        "icons": ["support", "support"],
        "navy_as": None,
        "scoring": {"set": {"support": 5}, "points": 8},
    }


def test_a_heaven_score_typed_at_the_end_is_marked_typed_not_from_the_catalogue():
    state = play(game, heaven_game(), describe(3, 4, support=3))
    areas = [{**a, "outlaws": catalogue.heaven_points(a["outlaws"])} for a in state["areas"]]
    state = {**state, "phase": "scoring", "areas": areas}
    assert state["areas"][0]["outlaws"][1]["computed"] is True
    typed = play(game, state, {"type": "score_heaven", "seat": 0, "outlaw": 2, "points": 7})
    card = typed["areas"][0]["outlaws"][1]
    assert (card["points"], card["computed"]) == (7, False)
