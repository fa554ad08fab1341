"""Abilene invariants over random legal play (hypothesis, drawing from ``legal``)."""

from __future__ import annotations

import json
from types import SimpleNamespace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.abilene import game as abilene
from companion.games.abilene import money
from companion.rules import ledger
from tests.support.play import legal_walk, play, setup

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"]
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CORRECTIONS = ("set_cattle", "set_jail")
# The tablet's corrections are always legal, so random walks pick them often and end games
# early; this view of the game hides them, so that walks reach sales, debts and bankruptcy.
PLAYED = SimpleNamespace(
    legal=lambda state, seat: [
        t for t in abilene.legal(state, seat) if t["type"] not in CORRECTIONS
    ],
    apply=abilene.apply,
)


def _start(players: int, start_money: int = 1000) -> dict:
    # Little money, so that debts, dues and bankruptcies happen within a short walk.
    return setup(abilene, NAMES[:players], start_money=start_money, cattle_per_ranch=3)


def _bank_loans(state: dict) -> dict:
    return {x["id"]: x for x in state["loans"] if x["lender"] == money.BANK}


def _check_money(before: dict, after: dict, start_total: int) -> None:
    purses = after["money"]["purses"]
    flows = after["flows"]
    paid_out = sum(flows.get(r, 0) for r in money.BANK_OUT)
    paid_in = sum(flows.get(r, 0) for r in money.BANK_IN)
    assert set(flows) <= set(money.BANK_OUT) | set(money.BANK_IN)
    # players' money = what they started with + the bank's net lending and payouts
    assert sum(purses) == start_total + paid_out - paid_in
    assert ledger.total(after["money"]) == start_total
    assert (after["money"]["paid_out"], after["money"]["paid_in"]) == (paid_out, paid_in)
    assert min(purses) >= 0
    # the bank's lending: what it lent is outstanding, written off, or was repaid with interest
    # (a bankrupt player's claim owed to the bank since, ``claimed_from``, was never lent)
    lent = sum(x["principal"] for x in _bank_loans(after).values() if "claimed_from" not in x)
    lent += sum(
        x["principal"]
        for x in after["written_off"]
        if x["lender"] == money.BANK and "claimed_from" not in x
    )
    if not after["over"]:
        # what was repaid is what is no longer due: whole loans gone, or parts paid
        now = _bank_loans(after)
        paid_off = sum(
            money.due_on(x) - (money.due_on(now[i]) if i in now else 0)
            for i, x in _bank_loans(before).items()
            if x not in after["written_off"]
        )
        repaid = flows.get("repayment", 0) - before["flows"].get("repayment", 0)
        assert repaid == paid_off
        assert lent <= flows.get("loan", 0)


def _check_counts(state: dict) -> None:
    cowboys = state["options"]["cowboys"]
    assert all(0 <= n <= cowboys for n in state["jail"])
    assert all(n >= 0 for n in state["cattle"])
    for due in state["dues"]:  # a due waits only while its payer cannot pay it
        assert money.purse(state, due["payer"]) < due["amount"]
    assert (abilene.prompt(state) is None) == state["over"]
    for seat in range(len(state["players"])):
        if state["bankrupt"][seat]:
            assert state["jail"][seat] == 0 and abilene.legal(state, seat) == []


@SETTINGS
@given(st.data(), st.integers(2, 6), st.sampled_from([0, 1000, 10000]))
def test_money_is_conserved_and_counts_stay_sane(data, players, start_money):
    state = _start(players, start_money)
    start_total = sum(state["money"]["purses"])
    for before, _action, after in legal_walk(PLAYED, state, data.draw, players, steps=70):
        _check_money(before, after, start_total)
        _check_counts(after)


@SETTINGS
@given(st.data(), st.integers(2, 5))
def test_replaying_the_actions_gives_the_same_game(data, players):
    state = _start(players)
    actions = [a for _b, a, _s in legal_walk(abilene, state, data.draw, players, steps=50)]
    live = state
    for action in actions:
        live = abilene.apply(live, action)
    assert play(abilene, state, *actions) == live
    json.dumps([abilene.view(live, s) for s in [None, *range(players)]])


def _other_payload(payload):
    if isinstance(payload, dict):
        return (
            {"brand": "no_brand", "value": 500}
            if payload["brand"] != "no_brand"
            else {"brand": "other_brand", "value": 1000}
        )
    return "seller_brand" if payload != "seller_brand" else "other_brand"


def _with_others_changed(state: dict, viewer) -> dict:
    """The same state with every submission but ``viewer``'s replaced by another one."""
    round_ = state["sale"]["round"]
    choices = {
        seat: (payload if seat == str(viewer) else _other_payload(payload))
        for seat, payload in round_["choices"].items()
    }
    return {**state, "sale": {**state["sale"], "round": {**round_, "choices": choices}}}


@settings(SETTINGS, max_examples=20)
@given(st.data(), st.integers(2, 5))
def test_a_sealed_sale_shows_nobody_the_others_submissions(data, players):
    state = _start(players)
    for _b, _a, after in legal_walk(PLAYED, state, data.draw, players, steps=50):
        if after["sale"] is None:
            continue
        for viewer in [None, *range(players)]:
            twin = _with_others_changed(after, viewer)
            for show in (
                lambda s: abilene.view(s, viewer),
                abilene.prompt,
                lambda s: abilene.legal(s, viewer),
            ):
                assert json.dumps(show(after), sort_keys=True) == json.dumps(
                    show(twin), sort_keys=True
                )


@SETTINGS
@given(st.data(), st.integers(2, 5))
def test_the_money_chart_kept_from_turn_to_turn_is_the_chart_made_afresh(data, players):
    """The chart's points are extended by one at each turn's end (``view._history_points``)
    rather than made again; going back to an earlier state (an undo) makes them afresh."""
    from companion.games.abilene import view

    state = _start(players)
    walked = [state] + [s for _b, _a, s in legal_walk(PLAYED, state, data.draw, players, steps=60)]
    back = data.draw(st.integers(0, len(walked) - 1))
    for step in [*walked, walked[back], *walked[back:]]:
        kept = view._make_money_chart(step)
        view._last_points[0] = None
        assert kept == view._make_money_chart(step)
        assert kept["series"][0]["points"][0] == [0, step["history"][0][1][0]]
