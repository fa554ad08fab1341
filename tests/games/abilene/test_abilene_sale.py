"""Abilene's sale at Abilene: sealed corral cards, the seller's sticker, the settlement, and
the secrecy of it all until the reveal."""

from __future__ import annotations

import itertools
import json

import pytest

from companion.games.abilene import game as abilene
from companion.rules.base import RuleError
from tests.support.games.abilene.sale import act, game, opened, truth, vote

TRUTHS = [("seller_brand", 600), ("no_brand", 500), ("other_brand", 1000)]
CARDS = ["seller_brand", "no_brand", "other_brand"]


# -- the settlement, by the default sale-proceeds table -------------------------------------
# (truth, value, card) -> (bank price, corral: + the seller pays the opponent, - the reverse)
DEFAULT_SETTLEMENTS = [
    ("seller_brand", 600, "seller_brand", 600, 0),
    ("seller_brand", 600, "no_brand", 600, -200),
    ("seller_brand", 600, "other_brand", 600, -300),
    ("no_brand", 500, "seller_brand", 500, 0),
    ("no_brand", 500, "no_brand", 500, 200),
    ("no_brand", 500, "other_brand", 500, -100),
    ("other_brand", 1000, "seller_brand", 1000, 0),
    ("other_brand", 1000, "no_brand", 1000, 0),
    ("other_brand", 1000, "other_brand", 500, 300),  # seen through: the bank pays half
    ("other_brand", 300, "other_brand", 200, 300),  # $150 rounded up to $200
    ("other_brand", 100, "other_brand", 100, 300),  # $50 rounded up to $100
    ("seller_brand", 1000, "seller_brand", 1000, 0),
    ("seller_brand", 100, "no_brand", 100, -200),
]


@pytest.mark.parametrize("brand,value,card,price,corral", DEFAULT_SETTLEMENTS)
def test_every_payment_by_the_default_table(brand, value, card, price, corral):
    state = act(opened(2), vote(1, card), truth(brand, value))
    sale = state["last_sale"]
    assert sale["truth"] == {"brand": brand, "value": value}
    assert sale["votes"] == {"1": card}
    assert sale["price"] == price
    assert state["money"]["purses"] == [10000 + price - corral, 10000 + corral]
    expected = [{"payer": "bank", "payee": 0, "amount": price, "reason": "sale_price"}]
    if corral > 0:
        expected.append({"payer": 0, "payee": 1, "amount": corral, "reason": "corral_reward"})
    elif corral < 0:
        expected.append({"payer": 1, "payee": 0, "amount": -corral, "reason": "corral_damages"})
    assert sale["payments"] == expected
    assert state["cattle"] == [8, 9] and state["sold"] == [1, 0]


def test_each_opponent_is_settled_by_their_own_card():
    state = act(
        opened(4),
        vote(3, "other_brand"),
        vote(1, "no_brand"),
        vote(2, "seller_brand"),
        truth("other_brand", 600),
    )
    sale = state["last_sale"]
    assert sale["seen"] is True and sale["price"] == 300
    assert list(sale["votes"]) == ["1", "2", "3"]  # from the seller's left
    assert state["money"]["purses"] == [10000 + 300 - 300, 10000, 10000, 10300]


def test_the_sale_proceeds_table_is_a_table_option():
    proceeds = {
        "bank_percent": {t: {"unseen": 200, "seen": 0} for t in CARDS},
        "corral": {t: {c: 1000 for c in CARDS} for t in CARDS},
    }
    state = act(opened(2, sale_proceeds=proceeds), vote(1, "no_brand"), truth("no_brand", 500))
    assert state["last_sale"]["price"] == 0  # seen: 0 %
    assert state["money"]["purses"] == [9000, 11000]
    state = act(opened(2, sale_proceeds=proceeds), vote(1, "seller_brand"), truth("no_brand", 500))
    assert state["last_sale"]["price"] == 1000  # unseen: 200 %


@pytest.mark.parametrize(
    "brand,value",
    [("no_brand", 600), ("no_brand", 100), ("seller_brand", 500), ("other_brand", 500)],
)
def test_the_sticker_must_be_a_real_one(brand, value):
    with pytest.raises(RuleError) as caught:
        act(opened(), truth(brand, value))
    assert caught.value.code == "abilene.value_does_not_match_brand"


def test_a_seller_who_cannot_pay_the_accusers_must_borrow():
    state = act(
        game(2, start_money=0),
        {"type": "throw", "seat": 0, "dice": [1, 1, 1, 1, 1]},
        {"type": "sell", "seat": 0},
        vote(1, "other_brand"),
        truth("other_brand", 100),
    )
    # the bank pays $100 (half of $100, rounded up), the seller owes Bob $300
    assert state["dues"] == [{"payer": 0, "payee": 1, "amount": 300, "reason": "corral_reward"}]
    assert state["money"]["purses"] == [100, 0]
    state = act(state, {"type": "take_loan", "seat": 0, "amount": 200})
    assert state["money"]["purses"] == [0, 300] and state["dues"] == []


# -- the round: who votes, skipping, taking back ---------------------------------------------
def test_everyone_but_the_seller_votes_and_the_seller_types_the_truth():
    state = opened()
    assert abilene.prompt(state) == {
        "kind": "secret",
        "seats": [0, 1, 2],
        "submitted": [],
        "why": {"key": "abilene.why.corral", "params": {"seller": "Ann"}},
        "round": {"id": "corral-1", "purpose": "corral", "seats": [0, 1, 2], "moves": 0},
    }
    for seat, kind in ((0, "sale_truth"), (1, "corral_vote"), (2, "corral_vote")):
        templates = [t for t in abilene.legal(state, seat) if t.get("secret")]
        assert [t["type"] for t in templates] == [kind]
    state = act(state, vote(2, "no_brand"))
    assert abilene.prompt(state)["submitted"] == [2]
    assert abilene.view(state, None)["sale"]["submitted"] == [2]
    # until the reveal a vote may be changed by its own seat
    assert "corral_vote" in {t["type"] for t in abilene.legal(state, 2)}
    changed = act(state, vote(2, "seller_brand"))
    assert abilene.view(changed, 2)["sale"]["mine"] == "seller_brand"


def test_the_sticker_values_are_offered_as_money():
    """The seller's buttons read "$1,000" (« 1 000 $ » in French), not "1000": each value
    is labelled by the core's money line, which the page renders with its money format."""
    sticker = next(t for t in abilene.legal(opened(), 0) if t["type"] == "sale_truth")
    value = sticker["params"]["value"]
    assert value["options"] == [100, 300, 500, 600, 1000]
    assert value["labels"] == [
        {"key": "core.money", "params": {"amount": v}} for v in value["options"]
    ]


def test_the_sticker_form_offers_only_the_stickers_the_rules_take():
    """Unbranded cattle are worth $500, branded ones $100 to $1,000 (published): the template
    says which brand goes with which value, so the seller's page offers no other pairing."""
    sticker = next(t for t in abilene.legal(opened(), 0) if t["type"] == "sale_truth")
    offered = {(c["brand"], c["value"]) for c in sticker["combinations"]}
    for brand, value in itertools.product(CARDS, sticker["params"]["value"]["options"]):
        if (brand, value) in offered:
            assert act(opened(), truth(brand, value))["sale"]["round"]["choices"]["0"]
            continue
        with pytest.raises(RuleError) as caught:
            act(opened(), truth(brand, value))
        assert caught.value.code == "abilene.value_does_not_match_brand"
    assert ("no_brand", 500) in offered and len(offered) == 9


def test_the_table_can_reveal_without_an_absent_opponent_but_not_without_the_seller():
    state = act(opened(), vote(1, "no_brand"))
    template = abilene.legal(state, None)[0]
    assert template["type"] == "reveal_without"
    assert template["params"]["absent_seat"]["options"] == [2]
    with pytest.raises(RuleError) as caught:
        act(state, {"type": "reveal_without", "seat": None, "absent_seat": 0})
    assert caught.value.code == "bad_choice"
    state = act(
        state, {"type": "reveal_without", "seat": None, "absent_seat": 2}, truth("no_brand", 500)
    )
    assert state["last_sale"]["skipped"] == [2]
    assert state["last_sale"]["votes"] == {"1": "no_brand", "2": None}
    assert state["money"]["purses"] == [10300, 10200, 10000]
    assert abilene.describe({"type": "reveal_without", "seat": None, "absent_seat": 2}, 1) == {
        "key": "abilene.log.reveal_without",
        "params": {"player": None, "absent_seat": 2},
    }


def test_a_sale_taken_back_reveals_nothing_and_changes_nothing():
    before = opened()
    state = act(before, vote(1, "no_brand"), {"type": "cancel_sale", "seat": 0})
    assert state["sale"] is None and state["last_sale"] is None
    assert state["cattle"] == [9, 9, 9] and state["money"] is before["money"]


def test_the_turn_waits_for_the_sale():
    state = act(opened(), vote(1, "no_brand"))
    assert {t["type"] for t in abilene.legal(state, 0)} == {
        "take_loan",
        "offer_loan",
        "sale_truth",
        "cancel_sale",
    }
    with pytest.raises(RuleError) as caught:
        act(state, {"type": "end_turn", "seat": 0})
    assert caught.value.code == "not_now"


def test_the_tablet_cannot_send_a_vote():
    votes = [
        t
        for seat in (0, 1, 2)
        for t in abilene.legal(opened(), seat)
        if t["type"] in ("corral_vote", "sale_truth")
    ]
    assert votes and all(t.get("secret") for t in votes)  # never vacuous: the sale is open
    assert not [
        t for t in abilene.legal(opened(), None) if t["type"] in ("corral_vote", "sale_truth")
    ]


# -- secrecy ----------------------------------------------------------------------------
def _submission(seat: int, payload) -> dict:
    if seat == 0:
        return truth(*payload)
    return vote(seat, payload)


def _seen_by(state: dict, viewer, actions: list[dict]) -> str:
    """Everything that leaves the process for ``viewer``, as bytes would."""
    return json.dumps(
        {
            "view": abilene.view(state, viewer),
            "prompt": abilene.prompt(state),
            "legal": abilene.legal(state, viewer),
            "log": [abilene.describe(a, viewer) for a in actions],
        },
        sort_keys=True,
    )


ORDERS = list(itertools.permutations([0, 1, 2]))
PAYLOADS = {0: TRUTHS, 1: CARDS, 2: CARDS}


@pytest.mark.parametrize("order", ORDERS)
def test_no_viewer_learns_another_seats_vote_or_truth_before_the_reveal(order):
    """For every step before the reveal and every viewer, what the viewer is shown depends
    only on their own submission: vary every other seat's and the bytes stay the same."""
    for done in range(len(order)):  # seats order[:done] have submitted; one is still out
        submitted = order[:done]
        seen: dict = {}
        for payloads in itertools.product(*(PAYLOADS[s] for s in submitted)):
            actions = [_submission(s, p) for s, p in zip(submitted, payloads)]
            state = act(opened(), *actions)
            assert state["sale"] is not None  # still sealed
            mine = dict(zip(submitted, payloads))
            for viewer in (None, 0, 1, 2):
                key = (viewer, json.dumps(mine.get(viewer)))
                text = _seen_by(state, viewer, actions)
                assert seen.setdefault(key, text) == text, (order, done, viewer)


def test_two_games_differing_in_one_vote_look_the_same_to_every_other_viewer():
    base = [vote(2, "seller_brand"), truth("other_brand", 1000)]
    one = act(opened(), vote(1, "no_brand"), *base)
    other = act(opened(), vote(1, "other_brand"), *base)
    one_state = act(opened(), vote(1, "no_brand"), base[0])
    other_state = act(opened(), vote(1, "other_brand"), base[0])
    for viewer in (None, 0, 2):
        assert _seen_by(one_state, viewer, [vote(1, "no_brand"), base[0]]) == _seen_by(
            other_state, viewer, [vote(1, "other_brand"), base[0]]
        )
    assert _seen_by(one_state, 1, []) != _seen_by(other_state, 1, [])
    # after the reveal everyone sees it
    assert one["last_sale"]["votes"]["1"] == "no_brand"
    assert other["last_sale"]["votes"]["1"] == "other_brand"


def test_own_vote_is_shown_on_own_phone_only():
    state = act(opened(), vote(1, "no_brand"))
    assert abilene.view(state, 1)["sale"]["mine"] == "no_brand"
    for viewer in (None, 0, 2):
        assert "mine" not in abilene.view(state, viewer)["sale"]
    assert (
        abilene.describe(vote(1, "no_brand"), 1)["key"] == "abilene.log.corral_vote_mine.no_brand"
    )
    assert abilene.describe(vote(1, "no_brand"), 2) == {
        "key": "abilene.log.corral_vote",
        "params": {"player": 1},
    }
    assert abilene.describe(truth("other_brand", 1000), None) == {
        "key": "abilene.log.sale_truth",
        "params": {"player": 0},
    }
