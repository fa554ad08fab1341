"""At the end, the secrets the rules no longer need are shown to all,
and what an entry disclosed of a secret is named for the log (point 7: no free fishing)."""

from __future__ import annotations

import json

from companion.games.abilene import game as abilene
from companion.games.nowheresville import game as nv
from tests.support.games.abilene.basics import act as abilene_act
from tests.support.games.abilene.basics import game as abilene_game
from tests.support.games.nowheresville.basics import started
from tests.support.games.nowheresville.secrecy import steps


def test_nowheresville_shows_everyones_final_money_at_the_end_only():
    state = started(3)
    state = {**state, "ledger": {**state["ledger"], "purses": [1700, 2600, 900]}}
    assert "final" not in nv.view(state, None)
    assert "1700" not in json.dumps(nv.view(state, 1))
    over = {**state, "phase": "over", "winner": 1}
    for viewer in (None, 0, 1, 2):
        assert nv.view(over, viewer)["final"] == {
            "goal": state["goal"],
            "winner": 1,
            "money": [1700, 2600, 900],
        }


def test_abilene_shows_the_full_final_standings_with_the_deciding_numbers():
    state = abilene_act(
        abilene_game(2, start_money=0), {"type": "take_loan", "seat": 0, "amount": 1000}
    )
    state = {**state, "money": {**state["money"], "purses": [0, 400]}}
    state = abilene_act(state, {"type": "set_cattle", "seat": None, "ranch": 0, "count": 0})
    final = abilene.view(state, None)["final"]
    assert final == [
        {
            "seat": 1,
            "purse": 400,
            "shortfall": 0,
            "money": 400,
            "place": 1,
            "bankrupt": False,
            "winner": True,
        },
        {
            "seat": 0,
            "purse": 0,
            "shortfall": 1300,
            "money": -1300,
            "place": 2,
            "bankrupt": False,
            "winner": False,
        },
    ]
    assert "final" not in abilene.view(abilene_game(2), None)


def test_a_robbery_discloses_what_depended_on_a_secret():
    before = None
    for state, done in steps("physical", [500, 610, 500]):
        if done[-1]["type"] == "robbery_roll":
            told = nv.discloses(before, state, done[-1])
            assert [line["key"] for line in told] == [
                "nowheresville.news.robbery",
                "nowheresville.news.pot_taken",
            ]
            assert told[0]["params"]["bandit"] == "Kid"
            break
        if done[-1]["type"] == "plan":
            assert nv.discloses(before or state, state, done[-1]) == []
        before = state
    else:
        raise AssertionError("the script has no robbery")
