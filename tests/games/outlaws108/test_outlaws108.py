"""108 Outlaws: setup, turn order, the turn's action, play areas, campaigns and the tally."""

from __future__ import annotations

import pytest

from companion.games.outlaws108 import cards, game
from companion.rules.base import RuleError
from tests.support.games.outlaws108.kit import act, cost, do, draw_turn, earth, new_game
from tests.support.play import play


def refused(state, action):
    with pytest.raises(RuleError) as caught:
        game.apply(state, action)
    return caught.value.code


def heaven_ready(players=3, icon="support"):
    """Seat 0 has one active Earth outlaw; it is seat 0's turn again."""
    state = earth(new_game(players), icon)
    for _ in range(players - 1):
        state = draw_turn(state)
    return state


# -- setup and turn order -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_setup_deals_seven_cards_and_lays_out_campaigns(players):
    state = new_game(players)
    view = game.view(state, None)
    assert all(a["hand"] == {"earth": 5, "heaven": 2, "total": 7} for a in view["areas"])
    if players == 1:  # solo is set up as for 3 players
        assert [c["tier"] for c in view["campaign_row"]] == ["major"] * 3 + ["minor"] * 6
        assert view["hand_limit"] == 8 and view["phase"] == "campaign_row"
    else:
        assert view["campaigns_left"] == {"minor": 2 * players, "major": players}
        assert view["hand_limit"] is None and view["phase"] == "turn"


@pytest.mark.parametrize(
    "players, start, order",
    [
        (3, 0, [0, 1, 2]),
        (3, 2, [2, 0, 1]),
        (5, 3, [3, 4, 0, 1, 2]),
        (2, 1, [1, 0]),
    ],
)
def test_turn_order_runs_from_the_starting_player(players, start, order):
    state = new_game(players, starting_player=start)
    seen = []
    for _ in range(players):
        seen.append(state["current"])
        assert game.view(state, None)["next"] == order[(len(seen)) % players]
        state = draw_turn(state)
    assert seen == order and state["current"] == start


@pytest.mark.parametrize(
    "players, options, code",
    [
        (["a", "b"], {"starting_player": 2}, "outlaws108.bad_starting_player"),
        (["a", "b"], {"starting_player": -1}, "outlaws108.bad_starting_player"),
        ([f"p{i}" for i in range(6)], {"starting_player": 0}, "outlaws108.player_count"),
    ],
)
def test_bad_setup_is_refused(players, options, code):
    with pytest.raises(RuleError) as caught:
        game.setup(players, options)
    assert caught.value.code == code


# -- the turn's action ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "taken, hand",
    [
        ("earth_2", {"earth": 7, "heaven": 2}),
        ("earth_1", {"earth": 6, "heaven": 2}),
        ("heaven_1", {"earth": 5, "heaven": 3}),
    ],
)
def test_draw_has_two_draw_points(taken, hand):
    """Earth costs 1 draw point, Heaven 2: the Draw action offers exactly what 2 points buy."""
    state = new_game(3)
    template = next(t for t in game.legal(state, 0) if t["type"] == "draw")
    assert template["params"] == {
        "cards": {"kind": "choice", "options": ["earth_2", "earth_1", "heaven_1"]}
    }
    assert play(game, state, act(state, "draw", 0, cards=taken))["areas"][0]["hand"] == hand


@pytest.mark.parametrize("taken, code", [("earth_3", "bad_choice"), (2, "bad_choice")])
def test_a_draw_beyond_two_points_is_refused(taken, code):
    assert refused(new_game(3), {"type": "draw", "seat": 0, "cards": taken}) == code


def test_one_action_per_turn_then_end_turn():
    state = new_game(3)
    assert refused(state, {"type": "end_turn", "seat": 0}) == "outlaws108.choose_action"
    state = do(state, "draw", 0, cards="earth_2")
    types = {t["type"] for t in game.legal(state, 0)}
    assert "draw" not in types and "play_earth" not in types and "end_turn" in types
    # The Draw action opens no card effects.
    assert not types & {"revive", "effect_draw", "effect_play_earth", "effect_play_heaven"}
    assert refused(state, act(new_game(3), "play_earth", 0)) == "not_now"
    assert game.legal(state, 1) == []
    assert refused(state, {"type": "end_turn", "seat": 1}) == "not_now"


def test_playing_a_card_moves_it_from_hand_to_play_area():
    state = do(new_game(3), "play_earth", 0, number=40, icons=["scout"])
    area = game.view(state, None)["areas"][0]
    assert area["hand"] == {"earth": 4, "heaven": 2, "total": 6}
    assert area["outlaws"] == [
        {
            "slot": 1,
            "realm": "earth",
            "number": 40,
            "icons": ["scout"],
            "upside_down": [],
            "strategist": False,
            "navy_as": None,
            "exhausted": False,
            "points": None,
            "scoring": None,
        }
    ]


@pytest.mark.parametrize(
    "kind, given, code, expected",
    [
        ("play_earth", {"number": 5}, "outlaws108.realm_mismatch", None),
        ("play_heaven", {"number": 40}, "outlaws108.realm_mismatch", None),
        ("play_earth", {"icons": ["navy", "support"]}, None, {"strategist": True}),
        ("play_earth", {"icons": ["navy", "navy"]}, "bad_choice", None),
        (
            "play_earth",
            {"number": 40, "icons": ["navy", "scout"]},
            "outlaws108.earth_one_icon",
            None,
        ),
        ("play_earth", {"number": 46, "icons": ["navy"]}, "outlaws108.strategist_icons", None),
        # a numbered card new to the catalogue needs its icons: never kept with none
        ("play_earth", {"number": 46}, "outlaws108.icons_needed", None),
        ("play_earth", {"number": 37}, None, {"strategist": True, "icons": ["navy", "support"]}),
        (
            "play_earth",
            {"number": 37, "icons": ["navy", "scout"]},
            "outlaws108.icons_mismatch",
            None,
        ),
        ("play_heaven", {"number": 27}, None, {"icons": ["navy", "navy"], "navy_as": "cavalry"}),
        (
            "play_heaven",
            {"number": 27, "heaven_icons": ["navy"]},
            None,
            {"icons": ["navy", "navy"]},
        ),
        ("play_heaven", {"number": 27, "navy_as": ["scout"]}, "outlaws108.icons_mismatch", None),
        ("play_heaven", {"number": 29}, "outlaws108.ruan_target_needed", None),
        ("play_heaven", {"number": 31, "navy_as": ["infantry"]}, None, {"navy_as": "infantry"}),
        (
            "play_heaven",
            {"navy_as": ["scout"], "heaven_icons": ["navy"]},
            None,
            {"navy_as": "scout", "icons": ["navy", "navy"]},
        ),
        ("play_heaven", {"navy_as": ["scout", "cavalry"]}, "out_of_range", None),
        ("play_heaven", {"number": 5, "navy_as": ["scout"]}, "outlaws108.not_ruan", None),
        (
            "play_heaven",
            {"heaven_icons": ["support", "scout"]},
            None,
            {"icons": ["support", "scout"]},
        ),
        ("play_earth", {"icons": ["navy"], "navy_as": ["scout"]}, "bad_param", None),
        (
            "play_earth",
            {"icons": ["scout"], "upside_down": ["navy"]},
            None,
            {"upside_down": ["navy"]},
        ),
        (
            "play_heaven",
            {"heaven_icons": ["scout", "leadership"], "exhaust": []},
            "out_of_range",
            None,
        ),
    ],
)
def test_what_the_rulebook_prints_is_checked(kind, given, code, expected):
    state = heaven_ready()
    action = {"type": kind, "seat": 0, **act(state, kind, 0, exhaust=[1]), **given}
    if code:
        assert refused(state, action) == code
        return
    played = play(game, state, action)["areas"][0]["outlaws"][-1]
    assert {k: played[k] for k in expected} == expected


def test_a_heaven_card_needs_an_active_outlaw_to_pay_for_it():
    state = new_game(3)
    assert "play_heaven" not in {t["type"] for t in game.legal(state, 0)}
    action = {
        "type": "play_heaven",
        "seat": 0,
        "number": 0,
        "heaven_icons": [],
        "upside_down": [],
        "navy_as": [],
        "exhaust": [],
    }
    assert refused(state, action) == "outlaws108.heaven_needs_cost"


def test_heaven_card_exhausts_its_cost():
    state = do(heaven_ready(), "play_heaven", 0, heaven_icons=["support", "scout"], exhaust=[1])
    outlaws = state["areas"][0]["outlaws"]
    assert [o["exhausted"] for o in outlaws] == [True, False]
    assert state["areas"][0]["hand"] == {"earth": 4, "heaven": 1}


def test_a_card_number_is_in_play_only_once():
    state = earth(new_game(3), number=40)
    action = act(state, "play_earth", 1, number=40, icons=["scout"])
    assert refused(state, action) == "outlaws108.card_in_play"


def test_discard_and_realms_follow_the_hand():
    state = do(new_game(3), "discard", 0, realm="heaven")
    state = do(state, "discard", 0, realm="heaven")
    assert state["areas"][0]["hand"] == {"earth": 5, "heaven": 0}
    types = [t["type"] for t in game.legal(state, 0)]
    assert "play_earth" in types and "play_heaven" not in types
    template = next(t for t in game.legal(state, 0) if t["type"] == "discard")
    assert template["params"]["realm"]["options"] == ["earth"]


def test_effects_open_after_a_play_and_a_card_played_by_effect_keeps_the_turn():
    state = heaven_ready()
    state = do(state, "exhaust", 0, outlaws=[1])
    state = do(state, "play_earth", 0, icons=["navy"])
    assert {"revive", "effect_draw", "effect_play_earth", "effect_play_heaven"} <= {
        t["type"] for t in game.legal(state, 0)
    }
    state = do(state, "revive", 0, outlaws=[1])
    state = do(state, "effect_draw", 0, points=3, earth=1, heaven=1)
    state = do(state, "effect_play_earth", 0, icons=["scout"])
    area = state["areas"][0]
    assert [o["exhausted"] for o in area["outlaws"]] == [False, False, False]
    assert area["hand"] == {"earth": 3, "heaven": 3}
    assert state["turn"]["action"] == "play"
    action = act(state, "effect_draw", 0, points=2, heaven=2)
    assert refused(state, action) == "outlaws108.draw_points"


# -- campaigns --------------------------------------------------------------------------------


def campaign_ready():
    """Seat 0 has Leadership, a Navy/Support Strategist and Infantry in play; its turn."""
    state = new_game(2)
    for icons in (["leadership"], ["navy", "support"], ["infantry"]):
        state = do(state, "play_earth", 0, icons=icons)
        state = do(state, "end_turn", 0)
        state = draw_turn(state)
    return state


@pytest.mark.parametrize(
    "cost, exhaust, waived, code",
    [
        (["leadership", "infantry"], [1, 3], 0, None),
        (["leadership", "infantry", "support"], [1, 2, 3], 0, None),
        (["navy", "support"], [2], 0, "outlaws108.cost_not_covered"),  # a Strategist is ONE icon
        (["navy", "support"], [2], 1, None),
        (["cavalry"], [1, 2, 3], 0, "outlaws108.cost_not_covered"),
        ([], [1], 0, None),
        ([], [], 0, "outlaws108.campaign_needs_exhaust"),
    ],
)
def test_campaign_cost_is_paid_by_exhausting(cost, exhaust, waived, code):
    state = campaign_ready()
    action = act(
        state, "campaign", 0, tier="major", points=7, cost=cost, exhaust=exhaust, waived=waived
    )
    if code:
        assert refused(state, action) == code
        return
    state = play(game, state, action)
    area = state["areas"][0]
    assert area["campaigns"] == [{"tier": "major", "points": 7, "cost": cost, "slot": None}]
    assert sorted(o["slot"] for o in area["outlaws"] if o["exhausted"]) == sorted(exhaust)
    assert state["campaigns_left"] == {"minor": 4, "major": 1}


def test_one_free_campaign_before_or_after_the_action():
    state = do(campaign_ready(), "campaign", 0, tier="minor", points=2, exhaust=[1])
    # A Minor Campaign's bonus action: the effects are open before the turn's action.
    assert "effect_draw" in {t["type"] for t in game.legal(state, 0)}
    assert game.prompt(state)["why"]["key"] == "outlaws108.why.turn_campaigned"
    again = {
        "type": "campaign",
        "seat": 0,
        "tier": "minor",
        "points": 1,
        "exhaust": [3],
        "waived": 0,
        **cost(),
    }
    assert refused(state, again) == "outlaws108.one_campaign_per_turn"
    state = do(state, "draw", 0, cards="earth_2")
    assert game.prompt(state)["why"]["key"] == "outlaws108.why.finish_turn_campaigned"
    assert do(state, "end_turn", 0)["current"] == 1


EFFECTS = {"revive", "effect_draw", "effect_play_earth", "effect_play_heaven"}


@pytest.mark.parametrize("tier, bonus", [("minor", True), ("major", False)])
def test_only_a_minor_campaign_gives_a_bonus_action(tier, bonus):
    state = do(campaign_ready(), "campaign", 0, tier=tier, points=2, exhaust=[1])
    assert bool(EFFECTS & {t["type"] for t in game.legal(state, 0)}) is bonus
    # Playing the turn's card opens the card's effects either way.
    state = do(state, "play_earth", 0, icons=["scout"])
    assert EFFECTS <= {t["type"] for t in game.legal(state, 0)}


def test_campaigns_run_out_by_tier():
    state = campaign_ready()
    for _ in range(2):
        state = do(state, "campaign", 0, tier="major", points=5, exhaust=[1])
        state = do(state, "play_earth", 0, icons=["scout"])
        state = do(state, "revive", 0, outlaws=[1])
        state = draw_turn(do(state, "end_turn", 0))
    template = next(t for t in game.legal(state, 0) if t["type"] == "campaign")
    assert template["params"]["tier"]["options"] == ["minor"]


def test_no_campaign_without_an_active_outlaw():
    action = {
        "type": "campaign",
        "seat": 0,
        "tier": "minor",
        "points": 1,
        "exhaust": [],
        "waived": 0,
        **cost(),
    }
    assert refused(new_game(3), action) == "outlaws108.no_active_outlaws"


# -- the icon tally ---------------------------------------------------------------------------


def outlaw(slot, icons, strategist=False, upside_down=(), navy_as=None, exhausted=False):
    return {
        "slot": slot,
        "icons": list(icons),
        "strategist": strategist,
        "upside_down": list(upside_down),
        "navy_as": navy_as,
        "exhausted": exhausted,
    }


@pytest.mark.parametrize(
    "area, icon, active, everything",
    [
        ([outlaw(1, ["infantry"]), outlaw(2, ["infantry"])], "infantry", (2, 2), (2, 2)),
        ([outlaw(1, ["navy", "support"], strategist=True)], "navy", (0, 1), (0, 1)),
        ([outlaw(1, ["navy", "support"], strategist=True)], "support", (0, 1), (0, 1)),
        ([outlaw(1, ["scout"], upside_down=["navy"])], "navy", (1, 1), (1, 1)),
        (
            [outlaw(1, ["navy", "navy"], navy_as="cavalry"), outlaw(2, ["navy"])],
            "navy",
            (0, 3),
            (0, 3),
        ),
        (
            [outlaw(1, ["navy", "navy"], navy_as="cavalry"), outlaw(2, ["navy"])],
            "cavalry",
            (0, 3),
            (0, 3),
        ),
        (
            [outlaw(1, ["navy", "navy"], navy_as="cavalry", exhausted=True), outlaw(2, ["navy"])],
            "cavalry",
            (0, 1),
            (0, 3),
        ),
        (
            [outlaw(1, ["cavalry"], exhausted=True), outlaw(2, ["cavalry"])],
            "cavalry",
            (1, 1),
            (2, 2),
        ),
    ],
)
def test_tally_counts_sure_and_possible_icons(area, icon, active, everything):
    assert tuple(cards.tally(area, active_only=True)[icon].values()) == active
    assert tuple(cards.tally(area, active_only=False)[icon].values()) == everything


@pytest.mark.parametrize(
    "cost, offered, waived, missing",
    [
        (["navy", "support"], [["navy", "support"]], 0, ["support"]),
        (["navy", "support"], [["navy", "support"], ["navy"]], 0, []),
        (["cavalry", "navy"], [["cavalry", "navy"], ["navy"]], 0, []),  # a converted Navy
        (["cavalry", "cavalry"], [["cavalry", "navy"], ["navy"]], 0, ["cavalry"]),
        (["cavalry", "cavalry"], [["cavalry", "navy"], ["navy"]], 1, []),
        (["scout"] * 3, [], 2, ["scout"]),
    ],
)
def test_a_unit_pays_one_icon(cost, offered, waived, missing):
    assert cards.uncovered(cost, offered, waived) == missing


def test_view_tally_includes_strategist_and_ruan():
    state = do(campaign_ready(), "play_heaven", 0, number=27, exhaust=[1])
    tally = game.view(state, None)["areas"][0]["tally"]
    assert tally["all"]["cavalry"] == {"sure": 0, "up_to": 3}  # two Ruan Navy + Strategist
    assert tally["all"]["navy"] == {"sure": 0, "up_to": 3}
    assert tally["active"]["leadership"] == {"sure": 0, "up_to": 0}
    assert tally["all"]["leadership"] == {"sure": 1, "up_to": 1}


def test_prompt_follows_the_turn_and_odd_input_is_refused():
    state = new_game(3, starting_player=1)
    assert game.prompt(state) == {
        "kind": "choice",
        "seat": 1,
        "why": {"key": "outlaws108.why.turn", "params": {"player": "P1"}},
    }
    state = do(state, "draw", 1, cards="heaven_1")
    assert game.prompt(state)["why"]["key"] == "outlaws108.why.finish_turn"
    assert refused(state, ["draw"]) == "bad_action"
    assert refused(state, {"type": "draw", "seat": "1"}) == "not_now"
    assert game.legal(state, 7) == [] and game.legal(state, None) == []
