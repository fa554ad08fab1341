"""Lawless corrections without undo and the sale dialog (issue: the five games at a real
table): the tablet fixes the pile, a hand or a ranch's coins as one logged action, coins
through the bank; the sale form says what each herd brings now and what keeping it means."""

from __future__ import annotations

import pytest

from companion.games.lawless import game
from companion.rules import ledger
from companion.rules.base import RuleError
from tests.support.games.lawless.helpers import act, lay_out, start
from tests.support.play import play

ANN, BOB, CID = 0, 1, 2


def fixes(state):
    return {t["type"]: t for t in game.legal(state, None) if t["type"].startswith("fix_")}


def test_the_tablet_is_offered_a_fix_for_every_public_count_saying_the_count_now():
    state = act(start(), "draw_pile")
    offered = fixes(state)
    assert set(offered) == {"fix_pile", "fix_hand", "fix_coins"}
    assert offered["fix_pile"]["params"]["count"]["default"] == state["pile"]
    holder = offered["fix_hand"]["params"]["holder"]
    assert holder["options"] == ["Ann", "Bob", "Cid"]
    assert [label["params"]["count"] for label in holder["labels"]] == [4, 3, 3]
    assert not any(
        t["type"].startswith("fix_") for seat in (ANN, BOB, CID) for t in game.legal(state, seat)
    )


def test_fixing_the_pile_and_a_hand_changes_only_that_count():
    state = start()
    fixed = play(
        game,
        state,
        {"type": "fix_pile", "seat": None, "count": 40},
        {"type": "fix_hand", "seat": None, "holder": "Bob", "count": 5},
    )
    assert fixed["pile"] == 40 and fixed["hands"] == [3, 5, 3]
    assert fixed["phase"] == state["phase"] and fixed["points"] == state["points"]


@pytest.mark.parametrize("coins", [0, 1, 7, 50])
def test_fixing_coins_moves_them_through_the_bank_so_money_is_conserved(coins):
    state = lay_out(start(), BOB, coins=4)
    total = ledger.total(state["ledger"])
    fixed = play(game, state, {"type": "fix_coins", "seat": None, "ranch": "Bob", "coins": coins})
    assert fixed["ledger"]["purses"][BOB] == coins
    assert ledger.total(fixed["ledger"]) == total
    assert fixed["ledger"]["bank"] == state["ledger"]["bank"] - (coins - 4)


def test_coins_beyond_what_the_bank_holds_are_refused():
    state = lay_out(start(), BOB, coins=5)
    bank = state["ledger"]["bank"]
    with pytest.raises(RuleError) as error:
        game.apply(state, {"type": "fix_coins", "seat": None, "ranch": "Ann", "coins": bank + 1})
    assert error.value.code == "lawless.fix_beyond_bank"
    assert error.value.params == {"ranch": "Ann", "bank": bank, "most": bank}


def test_a_fix_is_logged_as_what_the_table_counted():
    line = game.describe({"type": "fix_coins", "seat": None, "ranch": "Bob", "coins": 7}, None)
    assert line == {
        "key": "lawless.log.fix_coins",
        "params": {"seat": None, "ranch": "Bob", "coins": 7},
    }


@pytest.mark.parametrize(
    "coins, key, moved",
    [(7, "from_bank", 3), (1, "to_bank", 3), (4, "same", 0)],
)
def test_a_coin_fix_is_logged_with_the_coins_it_moved(coins, key, moved):
    state = lay_out(start(), BOB, coins=4)
    action = {"type": "fix_coins", "seat": None, "ranch": "Bob", "coins": coins}
    noted = game.notes(state, game.apply(state, action), action)
    line = game.describe({**action, "noted": noted}, None)
    assert line == {
        "key": f"lawless.log.fix_coins.{key}",
        "params": {"seat": None, "ranch": "Bob", "coins": coins, "moved": moved},
    }


def test_the_coins_may_still_be_fixed_at_the_final_count():
    """ "End of the Game": each player counts "the number of gold coins they possess"; a
    miscount found then is fixed without undoing the last turn."""
    state = {**lay_out(start(), BOB, coins=4), "phase": "over"}
    assert game.final(state)
    assert [t["type"] for t in game.legal(state, None)] == ["fix_coins"]
    assert all(game.legal(state, seat) == [] for seat in (ANN, BOB, CID))
    fixed = play(game, state, {"type": "fix_coins", "seat": None, "ranch": "Bob", "coins": 6})
    assert game.final(fixed) and fixed["ledger"]["purses"][BOB] == 6
    assert game.AFTER_THE_END == {"fix_coins"}


def test_the_sale_form_shows_each_herds_value_now_and_if_kept():
    state = lay_out(
        start(),
        ANN,
        [
            ("excellent", [("excellent", 1), ("poor", 3)]),
            ("poor", [("average", 0)], {"raided": True}),
        ],
    )
    state = {**state, "phase": "sale"}
    [sale] = [t for t in game.legal(state, ANN) if t["type"] == "sell_herds"]
    herds = sale["params"]["herds"]
    labels = dict(zip(herds["options"], herds["labels"]))
    excellent, poor, raided = herds["options"]
    assert labels[excellent] == {
        "key": "lawless.sale.herd",
        "params": {"herd": excellent, "quality": "excellent", "value": 6, "kept": 9},
    }
    assert labels[poor] == {
        "key": "lawless.sale.last",
        "params": {"herd": poor, "quality": "poor", "value": 4},
    }
    assert labels[raided]["key"] == "lawless.sale.raided"
    assert herds["min"] == 0  # none picked keeps them all, as the prompt says


def test_fixing_the_hand_of_a_player_discarding_counts_the_excess_again():
    state = lay_out(start(), ANN, hand=12)
    state = act(state, "end_turn")
    assert state["phase"] == "discard" and state["step"]["excess"] == 2
    fixed = play(game, state, {"type": "fix_hand", "seat": None, "holder": "Ann", "count": 11})
    assert fixed["phase"] == "discard" and fixed["step"]["excess"] == 1
    fixed = play(game, state, {"type": "fix_hand", "seat": None, "holder": "Ann", "count": 9})
    assert fixed["phase"] != "discard" and fixed["hands"][ANN] == 9
