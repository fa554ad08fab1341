"""Every limit in the Doves' rules, as a table: the state, the action, the code it gets.

Boards are laid out by editing the Doves' board directly (tokens, warriors, buildings, the
hand); everything after that goes through ``apply``. Each refused action must also be
missing from ``legal`` or be refused by it, and must leave the state unchanged.
"""

from __future__ import annotations

import copy

import pytest

from companion.games.root_doves import game
from tests.support.games.root_doves.helpers import act, dawn, started
from tests.support.play import play


def board(state, **changes):
    return {**state, "board": {**state["board"], **changes}}


def daylight(mandate=None, **changes):
    """The Doves' first Daylight on a board with ``changes``, ``mandate`` chosen."""
    state = board(dawn(started()), **changes)
    if mandate:
        state = play(game, state, act("choose_mandate", mandate=mandate))
    return state


def acting(mandate, *steps, **changes):
    """Daylight with ``mandate`` chosen and ``steps`` already taken."""
    return play(game, daylight(mandate, **changes), *steps)


RABBIT_AT_5 = {"fox": None, "rabbit": "5", "mouse": None}
RABBIT_AT_10 = {"fox": None, "rabbit": "10", "mouse": None}
# Rabbit pacified in 10 (with warriors); a Ceasefire in 3, a rabbit clearing too, so Civil
# Protection's pacification step is skipped and its actions come at once.
WITH_TOKEN = {"pacification": RABBIT_AT_10, "ceasefire": ["3"]}
EMERGENCY_DONE = ("emergency", act("interposition", warriors=1))

CASES = {
    # SCU.2.5: three Ceasefire tokens, one per clearing.
    "ceasefire_twice_in_a_clearing": (
        lambda: daylight("emergency"),
        act("ceasefire", clearing="10", source="supply"),
        "root_doves.clearing_has_token",
    ),
    "ceasefire_on_a_pacified_clearing": (
        lambda: daylight("emergency", pacification=RABBIT_AT_5),
        act("ceasefire", clearing="5", source="supply"),
        "root_doves.clearing_has_token",
    ),
    "a_fourth_ceasefire": (
        lambda: daylight("emergency", ceasefire=["1", "10", "12"]),
        act("ceasefire", clearing="2", source="supply"),
        "root_doves.no_ceasefire_left",
    ),
    "moving_a_ceasefire_that_is_not_there": (
        lambda: daylight("emergency"),
        act("ceasefire", clearing="2", source="3"),
        "root_doves.no_ceasefire_there",
    ),
    "interposition_skips_a_ceasefire": (
        lambda: daylight("emergency", ceasefire=["10", "12"]),
        act("interposition", warriors=1),
        "root_doves.interposition_each_ceasefire",
    ),
    "ceasefire_after_interposition": (
        lambda: acting(*EMERGENCY_DONE),
        act("ceasefire", clearing="2", source="supply"),
        "root_doves.not_this_step",
    ),
    # SCU.2.6 / 5.2 I: one Pacification token per clearing suit.
    "a_second_rabbit_pacification": (
        lambda: daylight(
            "protection",
            ceasefire=["3", "12"],
            pacification=RABBIT_AT_5,
            warriors={"3": 1, "12": 2},
        ),
        act("pacify", clearing="3"),
        "root_doves.pacification_in_play",
    ),
    "pacify_without_a_warrior": (
        lambda: daylight("protection", ceasefire=["4", "12"], warriors={"12": 2}),
        act("pacify", clearing="4"),
        "root_doves.pacify_needs_warrior",
    ),
    "pacify_is_mandatory_before_actions": (
        lambda: daylight("protection"),
        act("recruit", clearing="10"),
        "root_doves.not_this_step",
    ),
    # SCU.4.1 / 2.7: evacuation only with a Pacification token in play.
    "evacuate_without_pacification": (
        lambda: board(started(), pile=["fox"]),
        act("evacuate", cards=1, points=1),
        "root_doves.evacuation_no_pacification",
    ),
    "skip_a_due_evacuation": (
        lambda: board(started(), pile=["fox"], **WITH_TOKEN),
        act("no_evacuation", reason="no_pacification"),
        "root_doves.must_evacuate",
    ),
    "daylight_before_the_evacuation": (
        lambda: started(),
        act("next_phase"),
        "root_doves.evacuate_first",
    ),
    # SCU.4.2: one strategic retreat a turn, into a clearing with a token.
    "a_second_retreat": (
        lambda: play(game, dawn(started()), act("choose_mandate", mandate="stabilisation")),
        act("strategic_retreat", from_="12", to="10", warriors=1),
        "root_doves.not_birdsong",
    ),
    "retreat_to_a_clearing_without_token": (
        lambda: play(game, started(), act("no_evacuation", reason="no_pacification")),
        act("strategic_retreat", from_="10", to="11", warriors=1),
        "root_doves.retreat_needs_token",
    ),
    # SCU.5: one mandate a turn, three actions, its own actions only.
    "a_second_mandate": (
        lambda: daylight("stabilisation"),
        act("choose_mandate", mandate="emergency"),
        "root_doves.mandate_chosen",
    ),
    "a_fourth_action": (
        lambda: acting(*EMERGENCY_DONE, *[act("recruit", clearing="10")] * 3),
        act("recruit", clearing="10"),
        "root_doves.no_actions_left",
    ),
    "build_in_an_emergency": (
        lambda: acting("emergency", act("interposition", warriors=1), **WITH_TOKEN),
        act("build", building="school", clearing="10"),
        "root_doves.not_in_mandate",
    ),
    "interposition_is_mandatory": (
        lambda: daylight("emergency"),
        act("next_phase"),
        "root_doves.interposition_first",
    ),
    "recruit_without_token": (
        lambda: acting(*EMERGENCY_DONE),
        act("recruit", clearing="12"),
        "root_doves.recruit_needs_token",
    ),
    "recruit_with_no_warrior_left": (
        lambda: acting(*EMERGENCY_DONE, warriors={"10": 14}),
        act("recruit", clearing="10"),
        "root_doves.no_warriors_in_supply",
    ),
    "move_more_warriors_than_there_are": (
        lambda: acting(*EMERGENCY_DONE),
        act("move", from_="12", to="1", warriors=3),
        "root_doves.not_enough_warriors",
    ),
    # SCU.5.2 II d: Disarm once per opponent.
    "disarm_twice": (
        lambda: acting("protection", act("disarm", opponent="Bruno"), **WITH_TOKEN),
        act("disarm", opponent="Bruno"),
        "root_doves.already_disarmed",
    ),
    "disarm_without_pacification": (
        lambda: daylight("protection", ceasefire=[]),
        act("disarm", opponent="Bruno"),
        "root_doves.needs_pacification",
    ),
    # SCU.5.2 III: exfiltration.
    "exfiltrate_from_a_ceasefire": (
        lambda: daylight("protection", **WITH_TOKEN),
        act("exfiltrate", clearing="3"),
        "root_doves.exfiltrate_needs_pacification",
    ),
    "refugee_of_the_wrong_suit": (
        lambda: acting("protection", act("exfiltrate", clearing="10"), **WITH_TOKEN),
        act("refugee", from_="3", card="mouse"),
        "root_doves.card_must_match",
    ),
    "two_refugees_for_one_clearing": (
        lambda: acting(
            "protection",
            act("exfiltrate", clearing="10"),
            act("refugee", from_="3", card="rabbit"),
            **WITH_TOKEN,
        ),
        act("refugee", from_="3", card="bird"),
        "root_doves.already_exfiltrated",
    ),
    "dispensary_bonus_without_dispensary": (
        lambda: acting("protection", act("exfiltrate", clearing="10"), **WITH_TOKEN),
        act("dispensary_refugee", card="fox"),
        "root_doves.no_dispensary",
    ),
    "dispensary_bonus_twice": (
        lambda: acting(
            "protection",
            act("exfiltrate", clearing="10"),
            act("dispensary_refugee", card="fox"),
            **WITH_TOKEN,
            buildings={"dispensary": ["10"], "school": []},
        ),
        act("dispensary_refugee", card="fox"),
        "root_doves.dispensary_used",
    ),
    "refugee_with_an_empty_hand": (
        lambda: acting(
            "protection", act("exfiltrate", clearing="10"), act("set_hand", cards=0), **WITH_TOKEN
        ),
        act("refugee", from_="3", card="rabbit"),
        "root_doves.no_cards",
    ),
    # SCU.5.3: Development Aid once a turn; buildings.
    "development_aid_twice": (
        lambda: acting("stabilisation", act("development_aid", opponent="Bruno"), **WITH_TOKEN),
        act("development_aid", opponent="Chloé"),
        "root_doves.aid_used",
    ),
    "two_schools_in_one_clearing": (
        lambda: daylight(
            "stabilisation", buildings={"dispensary": [], "school": ["10"]}, **WITH_TOKEN
        ),
        act("build", building="school", clearing="10"),
        "root_doves.building_already_there",
    ),
    "a_third_dispensary": (
        lambda: daylight(
            "stabilisation", buildings={"dispensary": ["10", "12"], "school": []}, **WITH_TOKEN
        ),
        act("build", building="dispensary", clearing="10"),
        "root_doves.no_building_left",
    ),
    "build_without_the_cards": (
        lambda: daylight("stabilisation", hand=0, **WITH_TOKEN),
        act("build", building="school", clearing="10"),
        "root_doves.not_enough_cards",
    ),
    "build_where_not_pacified": (
        lambda: daylight("stabilisation", **WITH_TOKEN),
        act("build", building="school", clearing="12"),
        "root_doves.build_needs_pacification",
    ),
    "secure_without_warriors": (
        lambda: daylight("stabilisation", pacification=RABBIT_AT_5, **{"ceasefire": []}),
        act("secure", clearing="5", card="rabbit"),
        "root_doves.secure_needs_token_and_warrior",
    ),
    # SCU.2.1: crafting only in Stabilisation, each token once.
    "craft_in_civil_protection": (
        lambda: daylight("protection", **WITH_TOKEN),
        act("craft", tokens=["10"], points=0),
        "root_doves.craft_only_stabilisation",
    ),
    "a_token_activated_twice": (
        lambda: acting("stabilisation", act("craft", tokens=["10"], points=1), **WITH_TOKEN),
        act("craft", tokens=["10", "3"], points=1),
        "root_doves.token_activated",
    ),
    # SCU.2.4: Perilous Rescue.
    "rescue_where_a_token_is": (
        lambda: daylight(),
        act("perilous_rescue", clearing="10", card="rabbit"),
        "root_doves.rescue_needs_no_token",
    ),
    "rescue_before_the_evacuation": (
        lambda: started(),
        act("perilous_rescue", clearing="3", card="rabbit"),
        "root_doves.evacuate_first",
    ),
    # SCU.6.1: hand limit five.
    "end_the_turn_above_five": (
        lambda: play(game, daylight(hand=7), act("next_phase"), act("evening_draw", cards=1)),
        act("end_turn"),
        "root_doves.discard_first",
    ),
    "discard_within_the_limit": (
        lambda: play(game, daylight(hand=3), act("next_phase"), act("evening_draw", cards=1)),
        act("discard_down", cards=1),
        "root_doves.within_hand_limit",
    ),
    "draw_twice": (
        lambda: play(game, daylight(), act("next_phase"), act("evening_draw", cards=1)),
        act("evening_draw", cards=1),
        "root_doves.already_drawn",
    ),
    # Tokens the enemy removes.
    "remove_a_token_that_is_not_there": (
        lambda: started(),
        act("remove_token", clearing="3", by="Bruno"),
        "root_doves.no_token_there",
    ),
    "a_turn_out_of_order": (lambda: started(), act("end_turn", 1), "root_doves.not_your_turn"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_limit(name):
    make, action, code = CASES[name]
    state = make()
    before = copy.deepcopy(state)
    with pytest.raises(game.RuleError) as error:
        game.apply(state, action)
    assert error.value.code == code
    assert state == before


def test_the_limits_are_offered_as_the_rules_say():
    """The pages only offer what is allowed: choices leave out what the limits forbid."""
    state = daylight("emergency")
    ceasefire = next(t for t in game.legal(state, 0) if t["type"] == "ceasefire")
    assert "10" not in ceasefire["params"]["clearing"]["options"]
    state = daylight(
        "protection", ceasefire=["3", "12"], pacification=RABBIT_AT_5, warriors={"3": 1, "12": 2}
    )
    pacify = next(t for t in game.legal(state, 0) if t["type"] == "pacify")
    assert pacify["params"]["clearing"]["options"] == ["12"]
    state = daylight("protection", ceasefire=["3"], pacification=RABBIT_AT_5, warriors={"3": 1})
    assert state["doves_turn"]["step"] == "actions"
    assert state["doves_turn"]["skipped"] == "no_pacification_left"
    state = acting("protection", act("disarm", opponent="Bruno"), **WITH_TOKEN)
    disarm = next(t for t in game.legal(state, 0) if t["type"] == "disarm")
    assert disarm["params"]["opponent"]["options"] == ["Chloé"]


@pytest.mark.parametrize(
    "changes, reason",
    [
        ({"ceasefire": []}, "no_ceasefire"),
        (
            {"ceasefire": ["3"], "pacification": RABBIT_AT_5, "warriors": {"3": 1}},
            "no_pacification_left",
        ),
        ({"ceasefire": ["4"], "warriors": {"12": 1}}, "no_warriors"),
    ],
)
def test_pacification_step_is_skipped_only_when_impossible(changes, reason):
    state = daylight("protection", **changes)
    assert state["doves_turn"]["skipped"] == reason
    item = game.view(state, 0)["checklist"][3]
    assert item == {
        "key": f"root_doves.check.pacify_skipped.{reason}",
        "status": "skipped",
        "params": {},
    }


def test_the_tablet_fixes_the_doves_warriors_in_a_clearing_within_the_supply():
    from companion.games.root_doves import board as B
    from companion.games.root_doves import game as root
    from tests.support.games.root_doves.helpers import act as root_act
    from tests.support.games.root_doves.helpers import refused as root_refused
    from tests.support.games.root_doves.helpers import started as root_started

    state = root_started()
    [fix] = [t for t in root.legal(state, None) if t["type"] == "fix_warriors"]
    labels = dict(zip(fix["params"]["clearing"]["options"], fix["params"]["clearing"]["labels"]))
    assert labels["10"]["params"]["warriors"] == B.warriors_at(state["board"], "10")
    put_back = root.apply(state, root_act("fix_warriors", None, clearing="3", warriors=2))
    assert B.warriors_at(put_back["board"], "3") == 2
    assert B.warriors_in_supply(put_back["board"]) == B.warriors_in_supply(state["board"]) - 2
    emptied = root.apply(state, root_act("fix_warriors", None, clearing="10", warriors=0))
    assert "10" not in emptied["board"]["warriors"]
    most = B.warriors_at(state["board"], "10") + B.warriors_in_supply(state["board"])
    assert (
        root_refused(state, root_act("fix_warriors", None, clearing="10", warriors=most + 1))
        == "root_doves.fix_beyond_supply"
    )
    assert not [t for t in root.legal(state, state["doves"]) if t["type"] == "fix_warriors"]


def test_a_retreat_or_move_is_never_offered_from_a_clearing_to_itself():
    from companion.games.root_doves.legal import route_params

    board = {"warriors": {"10": 3}}
    assert route_params(board, ["10"]) is None  # the only token is where the warriors are
    route = route_params(board, ["10", "12"])
    assert route["to"]["options"] == ["12"] and route["from"]["default"] == "10"
    both = route_params({"warriors": {"10": 3, "12": 1}}, ["10", "12"])
    assert both["from"]["default"] != both["to"]["default"]
