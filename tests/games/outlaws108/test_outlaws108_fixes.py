"""108 Outlaws: a played card's number or icons corrected as one logged action."""

from __future__ import annotations

import pytest

from companion.games.outlaws108 import game
from companion.rules.base import RuleError
from tests.support.play import play, setup


def fix(**params):
    return {
        "type": "fix_card",
        "seat": None,
        "player": "Ann",
        "place": 1,
        "number": 0,
        "icons": [],
        "upside_down": [],
        "navy_as": [],
        **params,
    }


def played():
    state = setup(game, ["Ann", "Bob"])
    return play(
        game,
        state,
        {"type": "play_earth", "seat": 0, "icons": ["scout"], "number": 0, "upside_down": []},
    )


def test_a_mistyped_card_is_corrected_without_undo_and_the_tally_follows():
    state = played()
    assert state["areas"][0]["outlaws"][0]["icons"] == ["scout"]
    assert [t["type"] for t in game.legal(state, None)] == ["fix_card"]
    fixed = play(game, state, fix(number=40, icons=["cavalry"]))
    outlaw = fixed["areas"][0]["outlaws"][0]
    assert (outlaw["number"], outlaw["icons"], outlaw["slot"]) == (40, ["cavalry"], 1)
    assert fixed["turn"] == state["turn"] and fixed["current"] == state["current"]
    tally = game.view(fixed, None)["areas"][0]["tally"]["all"]
    assert tally["cavalry"]["sure"] == 1 and tally["scout"]["sure"] == 0
    line = game.describe(fix(number=40, icons=["cavalry"]), None)
    assert line["key"] == "outlaws108.log.fix_card" and line["params"]["number"] == 40


@pytest.mark.parametrize(
    "params, code",
    [
        ({"number": 3}, "outlaws108.realm_mismatch"),  # No. 3 is a Heaven card
        ({"icons": ["scout", "navy"], "number": 40}, "outlaws108.earth_one_icon"),
    ],
)
def test_a_correction_is_checked_like_the_play(params, code):
    with pytest.raises(RuleError) as error:
        game.apply(played(), fix(**params))
    assert error.value.code == code


def test_a_number_already_in_play_elsewhere_is_refused():
    state = play(
        game,
        played(),
        fix(number=40),
        {"type": "end_turn", "seat": 0},
        {"type": "play_earth", "seat": 1, "icons": ["navy"], "number": 0, "upside_down": []},
    )
    with pytest.raises(RuleError) as error:
        game.apply(state, {**fix(number=40), "player": "Bob"})
    assert error.value.code == "outlaws108.card_in_play"


def test_a_place_beyond_the_players_cards_says_how_many_there_are():
    state = play(
        game,
        played(),
        {"type": "end_turn", "seat": 0},
        {"type": "play_earth", "seat": 1, "icons": ["navy"], "number": 0, "upside_down": []},
        {"type": "end_turn", "seat": 1},
        {
            "type": "play_earth",
            "seat": 0,
            "icons": ["navy"],
            "number": 0,
            "upside_down": [],
            "exhaust": [],
        },
    )
    with pytest.raises(RuleError) as error:
        game.apply(state, {**fix(place=2), "player": "Bob"})
    assert error.value.code == "outlaws108.no_such_slot"
    assert error.value.params == {"player": "Bob", "slot": 2, "slots": 1}
