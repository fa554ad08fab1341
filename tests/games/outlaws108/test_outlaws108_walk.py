"""108 Outlaws invariants over random legal play (hypothesis, drawing from ``legal``)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.outlaws108 import game
from tests.support.bounded import steps
from tests.support.games.outlaws108.kit import cost
from tests.support.play import legal_walk, play, setup


def check_invariants(before: dict, action: dict, after: dict) -> None:
    seats = len(after["players"])
    for area in after["areas"]:
        assert area["hand"]["earth"] >= 0 and area["hand"]["heaven"] >= 0
        if after["hand_limit"] is not None:
            assert area["hand"]["earth"] + area["hand"]["heaven"] <= after["hand_limit"]
        assert [o["slot"] for o in area["outlaws"]] == list(range(1, len(area["outlaws"]) + 1))
    turns = [a["turns"] for a in after["areas"]]
    assert max(turns) - min(turns) <= 1
    if after["phase"] in ("scoring", "over"):
        assert len(set(turns)) == 1
        assert any(len(a["outlaws"]) >= 12 for a in after["areas"])
    if after["campaigns_left"] is not None:
        taken = sum(len(a["campaigns"]) for a in after["areas"])
        assert min(after["campaigns_left"].values()) >= 0
        assert taken + sum(after["campaigns_left"].values()) == 3 * seats
    # Structural sharing: a seat's turn leaves the other play areas as they were (shared).
    if action["seat"] is not None and after["phase"] == before["phase"] == "turn":
        for seat in range(seats):
            if seat != action["seat"]:
                assert after["areas"][seat] is before["areas"][seat]
    if action["type"] in ("end_turn", "removal_icon", "rows_refreshed"):
        json.dumps(game.view(after, None))
        json.dumps(game.prompt(after))


@settings(max_examples=40, deadline=None)
@given(st.data(), st.integers(1, 5), st.integers(0, 4))
def test_random_legal_play_keeps_the_books(data, players, start):
    state = setup(game, [f"P{i}" for i in range(players)], starting_player=start % players)
    initial = state
    actions = []
    for _, action, after in legal_walk(game, state, data.draw, players, steps=60):
        check_invariants(state, action, after)
        actions.append(action)
        state = after
    # Replay of the resolved actions is exact.
    assert play(game, initial, *actions, check_pure=False) == state


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_every_legal_template_names_the_seat_on_turn(data):
    state = setup(game, ["A", "B", "C"], starting_player=1)
    for _, _, after in legal_walk(game, state, data.draw, 3, steps=50):
        if after["phase"] == "turn":
            # besides the tablet's own (fix_card, describe_heaven), only the seat on turn acts
            acting = {t["seat"] for seat in [0, 1, 2] for t in game.legal(after, seat)}
            assert all(t["seat"] is None for t in game.legal(after, None))
            assert acting == {after["current"]}
            assert game.prompt(after)["seat"] == after["current"]


def sensible_turn(data, state: dict) -> list[dict]:
    """One turn as a table would play it, drawn by hypothesis (one number per turn, read
    bit by bit): maybe a campaign first, then an Earth or Heaven card or a draw, then the end
    of the turn."""
    roll = data.draw(st.integers(0, 2**12 - 1))
    seat = state["current"]
    types = {t["type"]: t for t in game.legal(state, seat)}
    area = state["areas"][seat]
    active = [o["slot"] for o in area["outlaws"] if not o["exhausted"]]
    steps = []
    if "campaign" in types and roll & 1:
        params = types["campaign"]["params"]
        picked = (
            {"slot": params["slot"]["options"][(roll >> 8) % len(params["slot"]["options"])]}
            if "slot" in params
            else {"tier": params["tier"]["options"][0], "points": 3, **cost()}
        )
        steps.append({"type": "campaign", "seat": seat, **picked, "exhaust": active, "waived": 3})
        active = []
    icons = ["navy", "scout", "support", "cavalry"]
    card = {
        "seat": seat,
        "number": 0,
        "upside_down": ["navy"] if roll & 2 else [],
        "icons": [icons[(roll >> 2) % 4]],
        **({"exhaust": []} if active else {}),
    }
    heaven = {
        "seat": seat,
        "number": 0,
        "upside_down": [],
        "type": "play_heaven",
        "heaven_icons": card["icons"],
        "navy_as": [],
        "exhaust": active[:1],
    }
    if area["hand"]["heaven"] and active and roll & 16:
        steps.append(heaven)
    elif area["hand"]["earth"] and ((roll >> 5) % 4 or area["turns"] % 2):
        # Every other turn a card is played when one can be: every game ends, whatever
        # hypothesis draws (an all-zero draw would otherwise only ever draw cards).
        steps.append({**card, "type": "play_earth"})
    elif "draw" in types:
        steps.append(
            {"type": "draw", "seat": seat, "cards": types["draw"]["params"]["cards"]["options"][0]}
        )
    elif area["hand"]["earth"]:
        steps.append({**card, "type": "play_earth"})
    elif active:
        steps.append(heaven)
    else:  # solo, 8 Heaven cards and nobody to pay for them: discard, then draw
        steps += [
            {"type": "discard", "seat": seat, "realm": "heaven"},
            {"type": "draw", "seat": seat, "cards": "earth_1"},
        ]
    return steps + [{"type": "end_turn", "seat": seat}]


def between_turns(data, state: dict) -> list[dict]:
    """Solo setup and the removal routine, answered at random."""
    if state["phase"] == "campaign_row":
        icons = data.draw(
            st.lists(st.sampled_from(["navy", "scout", "leadership"]), min_size=1, max_size=3)
        )
        slot = game.legal(state, 0)[0]["params"]["slot"]["options"][0]
        return [{"type": "describe_campaign", "seat": 0, "slot": slot, "points": 2, **cost(*icons)}]
    if state["removal"]["finished"]:
        return [{"type": "rows_refreshed", "seat": 0}]
    icon = data.draw(st.sampled_from(["none", "none", "navy", "scout", "cavalry"]))
    return [{"type": "removal_icon", "seat": 0, "icon": icon}]


# Whole games are a few hundred actions each, so fewer examples than the step walks above.
@settings(max_examples=15, deadline=None)
@given(st.data(), st.integers(1, 5), st.integers(0, 4))
def test_sensible_games_reach_the_end_with_equal_turns(data, players, start):
    state = setup(game, [f"P{i}" for i in range(players)], starting_player=start % players)
    for _ in steps(2000, "the scoring phase"):
        if state["phase"] == "scoring":
            break
        script = (sensible_turn if state["phase"] == "turn" else between_turns)(data, state)
        for action in script:
            after = game.apply(state, action)
            check_invariants(state, action, after)
            state = after
    for seat in range(players):
        for outlaw in state["areas"][seat]["outlaws"]:
            if outlaw["realm"] == "heaven":
                state = game.apply(
                    state,
                    {
                        "type": "score_heaven",
                        "seat": seat,
                        "outlaw": outlaw["slot"],
                        "points": data.draw(st.integers(0, 20)),
                    },
                )
    state = game.apply(state, {"type": "confirm_scores", "seat": None})
    table = game.view(state, None)["standings"]
    assert [line["place"] for line in table] == list(range(1, players + 1))
    assert all(line["total"] == line["heaven"] + line["campaigns"] for line in table)
    keys = [(-line["total"], line["outlaws"]) for line in table]
    assert keys == sorted(keys)
    if state["campaign_row"] is not None:
        assert state["removals_done"] in ([], [4], [4, 8])
