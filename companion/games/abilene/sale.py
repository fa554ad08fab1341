"""Abilene, step 5: the sale at Abilene, with secret corral cards (« vendre les vaches »).

The seller declares a sale; every opponent secretly plays one of their three corral cards
(the animal bears the seller's brand / no brand / another brand) and the seller secretly
types the truth read from the sticker (brand and value). One sealed round
(``companion/rules/sealed.py``) holds all of it; nothing of it leaves before everyone is in
(or the tablet has revealed without an absent opponent). Then everything is revealed together
and settled by the sale-proceeds table, a table option:

``bank_percent[truth]["unseen" | "seen"]``
    what the bank pays the seller, in percent of the animal's value, rounded up to the next
    $100 ("Verkaufserlös" card); "seen" when at least one opponent played the card that
    names the truth.
``corral[truth][card]``
    for each opponent, by the card they played: a positive amount is paid by the seller to
    that opponent (a right accusation), a negative one by that opponent to the seller
    (damages for a false accusation).

Neither card's numbers are in the excerpt of the rulebook; :data:`DEFAULT_PROCEEDS` is the
companion's default, documented in ``companion/games/abilene/rules.md``.
"""

from __future__ import annotations

from companion.games.abilene import money
from companion.rules import sealed, turns
from companion.rules.base import RuleError, require

CARDS = ("seller_brand", "no_brand", "other_brand")
BRANDED_VALUES = (100, 300, 600, 1000)
UNBRANDED_VALUE = 500
VALUES = (100, 300, 500, 600, 1000)
#: Every sticker the rules accept, brand and value together (what the seller's form offers).
STICKERS = tuple(
    {"brand": brand, "value": value}
    for brand in CARDS
    for value in ((UNBRANDED_VALUE,) if brand == "no_brand" else BRANDED_VALUES)
)

DEFAULT_PROCEEDS = {
    "bank_percent": {
        "seller_brand": {"unseen": 100, "seen": 100},
        "no_brand": {"unseen": 100, "seen": 100},
        "other_brand": {"unseen": 100, "seen": 50},
    },
    "corral": {
        "seller_brand": {"seller_brand": 0, "no_brand": -200, "other_brand": -300},
        "no_brand": {"seller_brand": 0, "no_brand": 200, "other_brand": -100},
        "other_brand": {"seller_brand": 0, "no_brand": 0, "other_brand": 300},
    },
}


def check_proceeds(table: object) -> dict:
    """Validate a sale-proceeds option (the shape of :data:`DEFAULT_PROCEEDS`)."""

    def bad() -> RuleError:
        return RuleError("abilene.bad_option", name="sale_proceeds")

    if not isinstance(table, dict) or set(table) != {"bank_percent", "corral"}:
        raise bad()
    for truth in CARDS:
        percent = (
            table["bank_percent"].get(truth) if isinstance(table["bank_percent"], dict) else None
        )
        corral = table["corral"].get(truth) if isinstance(table["corral"], dict) else None
        if not isinstance(percent, dict) or set(percent) != {"unseen", "seen"}:
            raise bad()
        if not isinstance(corral, dict) or set(corral) != set(CARDS):
            raise bad()
        for amount in percent.values():
            if not _whole(amount) or not 0 <= amount <= 1000:
                raise bad()
        for amount in corral.values():
            if not _whole(amount) or amount % 100 or abs(amount) > 100000:
                raise bad()
    if set(table["bank_percent"]) != set(CARDS) or set(table["corral"]) != set(CARDS):
        raise bad()
    return table


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# -- the round ----------------------------------------------------------------------------
def open_sale(state: dict, seller: int) -> dict:
    require(state["cattle"][seller] > 0, "abilene.no_cattle_to_sell")
    voters = [s for s in range(len(state["players"])) if s != seller and not state["bankrupt"][s]]
    number = state.get("next_sale", 1)  # a state saved before sales were numbered
    return {
        **state,
        "step": "sale",
        "sale": {"seller": seller, "round": sealed.open_round("corral", voters + [seller], number)},
        "next_sale": number + 1,
    }


def opponents_waiting(state: dict) -> list[int]:
    sale = state["sale"]
    return [s for s in sealed.waiting(sale["round"]) if s != sale["seller"]]


def play_corral_card(state: dict, seat: int, card: str) -> dict:
    return _after_submission(state, sealed.submit(state["sale"]["round"], seat, card))


def check_sticker(brand: object, value: object) -> None:
    """Unbranded cattle are worth $500, branded ones $100, $300, $600 or $1,000 (published):
    a sticker of a known brand and value that is not one of :data:`STICKERS` is refused in
    those words (before the template's plainer "these do not go together")."""
    if brand in CARDS and value in VALUES:
        require(
            {"brand": brand, "value": value} in STICKERS,
            "abilene.value_does_not_match_brand",
            value=value,
            brand=brand,
        )


def give_truth(state: dict, seat: int, brand: str, value: int) -> dict:
    """The seller's sticker: unbranded cattle are worth $500, branded $100 to $1,000."""
    check_sticker(brand, value)
    truth = {"brand": brand, "value": value}
    return _after_submission(state, sealed.submit(state["sale"]["round"], seat, truth))


def reveal_without(state: dict, absent: int) -> dict:
    require(absent != state["sale"]["seller"], "abilene.seller_cannot_be_skipped")
    return _after_submission(state, sealed.skip(state["sale"]["round"], absent))


def cancel_sale(state: dict) -> dict:
    """The declared sale is taken back before the reveal: nothing of it is shown."""
    return {**state, "sale": None}


def _after_submission(state: dict, round_: dict) -> dict:
    state = {**state, "sale": {**state["sale"], "round": round_}}
    if sealed.complete(round_):
        return settle(state)
    return state


# -- the reveal and the payments ----------------------------------------------------------
def settle(state: dict) -> dict:
    """Reveal votes and truth together; pay the bank price, then each opponent's corral card."""
    sale = state["sale"]
    seller, round_ = sale["seller"], sale["round"]
    truth = sealed.choice(round_, seller)
    voters = [
        s for s in turns.order_from(seller, len(state["players"]))[1:] if s in round_["seats"]
    ]
    votes = {str(s): sealed.choice(round_, s) for s in voters}
    table = state["options"]["sale_proceeds"]
    seen = any(card == truth["brand"] for card in votes.values())
    percent = table["bank_percent"][truth["brand"]]["seen" if seen else "unseen"]
    price = money.round_up_hundred(truth["value"] * percent)
    payments = [{"payer": money.BANK, "payee": seller, "amount": price, "reason": "sale_price"}]
    state = money.pay(state, money.BANK, seller, price, "sale_price")
    for seat in voters:
        card = votes[str(seat)]
        amount = 0 if card is None else table["corral"][truth["brand"]][card]
        if amount:
            payer, payee = (seller, seat) if amount > 0 else (seat, seller)
            reason = "corral_reward" if amount > 0 else "corral_damages"
            payments.append(
                {"payer": payer, "payee": payee, "amount": abs(amount), "reason": reason}
            )
            state = money.owe(state, payer, payee, abs(amount), reason)
    result = {
        "seller": seller,
        "turn": state["turn"],
        "truth": truth,
        "votes": votes,
        "skipped": list(round_["skipped"]),
        "seen": seen,
        "percent": percent,
        "price": price,
        "payments": payments,
    }
    cattle = list(state["cattle"])
    cattle[seller] -= 1
    sold = list(state["sold"])
    sold[seller] += 1
    return {**state, "sale": None, "last_sale": result, "cattle": cattle, "sold": sold}
