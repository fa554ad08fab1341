"""Battles with Root's two 12-sided dice: higher to the attacker, lower to the defender,
hits capped by warriors (a table setting), extra hits, Protect the Civilians, Last Stand."""

from __future__ import annotations

import pytest

from companion.games.root_doves import game
from companion.games.root_doves.battle import hits
from tests.support.games.root_doves.helpers import act, dawn, others_pass, refused, started, types
from tests.support.play import play


def record(dice, warriors=(3, 3), extra=(0, 0), last_stand=False, declined=False):
    return {
        "dice": list(dice),
        "warriors": list(warriors),
        "extra": list(extra),
        "last_stand": last_stand,
        "declined": declined,
    }


@pytest.mark.parametrize(
    "battle, capped, by_attacker, by_defender",
    [
        (record([3, 1]), True, 3, 1),
        (record([1, 3]), True, 3, 1),  # the order of the dice is no matter
        (record([0, 0]), True, 0, 0),
        (record([3, 2], warriors=(1, 1)), True, 1, 1),  # capped by warriors present
        (record([3, 2], warriors=(1, 1)), False, 3, 2),  # the table turned the cap off
        (record([3, 2], warriors=(None, None)), True, 3, 2),  # counts unknown: nothing to cap
        (record([2, 2], warriors=(2, 0)), True, 3, 0),  # defenseless: one extra hit
        (record([3, 1], extra=(2, 1)), True, 5, 2),  # typed extras are not capped
        (record([3, 1], last_stand=True), True, 3, 2),  # Le Dernier Carré: +1 defending
        (record([3, 1], last_stand=True, declined=True), True, 3, 0),
    ],
)
def test_hits_table(battle, capped, by_attacker, by_defender):
    dealt = hits(battle, capped)
    assert (dealt["attacker"], dealt["defender"]) == (by_attacker, by_defender)


def ended(state, seat=0):
    """``end_battle`` with the hits its template fixes (the form pre-fills them)."""
    [end] = [t for t in game.legal(state, seat) if t["type"] == "end_battle"]
    return act("end_battle", seat, **{k: p["options"][0] for k, p in end["params"].items()})


def attacked(clearing, warriors, *then):
    """Bruno attacks the Doves in ``clearing`` with ``warriors``, then ``then``."""
    attack = act("attack_doves", 1, clearing=clearing, attacker_warriors=warriors)
    return play(game, bruno_turn(), attack, *then)


def bruno_turn():
    """Bruno's first Daylight, the Doves having set up (Ceasefire and 4 warriors in 10)."""
    state = started()
    state = play(
        game,
        dawn(state),
        act("choose_mandate", mandate="stabilisation"),
        act("next_phase"),
        act("evening_draw", cards=1),
        act("end_turn"),
        act("next_phase", 1),
    )
    assert state["turn"]["seat"] == 1 and state["turn"]["phase"] == "daylight"
    return state


def test_the_doves_attack_as_a_mandate_action():
    state = play(
        game,
        dawn(started()),
        act("choose_mandate", mandate="emergency"),
        act("interposition", warriors=1),
    )
    template = next(t for t in game.legal(state, 0) if t["type"] == "battle")
    assert template["params"]["defender"]["options"] == ["Bruno", "Chloé"]
    assert template["params"]["clearing"]["options"] == ["10", "12"]
    state = play(game, state, act("battle", defender="Chloé", clearing="12", defender_warriors=4))
    assert state["doves_turn"]["actions"] == 1
    prompt = game.prompt(state)
    assert prompt["kind"] == "dice" and prompt["dice"] == ["root12", "root12"]
    assert prompt["action"] == {"type": "battle_roll", "seat": 0}
    assert prompt["why"] == {
        "key": "root_doves.why.battle",
        "params": {"attacker": "Ann", "defender": "Chloé", "clearing": "12"},
    }
    assert "end_turn" not in types(state) and "next_phase" not in types(state)
    # Chloé's hit before the roll is an ambush: one of the Doves' 2 warriors falls first,
    # so their rolled 3 is capped at the 1 left; Chloé deals 1 + 3
    state = play(game, state, act("extra_hits", 2, hits=1), act("battle_roll", dice=[3, 3]))
    shown = game.view(state, None)["battle"]
    assert shown["hits"]["attacker"] == 1 and shown["hits"]["defender"] == 4
    state = play(game, state, ended(state))
    assert "12" not in state["board"]["warriors"]
    assert state["last_battle"]["doves_excess_hits"] == 2
    assert state["battle"] is None


def test_last_stand_adds_a_hit_or_draws_a_card_instead():
    state = bruno_turn()
    template = next(t for t in game.legal(state, 1) if t["type"] == "attack_doves")
    assert set(template["params"]) == {"clearing", "attacker_warriors"}  # Doves are known
    rivals = next(t for t in game.legal(state, 1) if t["type"] == "battle")
    assert "Ann" not in rivals["params"]["defender"]["options"]
    state = play(game, state, act("attack_doves", 1, clearing="10", attacker_warriors=5))
    assert state["battle"]["last_stand"] is True
    assert "last_stand_draw" not in types(state)
    state = play(game, state, act("battle_roll", 1, dice=[2, 1]))
    assert game.view(state, None)["battle"]["hits"]["defender"] == 2
    hand = state["board"]["hand"]
    state = play(game, state, act("last_stand_draw"))
    assert game.view(state, None)["battle"]["hits"]["defender"] == 0
    assert state["board"]["hand"] == hand + 1
    assert refused(state, act("last_stand_draw")) == "root_doves.already_declined"
    state = play(game, state, ended(state, 1))
    assert state["board"]["warriors"]["10"] == 4 - 2


def test_no_last_stand_where_the_doves_have_no_token():
    state = attacked("12", 1, act("battle_roll", 1, dice=[3, 3]))
    dealt = game.view(state, None)["battle"]["hits"]
    assert state["battle"]["last_stand"] is False
    assert (dealt["attacker"], dealt["defender"]) == (1, 2)
    assert "last_stand_draw" not in types(state)


def test_protect_the_civilians():
    """SCU.2.2: in a clearing with a Ceasefire token, attackers may only battle the Doves."""
    state = bruno_turn()
    rivals = next(
        t
        for t in game.legal(state, 1)
        if t["type"] == "battle" and "Chloé" in t["params"]["defender"]["options"]
    )
    assert "10" not in rivals["params"]["clearing"]["options"]
    assert (
        refused(
            state,
            act(
                "battle",
                1,
                defender="Chloé",
                clearing="10",
                attacker_warriors=3,
                defender_warriors=2,
            ),
        )
        == "root_doves.protect_civilians"
    )
    state = play(
        game,
        state,
        act("battle", 1, defender="Chloé", clearing="11", attacker_warriors=3, defender_warriors=0),
        act("battle_roll", 1, dice=[0, 1]),
    )
    dealt = game.view(state, None)["battle"]["hits"]
    assert dealt["defenseless"] and (dealt["attacker"], dealt["defender"]) == (2, 0)
    state = play(game, state, ended(state, 1))
    assert state["board"]["warriors"] == {"10": 4, "12": 2}  # the Doves were not in it


def test_uncapped_table_types_no_warrior_counts():
    state = started(hits_capped=False)
    state = play(
        game, dawn(state), act("choose_mandate", mandate="protection"), act("pacify", clearing="10")
    )
    template = next(t for t in game.legal(state, 0) if t["type"] == "battle")
    assert set(template["params"]) == {"defender", "clearing"}
    state = play(
        game, state, act("battle", defender="Bruno", clearing="12"), act("battle_roll", dice=[3, 2])
    )
    assert game.view(state, 0)["battle"]["hits"]["defender"] == 2
    state = play(game, state, ended(state))
    assert "12" not in state["board"]["warriors"]


@pytest.mark.parametrize(
    "dice, code",
    [
        ([4, 1], "bad_face"),
        ([1], "wrong_dice_count"),
        ("31", "wrong_dice_count"),
    ],
)
def test_bad_rolls_are_refused(dice, code):
    state = play(game, bruno_turn(), act("attack_doves", 1, clearing="10", attacker_warriors=2))
    assert refused(state, act("battle_roll", 1, dice=dice)) == code


def test_battles_of_other_factions_only_in_their_daylight():
    state = bruno_turn()
    assert "battle" in types(state, 1) and "battle" not in types(state, 2)
    evening = play(game, state, act("next_phase", 1))
    assert "battle" not in types(evening, 1)
    assert (
        refused(evening, act("attack_doves", 1, clearing="10", attacker_warriors=2))
        == "root_doves.battle_in_daylight"
    )
    state = others_pass(play(game, evening, act("end_turn", 1)))
    assert "battle" not in types(state, 0)  # the Doves battle only in a mandate


def ambushed(dice, attackers, ambush, declined=False, last_stand=False, defenders=3):
    return {
        **record(dice, warriors=(attackers, defenders), declined=declined, last_stand=last_stand),
        "ambush": ambush,
    }


@pytest.mark.parametrize(
    "battle, by_attacker, by_defender",
    [
        # the case: Cat attacks with 4, the Doves ambush for 2, roll 3/0: Cat has 2 left
        (ambushed([3, 0], 4, 2), 2, 2),
        (ambushed([3, 0], 4, 4, defenders=3), 0, 4),  # every attacker fell: no hits
        # Last Stand comes after the roll (SCU.2.3): the ambush and its casualties stand
        (ambushed([3, 1], 4, 2, declined=True, last_stand=True), 2, 2),
        (ambushed([3, 1], None, 2), 3, 3),  # attackers unknown: ambush only adds
    ],
)
def test_an_ambush_lowers_the_attackers_cap(battle, by_attacker, by_defender):
    dealt = hits(battle, True)
    assert (dealt["attacker"], dealt["defender"]) == (by_attacker, by_defender)


def test_an_ambush_that_removes_every_attacker_ends_the_battle_without_a_roll():
    state = play(game, bruno_turn(), act("attack_doves", 1, clearing="10", attacker_warriors=2))
    ambush = next(t for t in game.legal(state, 0) if t["type"] == "extra_hits")
    assert ambush["params"]["hits"]["max"] == 2  # at most the attackers there are
    state = play(game, state, act("extra_hits", 0, hits=2))
    assert "battle_roll" not in types(state, 1)
    assert game.prompt(state)["why"]["key"] == "root_doves.why.battle_ambushed"
    [end] = [t for t in game.legal(state, 1) if t["type"] == "end_battle"]
    assert end["params"]["attacker_hits"]["options"] == [0]
    state = play(game, state, act("end_battle", 1, attacker_hits=0, defender_hits=2))
    assert state["board"]["warriors"]["10"] == 4 and state["battle"] is None
    line = game.describe(act("end_battle", 1, attacker_hits=0, defender_hits=2), None)
    assert line["key"] == "root_doves.log.end_battle"
    assert (line["params"]["attacker_hits"], line["params"]["defender_hits"]) == (0, 2)


def test_an_attack_needs_warriors():
    state = bruno_turn()
    attack = next(t for t in game.legal(state, 1) if t["type"] == "attack_doves")
    assert attack["params"]["attacker_warriors"]["min"] == 1
    assert (
        refused(state, act("attack_doves", 1, clearing="10", attacker_warriors=0)) == "out_of_range"
    )


def test_a_battle_journalled_under_version_2_replays_as_it_was_played():
    """Version 2 let a faction battle in Birdsong, from 0 warriors, its pre-roll hits only
    added: the migration renames the declaration and the battle keeps those rules."""
    from companion.storage import rules_versions
    from companion.storage.entries import ActionApplied
    from companion.storage.journal import Entry

    state = started()
    state = play(
        game,
        dawn(state),
        act("choose_mandate", mandate="stabilisation"),
        act("next_phase"),
        act("evening_draw", cards=1),
        act("end_turn"),
    )
    assert state["turn"] == {"seat": 1, "phase": "birdsong", "number": 2}
    recorded = [
        act("attack_doves", 1, clearing="10", attacker_warriors=2),
        act("extra_hits", 0, hits=2),
        act("battle_roll", 1, dice=[3, 0]),
        act("end_battle", 1),
    ]
    entries = [
        Entry(n + 1, ActionApplied(a), "admin", "web", "", None) for n, a in enumerate(recorded)
    ]
    brought = [e.body.action for e in rules_versions.bring_up(game, 2, entries)]
    assert brought[0]["type"] == "attack_doves_v2"
    after = play(game, state, *brought[:3])
    dealt = game.view(after, None)["battle"]["hits"]
    # the v2 reading: the 2 hits before the roll do not lower the cap (2 attackers)
    assert (dealt["attacker"], dealt["defender"]) == (2, 3)  # 2 + Last Stand
    after = play(game, after, brought[3])
    assert after["last_battle"]["hits"]["attacker"] == 2
    assert game.describe(brought[0], None)["key"] == "root_doves.log.attack_doves"


def test_a_version_2_attack_with_no_warriors_still_rolls_and_deals_nothing():
    state = started()
    state = play(
        game,
        dawn(state),
        act("choose_mandate", mandate="stabilisation"),
        act("next_phase"),
        act("evening_draw", cards=1),
        act("end_turn"),
    )
    state = play(
        game,
        state,
        {**act("attack_doves", 1, clearing="10", attacker_warriors=0), "type": "attack_doves_v2"},
        act("extra_hits", 0, hits=3),
        act("battle_roll", 1, dice=[3, 1]),
    )
    dealt = game.view(state, None)["battle"]["hits"]
    assert dealt["attacker"] == 0 + 0 and dealt["defender"] == 3 + 1 + 1  # capped at 0
    assert play(game, state, ended(state, 1))["battle"] is None


def test_ambush_casualties_stand_after_last_stand():
    """SCU.2.3 (law-of-root-united-doves.fr.txt): « Après le lancer de dés, elle peut choisir
    de n'infliger aucune perte à l'attaquant et piocher 1 carte à la place. » The ambush came
    before the roll (base Root 4.3.1): its attackers are gone and its hits were dealt. The
    issue's case: Cat attacks with 3, the Doves ambush for 2, roll 3/1."""
    state = attacked("10", 3, act("extra_hits", 0, hits=2), act("battle_roll", 1, dice=[3, 1]))
    dealt = game.view(state, None)["battle"]["hits"]
    assert (dealt["attacker"], dealt["defender"], dealt["attackers_left"]) == (1, 2 + 1 + 1, 1)
    state = play(game, state, act("last_stand_draw"))
    dealt = game.view(state, None)["battle"]["hits"]
    assert (dealt["attacker"], dealt["defender"], dealt["attackers_left"]) == (1, 2, 1)
    state = play(game, state, ended(state, 1))
    assert state["board"]["warriors"]["10"] == 4 - 1
    assert state["last_battle"]["hits"]["ambush"] == 2


def test_end_battle_needs_its_hits():
    state = attacked("10", 3, act("battle_roll", 1, dice=[2, 1]))
    assert refused(state, act("end_battle", 1)) == "missing_param"
    assert refused(state, act("end_battle", 1, attacker_hits=9, defender_hits=2)) == "bad_choice"


def test_a_last_stand_journalled_under_version_3_cancelled_the_ambush():
    """Version 3 read Last Stand as cancelling the ambush and let ``end_battle`` leave out
    its hits: the migration keeps that game as it was played."""
    from companion.storage import rules_versions
    from companion.storage.entries import ActionApplied
    from companion.storage.journal import Entry

    recorded = [
        act("attack_doves", 1, clearing="10", attacker_warriors=3),
        act("extra_hits", 0, hits=2),
        act("battle_roll", 1, dice=[3, 1]),
        act("last_stand_draw"),
        act("end_battle", 1),
    ]
    entries = [
        Entry(n + 1, ActionApplied(a), "admin", "web", "", None) for n, a in enumerate(recorded)
    ]
    brought = [e.body.action for e in rules_versions.bring_up(game, 3, entries)]
    assert [a["type"] for a in brought[3:]] == ["last_stand_draw_v3", "end_battle_v3"]
    state = play(game, bruno_turn(), *brought)
    assert state["last_battle"]["hits"]["attacker"] == 3  # the v3 reading: all 3 attackers
    assert state["board"]["warriors"]["10"] == 4 - 3
    assert game.describe(brought[3], None)["key"] == "root_doves.log.last_stand_draw"
    assert game.describe(brought[4], None)["key"] == "root_doves.log.end_battle_v3"
