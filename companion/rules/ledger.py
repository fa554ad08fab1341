"""Money held by seats and a bank, moved only by transfers.

Shared by every game that counts money (Lawless coins, Nowheresville dollars, Abilene
dollars). A ledger is plain state: ``{"bank": int | None, "purses": [int, ...]}``; a bank of
``None`` is unlimited (it pays whatever is asked and takes whatever is paid), a number is a
pool that is conserved with the purses. Every function returns a new ledger.

The invariant the property tests check: for a counted bank, ``bank + sum(purses)`` never
changes; for an unlimited bank, ``sum(purses) - paid_out + paid_in`` never changes.
"""

from __future__ import annotations

from typing import Final, Literal, overload

from companion.rules.base import RuleError, replace_at

BANK: Final = "bank"
Party = int | Literal["bank"]  # a seat's purse, or the bank


def open_ledger(seats: int, purse: int, bank: int | None) -> dict:
    return {"bank": bank, "purses": [purse] * seats, "paid_out": 0, "paid_in": 0}


@overload
def balance(ledger: dict, who: int) -> int: ...


@overload
def balance(ledger: dict, who: Party) -> int | None: ...


def balance(ledger: dict, who: Party) -> int | None:
    """A seat's purse, or the bank's money (None: a bank without limit)."""
    return ledger["purses"][who] if isinstance(who, int) else ledger["bank"]


def total(ledger: dict) -> int:
    """What the conservation invariant holds constant."""
    money = sum(ledger["purses"])
    if ledger["bank"] is None:
        return money - ledger["paid_out"] + ledger["paid_in"]
    return money + ledger["bank"]


def transfer(ledger: dict, payer: Party, payee: Party, amount: int) -> dict:
    """Move exactly ``amount`` from ``payer`` to ``payee``; refuse if the payer lacks it."""
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
        raise RuleError("bad_amount")
    available = balance(ledger, payer)
    if available is not None and available < amount:
        raise RuleError("cannot_afford", amount=amount)
    return _move(ledger, payer, payee, amount)


def pay_what_is_there(ledger: dict, payer: Party, payee: Party, amount: int) -> tuple[dict, int]:
    """Move up to ``amount``: all the payer has if that is less. Returns (ledger, paid)."""
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
        raise RuleError("bad_amount")
    available = balance(ledger, payer)
    paid = amount if available is None else min(amount, available)
    return _move(ledger, payer, payee, paid), paid


def _move(ledger: dict, payer: Party, payee: Party, amount: int) -> dict:
    out = dict(ledger)
    purses = ledger["purses"]
    for who, sign in ((payer, -1), (payee, +1)):
        if isinstance(who, int):
            purses = replace_at(purses, who, purses[who] + sign * amount)
        elif out["bank"] is None:
            key = "paid_out" if sign < 0 else "paid_in"
            out[key] = out[key] + amount
        else:
            out["bank"] = out["bank"] + sign * amount
    out["purses"] = purses
    return out
