"""What several test files share: ``act``, ``cost``, ``describe_solo_row``, ``do``,
``draw_turn``, ``earth``, ``new_game``."""

from __future__ import annotations

from companion.games.outlaws108 import cards, game
from tests.support.play import play, setup


def _plainest(spec: dict):
    if spec["kind"] == "int":
        return spec["min"]
    if spec["kind"] == "choice":
        return spec["options"][0]
    return []


def cost(*icons: str) -> dict:
    """A campaign cost as the per-icon counts the form sends: ``cost("navy", "navy")``."""
    return {cards.cost_param(icon): icons.count(icon) for icon in cards.COST_ICONS}


def act(state: dict, kind: str, seat: int | None, **given) -> dict:
    """The action the seat's form for ``kind`` sends; ``cost=[...]`` fills the per-icon
    cost counts."""
    if "cost" in given:
        given.update(cost(*given.pop("cost")))
    templates = [t for t in game.legal(state, seat) if t["type"] == kind]
    assert templates, f"{kind} is not legal for seat {seat} in phase {state['phase']}"
    action = {"type": kind, "seat": seat}
    for name, spec in templates[0]["params"].items():
        action[name] = given.pop(name) if name in given else _plainest(spec)
    assert not given, f"no such parameters: {sorted(given)}"
    return action


def do(state: dict, kind: str, seat: int | None, **given) -> dict:
    return play(game, state, act(state, kind, seat, **given))


def new_game(players: int, **options) -> dict:
    return setup(game, [f"P{i}" for i in range(players)], **options)


def earth(state: dict, icon: str = "infantry", **given) -> dict:
    """The current player plays an Earth card showing ``icon`` and ends the turn."""
    seat = state["current"]
    state = do(state, "play_earth", seat, icons=[icon], **given)
    return do(state, "end_turn", seat)


def draw_turn(state: dict, cards_taken: str = "earth_2") -> dict:
    seat = state["current"]
    state = do(state, "draw", seat, cards=cards_taken)
    return do(state, "end_turn", seat)


def describe_solo_row(state: dict, costs: dict) -> dict:
    """Solo setup: describe the nine campaigns; ``costs`` maps slot -> cost icons."""
    for slot in [c["slot"] for c in state["campaign_row"] if c["cost"] is None]:
        state = do(
            state,
            "describe_campaign",
            0,
            slot=slot,
            points=slot,
            cost=costs.get(slot, ["leadership"]),
        )
    return state
