"""Nowheresville: the robbery calculator, Shootouts and the Death of a Bandit."""

from __future__ import annotations

import pytest

from companion.games.nowheresville import game as nv
from tests.support.games.nowheresville.basics import (
    act,
    at_place,
    give,
    plan,
    purses,
    refused,
    started,
    types,
    with_money,
    with_victim,
)
from tests.support.games.nowheresville.fights import fighting
from tests.support.play import play


def card(ident, hat=0, safe=0, envelope=0):
    return {"id": ident, "kind": "gear", "hat": hat, "safe": safe, "envelope": envelope}


def pistol(ident, experience=0, free=0, hands=1):
    return {
        "id": ident,
        "kind": "gun",
        "experience": experience,
        "free": free,
        "bullets": 0,
        "hands": hands,
    }


def robbing(place, cards=(), courage=0, **options):
    state = with_victim(at_place(3, place, 0, **options))
    return give(state, "Doc", equipment=list(cards), courage=courage)


# -- the robbery calculator ------------------------------------------------------------


@pytest.mark.parametrize(
    "place, cards, roll, equal, success",
    [
        ("bank", [card(90, safe=2)], 6, False, False),  # 8 is not more than 8
        ("bank", [card(90, safe=3)], 6, False, True),
        ("bank", [card(90, safe=2)], 6, True, True),  # "equal is enough"
        ("bank", [card(90, hat=5, envelope=5)], 6, False, False),  # wrong symbols count 0
        ("coach", [card(90, envelope=2), card(91, envelope=1)], 6, False, True),
        ("coach", [card(90, safe=4)], 6, False, False),
        ("town", [card(90, hat=1)], 6, False, False),  # Victim's number 7
        ("town", [card(90, hat=1)], 6, True, True),
        ("town", [card(90, hat=2)], 6, False, True),
        ("prison", [card(90, hat=2), card(91, hat=1)], 6, False, True),
        ("prison", [], 6, False, False),
    ],
)
def test_robbery_total_must_beat_the_target(place, cards, roll, equal, success):
    state = robbing(place, cards, equal_is_enough=equal)
    ids = [c["id"] for c in cards]
    state = play(nv, state, act("rob", 0, bandit="Doc", **({"gear": ids} if ids else {})))
    prompt = nv.prompt(state)
    assert prompt["kind"] == "dice" and prompt["action"] == {"type": "robbery_roll", "seat": 0}
    state = play(nv, state, act("robbery_roll", 0, dice=[roll]))
    told = [n for n in state["news"] if n["kind"] == "robbery"][-1]
    assert told["success"] is success
    assert told["total"] == roll + sum(
        c[{"bank": "safe", "coach": "envelope"}.get(place, "hat")] for c in cards
    )


def test_courage_after_a_failed_roll_and_the_companion_recomputes():
    state = robbing("bank", [card(90, safe=2)], courage=3)
    state = play(
        nv, state, act("rob", 0, bandit="Doc", gear=[90]), act("robbery_roll", 0, dice=[5])
    )
    assert nv.prompt(state)["why"]["params"] == {
        "bandit": "Doc",
        "total": 7,
        "needed": 9,
        "short": 2,
    }
    assert nv.legal(state, 0)[0]["params"]["count"] == {"kind": "int", "min": 1, "max": 3}
    state = play(nv, state, act("courage", 0, count=1))
    assert state["robbery"]["courage"] == 1 and nv.prompt(state)["why"]["params"]["short"] == 1
    state = play(nv, state, act("courage", 0, count=1))
    assert state["robbery"] is None and state["bandits"]["Doc"]["courage"] == 1
    assert state["pending"]["kind"] == "count" and state["pots"]["bank"] == 0


def test_final_failure_discards_one_used_card_and_success_all_used():
    cards = [card(90, safe=2), card(91, safe=1), card(92, hat=3)]
    state = robbing("bank", cards, courage=1)
    state = play(
        nv,
        state,
        act("rob", 0, bandit="Doc", gear=[90, 91]),
        act("robbery_roll", 0, dice=[1]),
        act("give_up", 0),
    )
    assert nv.prompt(state)["why"]["key"] == "nowheresville.why.discard"
    assert nv.legal(state, 0)[0]["params"]["card"]["options"] == [90, 91]
    state = play(nv, state, act("discard_gear", 0, bandit="Doc", card=91))
    assert [c["id"] for c in state["bandits"]["Doc"]["equipment"]] == [90, 92]

    state = play(
        nv,
        robbing("bank", cards),
        act("rob", 0, bandit="Doc", gear=[90, 91]),
        act("robbery_roll", 0, dice=[6]),
    )
    assert [c["id"] for c in state["bandits"]["Doc"]["equipment"]] == [92]


def test_a_failure_with_no_card_used_and_no_courage_ends_at_once():
    state = robbing("bank")
    rob = [t for t in nv.legal(state, 0) if t["type"] == "rob"][0]
    assert "gear" not in rob["params"]  # no robbery card: nothing to choose
    state = play(nv, state, act("rob", 0, bandit="Doc"), act("robbery_roll", 0, dice=[6]))
    assert state["phase"] == "maintenance"


@pytest.mark.parametrize("equal, needed", [(False, 9), (True, 8)])
def test_the_prompt_says_the_total_needed(equal, needed):
    state = play(
        nv,
        robbing("coach", [card(90, envelope=2)], equal_is_enough=equal),
        act("rob", 0, bandit="Doc", gear=[90]),
    )
    assert nv.prompt(state)["why"]["params"] == {"bandit": "Doc", "needed": needed, "bonus": 2}
    assert nv.view(state, None)["robbery"]["needed"] == needed


def test_virtual_bank_robbery_only_the_robber_learns_the_sum():
    state = robbing("bank", [card(90, safe=5)], money="virtual")
    state = {
        **state,
        "notes": {**state["notes"], "bank": [200, 100, 200]},
        "pots": {**state["pots"], "bank": 3},
    }
    state = play(
        nv, state, act("rob", 0, bandit="Doc", gear=[90]), act("robbery_roll", 0, dice=[4])
    )
    assert purses(state) == [1000, 500, 500]
    assert nv.view(state, 0)["mine"]["takings"] == [{"round": 1, "pot": "bank", "amount": 500}]
    assert state["pots"]["bank"] == 0 and state["notes"]["bank"] == []
    assert sorted(state["notes"]["discards"]) == [100, 200, 200]
    state = play(nv, state, act("maintenance"))
    assert state["pots"] == {"bank": 2, "coach": 2} and len(state["notes"]["bank"]) == 2


def test_physical_pot_is_counted_on_the_robbers_phone():
    state = robbing("coach", [card(90, envelope=5)])
    state = play(
        nv, state, act("rob", 0, bandit="Doc", gear=[90]), act("robbery_roll", 0, dice=[4])
    )
    prompt = nv.prompt(state)
    assert prompt["kind"] == "secret" and prompt["seats"] == [0]
    count = nv.legal(state, 0)[0]
    assert count["secret"] and count["params"]["big_notes"] == {"kind": "int", "min": 0, "max": 1}
    refused(state, act("count_pot", 0, bandit="Doc", big_notes=2), "out_of_range")
    state = play(nv, state, act("count_pot", 0, bandit="Doc", big_notes=1))
    assert purses(state)[0] == 700 and state["robbed"]["coach"]


@pytest.mark.parametrize("notes, big, taken", [(1, 0, 100), (3, 0, 300), (3, 2, 500), (4, 4, 800)])
def test_the_notes_counted_make_the_sum(notes, big, taken):
    state = robbing("bank", [card(90, safe=5)])
    state = {**state, "pots": {**state["pots"], "bank": notes}}
    state = play(
        nv,
        state,
        act("rob", 0, bandit="Doc", gear=[90]),
        act("robbery_roll", 0, dice=[4]),
        act("count_pot", 0, bandit="Doc", big_notes=big),
    )
    assert purses(state)[0] == 500 + taken
    assert nv.view(state, 0)["mine"]["takings"] == [{"round": 1, "pot": "bank", "amount": taken}]


def test_an_accomplice_robbery_pays_the_provision():
    state = started(2)
    state = play(
        nv,
        state,
        plan(0, original="hideout", accomplice="coach"),
        plan(1, original="hideout", accomplice="town"),
        act("work", 1, bandit="Kim"),
    )
    state = give(state, "Dan", equipment=[card(90, envelope=4)])
    state = play(
        nv,
        state,
        act("rob", 0, bandit="Dan", gear=[90]),
        act("robbery_roll", 0, dice=[6]),
        act("count_pot", 0, bandit="Dan", big_notes=1),
    )
    assert purses(state) == [600, 600]  # each accomplice kept $100 of $200


def test_victim_robbed_pays_its_payout_and_is_replaced_next_round():
    state = robbing("town", [card(90, hat=3)])
    state = play(
        nv, state, act("rob", 0, bandit="Doc", gear=[90]), act("robbery_roll", 0, dice=[5])
    )
    assert purses(state)[0] == 900 and state["victim"]["robbed"]
    state = play(nv, state, act("maintenance"))
    assert state["victim"] is None and state["phase"] == "planning"


def test_the_victim_card_is_typed_in_at_its_first_robbery_and_kept():
    state = give(at_place(3, "town", 0), "Doc", equipment=[card(90, hat=1)], courage=0)
    rob = [t for t in nv.legal(state, 0) if t["type"] == "rob"][0]
    assert rob["params"]["victim_number"] == {"kind": "int", "min": 2, "max": 20}
    refused(state, act("rob", 0, bandit="Doc", gear=[90]), "missing_param")
    state = play(
        nv,
        state,
        act("rob", 0, bandit="Doc", gear=[90], victim_number=6, payout=500),
        act("robbery_roll", 0, dice=[5]),  # 5 + 1 is not more than 6
        act("discard_gear", 0, bandit="Doc", card=90),
    )
    assert state["victim"] == {"target": 6, "payout": 500, "robbed": False}
    assert nv.view(state, None)["victim"]["payout"] == 500
    state = play(
        nv,
        state,
        act("maintenance"),
        *[plan(s, original="town" if s == 0 else "hideout") for s in range(3)],
    )
    rob = [t for t in nv.legal(state, 0) if t["type"] == "rob"][0]
    assert rob["params"] == {"bandit": {"kind": "choice", "options": ["Doc"]}}  # known
    state = play(nv, state, act("rob", 0, bandit="Doc"), act("robbery_roll", 0, dice=[6]))
    assert purses(state)[0] == 500 and state["victim"]["target"] == 6


def test_prison_break_frees_an_accomplice():
    state = play(
        nv,
        robbing("prison", [card(90, hat=3)]),
        act("rob", 0, bandit="Doc", gear=[90]),
        act("robbery_roll", 0, dice=[6]),
    )
    assert types(state, 0) == ["free_bandit"]
    state = play(
        nv, state, act("free_bandit", 0, name="Rico", experience=1, courage=2, bullets=3, hits=3)
    )
    assert state["gangs"][0] == ["Doc", "Rico"] and not state["bandits"]["Rico"]["original"]
    refused(
        play(nv, state, act("maintenance")),
        act("free_bandit", 0, name="X", experience=1, courage=2, bullets=3, hits=3),
        "not_now",
    )


def test_a_full_gang_cannot_break_into_the_prison():
    state = started(3)
    state = {
        **state,
        "gangs": [["Doc", "A", "B"], ["Kid"], ["Jo"]],
        "bandits": {
            **state["bandits"],
            "A": {**state["bandits"]["Doc"], "name": "A", "original": False},
            "B": {**state["bandits"]["Doc"], "name": "B", "original": False},
        },
    }
    state = play(
        nv,
        state,
        plan(0, original="prison", accomplice="town", accomplice2="shop"),
        plan(1, original="hideout"),
        plan(2, original="hideout"),
        act("decline", 0, bandit="A"),
        act("decline", 0, bandit="B"),
    )
    assert types(state, 0) == ["decline"]


# -- Shootout --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "arms, lucky, free",
    [
        ([], 0, 1),  # the Colt
        ([pistol(80, free=1)], 0, 2),
        ([pistol(80, hands=2)], 0, 0),  # a two-handed gun: no Colt shot
        ([pistol(80, hands=2, free=2)], 1, 3),
        ([pistol(80, free=1), pistol(81, free=1)], 1, 4),
    ],
)
def test_free_shots_then_bullet_tokens(arms, lucky, free):
    state = fighting("Doc", "Kid", cards={"Doc": arms})
    state = give(state, "Doc", bullets=1, lucky=lucky)
    if arms:
        state = play(nv, state, act("arm", 0, bandit="Doc", guns=[c["id"] for c in arms]))
    shoot = act("shot", shooter="Doc", target="Kid", wounds=0)
    state = play(nv, state, *[shoot] * free)
    assert state["bandits"]["Doc"]["bullets"] == 1
    state = play(nv, state, shoot)
    assert state["bandits"]["Doc"]["bullets"] == 0
    refused(state, shoot, "nowheresville.no_bullets")


@pytest.mark.parametrize(
    "arms", [[pistol(80, hands=2), pistol(81)], [pistol(80, hands=2), pistol(81, hands=2)]]
)
def test_one_two_handed_gun_or_two_pistols_at_most(arms):
    state = fighting("Doc", "Kid", cards={"Doc": arms + [pistol(82)]})
    refused(
        state,
        act("arm", 0, bandit="Doc", guns=[c["id"] for c in arms]),
        "nowheresville.too_many_hands",
    )


def test_guns_are_stated_before_the_first_shot():
    state = fighting("Doc", "Kid", cards={"Doc": [pistol(80)]})
    state = play(nv, state, act("shot", shooter="Kid", target="Doc", wounds=0))
    refused(state, act("arm", 0, bandit="Doc", guns=[80]), "not_now")


def test_a_bandit_cannot_shoot_himself():
    refused(
        fighting("Doc", "Kid"),
        act("shot", shooter="Doc", target="Doc", wounds=1),
        "nowheresville.same_bandit",
    )


@pytest.mark.parametrize(
    "wounds, experience, guns, order",
    [
        ({"Doc": 1, "Kid": 0, "Jo": 2}, {}, {}, ["Kid", "Doc", "Jo"]),
        ({"Doc": 1, "Kid": 1, "Jo": 1}, {"Jo": 2, "Doc": 1}, {}, ["Jo", "Doc", "Kid"]),
        (
            {"Doc": 0, "Kid": 0, "Jo": 0},
            {"Doc": 1},
            {"Kid": [pistol(80, experience=3)]},
            ["Kid", "Doc", "Jo"],
        ),
    ],
)
def test_shootout_order_fewest_wounds_then_experience(wounds, experience, guns, order):
    state = fighting("Doc", "Kid", "Jo", cards=guns)
    for name in ("Doc", "Kid", "Jo"):
        state = give(state, name, wounds=wounds[name], experience=experience.get(name, 0))
    if guns:
        state = play(nv, state, act("arm", 1, bandit="Kid", guns=[80]))
    state = play(nv, state, act("end_shootout"))
    assert state["resolution"]["order"] == order


def test_equal_wounds_and_experience_roll_a_die_and_roll_again_when_equal():
    state = play(nv, fighting("Doc", "Kid", "Jo"), act("end_shootout"))
    prompt = nv.prompt(state)
    assert prompt["kind"] == "dice" and prompt["action"] == {"type": "tie_roll", "seat": 0}
    state = play(
        nv,
        state,
        act("tie_roll", 0, dice=[4]),
        act("tie_roll", 1, dice=[2]),
        act("tie_roll", 2, dice=[4]),
    )
    assert state["shootout"]["standing"] == [["Doc", "Jo"], ["Kid"]]
    state = play(nv, state, act("tie_roll", 0, dice=[1]), act("tie_roll", 2, dice=[6]))
    assert state["resolution"]["order"] == ["Jo", "Doc", "Kid"]


@pytest.mark.parametrize(
    "misses, order, unordered", [(False, ["Kid"], ["Doc", "Jo"]), (True, ["Kid"], [])]
)
def test_runaways_come_after_the_shooters(misses, order, unordered):
    state = fighting("Kid", place="black_market", runaway_misses=misses)
    assert state["resolution"]["order"] == order
    assert state["resolution"]["unordered"] == unordered
    assert types(state, None) == (["agree_order", "shootout"] if unordered else [])


def test_runaways_from_a_real_shootout_are_ordered_again():
    state = play(
        nv,
        fighting("Doc", "Kid", place="black_market"),
        act("shot", shooter="Doc", target="Kid", wounds=1),
        act("end_shootout"),
    )
    assert state["resolution"]["order"] == ["Doc", "Kid", "Jo"]


@pytest.mark.parametrize(
    "place, facing, order",
    [
        ("bank", ["Kid"], ["Kid"]),
        ("school", ["Kid", "Jo"], ["Jo", "Kid"]),
        ("black_market", ["Jo"], ["Jo"]),
    ],
)
def test_nobody_is_ordered_past_the_last_reward(place, facing, order):
    state = fighting(*facing, place=place)
    if len(facing) > 1:
        state = play(
            nv, state, act("shot", shooter="Jo", target="Kid", wounds=1), act("end_shootout")
        )
    assert state["resolution"]["order"] == order
    assert bool(state["resolution"]["unordered"]) is (place == "black_market")


# -- the Death of a Bandit ------------------------------------------------------------


@pytest.mark.parametrize("owner_money, paid", [(1000, False), (1001, True), (2500, True)])
def test_death_pays_300_to_the_shooter_only_over_1000(owner_money, paid):
    state = with_money(fighting("Doc", "Kid"), owner_money, 500, 500)
    state = give(state, "Doc", wounds=3, equipment=[pistol(80)], courage=2, experience=2)
    state = play(nv, state, act("shot", shooter="Kid", target="Doc", wounds=1))
    assert purses(state)[:2] == [owner_money, 500]  # held: nothing moves before the word
    state = play(nv, state, act("confirm_death"))
    assert purses(state)[:2] == ([owner_money - 300, 800] if paid else [owner_money, 500])
    doc = state["bandits"]["Doc"]
    assert (doc["wounds"], doc["equipment"], doc["courage"], doc["experience"]) == (0, [], 1, 0)
    death = state["news"][-1]
    assert death == {
        "kind": "death",
        "round": 1,
        "bandit": "Doc",
        "player": 0,
        "paid": paid,
        "to": 1 if paid else None,
    }


def test_a_dead_accomplice_is_lost_and_a_dead_original_sits_out_the_round():
    state = started(2)
    state = play(
        nv,
        state,
        plan(0, original="school", accomplice="bank"),
        plan(1, original="school", accomplice="bank"),
        act("shootout", facing=["Doc", "Kid"]),
        act("shot", shooter="Kid", target="Doc", wounds=2),
        act("shot", shooter="Kid", target="Doc", wounds=2),
        act("confirm_death"),
    )
    assert "Doc" in state["fallen"] and state["bandits"]["Doc"]["wounds"] == 0
    assert types(state, None) == ["end_shootout"]  # no one left to shoot at
    state = play(
        nv,
        state,
        act("end_shootout"),
        act("decline", 1, bandit="Kid"),
        act("shootout", facing=["Dan", "Kim"]),
        act("shot", shooter="Kim", target="Dan", wounds=2),
        act("shot", shooter="Kim", target="Dan", wounds=2),
        act("confirm_death"),
    )
    assert state["gangs"][0] == ["Doc"] and "Dan" not in state["bandits"]


def test_a_shooting_accomplice_pays_the_provision_on_the_300():
    state = started(2)
    state = with_money(state, 500, 1500)
    state = play(
        nv,
        state,
        plan(0, original="bank", accomplice="hideout"),
        plan(1, original="hideout", accomplice="bank"),
        act("shootout", facing=["Doc", "Kim"]),
    )
    state = give(state, "Doc", wounds=3)
    state = with_money(state, 1500, 500)
    state = play(
        nv, state, act("shot", shooter="Kim", target="Doc", wounds=2), act("confirm_death")
    )
    assert purses(state) == [1200, 700]


@pytest.mark.parametrize("owner_money", [900, 1500])
def test_a_deadly_shot_waits_for_the_table_and_a_mistyped_one_discloses_nothing(owner_money):
    """The $300 toll would tell everyone whether Doc's owner has more than $1,000: the
    killing shot is held (the same prompt whatever the balance) and can be cancelled."""
    state = with_money(fighting("Doc", "Kid"), owner_money, 500, 500)
    state = give(state, "Doc", wounds=3)
    held = play(nv, state, act("shot", shooter="Kid", target="Doc", wounds=1))
    assert types(held, None) == ["cancel_shot", "confirm_death"]
    assert nv.prompt(held)["why"] == {
        "key": "nowheresville.why.confirm_death",
        "params": {"shooter": "Kid", "target": "Doc", "wounds": 1},
    }
    assert held["bandits"] == state["bandits"] and held["ledger"] == state["ledger"]
    cancelled = play(nv, held, act("cancel_shot"))
    assert cancelled["bandits"] == state["bandits"] and cancelled["ledger"] == state["ledger"]
    assert cancelled["shootout"]["shots"] == state["shootout"]["shots"]
    assert (
        nv.view(held, 1)["shootout"]
        == nv.view(with_money(held, 2000 - owner_money, 500, 500), 1)["shootout"]
    )


def test_the_sheriff_kills_without_a_reward():
    state = with_money(
        play(nv, at_place(4, "saloon", 0), act("gear", 0, hat=0, safe=0, envelope=0)),
        2000,
        500,
        500,
        500,
    )
    state = play(
        nv,
        state,
        act("fortune_sheriff", 0, bandit="Doc"),
        act("sheriff", 0, bandit="Doc", wounds=5),
    )
    assert purses(state) == [2000, 500, 500, 500] and state["news"][-2]["kind"] == "death"


def test_a_table_recorded_before_the_confirmation_replays_as_it_was_played():
    """Its stored options lack ``confirm_deaths``: a killing shot kills at once, as then."""
    legacy = nv.setup(["Ann", "Bob", "Cid"], {})
    assert legacy["options"]["confirm_deaths"] is False
    state = give(fighting("Doc", "Kid"), "Doc", wounds=3)
    state = {**state, "options": {**state["options"], "confirm_deaths": False}}
    state = play(nv, state, act("shot", shooter="Kid", target="Doc", wounds=1))
    assert "Doc" in state["fallen"] and state["shootout"].get("deadly") is None
