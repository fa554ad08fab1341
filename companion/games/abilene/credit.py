"""Why a loan action is refused, in the players' words: the offer or loan it names is not
there, is someone else's, or the money is not (the lender's, when the lender is short).

The templates only say "not one of the choices" or "not now"; these checks run first, on
actions that name an offer or a loan, so the refusal names the real reason
(« Faillite »: loans between players, repayments with interest).
"""

from __future__ import annotations

from typing import TypeGuard

from companion.games.abilene import money
from companion.rules.base import require

#: Action type -> the side of the offer its sender must be.
OFFER_SIDES = {
    "accept_loan": "borrower",
    "decline_loan": "borrower",
    "withdraw_loan_offer": "lender",
}


def explain(state: dict, action: dict) -> None:
    """Raise the precise refusal of a loan action, if it has one."""
    kind, seat = action.get("type"), action.get("seat")
    if state["over"] or not isinstance(seat, int) or state["bankrupt"][seat]:
        return
    if kind in OFFER_SIDES and _whole(action.get("offer")):
        offer = money.find_offer(state, action["offer"])  # no_such_offer
        side = OFFER_SIDES[kind]
        require(
            offer[side] == seat,
            f"abilene.offer_not_yours.{side}",
            offer=offer["id"],
            lender=_name(state, offer["lender"]),
            borrower=_name(state, offer["borrower"]),
        )
        if kind == "accept_loan":
            has = money.purse(state, offer["lender"])
            require(
                has >= offer["amount"],
                "abilene.lender_short",
                offer=offer["id"],
                lender=_name(state, offer["lender"]),
                amount=offer["amount"],
                has=has,
            )
    if kind == "repay_loan" and _whole(action.get("loan")):
        loan = money.find_loan(state, action["loan"])  # no_such_loan
        require(loan["debtor"] == seat, "abilene.not_your_loan", loan=loan["id"])
        amount = action.get("amount")
        if _whole(amount) and 0 < amount <= money.due_on(loan):
            has = money.purse(state, seat)
            require(has >= amount, "abilene.cannot_repay", amount=amount, has=has)
    if kind == "offer_loan" and _whole(action.get("amount")):
        has = money.purse(state, seat)
        require(has >= action["amount"], "abilene.cannot_lend", amount=action["amount"], has=has)


def _name(state: dict, seat: int) -> str:
    """A refusal's own words name people (its parameters are not seat numbers)."""
    return state["players"][seat]


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
