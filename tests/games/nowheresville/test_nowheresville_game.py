"""Nowheresville: whole rounds and whole games through the offered templates, invariants."""

from __future__ import annotations

import functools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.nowheresville import game as nv
from companion.games.nowheresville.gang import CAPS, GANG_LIMIT
from companion.rules import ledger
from tests.support.games.nowheresville.basics import act, gun, plan, purses, started, types
from tests.support.games.nowheresville.game import Autopilot, rotating
from tests.support.play import legal_walk, play

# -- scenarios -------------------------------------------------------------------------


def test_a_whole_round_for_four_players():
    state = started(4)
    state = play(
        nv,
        state,
        plan(0, original="saloon"),
        plan(1, original="town"),
        plan(2, original="town"),
        plan(3, original="bank"),
    )
    assert state["placements"] == {"Doc": "saloon", "Kid": "town", "Jo": "town", "Lou": "bank"}
    # Saloon: Doc alone draws a card and a Fortune card.
    state = play(
        nv,
        state,
        gun(experience=1, free=1, bullets=1, hands=1, seat=0),
        act("fortune_wicked_man", 0, bandit="Doc", experience=1),
    )
    doc = state["bandits"]["Doc"]
    assert doc["bullets"] == 3 and doc["wicked"] == [1]
    # Town: Kid and Jo cannot agree; Jo runs; Kid alone faces, so Kid is first.
    state = play(nv, state, act("shootout", facing=["Kid"]))
    assert state["resolution"]["order"] == ["Kid", "Jo"]
    state = play(
        nv,
        state,
        act("rob", 1, bandit="Kid", victim_number=5, payout=600),
        act("robbery_roll", 1, dice=[6]),
    )
    assert purses(state)[1] == 1100 and state["victim"]["robbed"]
    state = play(nv, state, act("work", 2, bandit="Jo"))
    # Bank: Lou fails, spends his one Courage token, fails again; he used no card.
    state = play(
        nv,
        state,
        act("rob", 3, bandit="Lou"),
        act("robbery_roll", 3, dice=[1]),
        act("courage", 3, count=1),
    )
    assert state["news"][-2]["kind"] == "robbery" and state["news"][-2]["total"] == 2
    assert state["phase"] == "maintenance" and purses(state) == [500, 1100, 600, 500]
    assert state["chart"][1] == [[0, 500], [1, 1100]]
    assert nv.prompt(state)["why"]["key"] == "nowheresville.why.maintenance.physical.victim"
    state = play(nv, state, act("maintenance"))
    assert state["phase"] == "planning" and state["victim"] is None


def test_robbery_roll_before_courage():
    state = started(4)
    state = play(
        nv,
        state,
        *[plan(s, original="bank" if s == 3 else "hideout") for s in range(4)],
        act("rob", 3, bandit="Lou"),
    )
    assert types(state, 3) == ["robbery_roll"]


@pytest.mark.parametrize("players, mode", [(2, "physical"), (3, "virtual"), (5, "physical")])
def test_a_whole_game_to_a_winner(players, mode):
    state = started(players, money=mode, saloon="in")
    pilot = Autopilot(state, rotating)
    end = pilot.until(nv.final)
    money = purses(end)
    assert end["winner"] == money.index(max(money)) and max(money) >= end["goal"]
    assert money.count(max(money)) == 1
    assert nv.view(end, None)["winner"] == end["winner"] and nv.legal(end, None) == []
    # The goal was checked only at the ends of rounds: never earlier did anyone win.
    ends = [s for s in pilot.states if s["phase"] == "maintenance"]
    assert all(s["winner"] is None for s in ends)
    for before in ends:
        top = max(before["ledger"]["purses"])
        assert top < end["goal"] or before["ledger"]["purses"].count(top) > 1
    for state in pilot.states:
        check_someone_can_act(state, players)
    kinds = {a["type"] for a in pilot.actions}
    assert {
        "plan",
        "maintenance",
        "rob",
        "robbery_roll",
        "gear",
        "agree_order",
        "buy",
        "black_market",
        "train",
    } <= kinds


@pytest.mark.parametrize("players, mode", [(3, "virtual"), (4, "physical")])
def test_the_final_standings_give_everyone_a_place_and_their_money(players, mode):
    """ "A player's amount of Money is kept secret during the game" (The Goal and the End of
    the Game): at the end every place and every purse is shown, the winner first."""
    from companion.play.bgstats_play import bgstats_play

    end = Autopilot(started(players, money=mode, saloon="in"), rotating).until(nv.final)
    money = purses(end)
    rows = nv.standings(end)
    assert [row["score"] for row in rows] == [
        {"key": "final.money", "params": {"amount": amount}} for amount in money
    ]
    assert [row["place"] for row in rows] == [1 + sum(m > mine for m in money) for mine in money]
    assert rows[end["winner"]]["place"] == 1
    names = [f"P{seat}" for seat in range(players)]
    play_file = {
        "game": "nowheresville",
        "title": "Nowheresville",
        "players": names,
        "created": "2026-12-01T20:15:03+00:00",
        "id": "t1",
        "seed_hash": "ab" * 32,
        "log": [],
        "standings": [{**row, "name": names[row["seat"]]} for row in rows],
    }
    scores = bgstats_play(play_file)["players"]
    assert [s["score"] for s in scores] == money
    assert [s["rank"] for s in scores] == [row["place"] for row in rows]
    assert [s["winner"] for s in scores] == [seat == end["winner"] for seat in range(players)]


def test_an_exact_tie_at_the_top_plays_another_round():
    state = started(3)
    state = {**state, "ledger": {**state["ledger"], "purses": [2400, 2400, 100]}}
    state = play(
        nv,
        state,
        plan(0, original="town"),
        plan(1, original="school"),
        plan(2, original="hideout"),
        act("train", 1, bandit="Kid", attributes=[]),
        act("work", 0, bandit="Doc"),
    )
    assert purses(state) == [2600, 2400, 100] and state["winner"] == 0
    state = started(3)
    state = {**state, "ledger": {**state["ledger"], "purses": [2600, 2600, 100]}}
    state = play(nv, state, *[plan(s, original="hideout") for s in range(3)])
    assert state["phase"] == "maintenance" and state["winner"] is None
    assert state["news"][-1] == {"kind": "round_over", "round": 1}


@pytest.mark.parametrize(
    "players, short, goal_option",
    [(3, 0, 0), (3, 100, 0), (3, 1, 0), (4, 0, 0), (4, 100, 0), (3, 0, 1700), (3, 100, 1700)],
)
def test_the_goal_reached_exactly_wins_and_one_note_short_plays_on(players, short, goal_option):
    """ "Winning the Game": at the end of a round, the richest player *at or over* the goal
    wins — the boundary itself, not a seeded game that happens to end on it."""
    state = started(players, goal=goal_option)
    goal = state["goal"]
    assert goal == (goal_option or {3: 2500, 4: 2000}[players])
    purses = [goal - short] + [100] * (players - 1)
    state = {**state, "ledger": {**state["ledger"], "purses": purses}}
    state = play(nv, state, *[plan(s, original="hideout") for s in range(players)])
    if short:
        assert state["winner"] is None and state["phase"] == "maintenance"
    else:
        assert state["winner"] == 0 and nv.final(state)
        assert nv.view(state, None)["news"][-1] == {"kind": "winner", "round": 1, "player": 0}


def test_two_over_the_goal_the_richest_wins():
    state = started(3)
    state = {**state, "ledger": {**state["ledger"], "purses": [2600, 3100, 2500]}}
    state = play(nv, state, *[plan(s, original="hideout") for s in range(3)])
    assert state["winner"] == 1 and nv.final(state)
    assert nv.view(state, None)["news"][-1] == {"kind": "winner", "round": 1, "player": 1}


def test_apply_shares_what_it_does_not_change():
    state = play(
        nv, started(3), *[plan(s, original="town" if s == 0 else "hideout") for s in range(3)]
    )
    after = play(nv, state, act("work", 0, bandit="Doc"))
    assert after["bandits"] is state["bandits"] and after["gangs"] is state["gangs"]
    assert after["takings"] is state["takings"]


def test_replaying_a_long_game_gives_the_same_state():
    pilot = Autopilot(started(3, money="virtual", saloon="in"), rotating)
    end = pilot.until(nv.final)
    again = functools.reduce(nv.apply, pilot.actions, pilot.states[0])
    assert json.dumps(again, sort_keys=True) == json.dumps(end, sort_keys=True)


# -- invariants ------------------------------------------------------------------------


def check_invariants(state, players):
    assert ledger.total(state["ledger"]) == 500 * players
    assert all(p >= 0 for p in state["ledger"]["purses"])
    for seat, members in enumerate(state["gangs"]):
        assert 1 <= len(members) <= GANG_LIMIT
        assert state["bandits"][members[0]]["original"]
        for name in members:
            one = state["bandits"][name]
            assert one["seat"] == seat and 0 <= one["wounds"] < one["card"]["hits"]
            assert all(0 <= one[a] <= cap for a, cap in CAPS.items())
    assert min(state["pots"].values()) >= 0
    if state["notes"] is not None:
        assert all(len(state["notes"][p]) == state["pots"][p] for p in ("bank", "coach"))
    for viewer in [None, *range(players)]:
        json.dumps(nv.view(state, viewer))
        for template in nv.legal(state, viewer):
            check_template(template)
    check_someone_can_act(state, players)
    # The tablet lists the table's templates and every seat's public ones: never one step
    # twice (once for the table, once "for Ann").
    tablet = [
        (t["type"], json.dumps(t["params"], sort_keys=True))
        for seat in [None, *range(players)]
        for t in nv.legal(state, seat)
        if not t.get("secret")
    ]
    assert len(tablet) == len(set(tablet)), tablet


def check_someone_can_act(state, players):
    """Never a dead end: the prompt names what the table waits for, and whoever it waits
    for has a template to answer it with."""
    seats = [None, *range(players)]
    if nv.final(state):
        assert nv.prompt(state) is None and not any(nv.legal(state, s) for s in seats)
        return
    prompt = nv.prompt(state)
    assert prompt["why"]["key"].startswith("nowheresville.why."), prompt
    if prompt["kind"] == "secret":
        for seat in prompt["seats"]:
            assert any(t.get("secret") for t in nv.legal(state, seat)), prompt
    elif prompt["kind"] == "dice":
        assert any(
            t["type"] == prompt["action"]["type"] and "dice" in t["params"]
            for t in nv.legal(state, prompt["seat"])
        ), prompt
    else:
        assert nv.legal(state, prompt["seat"]), prompt


def check_template(template):
    """Every form the pages draw can be filled in."""
    for spec in template["params"].values():
        if spec["kind"] == "choice":
            assert spec["options"], template
        if spec["kind"] == "multi":
            assert 0 <= spec["min"] <= spec["max"] <= len(spec["options"]), template
        if spec["kind"] == "int":
            assert spec["min"] <= spec["max"], template


@pytest.mark.parametrize("mode", ["physical", "virtual"])
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_money_moves_only_through_the_ledger(mode, data):
    players = 3
    state = started(
        players,
        money=mode,
        saloon="in",
        notes_100=5,
        notes_200=3,
        cards={"Doc": {"hits": 2}, "Kid": {"bullets": 6}},
    )
    for _before, action, after in legal_walk(nv, state, data.draw, players, steps=50):
        check_invariants(after, players)
        for viewer in [None, *range(players)]:
            assert nv.describe(action, viewer)["key"].startswith("nowheresville.log.")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_two_player_walks_keep_gangs_and_caps(data):
    state = started(2, saloon="in")
    for _before, _action, after in legal_walk(nv, state, data.draw, 2, steps=50):
        check_invariants(after, 2)
