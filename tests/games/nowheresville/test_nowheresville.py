"""Nowheresville: setup, Maintenance, secret planning, the virtual money deck, log lines.

Also the scripting helpers the other ``test_nowheresville_*`` files import.
"""

from __future__ import annotations

import pytest

from companion.games.nowheresville import game as nv
from companion.games.nowheresville import gang
from companion.rules.base import RuleError
from tests.support.games.nowheresville.basics import (
    NAMES,
    PLAYERS,
    act,
    enlist,
    give,
    plan,
    purses,
    refused,
    started,
    types,
    with_victim,
)
from tests.support.play import play, setup

# -- setup -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, goal, saloon, bandits",
    [(2, 3000, False, 2), (3, 2500, False, 1), (4, 2000, True, 1), (5, 2000, True, 1)],
)
def test_setup_by_player_count(players, goal, saloon, bandits):
    state = started(players)
    assert state["goal"] == goal
    assert state["saloon"] is saloon
    assert [len(g) for g in state["gangs"]] == [bandits] * players
    assert purses(state) == [500] * players
    assert state["pots"] == {"bank": 1, "coach": 1}
    assert state["phase"] == "planning" and state["round"] == 1


@pytest.mark.parametrize(
    "options, goal, saloon",
    [
        ({"goal": 1500}, 1500, False),
        ({"goal": 4000}, 4000, False),
        ({"saloon": "in"}, 2500, True),
        ({"saloon": "out"}, 2500, False),
    ],
)
def test_table_options_change_goal_and_saloon(options, goal, saloon):
    state = setup(nv, PLAYERS[:3], **options)
    assert (state["goal"], state["saloon"]) == (goal, saloon)


@pytest.mark.parametrize(
    "options",
    [
        {"saloon": "maybe"},
        {"money": "gold"},
        {"goal": -1},
        {"notes_100": -3},
        {"money": "virtual", "notes_100": 1, "notes_200": 0},
    ],
)
def test_bad_options_are_refused(options):
    with pytest.raises(RuleError) as caught:
        setup(nv, PLAYERS[:3], **options)
    assert caught.value.code == "bad_option"


@pytest.mark.parametrize("count", [1, 6])
def test_two_to_five_players(count):
    with pytest.raises(RuleError):
        setup(nv, (PLAYERS * 2)[:count])


def test_saloon_is_not_a_plan_choice_without_it():
    options = nv.legal(started(3), 0)[0]["params"]["original"]["options"]
    assert "saloon" not in options and "hideout" in options
    assert "saloon" in nv.legal(started(4), 0)[0]["params"]["original"]["options"]


def test_start_waits_only_for_every_bandit_card():
    state = setup(nv, PLAYERS[:2])
    assert nv.prompt(state)["why"]["key"] == "nowheresville.why.setup.two"
    assert types(state, None) == [] and types(state, 0) == types(state, 1) == ["enlist"]
    state = play(nv, state, enlist(0, "Doc"), enlist(0, "Dan"), enlist(1, "Kid"))
    assert types(state, None) == []
    assert types(state, 1) == ["enlist"] and types(state, 0) == []
    state = play(nv, state, enlist(1, "Kim"))
    assert types(state, None) == ["start"]
    assert play(nv, state, act("start"))["phase"] == "planning"


def test_setup_types_in_nothing_but_the_bandits():
    """Shop cards and the Victim are typed in when a bandit takes or robs them."""
    state = setup(nv, PLAYERS[:4])
    assert nv.prompt(state)["why"]["key"] == "nowheresville.why.setup.one"
    offered = {t["type"] for seat in [None, 0, 1, 2, 3] for t in nv.legal(state, seat)}
    assert offered == {"enlist"}
    state = play(nv, state, *[enlist(s, NAMES[s][0]) for s in range(4)], act("start"))
    assert state["phase"] == "planning" and state["victim"] is None


def test_two_player_gang_is_an_original_and_an_accomplice():
    state = started(2)
    assert [state["bandits"][n]["original"] for n in state["gangs"][0]] == [True, False]


@pytest.mark.parametrize(
    "names, gangs",
    [
        ([(0, "Doc"), (1, "Doc")], [["Doc"], ["Doc (Bob)"]]),
        ([(0, "Doc"), (1, "Doc"), (1, "Doc")], [["Doc"], ["Doc (Bob)", "Doc (Bob) 2"]]),
        ([(1, "Doc (Bob)"), (1, "Doc")], [[], ["Doc (Bob)", "Doc"]]),
        ([(0, " Kid "), (1, "Kid")], [["Kid"], ["Kid (Bob)"]]),
    ],
)
def test_bandit_names_are_told_apart_by_their_owner(names, gangs):
    """Names identify bandits on the board and in forms: a name in play again is given its
    owner's name, rather than refusing a form a player may not know how to fix."""
    state = setup(nv, PLAYERS[:2])
    state = play(nv, state, *[enlist(seat, name) for seat, name in names])
    assert state["gangs"] == gangs
    assert len(state["bandits"]) == len(names)


def test_a_name_fallen_this_round_is_still_taken():
    state = {**setup(nv, PLAYERS[:2]), "fallen": ["Rico"]}
    assert gang.unique_name(state, 0, "Rico") == "Rico (Ann)"
    assert gang.unique_name(state, 0, "Rocco") == "Rocco"


def test_starting_tokens_follow_the_card_within_caps():
    state = started(3, cards={"Doc": {"courage": 3, "bullets": 6, "experience": 4}})
    doc = state["bandits"]["Doc"]
    assert (doc["courage"], doc["bullets"], doc["experience"], doc["wounds"]) == (3, 6, 0, 0)


# -- Maintenance -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "bank_robbed, coach_robbed, bank, coach",
    [(False, False, 2, 2), (True, False, 3, 2), (False, True, 2, 3), (True, True, 3, 3)],
)
def test_maintenance_adds_one_note_or_two_after_a_robbery(bank_robbed, coach_robbed, bank, coach):
    state = {
        **started(3),
        "phase": "maintenance",
        "robbed": {"bank": bank_robbed, "coach": coach_robbed},
    }
    prompt = nv.prompt(state)
    assert prompt["why"]["params"] == {"bank": bank - 1, "coach": coach - 1}
    state = play(nv, state, act("maintenance"))
    assert state["pots"] == {"bank": bank, "coach": coach}
    assert state["robbed"] == {"bank": False, "coach": False}
    assert state["round"] == 2 and state["phase"] == "planning"


@pytest.mark.parametrize(
    "money, robbed, fresh, why, victim_kept",
    [
        ("physical", False, False, "physical.shop", True),
        ("physical", True, False, "physical.victim", False),
        ("virtual", True, False, "virtual.victim", False),
        ("physical", False, True, "physical.fresh", False),
        ("virtual", False, True, "virtual.fresh", False),
        ("virtual", False, False, "virtual.shop", True),
    ],
)
def test_maintenance_reminds_the_table_of_the_shop_and_victim(
    money, robbed, fresh, why, victim_kept
):
    """The Shop row and a new Victim are reminders; a Victim robbed (or, with
    ``fresh_market``, every Victim) is typed in again at its next robbery."""
    state = with_victim(started(3, money=money, fresh_market=fresh), robbed=robbed)
    state = {**state, "phase": "maintenance"}
    assert nv.prompt(state)["why"]["key"] == "nowheresville.why.maintenance." + why
    assert types(state, None) == ["maintenance"]
    state = play(nv, state, act("maintenance"))
    assert state["phase"] == "planning"
    assert (state["victim"] is not None) is victim_kept


# -- secret planning -------------------------------------------------------------------


def test_plans_are_secret_and_revealed_together():
    state = started(3)
    plans = [t for t in nv.legal(state, 0) if t["type"] == "plan"]
    assert plans and all(t.get("secret") for t in plans)
    state = play(nv, state, plan(0, original="bank"), plan(1, original="town"))
    assert nv.prompt(state)["submitted"] == [0, 1] and nv.prompt(state)["seats"] == [2]
    public = nv.view(state, None)
    assert public["planning"]["submitted"] == [0, 1] and "mine" not in public["planning"]
    assert nv.view(state, 0)["planning"]["mine"]["original"] == "bank"
    assert "mine" not in nv.view(state, 2)["planning"]
    assert public["placements"] == {}
    state = play(nv, state, plan(2, original="shop"))
    assert state["placements"] == {"Doc": "bank", "Kid": "town", "Jo": "shop"}


def test_two_bandits_of_one_player_never_go_to_one_place():
    state = started(2)
    refused(state, plan(0, original="town", accomplice="town"), "nowheresville.same_place")
    refused(state, plan(0, original="hideout", accomplice="hideout"), "nowheresville.same_place")


def test_a_plan_may_be_changed_until_the_reveal_and_only_by_its_own_seat():
    state = play(nv, started(3), plan(0, original="bank"))
    assert nv.legal(state, None)[0]["params"]["absent_seat"]["options"] == [1, 2]
    state = play(nv, state, plan(0, original="town"))
    assert nv.view(state, 0)["planning"]["mine"]["original"] == "town"
    assert nv.prompt(state)["submitted"] == [0] and nv.prompt(state)["round"]["moves"] == 2


def test_reveal_without_a_seat_keeps_that_gang_home():
    state = play(
        nv,
        started(3),
        plan(0, original="bank"),
        plan(1, original="town"),
        act("reveal_without", absent_seat=2),
    )
    assert "Jo" not in state["placements"] and state["phase"] == "resolution"


def test_hideout_heals_every_wound():
    state = give(started(3), "Doc", wounds=3)
    state = play(
        nv,
        state,
        plan(0, original="hideout"),
        plan(1, original="town"),
        plan(2, original="hideout"),
    )
    assert state["bandits"]["Doc"]["wounds"] == 0


@pytest.mark.parametrize("wounds, left", [(3, 0), (2, 0), (1, 0)])
def test_heal_card_heals_three_wounds_in_planning(wounds, left):
    state = started(3, cards={"Doc": {"hits": 9}})
    state = {**give(state, "Doc", wounds=wounds + 3), "heal_cards": [1, 0, 0]}
    assert "heal" in nv.legal(state, 0)[0]["params"]
    assert "heal" not in nv.legal(state, 1)[0]["params"]
    state = play(
        nv,
        state,
        plan(0, original="town", heal="original"),
        plan(1, original="hideout"),
        plan(2, original="hideout"),
    )
    assert state["bandits"]["Doc"]["wounds"] == wounds + left
    assert state["heal_cards"] == [0, 0, 0]


# -- the virtual money deck ------------------------------------------------------------


def test_start_deals_one_hidden_note_onto_each_pot():
    state = started(3, money="virtual", notes_100=4, notes_200=2)
    notes = state["notes"]
    assert len(notes["bank"]) == len(notes["coach"]) == 1 and len(notes["deck"]) == 4
    assert sorted(notes["deck"] + notes["bank"] + notes["coach"]) == [100] * 4 + [200] * 2
    assert nv.view(state, None)["pots"] == {"bank": 1, "coach": 1}


@pytest.mark.parametrize(
    "deck, discards, robbed, drawn_names, fresh",
    [
        ([100, 200], [], False, {"deck"}, 0),
        ([200], [100, 100, 200], False, {"deck", "reshuffled"}, 0),
        ([], [100], True, {"reshuffled"}, 3),  # 3 needed, 1 discard: fresh money added
    ],
)
def test_maintenance_deals_from_the_deck_then_the_reshuffled_discards(
    deck, discards, robbed, drawn_names, fresh
):
    state = started(3, money="virtual", notes_100=2, notes_200=1)
    state = {
        **state,
        "phase": "maintenance",
        "robbed": {"bank": robbed, "coach": False},
        "notes": {**state["notes"], "deck": deck, "discards": discards},
    }
    spec = nv.draws(state, act("maintenance"))
    assert set(spec) == drawn_names
    before = sum(len(state["notes"][k]) for k in ("deck", "discards", "bank", "coach"))
    state = play(nv, state, act("maintenance"))
    after = sum(len(state["notes"][k]) for k in ("deck", "discards", "bank", "coach"))
    assert state["pots"] == {"bank": 1 + (2 if robbed else 1), "coach": 2}
    assert [len(state["notes"][p]) for p in ("bank", "coach")] == [state["pots"]["bank"], 2]
    assert after - before == fresh
    if "reshuffled" in drawn_names:
        assert state["notes"]["discards"] == []


def test_drawn_notes_must_come_from_the_deck():
    state = {**started(3, money="virtual", notes_100=2, notes_200=1), "phase": "maintenance"}
    with pytest.raises(RuleError) as caught:
        nv.apply(state, {**act("maintenance"), "drawn": {"deck": [500]}})
    assert caught.value.code == "nowheresville.bad_draw"
    with pytest.raises(RuleError):
        nv.apply(state, act("maintenance"))
    assert nv.draws(state, act("start")) == {} and nv.draws(state, "junk") == {}
    assert nv.draws(started(3), act("maintenance")) == {}


@pytest.mark.parametrize("seat", [7, -1, True, "0"])
def test_no_templates_for_a_seat_that_is_not_at_the_table(seat):
    assert nv.legal(started(3), seat) == []


@pytest.mark.parametrize(
    "action, own, public",
    [
        (act("count_pot", 1, bandit="Kid", big_notes=2), {"big_notes": 2}, {"bandit": "Kid"}),
        (act("plan", 1, original="bank"), {"original": "bank"}, {}),
        (act("fortune_bribe", 2, bandit="Jo", amount=200), {"amount": 200}, {"bandit": "Jo"}),
        (act("fortune_money", 0, bandit="Doc", amount=700), {"amount": 700}, {"bandit": "Doc"}),
    ],
)
def test_secret_log_lines_give_the_detail_to_the_sender_only(action, own, public):
    for viewer in (None, 0, 1, 2):
        described = nv.describe(action, viewer)
        if viewer == action["seat"]:
            assert ".own" in described["key"]
            assert own.items() <= described["params"].items()
        else:
            assert described["params"] == {"player": action["seat"], **public}
