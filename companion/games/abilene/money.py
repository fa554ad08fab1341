"""Abilene money: payments, dues, loans, bankruptcy and the final reckoning.

Rulebook, « Faillite »: a player out of money must declare bankruptcy or borrow from the bank
or another player; the bank lends at once at 25 % interest, rounded up to the next $100 and
paid on repayment. « Fin du jeu »: debts are settled before the count.

Every dollar moves through :func:`pay` (``companion/rules/ledger.py``, unlimited bank) and is
written into the public ``payments`` tail; what moves to or from the bank is also summed by
reason in ``flows`` so that the conservation invariant can be checked:
``sum(purses) == start + flows[bank out] - flows[bank in]``.

A payment the rules impose (a jail fee, a corral payment) becomes a *due*: it is paid at
once when the payer can afford it, otherwise it waits, blocking the game, until the payer
borrows enough (and it is then paid by itself) or declares bankruptcy.
"""

from __future__ import annotations

from typing import Final

from companion.rules import ledger
from companion.rules.base import RuleError, replace_at, require

BANK: Final = ledger.BANK
PAYMENTS_KEPT = 30
# Reasons for money leaving the bank; every other bank reason is money coming in.
BANK_OUT = ("loan", "sale_price")
BANK_IN = ("repayment", "jail_fee", "bail")
#: Action types only a replay of a rules-version-2 journal holds (the game's ``MIGRATIONS``
#: renames them): a repayment or a bankruptcy that left the receiver's dues waiting. The
#: table refuses them from every device (``REPLAY_ONLY``).
RECORDED_V2 = {"repay_loan_v2": "repay_loan", "declare_bankruptcy_v2": "declare_bankruptcy"}


def round_up_hundred(amount_times_100: int) -> int:
    """``amount_times_100 / 100`` rounded up to the next $100 (exact integer arithmetic)."""
    return -(-amount_times_100 // 10000) * 100


def interest_on(principal: int, percent: int) -> int:
    """Bank interest: ``percent`` of the principal, rounded up to the next $100.

    $1,000 at 25 % is $250, so $300; $400 at 25 % is exactly $100.
    """
    return round_up_hundred(principal * percent)


def require_hundreds(amount: int) -> None:
    require(amount % 100 == 0, "abilene.not_hundreds", amount=amount)


def purse(state: dict, seat: int) -> int:
    return ledger.balance(state["money"], seat)


def pay(state: dict, payer: ledger.Party, payee: ledger.Party, amount: int, reason: str) -> dict:
    """Move ``amount`` now, or raise ``cannot_afford``; the payment is recorded."""
    return _recorded(
        state, ledger.transfer(state["money"], payer, payee, amount), payer, payee, amount, reason
    )


def _recorded(
    state: dict, money: dict, payer: int | str, payee: int | str, amount: int, reason: str
) -> dict:
    if amount == 0:
        return {**state, "money": money}
    entry = {
        "payer": payer,
        "payee": payee,
        "amount": amount,
        "reason": reason,
        "turn": state["turn"],
    }
    out = {**state, "money": money, "payments": (state["payments"] + [entry])[-PAYMENTS_KEPT:]}
    if BANK in (payer, payee):
        flows = state["flows"]
        out["flows"] = {**flows, reason: flows.get(reason, 0) + amount}
    return out


# -- dues ---------------------------------------------------------------------------------
def owe(state: dict, payer: int | str, payee: int | str, amount: int, reason: str) -> dict:
    """A payment the rules impose: paid now if possible, else left as a due."""
    if amount <= 0:
        return state
    due = {"payer": payer, "payee": payee, "amount": amount, "reason": reason}
    return settle_dues({**state, "dues": state["dues"] + [due]})


def settle_dues(state: dict) -> dict:
    """Pay every due whose payer can now afford it (repeatedly: one payment may fund another)."""
    while state["dues"]:
        waiting = []
        for due in state["dues"]:
            if due["payer"] == BANK or purse(state, due["payer"]) >= due["amount"]:
                state = pay(state, due["payer"], due["payee"], due["amount"], due["reason"])
            else:
                waiting.append(due)
        paid_some = len(waiting) < len(state["dues"])
        state = {**state, "dues": waiting}
        if not paid_some:
            break
    return state


def unpaid(state: dict, seat: int) -> int:
    """What ``seat`` owes right now and cannot pay."""
    return sum(d["amount"] for d in state["dues"] if d["payer"] == seat)


# -- loans --------------------------------------------------------------------------------
def _new_loan(state: dict, lender: int | str, debtor: int, principal: int, interest: int) -> dict:
    loan = {
        "id": state["next_loan"],
        "lender": lender,
        "debtor": debtor,
        "principal": principal,
        "interest": interest,
    }
    return {**state, "loans": state["loans"] + [loan], "next_loan": state["next_loan"] + 1}


def take_loan(state: dict, seat: int, amount: int) -> dict:
    """The bank lends at once (« La banque prête immédiatement »)."""
    require_hundreds(amount)
    interest = interest_on(amount, state["options"]["loan_interest_percent"])
    state = _new_loan(state, BANK, seat, amount, interest)
    return settle_dues(pay(state, BANK, seat, amount, "loan"))


def find_loan(state: dict, loan_id: int) -> dict:
    for loan in state["loans"]:
        if loan["id"] == loan_id:
            return loan
    raise RuleError("abilene.no_such_loan", loan=loan_id)


def due_on(loan: dict) -> int:
    return loan["principal"] + loan["interest"]


def repay_loan(
    state: dict, seat: int, loan_id: int, amount: int | None = None, settles: bool = True
) -> dict:
    """The debtor pays back ``amount`` (all that is due when None), in $100s. A part pays the
    interest first, then the principal; what is left stays owed on the same loan. The money
    the lender receives pays the lender's waiting dues (``settles``; rules version 2 left them
    waiting)."""
    loan = find_loan(state, loan_id)
    require(loan["debtor"] == seat, "abilene.not_your_loan", loan=loan_id)
    due = due_on(loan)
    amount = due if amount is None else amount
    require_hundreds(amount)
    require(0 < amount <= due, "abilene.repay_more_than_due", loan=loan_id, due=due, amount=amount)
    state = pay(state, seat, loan["lender"], amount, "repayment")
    if amount == due:
        loans = [x for x in state["loans"] if x["id"] != loan_id]
    else:
        interest = max(loan["interest"] - amount, 0)
        left = {
            **loan,
            "interest": interest,
            "principal": loan["principal"] - (amount - (loan["interest"] - interest)),
        }
        loans = [left if x["id"] == loan_id else x for x in state["loans"]]
    state = {**state, "loans": loans}
    return settle_dues(state) if settles else state


def offer_loan(state: dict, lender: int, borrower: int, amount: int, interest: int) -> dict:
    """A loan between players, at the interest the two agreed (typed in dollars). Several
    offers may be open at once, each to be accepted, declined or withdrawn by itself."""
    require_hundreds(amount)
    require_hundreds(interest)
    require(lender != borrower, "abilene.lend_to_yourself")
    require(purse(state, lender) >= amount, "cannot_afford", amount=amount)
    offer = {
        "id": state["next_offer"],
        "lender": lender,
        "borrower": borrower,
        "amount": amount,
        "interest": interest,
    }
    return {
        **state,
        "loan_offers": state["loan_offers"] + [offer],
        "next_offer": state["next_offer"] + 1,
    }


def find_offer(state: dict, offer_id: int) -> dict:
    for offer in state["loan_offers"]:
        if offer["id"] == offer_id:
            return offer
    raise RuleError("abilene.no_such_offer", offer=offer_id)


def accept_loan(state: dict, offer_id: int) -> dict:
    """The borrower takes an offer: the lender must still have the money."""
    offer = find_offer(state, offer_id)
    state = drop_offer(state, offer_id)
    state = _new_loan(state, offer["lender"], offer["borrower"], offer["amount"], offer["interest"])
    state = pay(state, offer["lender"], offer["borrower"], offer["amount"], "loan")
    return settle_dues(state)


def drop_offer(state: dict, offer_id: int) -> dict:
    return {**state, "loan_offers": [o for o in state["loan_offers"] if o["id"] != offer_id]}


def owed_by(state: dict, seat: int) -> int:
    """Principal and interest ``seat`` still owes on its loans."""
    return sum(x["principal"] + x["interest"] for x in state["loans"] if x["debtor"] == seat)


# -- bankruptcy ---------------------------------------------------------------------------
def go_bankrupt(state: dict, seat: int, settles: bool = True) -> dict:
    """« Faillite »: what the player has goes to its dues; its debts lapse.

    The rulebook is silent on the loans the bankrupt player *gave*. Option
    ``bankrupt_claims``: ``"to_bank"`` (the default) — they are still owed, now to the
    bank, interest included, so going bankrupt cannot hand a friend the winning money;
    ``"lapse"`` — they lapse with the player's debts (the other reading, and how tables
    recorded before the option replay). Its cowboys leave the game (the jail empties); its
    cattle stay on the board, so its ranch count is kept, but an empty ranch of a bankrupt
    player no longer ends the game. What the others receive pays their own waiting dues
    (``settles``; rules version 2 left them waiting).
    """
    for due in [d for d in state["dues"] if d["payer"] == seat]:
        money, paid = ledger.pay_what_is_there(state["money"], seat, due["payee"], due["amount"])
        state = _recorded(state, money, seat, due["payee"], paid, due["reason"])
    claims_survive = state["options"]["bankrupt_claims"] == "to_bank"
    loans = [
        {**x, "lender": BANK, "claimed_from": seat} if claims_survive and x["lender"] == seat else x
        for x in state["loans"]
    ]
    written_off = [x for x in loans if seat in (x["debtor"], x["lender"])]
    state = {
        **state,
        "dues": [d for d in state["dues"] if seat not in (d["payer"], d["payee"])],
        "loans": [x for x in loans if x not in written_off],
        "written_off": state["written_off"] + written_off,
        "loan_offers": [
            o for o in state["loan_offers"] if seat not in (o["lender"], o["borrower"])
        ],
        "bankrupt": replace_at(state["bankrupt"], seat, True),
        "jail": replace_at(state["jail"], seat, 0),
    }
    return settle_dues(state) if settles else state


# -- the final reckoning ------------------------------------------------------------------
def final_reckoning(state: dict) -> dict:
    """Dues, then every loan with its interest, are paid before the count; what a player
    cannot pay stays against them as a shortfall, taken off their final money."""
    shortfall = [0] * len(state["players"])
    debts = [(d["payer"], d["payee"], d["amount"], d["reason"]) for d in state["dues"]]
    debts += [
        (x["debtor"], x["lender"], x["principal"] + x["interest"], "repayment")
        for x in state["loans"]
    ]
    # First whatever can be paid in full (a lender repaid first may then repay its own debt),
    # then what is left is paid as far as the money goes.
    pending = debts
    while True:
        still = []
        for payer, payee, amount, reason in pending:
            if purse(state, payer) >= amount:
                state = pay(state, payer, payee, amount, reason)
            else:
                still.append((payer, payee, amount, reason))
        if len(still) == len(pending):
            break
        pending = still
    for payer, payee, amount, reason in pending:
        money, paid = ledger.pay_what_is_there(state["money"], payer, payee, amount)
        state = _recorded(state, money, payer, payee, paid, reason)
        shortfall[payer] += amount - paid
    return {**state, "dues": [], "loans": [], "loan_offers": [], "shortfall": shortfall}
