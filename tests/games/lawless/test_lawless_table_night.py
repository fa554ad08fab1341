"""A two-player evening of Lawless played only through what the dashboard offers: every
step presses a button ``legal()`` shows for the seat the prompt names, fills its form the
way the page does (a single option or an int's minimum pre-filled), or throws the die the
prompt asks for. Nothing is typed in that the form would not offer."""

from __future__ import annotations

from companion.games.lawless import game
from tests.support.play import play, setup


def offered(state, action_type, seat):
    found = [t for t in game.legal(state, seat) if t["type"] == action_type]
    assert found, f"{action_type} is not offered to seat {seat} in phase {state['phase']}"
    return found[0]


def press(state, action_type, seat=None, **values):
    """Press the button of ``action_type`` (for the prompted seat unless told) and fill
    its form with ``values``; what is not given is left as the page pre-fills it."""
    seat = game.prompt(state)["seat"] if seat is None else seat
    template = offered(state, action_type, seat)
    assert set(values) <= set(template["params"]), values
    action = {"type": action_type, "seat": template["seat"]}
    for name, spec in template["params"].items():
        if name in values:
            value = values[name]
            if spec["kind"] == "int":
                assert spec["min"] <= value <= spec["max"], (name, value, spec)
            else:
                picked = value if spec["kind"] == "multi" else [value]
                assert all(v in spec["options"] for v in picked), (name, value, spec)
        elif spec["kind"] == "int":
            value = spec["min"]
        elif spec["kind"] == "multi":
            value = []
        else:
            assert len(spec["options"]) == 1, f"{name} must be chosen: {spec}"
            value = spec["options"][0]
        action[name] = value
    return play(game, state, action)


def throw(state, face):
    """The die reader answers the prompt: the prompted seat must also be offered the roll."""
    asked = game.prompt(state)
    assert asked["kind"] == "dice", asked
    offered(state, asked["action"]["type"], asked["seat"])
    return play(game, state, {**asked["action"], "dice": [face]})


def ranch(state, name):
    return next(r for r in state["ranches"] if r["name"] == name)


def purse(state, name):
    return state["ledger"]["purses"][state["ranches"].index(ranch(state, name))]


def whose(state):
    return state["ranches"][state["current"]]["name"]


def first_round(state):
    """Ann 1, Bruno 1, Ann 2, Bruno 2: building, a Trapper, a Hold-up."""
    state = press(state, "first_player", seat=None, player="Ann")
    assert whose(state) == "Ann 1" and game.prompt(state)["seat"] == 0
    for position in (1, 2):
        state = press(state, "draw_row", position=position)
    state = press(state, "place_terrain", quality="excellent")
    state = press(state, "place_herd", quality="average")  # T1, the only terrain, pre-filled
    assert (state["points"], state["hands"]) == (1, [3, 3])
    state = press(state, "end_turn")
    assert whose(state) == "Bruno 1" and state["pile"] == 103
    state = press(state, "draw_pile")
    state = press(state, "place_terrain", quality="average")
    state = press(state, "place_cowboy", level="novice")
    state = press(state, "end_turn")
    assert whose(state) == "Ann 2" and state["hands"] == [3, 2]  # one hand for both ranches
    state = press(state, "place_terrain", quality="poor")
    state = throw(press(state, "play_trapper"), 4)
    state = press(state, "place_herd", quality="poor")
    assert purse(state, "Ann 2") == 7 and state["hands"] == [0, 2]
    state = press(state, "end_turn")
    assert whose(state) == "Bruno 2"
    state = throw(press(state, "play_hold_up", target="Ann 2"), 5)  # 8 asked, 7 there
    assert (purse(state, "Ann 2"), purse(state, "Bruno 2")) == (0, 7)
    return press(press(state, "draw_pile"), "end_turn")


def second_round(state):
    """Surveillance kept and failed, an Indian Raid, a Gold Mine, a Saloon."""
    assert whose(state) == "Ann 1"
    assert game.prompt(state)["seat"] == 1  # Bruno, on Ann's left, rolls first
    state = throw(throw(state, 2), 5)  # 5 against 2 + 1 herd: kept
    state = press(state, "sell_herds")  # nothing chosen: nothing sold
    assert ranch(state, "Ann 1")["terrains"][0]["herds"][0]["rotation"] == 1
    for position in (1, 2):
        state = press(state, "draw_row", position=position)
    state = press(press(state, "draw_pile"), "end_turn")
    state = press(state, "play_raid", terrain="T1")
    for position in (1, 2):
        state = press(state, "draw_row", position=position)
    state = press(state, "end_turn")
    assert whose(state) == "Ann 2"
    state = throw(throw(state, 6), 1)  # 1 against 6 + 1: the herd runs away
    assert state["phase"] == "actions" and state["news"][-1]["key"] == "lawless.news.herd_escaped"
    state = press(state, "place_cowboy", level="veteran")
    state = press(press(state, "play_gold_mine", terrain="T4"), "end_turn")
    state = press(state, "play_saloon")  # Ann 2's only cowboy runs off to Bruno 2
    assert ranch(state, "Bruno 2")["characters"]["veteran"] == 1
    return press(press(state, "draw_row", position=1), "end_turn")


def third_round(state):
    """A raided herd kept but unsold, the Cavalry, a mine, a Hired Killer, a Stampede."""
    state = throw(throw(state, 1), 4)
    assert state["phase"] == "actions"  # the only herd is raided: no sale
    state = press(state, "play_cavalry")  # T1, the only raided terrain, pre-filled
    for position in (1, 2):
        state = press(state, "draw_row", position=position)
    state = press(state, "end_turn")
    state = press(state, "place_terrain", quality="poor")
    for position in (1, 2):
        state = press(state, "draw_row", position=position)
    state = press(state, "end_turn")
    assert game.prompt(state)["why"]["key"] == "lawless.why.mine_first"
    state = throw(throw(state, 3), 4)
    assert purse(state, "Ann 2") == 7
    state = press(state, "hire_killer", bonus=2, bounty=5, target="Bruno 2")
    state = throw(throw(state, 6), 1)  # 6 + 2 against 1 + 3: Bruno 2's veteran is shot
    assert purse(state, "Ann 2") == 12 and state["hands"][0] == 2  # the killer came back
    state = press(state, "end_turn")
    state = press(state, "buy_points", count=2)
    state = press(state, "play_stampede", target="Ann 1")
    return press(press(state, "draw_row", position=1), "end_turn")


def play_to_the_end(state):
    """Every ranch draws face down while it can, sells what is ripe, and ends its turn."""
    while not game.final(state):
        asked = game.prompt(state)
        if asked["kind"] == "dice":
            first = asked["action"]["type"] == "surveillance_difficulty"
            state = throw(state, 1 if first else 6)
        elif state["phase"] == "sale":
            state = press(state, "sell_herds")
        elif state["phase"] == "discard":
            state = press(state, "discard")  # exactly the cards over 10, pre-filled
        elif state["points"] >= 3 and state["pile"] > 0:
            state = press(state, "draw_pile")
        else:
            state = press(state, "end_turn")
    return state


def test_an_evening_for_two_through_the_dashboards_buttons():
    state = first_round(setup(game, ["Ann", "Bruno"]))
    state = third_round(second_round(state))
    assert whose(state) == "Ann 1"
    state = throw(throw(state, 1), 3)  # Stampede: 1 + 2 x 1 herd = 3, kept by a 3
    state = press(state, "sell_herds", herds=["H2"])  # average at 6 o'clock: 2 x 3
    assert purse(state, "Ann 1") == 6
    assert (state["ledger"]["bank"], state["ledger"]["purses"]) == (29, [6, 0, 12, 3])
    state = play_to_the_end(state)
    assert state["pile"] == 0 and game.prompt(state) is None
    assert all(game.legal(state, seat) == [] for seat in (0, 1))
    assert [t["type"] for t in game.legal(state, None)] == ["fix_coins"]  # the final count
    view = game.view(state, None)
    table = view["scoring"]
    assert [row["ranch"] for row in table["rows"]] == ["Ann 1", "Bruno 1", "Ann 2", "Bruno 2"]
    assert [p["total"] for p in table["players"]] == [
        sum(r["total"] for r in table["rows"] if r["player"] == seat) for seat in (0, 1)
    ]
    assert view["charts"][1]["series"][0]["points"][-1][1] == table["players"][0]["total"]
    assert state["ledger"]["bank"] + sum(state["ledger"]["purses"]) == 50
