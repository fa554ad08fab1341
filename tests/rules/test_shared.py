"""The rules pieces every game shares: templates, dice, the ledger, ranked places, sealed
submissions and turn order."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import ledger, ranking, sealed, turns
from companion.rules.base import (
    RuleError,
    check_param,
    choice_param,
    combinations,
    dice_param,
    int_param,
    match_template,
    multi_param,
    template,
    text_param,
)
from companion.rules.dice import FACES, arrange, check_faces, matches, values


@pytest.mark.parametrize(
    "spec, value, error",
    [
        (int_param(1, 5), 3, None),
        (int_param(1, 5), 6, "out_of_range"),
        (int_param(1, 5), True, "bad_param"),
        (int_param(1, 5), "3", "bad_param"),
        (int_param(0, 1000, 100), 300, None),
        (int_param(0, 1000, 100), 350, "out_of_step"),
        (choice_param(["a", "b"]), "b", None),
        (choice_param(["a", "b"]), "c", "bad_choice"),
        (choice_param([1, 2]), [1], "bad_choice"),
        (multi_param(["x", "x", "y"], 1, 2), ["x", "x"], None),
        (multi_param(["x", "x", "y"], 1, 2), ["y", "y"], "bad_choice"),
        (multi_param(["x", "y"], 1, 2), [], "out_of_range"),
        (text_param(5), " Ann ", None),
        (text_param(5), "", "bad_text"),
        (text_param(5), "toolong", "bad_text"),
        (dice_param(["d6", "root12"]), [6, 0], None),
        (dice_param(["d6", "root12"]), [0, 0], "bad_face"),
        (dice_param(["d6"]), [1, 2], "wrong_dice_count"),
    ],
)
def test_check_param(spec, value, error):
    if error is None:
        check_param(spec, value, "x")
    else:
        with pytest.raises(RuleError) as caught:
            check_param(spec, value, "x")
        assert caught.value.code == error


def test_defaults_travel_with_the_template():
    assert int_param(0, 9, default=4)["default"] == 4
    assert "default" not in int_param(0, 9)
    assert text_param(20, default="1, 2, 3")["default"] == "1, 2, 3"


def test_match_template_refuses_extra_keys_and_wrong_seats():
    templates = [template("add", 0, amount=int_param(1, 3))]
    assert match_template(templates, {"type": "add", "seat": 0, "amount": 2})
    for bad, code in [
        ({"type": "add", "seat": 1, "amount": 2}, "not_now"),
        ({"type": "add", "seat": 0}, "missing_param"),
        ({"type": "add", "seat": 0, "amount": 2, "bonus": 1}, "bad_param"),
        ({"seat": 0}, "bad_action"),
    ]:
        with pytest.raises(RuleError) as caught:
            match_template(templates, bad)
        assert caught.value.code == code


STICKER = combinations(
    template("label", 0, brand=choice_param(["none", "mine"]), value=choice_param([1, 5, 10])),
    [{"value": 5, "brand": "none"}, {"brand": "mine", "value": 1}, {"brand": "mine", "value": 10}],
)


@pytest.mark.parametrize(
    "brand, value, error",
    [
        ("none", 5, None),
        ("mine", 1, None),
        ("mine", 10, None),
        ("none", 10, "bad_combination"),
        ("mine", 5, "bad_combination"),
        ("other", 5, "bad_choice"),  # each value is still checked on its own first
    ],
)
def test_a_templates_combinations_are_the_only_pairings_it_takes(brand, value, error):
    action = {"type": "label", "seat": 0, "brand": brand, "value": value}
    if error is None:
        assert match_template([STICKER], action) is STICKER
        return
    with pytest.raises(RuleError) as caught:
        match_template([STICKER], action)
    assert caught.value.code == error


def test_combinations_name_the_templates_parameters_in_its_order():
    # the page offers the later parameters by the earlier ones: the order is the template's
    assert STICKER["combinations"][0] == {"brand": "none", "value": 5}
    assert list(STICKER["combinations"][0]) == ["brand", "value"]
    offered = template("label", 0, brand=choice_param(["none"]), value=choice_param([5]))
    for wrong in ([{"brand": "none", "value": 5}, {"brand": "none"}], [{"value": 6}]):
        with pytest.raises(ValueError):
            combinations(offered, wrong)


def test_dice_faces():
    assert values("cowboy") == [1, 2, 3, 4]
    assert sorted(FACES["root12"]).count(3) == 3
    assert check_faces(["cattle"], [0]) == [0]
    assert matches(["cattle", "cowboy"], ["cowboy", "cattle"])
    assert arrange(
        ["cattle", "cowboy", "cattle"], [("cowboy", 4), ("cattle", 2), ("cattle", 5)]
    ) == [2, 4, 5]
    with pytest.raises(RuleError):
        arrange(["d6"], [("cattle", 2)])


@pytest.mark.parametrize(
    "scores, expected",
    [
        ([14, 9, 10, 10], [1, 4, 2, 2]),
        ([5, 5, 5], [1, 1, 1]),
        ([3, 2, 1], [1, 2, 3]),
    ],
)
def test_places_share_and_skip(scores, expected):
    assert ranking.places(scores) == expected


def test_place_points_nothing_scores_nothing():
    assert ranking.place_points([6, 3, 3, 0], [5, 3, 2, 1]) == [5, 3, 3, 0]
    assert ranking.place_points([1] * 6, [5, 3, 2, 1]) == [5] * 6
    assert ranking.place_points([6, 5, 4, 3, 2, 1], [5, 3, 2, 1]) == [5, 3, 2, 1, 0, 0]
    assert ranking.winners([3, 7, 7]) == [1, 2]
    assert ranking.order_by([(2, 1), (1, 5), (1, 2)]) == [2, 1, 0]


@settings(max_examples=60, deadline=None)
@given(
    moves=st.lists(
        st.tuples(
            st.sampled_from(["bank", 0, 1, 2]),
            st.sampled_from(["bank", 0, 1, 2]),
            st.integers(0, 80),
        ),
        max_size=40,
    ),
    counted=st.booleans(),
)
def test_ledger_conserves_money(moves, counted):
    book = ledger.open_ledger(3, 10, 50 if counted else None)
    start = ledger.total(book)
    for payer, payee, amount in moves:
        try:
            book = ledger.transfer(book, payer, payee, amount)
        except RuleError as error:
            assert error.code == "cannot_afford"
            book, paid = ledger.pay_what_is_there(book, payer, payee, amount)
            assert 0 <= paid < amount
        assert ledger.total(book) == start
        assert min(book["purses"]) >= 0
        assert book["bank"] is None or book["bank"] >= 0


def test_ledger_refuses_odd_amounts():
    book = ledger.open_ledger(2, 10, 10)
    for amount in (-1, 1.5, True):
        with pytest.raises(RuleError):
            ledger.transfer(book, 0, 1, amount)
        with pytest.raises(RuleError):
            ledger.pay_what_is_there(book, 0, 1, amount)


def test_sealed_round_shows_only_who_and_ones_own():
    round_ = sealed.open_round("plan", [0, 1, 2], 4)
    round_ = sealed.submit(round_, 1, {"where": "bank"})
    assert sealed.view_of(round_, 0) == {
        "id": "plan-4",
        "purpose": "plan",
        "seats": [0, 1, 2],
        "submitted": [1],
        "skipped": [],
        "waiting": [0, 2],
    }
    assert sealed.view_of(round_, 1)["mine"] == {"where": "bank"}
    assert "bank" not in repr(sealed.view_of(round_, None))
    # until the reveal a seat may change its own submission; each change is a move
    changed = sealed.submit(round_, 1, {"where": "shop"})
    assert sealed.choice(changed, 1) == {"where": "shop"} and changed["moves"] == 2
    assert sealed.prompt(changed, "why")["round"] == {
        "id": "plan-4",
        "purpose": "plan",
        "seats": [0, 1, 2],
        "moves": 2,
    }
    with pytest.raises(RuleError):
        sealed.submit(round_, 5, {})
    round_ = sealed.skip(sealed.submit(round_, 0, {"where": "shop"}), 2)
    assert sealed.complete(round_) and sealed.choice(round_, 2) is None
    with pytest.raises(RuleError):
        sealed.skip(round_, 2)
    with pytest.raises(RuleError):
        sealed.submit(round_, 2, {"where": "bank"})  # skipped: the tablet revealed without it
    assert not sealed.may_submit(round_, 2) and sealed.may_submit(round_, 1)


def test_turn_order():
    assert turns.next_seat(2, 3) == 0
    assert turns.next_seat(0, 4, skip={1, 2}) == 3
    assert turns.left_of(3, 4) == 0
    assert turns.order_from(2, 4) == [2, 3, 0, 1]


def test_choice_and_multi_defaults():
    assert choice_param(["a", "b"], default="b")["default"] == "b"
    assert multi_param(["x", "y"], default=["y"])["default"] == ["y"]
    assert "default" not in choice_param(["a"])


def test_choice_labels_one_per_option():
    from companion.rules.base import line

    spec = choice_param([3, 7], labels=["Colt", line("x.card", number=7)])
    assert spec["labels"][1] == {"key": "x.card", "params": {"number": 7}}
    with pytest.raises(ValueError):
        choice_param([1, 2], labels=["one"])
