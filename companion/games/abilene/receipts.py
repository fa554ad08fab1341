"""What an Abilene action paid and revealed, for its log line and the exports.

A sale settles when its last corral card or sticker is in (or the tablet reveals without an
absent card); a jail fee is paid with the throw (or, waiting as a due, with the loan that
funds it); the end of the game repays every loan. None of it is in the action a player
sent, so the game's ``notes`` (``companion/play/log_notes.py``) keep it: the payments the action
made and, when it settled a sale, what the sale revealed. All of it is public once made.
"""

from __future__ import annotations

from companion.rules.base import line
from companion.rules.ledger import BANK

#: Payments the action's own line already says (the loan taken, the repayment made).
SAID_BY_THE_ACTION = {"take_loan": "loan", "accept_loan": "loan", "repay_loan": "repayment"}
REASONS = ("sale_price", "corral_reward", "corral_damages", "jail_fee", "bail", "repayment", "loan")
#: Reasons worded apart for the bank and for a player (a loan, a repayment).
TO_BANK_OR_PLAYER = ("repayment", "loan")


def notes(before: dict, after: dict, action: dict) -> dict | None:
    """The payments ``action`` made (the ones its own line does not say) and, when it
    settled a sale, the sale's truth, corral cards and bank price."""
    # states share what did not change: a payment made before is the same dict
    earlier = {id(p) for p in before["payments"]}
    made = [p for p in after["payments"] if id(p) not in earlier]
    said = SAID_BY_THE_ACTION.get(action["type"])
    if said is not None:
        first = next((i for i, p in enumerate(made) if p["reason"] == said), None)
        made = [p for i, p in enumerate(made) if i != first]
    out: dict = {}
    if made:
        out["payments"] = [{k: p[k] for k in ("payer", "payee", "amount", "reason")} for p in made]
    if after["last_sale"] is not None and after["last_sale"] is not before["last_sale"]:
        sold = after["last_sale"]
        out["sale"] = {
            "seller": sold["seller"],
            "truth": sold["truth"],
            "votes": sold["votes"],
            "seen": sold["seen"],
            "percent": sold["percent"],
        }
    return out or None


def lines(noted: object) -> list[dict]:
    """The log's follow-on lines (``also``): the sale revealed, then each payment."""
    if not isinstance(noted, dict):
        return []
    out = []
    sold = noted.get("sale")
    if isinstance(sold, dict):
        truth = sold["truth"]
        out.append(
            line(
                f"abilene.log.sale_revealed.{truth['brand']}",
                seller=sold["seller"],
                value=truth["value"],
            )
        )
        for voter, card in sold["votes"].items():  # None: revealed without that card
            out.append(line(f"abilene.log.corral_card.{card or 'none'}", voter=int(voter)))
    for paid in noted.get("payments", ()):
        reason, payer, payee = paid["reason"], paid["payer"], paid["payee"]
        if reason not in REASONS:
            continue
        key = f"abilene.log.paid.{reason}"
        if reason in TO_BANK_OR_PLAYER:
            key += ".bank" if BANK in (payer, payee) else ".player"
        seats = {name: seat for name, seat in (("payer", payer), ("payee", payee)) if seat != BANK}
        out.append(line(key, amount=paid["amount"], **seats))
    return out
