"""A refused loan action names its real reason (« Faillite »: loans between players,
repayments with interest): the offer or loan is not there or is someone else's, or the
money is short — the lender's when the lender is short, never the borrower's."""

from __future__ import annotations

import pytest

from companion.games.abilene import game as abilene
from companion.rules.base import RuleError
from tests.support.play import play, setup

ANN, BRUNO, CY = 0, 1, 2


def offered() -> dict:
    """Ann offers Bruno and Cy $9,000 each (an offer reserves nothing); Cy accepts."""
    state = setup(abilene, ["Ann", "Bruno", "Cy"])
    return play(
        abilene,
        state,
        {"type": "offer_loan", "seat": ANN, "borrower": BRUNO, "amount": 9000, "interest": 0},
        {"type": "offer_loan", "seat": ANN, "borrower": CY, "amount": 9000, "interest": 0},
        {"type": "accept_loan", "seat": CY, "offer": 2},
    )


def refused(state: dict, action: dict) -> tuple[str, dict]:
    with pytest.raises(RuleError) as caught:
        abilene.apply(state, action)
    return caught.value.code, caught.value.params


@pytest.mark.parametrize(
    "action, code, params",
    [
        (  # the case: Ann is short, not Bruno
            {"type": "accept_loan", "seat": BRUNO, "offer": 1},
            "abilene.lender_short",
            {"offer": 1, "lender": "Ann", "amount": 9000, "has": 1000},
        ),
        ({"type": "accept_loan", "seat": BRUNO, "offer": 7}, "abilene.no_such_offer", {"offer": 7}),
        (
            {"type": "decline_loan", "seat": CY, "offer": 1},
            "abilene.offer_not_yours.borrower",
            {"offer": 1, "lender": "Ann", "borrower": "Bruno"},
        ),
        (
            {"type": "withdraw_loan_offer", "seat": BRUNO, "offer": 1},
            "abilene.offer_not_yours.lender",
            {"offer": 1, "lender": "Ann", "borrower": "Bruno"},
        ),
        (
            {"type": "repay_loan", "seat": BRUNO, "loan": 1, "amount": 100},
            "abilene.not_your_loan",
            {"loan": 1},
        ),
        (
            {"type": "repay_loan", "seat": CY, "loan": 4, "amount": 100},
            "abilene.no_such_loan",
            {"loan": 4},
        ),
        (
            {"type": "offer_loan", "seat": ANN, "borrower": CY, "amount": 2000, "interest": 0},
            "abilene.cannot_lend",
            {"amount": 2000, "has": 1000},
        ),
    ],
)
def test_a_refused_loan_action_names_its_reason(action, code, params):
    assert refused(offered(), action) == (code, params)
