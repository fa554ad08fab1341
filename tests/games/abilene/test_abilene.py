"""Abilene rules: turns, jail, duels, cattle, loans, bankruptcy, the end of the game."""

from __future__ import annotations

import pytest

from companion.games.abilene import game as abilene
from companion.games.abilene import money, turn
from companion.rules.base import RuleError
from companion.storage import rules_versions
from tests.support.games.abilene.basics import NAMES, act, end, game, purses, throw, types


def _sell(state: dict, seller: int, brand: str, value: int, votes: dict) -> dict:
    state = act(state, {"type": "sell", "seat": seller})
    for seat, card in votes.items():
        state = act(state, {"type": "corral_vote", "seat": seat, "card": card})
    return act(state, {"type": "sale_truth", "seat": seller, "brand": brand, "value": value})


# -- setup --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_player_starts_with_10000_dollars_and_9_cattle(players):
    state = game(players)
    assert purses(state) == [10000] * players
    assert state["cattle"] == [9] * players
    assert state["jail"] == [0] * players
    assert abilene.prompt(state)["action"] == {"type": "throw", "seat": 0}


@pytest.mark.parametrize("players", [0, 1, 7])
def test_player_count_outside_2_to_6_is_refused(players):
    with pytest.raises(RuleError) as caught:
        abilene.setup(NAMES[:players] + ["Gus"] * max(0, players - 6), dict(abilene.OPTIONS))
    assert caught.value.code == "abilene.player_count"


@pytest.mark.parametrize(
    "name,value",
    [
        ("jail_fees", "300,200"),
        ("jail_fees", [300, -1]),
        ("jail_fees", [True]),
        ("loan_interest_percent", -5),
        ("start_money", "lots"),
        ("cowboys", 0),
        ("sale_proceeds", {}),
        ("sale_proceeds", {"bank_percent": {}, "corral": {}}),
    ],
)
def test_bad_table_options_are_refused(name, value):
    with pytest.raises(RuleError) as caught:
        abilene.setup(NAMES[:3], {**abilene.OPTIONS, name: value})
    assert caught.value.code == "abilene.bad_option"
    assert caught.value.params == {"name": name}


# -- the throw and the steps ------------------------------------------------------------
def test_one_throw_gives_the_cattle_distance_and_three_cowboy_moves():
    state = act(game(), throw(0, (5, 4, 1, 3, 4)))
    assert state["dice"] == {"cattle": [5, 4], "cowboy": [1, 3, 4], "distance": 9}
    assert state["step"] == "moves"
    why = abilene.prompt(state)["why"]
    assert why["key"] == "abilene.why.moves"
    assert why["params"]["distance"] == 9
    assert [why["params"][f"cowboy{i}"] for i in (1, 2, 3)] == [1, 3, 4]


def test_the_throw_prompt_asks_for_two_cattle_and_three_cowboy_dice():
    prompt = abilene.prompt(game())
    assert prompt["kind"] == "dice"
    assert prompt["dice"] == ["cattle", "cattle", "cowboy", "cowboy", "cowboy"]
    template = next(t for t in abilene.legal(game(), 0) if t["type"] == "throw")
    assert template["params"]["dice"] == {"kind": "dice", "dice": prompt["dice"]}


@pytest.mark.parametrize(
    "dice,code",
    [
        ([6, 0, 1, 1, 1], "bad_face"),  # a cattle die has no 6
        ([0, 0, 1, 1, 5], "bad_face"),  # a cowboy die has no 5
        ([0, 0, 0, 1, 1], "bad_face"),  # nor a 0
        ([1, 2, 3, 4], "wrong_dice_count"),
    ],
)
def test_impossible_faces_are_refused(dice, code):
    with pytest.raises(RuleError) as caught:
        act(game(), throw(0, dice))
    assert caught.value.code == code


def test_steps_only_go_forward():
    state = act(game(), throw(0))
    assert {"steal", "duel", "sell", "end_turn"} <= types(state, 0)
    state = act(
        state,
        {"type": "duel", "seat": 0, "opponent": 1, "place": "elsewhere"},
        {"type": "duel_roll", "seat": 0, "dice": [4, 1]},
    )
    assert state["step"] == "duels"
    assert "steal" not in types(state, 0)
    state = _sell(state, 0, "seller_brand", 600, {1: "seller_brand", 2: "seller_brand"})
    assert state["step"] == "sale"
    assert types(state, 0) >= {"sell", "end_turn"}
    assert not types(state, 0) & {"steal", "duel"}


def test_only_the_active_player_moves_the_turn():
    state = game()
    with pytest.raises(RuleError) as caught:
        act(state, throw(1))
    assert caught.value.code == "not_now"
    with pytest.raises(RuleError) as caught:
        act(state, {"type": "throw", "seat": 9, "dice": [1, 1, 1, 1, 1]})
    assert caught.value.code == "bad_seat"


def test_the_turn_passes_clockwise_and_skips_the_bankrupt():
    state = act(game(), throw(0), end(0), throw(1), end(1))
    assert (state["active"], state["turn"]) == (2, 3)
    state = {**state, "bankrupt": [True, False, False]}
    state = act(state, throw(2), end(2))
    assert state["active"] == 1


# -- jail -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "schedule,jailed,fee",
    [
        ([300, 200, 100], 0, 0),
        ([300, 200, 100], 1, 300),
        ([300, 200, 100], 2, 500),
        ([300, 200, 100], 3, 600),
        ([300, 200, 100], 4, 600),
        ([300, 200, 100], 5, 600),
        ([500, 500], 3, 1000),
        ([], 3, 0),
        ([100, 100, 100, 100, 100], 5, 500),
    ],
)
def test_jail_fee_schedules(schedule, jailed, fee):
    assert turn.jail_fee(schedule, jailed) == fee
    state = act(
        game(jail_fees=schedule),
        {"type": "set_jail", "seat": None, "player": 0, "count": jailed},
        throw(0),
    )
    assert purses(state)[0] == 10000 - fee
    if fee:
        assert state["payments"][-1] == {
            "payer": 0,
            "payee": "bank",
            "amount": fee,
            "reason": "jail_fee",
            "turn": 1,
        }


@pytest.mark.parametrize("jailed,can_free", [(0, False), (3, False), (4, True), (5, True)])
def test_cowboys_can_be_freed_only_with_more_than_three_in_jail(jailed, can_free):
    state = act(game(), {"type": "set_jail", "seat": None, "player": 0, "count": jailed}, throw(0))
    assert ("free_cowboys" in types(state, 0)) is can_free
    assert state["step"] == ("jail" if can_free else "moves")


def test_freeing_costs_1500_a_cowboy_after_the_fee():
    state = act(game(), {"type": "set_jail", "seat": None, "player": 0, "count": 5}, throw(0))
    assert purses(state)[0] == 10000 - 600
    state = act(state, {"type": "free_cowboys", "seat": 0, "count": 2})
    assert purses(state)[0] == 10000 - 600 - 3000
    assert state["jail"][0] == 3
    assert state["step"] == "moves"
    assert "free_cowboys" not in types(state, 0)


def test_freeing_needs_the_money():
    state = act(
        game(start_money=2000),
        {"type": "set_jail", "seat": None, "player": 0, "count": 4},
        throw(0),
    )
    with pytest.raises(RuleError) as caught:
        act(state, {"type": "free_cowboys", "seat": 0, "count": 2})
    assert caught.value.code == "cannot_afford"


# -- cattle ---------------------------------------------------------------------------
def test_a_stolen_cow_goes_to_the_rustlers_ranch():
    state = act(game(), throw(0), {"type": "steal", "seat": 0, "ranch": 2})
    assert state["cattle"] == [10, 9, 8]


def test_a_corrected_count_of_zero_ends_the_game():
    state = act(game(4), {"type": "set_cattle", "seat": None, "ranch": 3, "count": 0})
    assert state["over"]


def test_only_ranches_with_cattle_can_be_robbed():
    state = act(game(3, cattle_per_ranch=1), throw(0))
    state = {**state, "bankrupt": [False, False, True], "cattle": [1, 1, 0]}
    template = next(t for t in abilene.legal(state, 0) if t["type"] == "steal")
    assert template["params"]["ranch"]["options"] == [1]


# -- duels ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "place,dice,loser,fate",
    [
        ("challenger_ranch", [1, 3], 0, "back"),
        ("challenger_ranch", [3, 1], 1, "jail"),
        ("opponent_ranch", [1, 3], 0, "jail"),
        ("opponent_ranch", [4, 2], 1, "back"),
        ("elsewhere", [2, 4], 0, "jail"),
        ("elsewhere", [4, 2], 1, "jail"),
    ],
)
def test_the_losers_fate_depends_on_where_the_duel_was(place, dice, loser, fate):
    state = act(
        game(),
        throw(0),
        {"type": "duel", "seat": 0, "opponent": 1, "place": place},
        {"type": "duel_roll", "seat": 0, "dice": dice},
    )
    last = state["last_duel"]
    assert (last["loser"], last["fate"], last["winner"]) == (loser, fate, 1 - loser)
    assert state["jail"][loser] == (1 if fate == "jail" else 0)
    assert state["duel"] is None


def test_a_tied_duel_is_thrown_again_by_a_new_prompt():
    state = act(
        game(), throw(0), {"type": "duel", "seat": 0, "opponent": 2, "place": "opponent_ranch"}
    )
    first = abilene.prompt(state)
    assert (first["dice"], first["action"]["type"]) == (["cowboy", "cowboy"], "duel_roll")
    assert first["why"]["key"] == "abilene.why.duel"
    state = act(state, {"type": "duel_roll", "seat": 0, "dice": [2, 2]})
    again = abilene.prompt(state)
    assert again["why"]["key"] == "abilene.why.duel_again"
    assert again["dice"] == ["cowboy", "cowboy"]
    state = act(
        state,
        {"type": "duel_roll", "seat": 0, "dice": [3, 3]},
        {"type": "duel_roll", "seat": 0, "dice": [1, 4]},
    )
    assert state["last_duel"]["rolls"] == [[2, 2], [3, 3], [1, 4]]
    assert state["last_duel"]["winner"] == 2


def test_no_duel_against_a_player_whose_cowboys_are_all_in_jail():
    state = act(game(), {"type": "set_jail", "seat": None, "player": 1, "count": 5}, throw(0))
    template = next(t for t in abilene.legal(state, 0) if t["type"] == "duel")
    assert template["params"]["opponent"]["options"] == [2]


# -- loans ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "principal,percent,interest",
    [
        (1000, 25, 300),  # $250, rounded up to the next $100
        (400, 25, 100),  # exactly $100
        (100, 25, 100),
        (800, 25, 200),
        (900, 25, 300),
        (10000, 25, 2500),
        (1100, 10, 200),
        (5000, 0, 0),
    ],
)
def test_bank_interest_is_rounded_up_to_the_next_hundred(principal, percent, interest):
    assert money.interest_on(principal, percent) == interest


def test_a_bank_loan_is_paid_at_once_and_repaid_with_its_interest():
    state = act(game(), {"type": "take_loan", "seat": 1, "amount": 1000})
    assert purses(state)[1] == 11000
    assert state["loans"] == [
        {"id": 1, "lender": "bank", "debtor": 1, "principal": 1000, "interest": 300}
    ]
    assert abilene.view(state, None)["loans"][0]["due"] == 1300
    state = act(state, {"type": "repay_loan", "seat": 1, "loan": 1})
    assert purses(state)[1] == 9700
    assert state["loans"] == []


@pytest.mark.parametrize(
    "action,code",
    [
        ({"type": "take_loan", "seat": 1, "amount": 150}, "out_of_step"),
        ({"type": "take_loan", "seat": 1, "amount": 0}, "out_of_range"),
        # the refusal names its real reason, not "not now" (no such loan)
        ({"type": "repay_loan", "seat": 1, "loan": 1}, "abilene.no_such_loan"),
        (
            {"type": "offer_loan", "seat": 1, "borrower": 1, "amount": 100, "interest": 0},
            "bad_choice",
        ),
        (  # more than Bruno's $10,000: he cannot lend it
            {"type": "offer_loan", "seat": 1, "borrower": 2, "amount": 20000, "interest": 0},
            "abilene.cannot_lend",
        ),
        (
            {"type": "offer_loan", "seat": 1, "borrower": 2, "amount": 500, "interest": 50},
            "out_of_step",
        ),
        ({"type": "accept_loan", "seat": 2}, "not_now"),
    ],
)
def test_illegal_loans_are_refused(action, code):
    with pytest.raises(RuleError) as caught:
        act(game(), action)
    assert caught.value.code == code


def test_a_loan_between_players_carries_the_agreed_interest():
    state = act(
        game(), {"type": "offer_loan", "seat": 2, "borrower": 0, "amount": 2000, "interest": 700}
    )
    assert types(state, 0) >= {"accept_loan", "decline_loan"}
    assert "withdraw_loan_offer" in types(state, 2)
    state = act(state, {"type": "accept_loan", "seat": 0})
    assert purses(state) == [12000, 10000, 8000]
    assert state["loans"][0] == {
        "id": 1,
        "lender": 2,
        "debtor": 0,
        "principal": 2000,
        "interest": 700,
    }
    state = act(state, {"type": "repay_loan", "seat": 0, "loan": 1})
    assert purses(state) == [9300, 10000, 10700]


@pytest.mark.parametrize(
    "closing", [{"type": "decline_loan", "seat": 0}, {"type": "withdraw_loan_offer", "seat": 2}]
)
def test_a_loan_offer_can_be_declined_or_withdrawn(closing):
    state = act(
        game(),
        {"type": "offer_loan", "seat": 2, "borrower": 0, "amount": 2000, "interest": 0},
        closing,
    )
    assert state["loan_offers"] == [] and state["loans"] == []
    assert purses(state) == [10000] * 3


def test_repaying_needs_the_money():
    state = act(game(start_money=0), {"type": "take_loan", "seat": 0, "amount": 400})
    with pytest.raises(RuleError) as caught:
        act(state, {"type": "repay_loan", "seat": 0, "loan": 1})
    # $400 borrowed at 25 %: $500 due, and Ann has the $400 only
    assert caught.value.code == "abilene.cannot_repay"
    assert caught.value.params == {"amount": 500, "has": 400}


def _lender_in_jail() -> list[dict]:
    """Ann lends Bob $500, then owes $600 of jail fees with $500 left."""
    return [
        {"type": "offer_loan", "seat": 0, "borrower": 1, "amount": 500, "interest": 0},
        {"type": "accept_loan", "seat": 1, "offer": 1},
        {"type": "set_jail", "seat": None, "player": 0, "count": 3},
        throw(0),
    ]


def test_a_repayment_pays_the_lenders_waiting_due():
    """Money a player receives pays what they owe, whichever way it comes: a repayment
    too, not only a loan (else Ann, holding $1,000 against a $600 fee, would have to borrow
    $100 at $100 interest to unblock the game)."""
    state = act(game(start_money=1000), *_lender_in_jail())
    assert state["dues"] == [{"payer": 0, "payee": "bank", "amount": 600, "reason": "jail_fee"}]
    state = act(state, {"type": "repay_loan", "seat": 1, "loan": 1, "amount": 500})
    assert state["dues"] == [] and purses(state) == [400, 1000, 1000]
    assert "end_turn" in types(state, 0)


def _receiver_with_a_due() -> dict:
    """Bob owes Ann $800 and has $500; Ann owes the bank $600 and has $300."""
    state = game(start_money=0)
    dues = [
        {"payer": 1, "payee": 0, "amount": 800, "reason": "corral_damages"},
        {"payer": 0, "payee": "bank", "amount": 600, "reason": "jail_fee"},
    ]
    return {**state, "money": {**state["money"], "purses": [300, 500, 0]}, "dues": dues}


def test_what_a_bankrupt_pays_pays_the_receivers_waiting_due():
    state = act(_receiver_with_a_due(), {"type": "declare_bankruptcy", "seat": 1})
    assert state["dues"] == [] and purses(state) == [200, 0, 0]


@pytest.mark.parametrize(
    "start,actions,kept",
    [
        (
            game(start_money=1000),
            [*_lender_in_jail(), {"type": "repay_loan", "seat": 1, "loan": 1, "amount": 500}],
            [1000, 1000, 1000],
        ),
        (_receiver_with_a_due(), [{"type": "declare_bankruptcy", "seat": 1}], [800, 0, 0]),
    ],
)
def test_a_version_2_journal_replays_as_it_was_played(start, actions, kept):
    """Under rules version 2 that money left the due waiting: an old journal's actions,
    upcast by the game's migrations, replay as they were played."""
    upcast = rules_versions.upcaster(abilene, 2)
    state = act(start, *map(upcast, actions))
    assert [d["payer"] for d in state["dues"]] == [0] and purses(state) == kept


# -- bankruptcy -----------------------------------------------------------------------
def _broke_in_jail(players: int = 3) -> dict:
    return act(
        game(players, start_money=200),
        {"type": "set_jail", "seat": None, "player": 0, "count": 3},
        throw(0),
    )


def test_an_unpayable_fee_blocks_the_game_until_a_loan():
    state = _broke_in_jail()
    assert state["dues"] == [{"payer": 0, "payee": "bank", "amount": 600, "reason": "jail_fee"}]
    assert abilene.prompt(state)["why"] == {
        "key": "abilene.why.due",
        "params": {"player": "Ann", "amount": 600},
    }
    assert types(state, 0) == {"take_loan", "offer_loan", "declare_bankruptcy"}
    assert "end_turn" not in types(state, 0)
    state = act(state, {"type": "take_loan", "seat": 0, "amount": 500})
    assert state["dues"] == []
    assert purses(state)[0] == 100
    assert "end_turn" in types(state, 0)


def test_a_loan_from_another_player_also_pays_the_due():
    state = act(
        _broke_in_jail(),
        {"type": "take_loan", "seat": 1, "amount": 1000},
        {"type": "offer_loan", "seat": 1, "borrower": 0, "amount": 400, "interest": 100},
        {"type": "accept_loan", "seat": 0},
    )
    assert state["dues"] == [] and purses(state) == [0, 800, 200]


def test_bankruptcy_removes_the_cowboys_and_keeps_the_cattle():
    state = act(_broke_in_jail(), {"type": "declare_bankruptcy", "seat": 0})
    assert state["bankrupt"] == [True, False, False]
    assert state["jail"][0] == 0 and purses(state)[0] == 0
    assert state["cattle"][0] == 9
    assert state["active"] == 1 and state["step"] == "throw"
    assert abilene.legal(state, 0) == []
    assert not state["over"]
    # its cattle can still be stolen, and its empty ranch does not end the game
    state = act(state, throw(1), {"type": "set_cattle", "seat": None, "ranch": 0, "count": 0})
    assert not state["over"]


def test_bankruptcy_of_all_but_one_ends_the_game():
    state = act(_broke_in_jail(2), {"type": "declare_bankruptcy", "seat": 0})
    assert state["over"]
    assert state["result"]["winners"] == [1]


@pytest.mark.parametrize("claims", ["to_bank", "lapse"])
def test_bankruptcy_lets_the_debts_of_the_bankrupt_lapse_and_its_claims_by_the_option(claims):
    """The rulebook is silent on the loans a bankrupt player gave. By default they are still
    owed, to the bank, so going bankrupt cannot hand a friend the money; the other reading
    (they lapse) is the option."""
    state = act(
        game(start_money=200, bankrupt_claims=claims),
        {"type": "offer_loan", "seat": 0, "borrower": 1, "amount": 200, "interest": 100},
        {"type": "accept_loan", "seat": 1, "offer": 1},
        {"type": "take_loan", "seat": 0, "amount": 100},
        {"type": "set_jail", "seat": None, "player": 0, "count": 1},
        throw(0),
        {"type": "declare_bankruptcy", "seat": 0},
    )
    taken = [x for x in state["written_off"] if x["debtor"] == 0]
    assert [x["lender"] for x in taken] == ["bank"]  # its own debt lapses either way
    if claims == "to_bank":
        assert state["loans"] == [
            {
                "id": 1,
                "lender": "bank",
                "debtor": 1,
                "principal": 200,
                "interest": 100,
                "claimed_from": 0,
            }
        ]
    else:
        assert state["loans"] == [] and state["written_off"][0]["lender"] == 0


# -- the end of the game --------------------------------------------------------------
def test_the_game_ends_when_a_players_ranch_is_empty_and_debts_are_repaid_first():
    state = act(
        game(2),
        {"type": "take_loan", "seat": 0, "amount": 4000},
        {"type": "offer_loan", "seat": 1, "borrower": 0, "amount": 1000, "interest": 200},
        {"type": "accept_loan", "seat": 0},
        throw(0),
        {"type": "set_cattle", "seat": None, "ranch": 1, "count": 0},
    )
    assert state["over"] and abilene.final(state)
    assert state["loans"] == [] and state["dues"] == []
    # Ann: 10000 + 4000 + 1000 - (4000 + 1000) - (1000 + 200) = 8800; Bob: 9000 + 1200
    assert purses(state) == [8800, 10200]
    assert state["result"]["winners"] == [1]
    assert [s["place"] for s in state["result"]["standings"]] == [2, 1]
    assert abilene.legal(state, 0) == [] and abilene.prompt(state) is None
    with pytest.raises(RuleError):
        abilene.apply(state, end(0))


def test_a_debt_that_cannot_be_repaid_counts_against_the_debtor():
    state = act(game(2, start_money=0), {"type": "take_loan", "seat": 0, "amount": 1000})
    state = {**state, "money": {**state["money"], "purses": [0, 0]}}
    state = act(state, {"type": "set_cattle", "seat": None, "ranch": 0, "count": 0})
    assert state["shortfall"] == [1300, 0]
    assert [s["money"] for s in state["result"]["standings"]] == [-1300, 0]


def test_a_tie_for_the_most_money_is_a_shared_win():
    state = act(game(3), {"type": "set_cattle", "seat": None, "ranch": 2, "count": 0})
    assert state["result"]["winners"] == [0, 1, 2]


# -- structural sharing ---------------------------------------------------------------
def test_apply_copies_only_what_changes():
    before = act(game(), throw(0))
    after = act(before, {"type": "steal", "seat": 0, "ranch": 1})
    for unchanged in ("options", "money", "history", "jail", "loans", "players"):
        assert after[unchanged] is before[unchanged]
