"""How much a table types in 108 Outlaws: a scripted three-player game of three rounds,
counted in entries (each button, each number typed, each icon ticked, each cost counter
set), the first time (the catalogue empty) and again once the catalogue knows its cards and
the Heaven card's scoring rule and the campaign's cost. Both counts are written in the game's
rules.md."""

from __future__ import annotations

from companion.games.outlaws108 import game
from tests.support.play import setup

NAMES = ["Ann", "Bob", "Cy"]
SETS = {f"set_{i}": 0 for i in ("leadership", "navy", "infantry", "cavalry", "scout", "campaign")}
COSTS = {f"cost_{i}": 0 for i in ("leadership", "navy", "infantry", "cavalry", "scout", "support")}


def earth(seat, number, icons, **more):
    """An Earth card; ``exhaust=[]`` once the seat has an outlaw (the form asks then)."""
    action = {"type": "play_earth", "seat": seat, "number": number, "icons": icons}
    return {**action, "upside_down": [], **more}


def heaven(seat, number, icons, exhaust):
    return {
        "type": "play_heaven",
        "seat": seat,
        "number": number,
        "heaven_icons": icons,
        "exhaust": exhaust,
        "upside_down": [],
        "navy_as": [],
    }


def end(seat):
    return {"type": "end_turn", "seat": seat}


SCRIPT = [
    # round 1: each plays a numbered Earth card
    earth(0, 40, ["scout"]), end(0),
    earth(1, 41, ["navy"]), end(1),
    earth(2, 42, ["support"]), end(2),
    # round 2: Ann's Heaven card No. 3, paid with No. 40; the table types its rule once
    heaven(0, 3, ["support"], [1]), end(0),
    {"type": "describe_heaven", "seat": None, "number": 3, "points": 8, **SETS, "set_support": 5},
    earth(1, 43, ["cavalry"], exhaust=[]), end(1),
    earth(2, 44, ["scout"], exhaust=[]), end(2),
    # round 3: a draw, a Strategist, a campaign with its cost counted
    {"type": "draw", "seat": 0, "cards": "earth_2"}, end(0),
    earth(1, 45, ["infantry"], exhaust=[]),
    {"type": "campaign", "seat": 1, "tier": "minor", "points": 3, "exhaust": [1, 2],
     **COSTS, "cost_navy": 1, "cost_cavalry": 1, "waived": 0},
    end(1),
    earth(2, 46, ["navy", "scout"], exhaust=[]), end(2),
]  # fmt: skip


def entries(action: dict) -> int:
    """The button, then one entry per number typed and per icon or counter set."""
    typed = 0
    for name, value in action.items():
        if name in ("type", "seat", "known"):
            continue
        if isinstance(value, list):
            typed += len(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            typed += value != 0
        elif isinstance(value, str):
            typed += 1
    return 1 + typed


def played(script: list[dict], catalogue: dict) -> tuple[dict, int, dict]:
    """Play ``script`` with what ``catalogue`` knows; return the state, the entries typed
    and the catalogue afterwards (what each action taught, as the table keeps it)."""
    state, typed, learned = setup(game, NAMES), 0, dict(catalogue)
    for action in script:
        if action["type"] == "describe_heaven":
            if (learned.get(str(action["number"])) or {}).get("scoring"):
                continue  # the rule came with the card: nothing to type
        key = game.catalogue_key(state, action)
        if key in learned and action["type"] == "campaign":
            action = {**action, **COSTS, "known": {key: learned[key]}}  # no counter set
        elif key in learned:
            field = "heaven_icons" if action["type"] == "play_heaven" else "icons"
            action = {**action, field: [], "known": {key: learned[key]}}
        state = game.apply(state, action)
        typed += entries(action)
        taught = game.catalogue_entry(state, action)
        if taught:
            number, entry = taught
            known = learned.get(number) or {}
            learned[number] = {**entry, **{k: v for k, v in known.items() if v}}
    return state, typed, learned


def test_the_second_game_types_less_than_the_first():
    first, typed_first, catalogue = played(SCRIPT, {})
    second, typed_second, _ = played(SCRIPT, catalogue)
    assert catalogue["3"]["scoring"] == {"set": {"support": 5}, "points": 8}
    assert catalogue["minor-3"] == {"costs": [["navy", "cavalry"]]}
    assert second["areas"][1]["campaigns"] == first["areas"][1]["campaigns"]
    outlaws = [[(o["number"], o["icons"]) for o in a["outlaws"]] for a in second["areas"]]
    assert outlaws == [[(o["number"], o["icons"]) for o in a["outlaws"]] for a in first["areas"]]
    # the counts written in companion/games/outlaws108/rules.md, "Entries"
    assert (len(SCRIPT), typed_first, typed_second) == (20, 48, 33)
