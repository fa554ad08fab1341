"""A whole game pressed on the tablet: every step is a button from ``legal`` and its form is
filled only with what a player would choose; anything else must be pre-filled (a single
option). The prompt always names something the waited-for seat can do, and the step it
asks for is that seat's first button.

Also the forms that must need no thought (evacuation, Interposition, Evening), the
evacuation's line when it happens and when it does not, and the faction board's numbers
typed in at setup.
"""

from __future__ import annotations

import pytest

from companion.games.root_doves import board as B
from companion.games.root_doves import game
from companion.games.root_doves.table import parse_track
from tests.support.bounded import steps
from tests.support.games.root_doves.helpers import act, check_prompt, fresh, refused, started
from tests.support.play import play


def press(state, seat, kind, **chosen):
    """Tap ``kind``'s button for ``seat`` and fill its form with ``chosen`` only."""
    offered = [t for t in game.legal(state, seat) if t["type"] == kind]
    assert len(offered) == 1, (kind, [t["type"] for t in game.legal(state, seat)])
    action = {"type": kind, "seat": seat}
    for name, spec in offered[0]["params"].items():
        if name in chosen:
            action[name] = chosen[name]
        else:
            assert spec["kind"] == "choice" and len(spec["options"]) == 1, (kind, name, spec)
            action[name] = spec["options"][0]
    assert set(chosen) <= set(offered[0]["params"]), (kind, chosen)
    state = play(game, state, action)
    check_prompt(state)
    return state


def others_end_turns(state):
    for _ in steps(20, "the turn to come back to seat 0"):
        if state["stage"] != "play" or state["turn"]["seat"] == 0:
            return state
        state = press(state, state["turn"]["seat"], "end_turn")


def evening(state):
    state = press(state, 0, "next_phase")
    state = press(state, 0, "evening_draw")
    if state["board"]["hand"] > B.HAND_LIMIT:
        state = press(state, 0, "discard_down")
    return press(state, 0, "end_turn")


def opening():
    """Setup and the Doves' first three turns: Emergency, Civil Protection, a token lost."""
    state = fresh()
    state = press(state, None, "set_evacuation_track", track="1, 2, 3, 5, 7, 9")
    state = press(state, 0, "setup_ceasefire", clearing="10")
    state = press(state, 0, "setup_warriors", clearing="10", warriors=4)
    state = press(state, 0, "setup_warriors", clearing="12", warriors=2)
    state = press(state, None, "start_game")
    # Turn 1: no Pacification token yet, so no evacuation; Emergency Intervention.
    state = press(state, 0, "no_evacuation")
    state = press(state, 0, "next_phase")
    state = press(state, 0, "choose_mandate", mandate="emergency")
    state = press(state, 0, "ceasefire", clearing="12", source="supply")
    state = press(state, 0, "interposition")
    state = press(state, 0, "recruit", clearing="10")
    state = evening(state)
    # Bruno attacks the Doves where they stand behind a Ceasefire: Last Stand.
    state = press(state, 1, "next_phase")  # battles are fought in Daylight
    state = press(state, 1, "attack_doves", clearing="12", attacker_warriors=3)
    state = press(state, 1, "battle_roll", dice=[2, 1])
    assert game.view(state, None)["battle"]["hits"] == {
        "attacker": 2,
        "defender": 2,
        "rolled": [2, 1],
        "defenseless": False,
        "ambush": 0,
        "attackers_left": 3,
    }
    state = press(state, 1, "end_battle")
    assert state["board"]["warriors"]["12"] == 1
    state = press(state, 1, "score", points=1)
    state = others_end_turns(state)
    # Turn 2: Civil Protection pacifies 10, refugees come in.
    state = press(state, 0, "no_evacuation")
    state = press(state, 0, "next_phase")
    state = press(state, 0, "choose_mandate", mandate="protection")
    state = press(state, 0, "pacify", clearing="10")
    state = press(state, 0, "perilous_rescue", clearing="3", card="rabbit")
    state = press(state, 0, "exfiltrate", clearing="10")
    state = press(state, 0, "refugee", **{"from": "12", "card": "fox"})
    state = others_end_turns(evening(state))
    # Chloé removes the Pacification token: one refugee card goes at random.
    state = press(state, 0, "remove_token", clearing="10", by="Chloé")
    assert len(state["board"]["pile"]) == 1 and state["last_discard"]["card"] in B.CARD_SUITS
    assert game.prompt(state)["why"]["key"] == "root_doves.why.no_evacuation.no_pacification"
    state = press(state, 0, "no_evacuation")
    state = press(state, 0, "next_phase")
    state = press(state, 0, "choose_mandate", mandate="protection")
    state = press(state, 0, "pacify", clearing="12")
    return others_end_turns(evening(state))


def test_a_whole_game_on_the_tablet():
    state, turns = opening(), 0
    while not game.final(state):
        turns += 1
        assert turns < 12
        state = press(state, 0, "evacuate")
        if game.final(state):
            break
        state = press(state, 0, "next_phase")
        state = press(state, 0, "choose_mandate", mandate="stabilisation")
        state = press(state, 0, "development_aid", opponent="Bruno")
        if state["board"]["hand"] < 4:  # cards from effects the companion does not model
            state = press(state, 0, "set_hand", cards=4)
        for clearing, card in (("1", "fox"), ("2", "mouse"), ("3", "bird"), ("7", "mouse")):
            state = press(state, 0, "perilous_rescue", clearing=clearing, card=card)
        state = others_end_turns(evening(state))
    assert state["winner"] == 0 and state["won_by"] == "points" and state["vp"][0] >= 30
    assert game.legal(state, None) == [] and game.prompt(state) is None


@pytest.mark.parametrize(
    "warriors, ceasefire, form",
    [
        ({"10": 4}, ["10", "12"], {"warriors": [2]}),  # all of them: nothing to choose
        ({"10": 14}, ["10", "12"], {"clearings": ["10", "12"]}),  # one left: which clearing
        ({"10": 15}, ["10", "12"], {"warriors": [0]}),  # none left
        ({"10": 4}, [], {"warriors": [0]}),
    ],
)
def test_the_interposition_form_asks_only_when_the_supply_is_short(warriors, ceasefire, form):
    state = press(started(), 0, "no_evacuation")
    state = press(
        {**state, "board": {**state["board"], "warriors": warriors, "ceasefire": ceasefire}},
        0,
        "next_phase",
    )
    state = press(state, 0, "choose_mandate", mandate="emergency")
    template = next(t for t in game.legal(state, 0) if t["type"] == "interposition")
    shown = {name: spec["options"] for name, spec in template["params"].items()}
    assert shown == form
    if "clearings" in form:
        assert template["params"]["clearings"]["min"] == template["params"]["clearings"]["max"] == 1
        state = press(state, 0, "interposition", clearings=["12"])
        assert state["board"]["warriors"] == {"10": 14, "12": 1}
        assert (
            game.describe(act("interposition", clearings=["12"]), None)["key"]
            == "root_doves.log.interposition"
        )
    else:
        state = press(state, 0, "interposition")
        expected = "root_doves.log.interposition." + ("all" if form["warriors"][0] else "none")
        assert (
            game.describe(act("interposition", warriors=form["warriors"][0]), None)["key"]
            == expected
        )
    assert state["doves_turn"]["step"] == "actions"


@pytest.mark.parametrize(
    "pile, pacified, prompt, item, params",
    [
        (
            ["fox", "bird"],
            True,
            "root_doves.why.evacuate",
            "root_doves.check.evacuation_done",
            {"cards": 2, "points": 2},
        ),
        (
            ["fox"],
            False,
            "root_doves.why.no_evacuation.no_pacification",
            "root_doves.check.evacuation_none.no_pacification",
            {"cards": 1},
        ),
        (
            [],
            True,
            "root_doves.why.no_evacuation.empty_pile",
            "root_doves.check.evacuation_none.empty_pile",
            {"cards": 0},
        ),
    ],
)
def test_the_dawn_says_what_the_evacuation_does_and_why_not(pile, pacified, prompt, item, params):
    """SCU.4.1 / 2.7: before, the prompt says it; after, the checklist and the panel keep it."""
    state = started()
    pacification = {"fox": None, "rabbit": "10" if pacified else None, "mouse": None}
    ceasefire = [] if pacified else ["10"]
    state = {
        **state,
        "board": {
            **state["board"],
            "pile": pile,
            "pacification": pacification,
            "ceasefire": ceasefire,
        },
    }
    assert game.prompt(state)["why"]["key"] == prompt
    kind = "evacuate" if item.endswith("done") else "no_evacuation"
    state = press(state, 0, kind)
    first = game.view(state, None)["checklist"][0]
    assert (first["key"], first["status"], first["params"]) == (item, "done", params)
    last = game.view(state, None)["evacuation"]["last_line"]["key"]
    assert last.startswith(
        "root_doves.evacuation.done" if kind == "evacuate" else "root_doves.evacuation.none."
    )


@pytest.mark.parametrize(
    "typed, track",
    [
        ("1, 2, 3, 5, 7", [1, 2, 3, 5, 7]),
        ("0;1;2", [0, 1, 2]),
        ("  4  6 9 ", [4, 6, 9]),
        ("1,2,3,4,5,6,7,8,9,10", list(range(1, 11))),
    ],
)
def test_the_evacuation_track_is_typed_in_one_go(typed, track):
    assert parse_track(typed) == track


@pytest.mark.parametrize("typed", ["", "a, b", "1, -2", "1,2,3,4,5,6,7,8,9,10,11", "100"])
def test_a_track_that_is_not_numbers_is_refused(typed):
    with pytest.raises(game.RuleError) as error:
        parse_track(typed)
    assert error.value.code == "root_doves.bad_track"
    state = fresh()
    if typed.strip():
        assert (
            refused(state, act("set_evacuation_track", None, track=typed)) == "root_doves.bad_track"
        )


@pytest.mark.parametrize("cards, points", [(1, 1), (3, 4), (7, 4)])
def test_a_short_track_scores_its_last_column_for_more_cards(cards, points):
    board = {**B.new_board(), "track": [1, 2, 4]}
    assert B.evacuation_points(board, cards) == points


def test_setup_defaults_need_only_the_pieces_placed():
    """The placeholders stand until the table changes them: three presses start the game."""
    state = fresh()
    assert state["board"]["track"] == B.DEFAULT_TRACK
    state = press(state, 0, "setup_ceasefire", clearing="10")
    state = press(state, 0, "setup_warriors", clearing="10", warriors=6)
    state = press(state, None, "start_game")
    assert state["stage"] == "play"


def test_last_stand_is_named_in_the_prompt_after_the_roll():
    state = press(started(), 0, "no_evacuation")
    state = press(state, 0, "next_phase")
    state = press(state, 0, "choose_mandate", mandate="stabilisation")
    state = evening(state)
    state = press(state, 1, "next_phase")
    state = press(state, 1, "attack_doves", clearing="10", attacker_warriors=2)
    state = press(state, 1, "battle_roll", dice=[3, 0])
    assert game.prompt(state)["why"]["key"] == "root_doves.why.battle_result_last_stand"
    assert [t["type"] for t in game.legal(state, 0)][:2] == ["last_stand_draw", "extra_hits"]
    state = press(state, 0, "last_stand_draw")
    assert game.prompt(state)["why"]["key"] == "root_doves.why.battle_result"


def test_the_daylight_prompt_counts_the_actions_left():
    state = press(started(), 0, "no_evacuation")
    state = press(state, 0, "next_phase")
    state = press(state, 0, "choose_mandate", mandate="emergency")
    state = press(state, 0, "interposition")
    state = press(state, 0, "recruit", clearing="10")
    assert game.prompt(state)["why"] == {
        "key": "root_doves.why.doves_actions",
        "params": {"player": "Ann", "left": 2, "mandate": "emergency"},
    }


def test_a_dominance_card_leaves_the_doves_hand():
    state = press(started(), 0, "score", points=10)
    state = press(state, 0, "no_evacuation")
    state = press(state, 0, "next_phase")
    hand = state["board"]["hand"]
    state = press(state, 0, "activate_dominance", suit="bird")
    assert state["board"]["hand"] == hand - 1 and state["dominance"][0] == "bird"
    empty = {**state, "dominance": [None, None, None], "board": {**state["board"], "hand": 0}}
    assert refused(empty, act("activate_dominance", suit="fox")) == "root_doves.not_enough_cards"


@pytest.mark.parametrize(
    "mandate, steps",
    [
        (
            "emergency",
            [
                ("ceasefire", {}),
                ("interposition", {}),
                ("actions.emergency", {"used": 0, "limit": 3}),
            ],
        ),
        (
            "protection",
            [
                ("pacify", {}),
                ("actions.protection", {"used": 0, "limit": 3}),
                ("disarm", {"used": 0, "limit": 2}),
                ("exfiltration", {}),
            ],
        ),
        (
            "stabilisation",
            [
                ("actions.stabilisation", {"used": 0, "limit": 3}),
                ("aid", {}),
                ("craft", {"used": 0, "limit": 1}),
            ],
        ),
    ],
)
def test_each_mandate_is_a_checklist_of_its_steps_and_limits(mandate, steps):
    """SCU.5.1–5.3: after Dawn and the choice, the chosen Mandate's steps in printed order."""
    state = press(press(started(), 0, "no_evacuation"), 0, "next_phase")
    state = press(state, 0, "choose_mandate", mandate=mandate)
    items = game.view(state, 0)["checklist"][3 : 3 + len(steps)]
    assert [(i["key"], i["params"]) for i in items] == [
        (f"root_doves.check.{key}", params) for key, params in steps
    ]
    assert game.view(state, 0)["checklist"][-2]["key"] == "root_doves.check.draw"
