"""Abilene's log says what money moved and what a sale revealed: every sale (the sticker,
each corral card, the bank's price, the corral payments), every jail fee and every
end-of-game repayment is a log line (the game's ``notes``, written by the table into the
action it journals) and so in both exports."""

from __future__ import annotations

from companion.games.abilene import game as abilene
from companion.known_games import registry
from companion.play import log_notes
from tests.support.games.abilene.sale import opened, truth, vote
from tests.support.play import setup

ANN, BOB, CY = 0, 1, 2


def journalled(state: dict, action: dict) -> tuple[dict, dict]:
    """The action as the table journals it, and the state after it."""
    after = abilene.apply(state, action)
    return log_notes.noted(registry.game("abilene"), state, after, action), after


def said(action: dict, seat: int | None = None) -> list[tuple[str, dict]]:
    line = abilene.describe(action, seat)
    return [(line["key"], line["params"])] + [(a["key"], a["params"]) for a in line.get("also", [])]


def test_the_line_that_settles_a_sale_says_what_it_revealed_and_paid():
    """The default sale-proceeds table (rules.md): another brand seen through, the bank pays
    half; Cy's right "another brand" earns $300 from Ann, Bob's "no brand" nothing."""
    state = opened(3)
    state = abilene.apply(state, vote(BOB, "no_brand"))
    state = abilene.apply(state, vote(CY, "other_brand"))
    action, state = journalled(state, truth("other_brand", 1000))
    lines = said(action)
    assert lines[1:] == [
        ("abilene.log.sale_revealed.other_brand", {"seller": ANN, "value": 1000}),
        ("abilene.log.corral_card.no_brand", {"voter": BOB}),
        ("abilene.log.corral_card.other_brand", {"voter": CY}),
        ("abilene.log.paid.sale_price", {"amount": 500, "payee": ANN}),
        ("abilene.log.paid.corral_reward", {"amount": 300, "payer": ANN, "payee": CY}),
    ]
    assert said(action, BOB)[1:] == lines[1:]  # revealed to everyone alike


def test_a_sale_revealed_without_a_card_says_so():
    state = abilene.apply(opened(3), vote(BOB, "seller_brand"))
    state = abilene.apply(state, truth("seller_brand", 600))
    action, _ = journalled(state, {"type": "reveal_without", "seat": None, "absent_seat": CY})
    assert ("abilene.log.corral_card.none", {"voter": CY}) in said(action)


def test_a_vote_before_the_reveal_says_nothing_of_it():
    action, _ = journalled(opened(3), vote(BOB, "no_brand"))
    assert "noted" not in action
    assert said(action) == [("abilene.log.corral_vote", {"player": BOB})]


def test_the_throw_says_the_jail_fee_it_cost():
    """« Frais de prison »: the schedule's $300 for one cowboy in jail, due with the throw."""
    state = setup(abilene, ["Ann", "Bob"])
    state = abilene.apply(state, {"type": "set_jail", "seat": None, "player": ANN, "count": 1})
    action, _ = journalled(state, {"type": "throw", "seat": ANN, "dice": [1, 2, 1, 1, 2]})
    assert said(action)[1:] == [("abilene.log.paid.jail_fee", {"amount": 300, "payer": ANN})]


def test_a_loan_line_does_not_say_its_loan_twice_but_says_the_dues_it_paid():
    state = setup(abilene, ["Ann", "Bob"], start_money=0)
    state = abilene.apply(state, {"type": "set_jail", "seat": None, "player": ANN, "count": 1})
    state = abilene.apply(state, {"type": "throw", "seat": ANN, "dice": [1, 2, 1, 1, 2]})
    assert state["dues"]  # Ann cannot pay her fee: it waits
    action, _ = journalled(state, {"type": "take_loan", "seat": ANN, "amount": 300})
    assert said(action) == [
        ("abilene.log.take_loan", {"player": ANN, "amount": 300}),
        ("abilene.log.paid.jail_fee", {"amount": 300, "payer": ANN}),
    ]


def test_the_end_of_the_game_says_every_repayment():
    """« Fin du jeu »: debts are settled before the count — a loan from the bank (25 %
    interest, $1,000 + $300) and one between players."""
    state = setup(abilene, ["Ann", "Bob", "Cy"])
    state = abilene.apply(state, {"type": "take_loan", "seat": ANN, "amount": 1000})
    offer = {"type": "offer_loan", "seat": BOB, "borrower": CY, "amount": 500, "interest": 100}
    state = abilene.apply(state, offer)
    state = abilene.apply(state, {"type": "accept_loan", "seat": CY, "offer": 1})
    action, state = journalled(
        state, {"type": "set_cattle", "seat": None, "ranch": BOB, "count": 0}
    )
    assert abilene.final(state)
    assert said(action)[1:] == [
        ("abilene.log.paid.repayment.bank", {"amount": 1300, "payer": ANN}),
        ("abilene.log.paid.repayment.player", {"amount": 600, "payer": CY, "payee": BOB}),
    ]


def test_a_phone_shows_final_money_below_zero_at_the_end():
    """« Fin du jeu »: debts are settled before the count; what cannot be paid counts
    against the player. Ann borrows $1,000 (25 %: $1,300 due) and has only the $1,000."""
    state = setup(abilene, ["Ann", "Bob"], start_money=0)
    state = abilene.apply(state, {"type": "take_loan", "seat": ANN, "amount": 1000})
    assert abilene.view(state, ANN)["me"]["money"] == 1000
    state = abilene.apply(state, {"type": "set_cattle", "seat": None, "ranch": BOB, "count": 0})
    assert abilene.final(state)
    assert abilene.view(state, ANN)["me"]["money"] == -300
    [ann] = [row for row in abilene.standings(state) if row["seat"] == ANN]
    assert ann["score"]["params"] == {"amount": -300} and ann["place"] == 2
