"""Putting Lawless cards into play (rulebook "3. Carry Out Actions of Choice", "Card Effects").

Each handler takes the state and an action already matched against ``legal`` and returns the
new state, or raises ``RuleError`` before anything changes. Dice-driven cards (Hold-up,
Trapper) leave a ``step`` the die reader answers; the Hired Killer lives in
``duel.py``.
"""

from __future__ import annotations

from companion.games.lawless.duel import bury
from companion.games.lawless.ranch import (
    CHARACTER_BONUS,
    LEVELS,
    can_house,
    capacity,
    herd_place,
    new_herd,
    new_terrain,
    terrain_at,
    terrain_index,
    with_character,
    with_herd,
    with_terrain,
    without_herd,
    without_terrain,
)
from companion.games.lawless.table import (
    COST,
    FACE_DOWN_COST,
    POINT_PRICE,
    add_news,
    current,
    hand,
    next_id,
    opponents,
    owner,
    pay_from_bank,
    ranch_named,
    spend_points,
    take_card,
    take_from,
    with_hand,
    with_ranch,
)
from companion.rules import ledger
from companion.rules.base import Handler, RuleError, replace, require

HOLD_UP_BONUS = 3
TRAPPER_BONUS = 3


def find_terrain(state: dict, terrain_id: str, among: list[int]) -> tuple[int, int]:
    """(ranch index, terrain index) of a terrain on one of the ranches ``among``."""
    for index in among:
        t_index = terrain_index(state["ranches"][index], terrain_id)
        if t_index is not None:
            return index, t_index
    raise AssertionError(terrain_id)


def check_room(ranch: dict, t_index: int) -> None:
    """A herd may only go where the housing capacity allows ("no room" otherwise)."""
    terrain = ranch["terrains"][t_index]
    require(not terrain["raided"], "lawless.terrain_raided", terrain=terrain["id"])
    require(not terrain["mine"], "lawless.terrain_has_mine", terrain=terrain["id"])
    if len(terrain["herds"]) >= capacity(terrain):
        require(
            not any(can_house(t) for t in ranch["terrains"]),
            "lawless.terrain_full",
            terrain=terrain["id"],
            capacity=capacity(terrain),
        )
        raise RuleError("lawless.no_room_for_herd", ranch=ranch["name"])


def check_sheriff(state: dict, index: int, card: str) -> None:
    ranch = state["ranches"][index]
    require(
        ranch["characters"]["sheriff"] == 0,
        "lawless.sheriff_protects",
        ranch=ranch["name"],
        card=card,
    )


# -- drawing and buying -------------------------------------------------------------------


def draw_row(state: dict, action: dict) -> dict:
    position = action["position"]
    state = spend_points(state, position)
    row = list(state["row"])
    row[position - 1] = False
    return with_hand(replace(state, row=row), owner(state), +1)


def draw_pile(state: dict, action: dict) -> dict:
    state = spend_points(state, FACE_DOWN_COST)
    return with_hand(replace(state, pile=state["pile"] - 1), owner(state), +1)


def buy_points(state: dict, action: dict) -> dict:
    count = action["count"]
    money = ledger.transfer(state["ledger"], state["current"], ledger.BANK, POINT_PRICE * count)
    return replace(
        state, ledger=money, points=state["points"] + count, bought=state["bought"] + count
    )


# -- terrain, livestock, cowboys ----------------------------------------------------------


def place_terrain(state: dict, action: dict) -> dict:
    state = take_card(state, "terrain_" + action["quality"], 1)
    state, terrain_id = next_id(state, "T")
    ranch = current(state)
    terrain = new_terrain(terrain_id, action["quality"])
    ranch = replace(ranch, terrains=ranch["terrains"] + [terrain])
    return with_ranch(state, state["current"], ranch)


def place_herd(state: dict, action: dict) -> dict:
    ranch = current(state)
    t_index = terrain_at(ranch, action["terrain"])
    check_room(ranch, t_index)
    state = take_card(state, "herd_" + action["quality"], 1)
    state, herd_id = next_id(state, "H")
    ranch = with_herd(current(state), t_index, new_herd(herd_id, action["quality"]))
    return with_ranch(state, state["current"], ranch)


def place_cowboy(state: dict, action: dict) -> dict:
    state = take_card(state, "cowboy_" + action["level"], 1)
    return with_ranch(state, state["current"], with_character(current(state), action["level"], 1))


# -- red cards: sneak attacks --------------------------------------------------------------


def play_raid(state: dict, action: dict) -> dict:
    index, t_index = find_terrain(state, action["terrain"], opponents(state, state["current"]))
    terrain = state["ranches"][index]["terrains"][t_index]
    state = take_card(state, "raid", COST["raid"])
    ranch = with_terrain(state["ranches"][index], t_index, replace(terrain, raided=True))
    return with_ranch(state, index, ranch)


def play_stampede(state: dict, action: dict) -> dict:
    index = ranch_named(state, action["target"])
    state = take_card(state, "stampede", COST["stampede"])
    return with_ranch(state, index, replace(state["ranches"][index], stampede=True))


def play_rails(state: dict, action: dict) -> dict:
    index, t_index = find_terrain(state, action["terrain"], opponents(state, state["current"]))
    state = take_card(state, "rails", COST["rails"])
    return with_ranch(state, index, without_terrain(state["ranches"][index], t_index))


def play_hold_up(state: dict, action: dict) -> dict:
    target = action["target"]
    if target != ledger.BANK:
        target = ranch_named(state, target)
        check_sheriff(state, target, "hold_up")
    state = take_card(state, "hold_up", COST["hold_up"])
    return replace(state, step={"kind": "hold_up", "target": target})


def hold_up_roll(state: dict, action: dict) -> dict:
    """The die + 3, from the bank or the chosen opponent; whoever has less gives all."""
    target = state["step"]["target"]
    amount = action["dice"][0] + HOLD_UP_BONUS
    state, paid = take_from(state, target, state["current"], amount)
    name = target if target == ledger.BANK else state["ranches"][target]["name"]
    state = add_news(
        state,
        "lawless.news.hold_up",
        ranch=current(state)["name"],
        target=name,
        asked=amount,
        coins=paid,
    )
    return replace(state, step=None)


def play_saloon(state: dict, action: dict) -> dict:
    """Each opponent loses one cowboy, drawn at random by the companion, to the player."""
    lured = [
        i
        for i in opponents(state, state["current"])
        if any(state["ranches"][i]["characters"][lvl] for lvl in LEVELS)
    ]
    require(bool(lured), "lawless.no_cowboys_to_lure")
    drawn = action.get("drawn") or {}
    for index in lured:
        level = (drawn.get(f"ranch{index}") or [None])[0]
        require(
            level in LEVELS and state["ranches"][index]["characters"][level] > 0,
            "lawless.draw_missing",
            name=f"ranch{index}",
        )
    state = take_card(state, "saloon", COST["saloon"])
    for index in lured:
        level = drawn[f"ranch{index}"][0]
        state = with_ranch(state, index, with_character(state["ranches"][index], level, -1))
        state = with_ranch(state, state["current"], with_character(current(state), level, 1))
        state = add_news(
            state,
            "lawless.news.saloon",
            ranch=current(state)["name"],
            victim=state["ranches"][index]["name"],
            level=level,
        )
    return state


def saloon_draws(state: dict) -> dict:
    """What :func:`play_saloon` needs drawn: one cowboy card from each opponent."""
    out = {}
    for index in opponents(state, state["current"]):
        characters = state["ranches"][index]["characters"]
        population = [lvl for lvl in LEVELS for _ in range(characters[lvl])]
        if population:
            out[f"ranch{index}"] = {"population": population, "count": 1}
    return out


def play_rustling(state: dict, action: dict) -> dict:
    """Move an opponent's herd to one of your terrains with room; it keeps its angle."""
    victim = next(
        i
        for i in opponents(state, state["current"])
        if herd_place(state["ranches"][i], action["herd"]) is not None
    )
    check_sheriff(state, victim, "rustling")
    t_index = terrain_at(current(state), action["terrain"])
    check_room(current(state), t_index)
    state = take_card(state, "rustling", COST["rustling"])
    ranch, herd = without_herd(state["ranches"][victim], action["herd"])
    state = with_ranch(state, victim, ranch)
    return with_ranch(state, state["current"], with_herd(current(state), t_index, herd))


def play_cheat(state: dict, action: dict) -> dict:
    """A card moves from the victim's hand to the player's. The hand is the player's, so
    with 2 players a Sheriff on either of the victim's ranches protects it."""
    victim = ranch_named(state, action["victim"])
    player = state["ranches"][victim]["player"]
    for index, ranch in enumerate(state["ranches"]):
        if ranch["player"] == player:
            check_sheriff(state, index, "cheat")
    require(hand(state, victim) > 0, "lawless.victim_hand_empty", ranch=action["victim"])
    state = take_card(state, "cheat", COST["cheat"])
    state = with_hand(state, state["ranches"][victim]["player"], -1)
    return with_hand(state, owner(state), +1)


def play_lynching(state: dict, action: dict) -> dict:
    """Costs 2 + the target's bonus; the character is removed from the game."""
    index = ranch_named(state, action["target"])
    kind = action["character"]
    require(
        state["ranches"][index]["characters"][kind] > 0,
        "lawless.no_such_character",
        ranch=action["target"],
        character=kind,
    )
    state = take_card(state, "lynching", COST["lynching"] + CHARACTER_BONUS[kind])
    state = with_ranch(state, index, with_character(state["ranches"][index], kind, -1))
    return bury(state, 1)


# -- green cards: counters and bonuses -----------------------------------------------------


def play_cavalry(state: dict, action: dict) -> dict:
    ranch = current(state)
    t_index = terrain_at(ranch, action["terrain"])
    state = take_card(state, "cavalry", COST["cavalry"])
    terrain = replace(ranch["terrains"][t_index], raided=False)
    return with_ranch(state, state["current"], with_terrain(current(state), t_index, terrain))


def play_king_of_rodeo(state: dict, action: dict) -> dict:
    state = take_card(state, "king_of_rodeo", COST["king_of_rodeo"])
    return with_ranch(state, state["current"], replace(current(state), stampede=False))


def play_gold_mine(state: dict, action: dict) -> dict:
    """Only on a terrain with no herds; that terrain then houses none."""
    ranch = current(state)
    t_index = terrain_at(ranch, action["terrain"])
    terrain = ranch["terrains"][t_index]
    require(not terrain["mine"], "lawless.already_a_mine", terrain=terrain["id"])
    require(not terrain["herds"], "lawless.mine_needs_empty_terrain", terrain=terrain["id"])
    state = take_card(state, "gold_mine", COST["gold_mine"])
    return with_ranch(
        state, state["current"], with_terrain(current(state), t_index, replace(terrain, mine=True))
    )


def play_fence(state: dict, action: dict) -> dict:
    state = take_card(state, "fence", COST["fence"])
    return with_ranch(
        state, state["current"], replace(current(state), fences=current(state)["fences"] + 1)
    )


def play_character(kind: str) -> Handler:
    """Sheriff, Mayor and Undertaker: one card each, stays until eliminated."""

    def handler(state: dict, action: dict) -> dict:
        state = take_card(state, kind, COST[kind])
        return with_ranch(state, state["current"], with_character(current(state), kind, 1))

    handler.__name__ = f"play_{kind}"
    return handler


def play_girls(state: dict, action: dict) -> dict:
    """The first 2 cowboys of the pile go to the hand (``found``: fewer if the pile has fewer)."""
    found = action["found"]
    state = take_card(state, "girls", COST["girls"])
    state = with_hand(state, owner(state), found)
    return replace(state, pile=state["pile"] - found)


def play_trapper(state: dict, action: dict) -> dict:
    state = take_card(state, "trapper", COST["trapper"])
    return replace(state, step={"kind": "trapper"})


def trapper_roll(state: dict, action: dict) -> dict:
    amount = action["dice"][0] + TRAPPER_BONUS
    state, paid = pay_from_bank(state, state["current"], amount)
    state = add_news(state, "lawless.news.trapper", ranch=current(state)["name"], coins=paid)
    return replace(state, step=None)
