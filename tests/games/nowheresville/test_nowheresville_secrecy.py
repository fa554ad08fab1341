"""Nowheresville's secrecy model: no viewer ever receives another seat's secrets.

Two checks over a scripted three-round game, for every step and every viewer (the table and
each seat): a search of everything that viewer can reach — view, prompt, legal templates
and the log line of every action so far — for every other seat's balance, pot takings,
Fortune amounts and the pot sums (balances made distinctive so a substring search means
something); and a differential test: two games that differ only in one seat's secrets give
every other viewer identical bytes.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.nowheresville import game as nv
from tests.support.games.nowheresville.basics import act, plan, started
from tests.support.games.nowheresville.secrecy import ODD_DECK, steps
from tests.support.play import legal_walk


def reachable(state, done, viewer):
    """Everything ``viewer`` can receive: view, prompt, legal (as the page gets it), log."""
    if viewer is None:  # the tablet: the table's and every seat's public templates
        legal = [
            t for seat in (None, 0, 1, 2) for t in nv.legal(state, seat) if not t.get("secret")
        ]
    else:
        legal = nv.legal(state, viewer)
    log = [nv.describe(a, viewer) for a in done]
    return json.dumps(
        {"view": nv.view(state, viewer), "prompt": nv.prompt(state), "legal": legal, "log": log},
        sort_keys=True,
    )


def secrets_hidden_from(state, done, viewer):
    """Other seats' balances and takings, their Fortune amounts, and the pot sums."""
    hidden = [p for seat, p in enumerate(state["ledger"]["purses"]) if seat != viewer]
    hidden += [
        t["amount"] for seat, rows in enumerate(state["takings"]) if seat != viewer for t in rows
    ]
    hidden += [a["amount"] for a in done if a["type"] == "fortune_money" and a["seat"] != viewer]
    if state["notes"] is not None:
        hidden += [sum(state["notes"][pot]) for pot in ("bank", "coach") if state["notes"][pot]]
    return hidden


@pytest.mark.parametrize("mode", ["physical", "virtual"])
def test_no_viewer_receives_another_seats_money(mode):
    checked = 0
    for state, done in steps(mode, [1337, 2741, 4159]):
        for viewer in (None, 0, 1, 2):
            blob = reachable(state, done, viewer)
            for secret in secrets_hidden_from(state, done, viewer):
                if secret % 100 == 0:
                    continue  # a round amount is not distinctive: the differential test
                assert not re.search(rf"(?<!\d){secret}(?!\d)", blob), (viewer, secret)
                checked += 1
    assert checked > 200


@pytest.mark.parametrize("mode", ["physical", "virtual"])
def test_own_money_pot_and_fortune_reach_their_own_phone(mode):
    *_, (state, done) = steps(mode, [1337, 2741, 4159])
    mine = nv.view(state, 1)["mine"]
    assert mine["money"] == state["ledger"]["purses"][1]
    assert mine["takings"] and mine["takings"][0]["pot"] == "bank"
    own = [nv.describe(a, 1) for a in done if a["type"] == "fortune_money" and a["seat"] == 1]
    assert own[0]["params"]["amount"] == 2200
    assert nv.view(state, 1)["charts"][0]["series"][0]["points"][-1] == [
        2,
        2741 - 100 + mine["takings"][0]["amount"],
    ]


def test_the_table_never_gets_a_pot_sum_in_virtual_mode():
    *_, (state, _) = steps("virtual", [1337, 2741, 4159])
    public = nv.view(state, None)
    assert public["pots"] == {"bank": 2, "coach": 3}
    blob = json.dumps(public)
    assert not any(str(value) in blob for value in ODD_DECK)  # not one note's value


@pytest.mark.parametrize(
    "mode, secrets_a, secrets_b",
    [
        (
            "physical",
            {"purses": [500, 610, 500], "second_fortune": 300, "count": 1},
            {"purses": [500, 930, 500], "second_fortune": 700, "count": 2},
        ),
        (
            "virtual",
            {"purses": [500, 610, 500], "second_fortune": 300, "seed": 1},
            {"purses": [500, 930, 500], "second_fortune": 900, "seed": 2},
        ),
    ],
)
def test_games_differing_in_one_seats_secrets_look_identical_to_the_others(
    mode, secrets_a, secrets_b
):
    def run(secrets):
        secrets = dict(secrets)
        purses, seed = secrets.pop("purses"), secrets.pop("seed", 0)
        return list(steps(mode, purses, seed=seed, **secrets))

    game_a, game_b = run(secrets_a), run(secrets_b)
    assert game_a[-1][0]["ledger"]["purses"][1] != game_b[-1][0]["ledger"]["purses"][1]
    for (state_a, done_a), (state_b, done_b) in zip(game_a, game_b):
        for viewer in (None, 0, 2):
            assert reachable(state_a, done_a, viewer) == reachable(state_b, done_b, viewer)
    assert reachable(*game_a[-1], 1) != reachable(*game_b[-1], 1)


@pytest.mark.parametrize("place_a, place_b", [("bank", "coach"), ("hideout", "town")])
def test_a_plan_is_invisible_to_others_until_the_reveal(place_a, place_b):
    def planned(place):
        state, done = None, []
        for state, done in steps("physical", [500, 500, 500]):  # noqa: B007 (kept after the break)
            if done[-1]["type"] == "start":
                break
        action = plan(1, original=place)
        return nv.apply(state, action), done + [action]

    a, b = planned(place_a), planned(place_b)
    for viewer in (None, 0, 2):
        assert reachable(*a, viewer) == reachable(*b, viewer)
    assert nv.describe(a[1][-1], 0) == {"key": "nowheresville.log.plan", "params": {"player": 1}}
    assert place_a in json.dumps(nv.describe(a[1][-1], 1))
    assert nv.view(a[0], 1)["planning"]["mine"]["original"] == place_a


@pytest.mark.parametrize(
    "kind", ["plan", "count_pot", "fortune_money", "fortune_bribe", "buy", "black_market"]
)
def test_secret_submissions_are_templates_only_a_phone_can_send(kind):
    found = []
    for state, _ in steps("physical", [500, 500, 500]):
        for seat in (0, 1, 2):
            found += [t for t in nv.legal(state, seat) if t["type"] == kind]
        assert all(t["type"] != kind for t in nv.legal(state, None))
    assert found and all(t.get("secret") for t in found)


def test_errors_for_what_one_cannot_afford_name_only_the_price():
    for state, done in steps("physical", [500, 500, 500]):  # noqa: B007 (kept after the break)
        if done[-1]["type"] == "gear" and done[-1]["seat"] == 0:
            break
    poor = {**state, "ledger": {**state["ledger"], "purses": [500, 40, 500]}}
    poor = nv.apply(poor, act("fortune_money", 0, bandit="Doc", amount=100))
    poor = nv.apply(poor, act("work", 2, bandit="Jo"))
    with pytest.raises(Exception) as caught:
        nv.apply(poor, act("buy", 1, bandit="Kid"))
    assert caught.value.code == "cannot_afford" and caught.value.params == {"amount": 100}


# -- every state of random walks: nothing public depends on a secret ---------------------


def disguised(state, keep=None):
    """The same table with every secret but ``keep``'s changed: balances, pot takings, the
    notes' values (virtual deck) and sealed plans not yet revealed."""
    purses = [
        p if seat == keep else p * 7 + 1300 for seat, p in enumerate(state["ledger"]["purses"])
    ]
    takings = [
        rows if seat == keep else [{**t, "amount": t["amount"] + 100} for t in rows]
        for seat, rows in enumerate(state["takings"])
    ]
    chart = [
        points if seat == keep else [[x, y + 1] for x, y in points]
        for seat, points in enumerate(state["chart"])
    ]
    out = {
        **state,
        "ledger": {**state["ledger"], "purses": purses},
        "takings": takings,
        "chart": chart,
    }
    if state["notes"] is not None:
        flip = {100: 200, 200: 100}
        out["notes"] = {name: [flip[v] for v in values] for name, values in state["notes"].items()}
    if state["planning"] is not None:
        choices = {
            seat: (
                payload
                if int(seat) == keep
                else {**{slot: "hideout" for slot in payload}, "heal": "none"}
            )
            for seat, payload in state["planning"]["choices"].items()
        }
        out["planning"] = {**state["planning"], "choices": choices}
    return out


def tablet_reaches(state, players):
    return json.dumps(
        {
            "view": nv.view(state, None),
            "prompt": nv.prompt(state),
            "legal": [
                t
                for seat in [None, *range(players)]
                for t in nv.legal(state, seat)
                if not t.get("secret")
            ],
        },
        sort_keys=True,
    )


def seat_reaches(state, seat):
    return json.dumps(
        {"view": nv.view(state, seat), "prompt": nv.prompt(state), "legal": nv.legal(state, seat)},
        sort_keys=True,
    )


@pytest.mark.parametrize("mode", ["physical", "virtual"])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_template_view_or_prompt_depends_on_another_seats_secret(mode, data):
    """The tablet gets the public view and the non-secret templates of every seat: their
    presence and their parameters (ranges, options) must not change with anyone's money,
    pot sums or plan; a phone's must not change with another seat's."""
    players = 3
    state = started(
        players, money=mode, saloon="in", notes_100=5, notes_200=3, cards={"Doc": {"hits": 2}}
    )
    for _before, _action, after in legal_walk(nv, state, data.draw, players, steps=40):
        if nv.final(after):  # the end: every player's money is shown to all, on purpose
            assert nv.view(after, None)["final"]["money"] == after["ledger"]["purses"]
            continue
        assert tablet_reaches(after, players) == tablet_reaches(disguised(after), players)
        for seat in range(players):
            assert seat_reaches(after, seat) == seat_reaches(disguised(after, seat), seat)
