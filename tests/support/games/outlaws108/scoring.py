"""What several test files share: ``band_of_outlaws``, ``scoring_game``."""

from __future__ import annotations

from tests.support.bounded import steps
from tests.support.games.outlaws108.kit import do, draw_turn, earth, new_game


def band_of_outlaws(state: dict, count: int, icon: str = "infantry") -> dict:
    """The current player plays Earth cards (one by action, the rest by effects) until
    ``count`` outlaws are in play, drawing by effect when the hand runs dry; turn not ended."""
    seat = state["current"]
    state = do(state, "play_earth", seat, icons=[icon])
    for _ in steps(4 * count, f"{count} outlaws in play"):
        if len(state["areas"][seat]["outlaws"]) >= count:
            break
        if state["areas"][seat]["hand"]["earth"] == 0:
            state = do(state, "effect_draw", seat, points=6, earth=6)
        state = do(state, "effect_play_earth", seat, icons=[icon])
    return state


def scoring_game():
    """Three players; seat 0 ends the game with 12 outlaws; seat 1 holds a Heaven card and a
    campaign; an outlaw of seat 1 is exhausted when the game ends."""
    state = earth(new_game(3), "support")
    state = do(state, "play_earth", 1, icons=["leadership"])
    state = do(state, "end_turn", 1)
    state = draw_turn(state)
    state = do(band_of_outlaws(state, 12), "end_turn", 0)
    state = do(state, "play_heaven", 1, heaven_icons=["support", "scout"], exhaust=[1])
    state = do(state, "campaign", 1, tier="major", points=9, cost=["scout"], exhaust=[2])
    state = do(state, "end_turn", 1)
    return draw_turn(state)
