"""Each game declares which parameters hold a seat (``SEAT_PARAMS``) and which actions end a
turn (``END_TURN``) in its package, and what it declares is what its rules really do
(docs/adding-a-game.md).

Seats are found by what they can hold: every game is walked at random with its fewest
players, one more, and five (and through its recorded whole games), and every whole number
a page may show is collected by its parameter's name — from the legal actions' choices and
labels, the log lines for every viewer, the prompt, every viewer's view and the standings.
A name whose numbers never left the seat numbers of their game holds a seat, unless the
short list below says it counts something that merely stayed small in these walks.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest

from companion.known_games import registry
from companion.play import log_notes, refusals
from tests.support.play import seeded_walk, setup

RECORDED = Path(__file__).resolve().parents[1] / "recorded"
SEEDS = range(5)

# Numbers that stay within the seat numbers in these walks but count something.
NOT_SEATS = {
    "lawless": {"losses"},  # cowboys a ranch lost in a duel
    "nowheresville": {"coach"},  # notes to put on the Coach at maintenance
    "outlaws108": {"heaven"},  # Heaven cards in hand
    "root_doves": {"used"},  # tokens already used this turn
}


@dataclass
class Seen:
    """What the walks of one game showed, by parameter name."""

    numbers: set[str] = field(default_factory=set)  # names that held a whole number
    not_a_seat: dict[str, int] = field(default_factory=dict)  # a number no seat has
    ends_offered: set[str] = field(default_factory=set)  # types legal with nothing to fill

    def note(self, name: str, value, players: int) -> None:
        if isinstance(value, int) and not isinstance(value, bool):
            self.numbers.add(name)
            if not 0 <= value < players:
                self.not_a_seat.setdefault(name, value)


def lines(found) -> list[dict]:
    """Every line (``{"key", "params"}``) inside ``found``, however deep."""
    out = []
    if isinstance(found, dict):
        if isinstance(found.get("key"), str) and isinstance(found.get("params"), dict):
            out.append(found)
        for value in found.values():
            out += lines(value)
    elif isinstance(found, list):
        for value in found:
            out += lines(value)
    return out


def observe(game, seen: Seen, action: dict | None, after: dict, players: int) -> None:
    viewers = [None, *range(players)]
    shown = [game.prompt(after), *(game.view(after, seat) for seat in viewers)]
    if action is not None:
        shown += [game.describe(action, seat) for seat in viewers]
    if game.final(after) and hasattr(game, "standings"):
        shown.append(game.standings(after))
    for seat in viewers:
        for template in game.legal(after, seat):
            if not template["params"]:
                seen.ends_offered.add(template["type"])
            shown.append(template)
            for name, spec in template["params"].items():
                for option in spec.get("options", []):
                    seen.note(name, option, players)
    for line in lines(shown):
        for name, value in line["params"].items():
            seen.note(name, value, players)


@cache
def walked(name: str) -> Seen:
    game, seen = registry.game(name), Seen()
    for path in sorted(RECORDED.glob(f"{name}-*.json")):
        recording = json.loads(path.read_text(encoding="utf-8"))
        if recording["rules_version"] != game.RULES_VERSION:
            continue  # an older recording holds actions of older rules
        players = len(recording["players"])
        state = game.setup(list(recording["players"]), dict(recording["options"]))
        for action in recording["actions"]:
            after = game.apply(state, action)
            observe(game, seen, log_notes.noted(game, state, after, action), after, players)
            state = after
    fewest = game.PLAYERS.start
    for players in sorted(
        {fewest, min(fewest + 1, game.PLAYERS.stop - 1), min(5, game.PLAYERS.stop - 1)}
    ):
        for seed in SEEDS:
            state = setup(game, [f"P{i}" for i in range(players)])
            observe(game, seen, None, state, players)
            for before, action, after in seeded_walk(game, state, players, seed):
                # the action as the table journals it, with what the game notes of it
                observe(game, seen, log_notes.noted(game, before, after, action), after, players)
    return seen


GAMES = registry.names()  # the folders' games and the test game, tally


@pytest.mark.parametrize("name", GAMES)
def test_every_parameter_that_holds_only_seats_is_declared(name):
    seen, declared = walked(name), set(registry.seat_params(name))
    seats = seen.numbers - set(seen.not_a_seat)
    missing = sorted(seats - declared - NOT_SEATS.get(name, set()))
    assert not missing, (
        f"{name}: {missing} held only seat numbers: add them to SEAT_PARAMS in "
        f"companion/games/{name}/__init__.py (or, if they count something, to NOT_SEATS here)"
    )
    stale = sorted(NOT_SEATS.get(name, set()) - seats)
    assert not stale, f"{name}: NOT_SEATS names {stale}, which the walks no longer show small"


@pytest.mark.parametrize("name", GAMES)
def test_every_declared_seat_parameter_is_used_and_holds_seats_only(name):
    seen, declared = walked(name), registry.seat_params(name)
    unused = sorted(set(declared) - seen.numbers)
    assert not unused, f"{name}: {unused} declared in SEAT_PARAMS but never used"
    wrong = {p: seen.not_a_seat[p] for p in declared if p in seen.not_a_seat}
    assert not wrong, f"{name}: declared seats that held a number no seat has: {wrong}"


@pytest.mark.parametrize("name", GAMES)
def test_every_declared_turn_end_is_offered_with_nothing_to_fill_in(name):
    never = sorted(set(registry.end_turn(name)) - walked(name).ends_offered)
    assert not never, f"{name}: END_TURN names {never}, never legal with nothing to fill in"


@pytest.mark.parametrize(
    "game,params,said",
    [
        # « premier jet {first} »: a die face, not the second player
        ("lawless", {"ranch": "Ann", "terrain": "T4", "first": 1}, {"first": 1}),
        ("abilene", {"player": 1, "cost": 1}, {"player": "Bruno", "cost": 1}),
        ("nowheresville", {"player": 0, "coach": 1}, {"player": "Ann", "coach": 1}),
        ("root_doves", {"seat": 1, "by": "Ann"}, {"seat": "Bruno", "by": "Ann"}),
    ],
)
def test_a_refusals_waiting_line_names_only_the_declared_seats(game, params, said):
    named = refusals.named(params, ["Ann", "Bruno"], registry.seat_params(game))
    assert named == {**params, **said}
