"""108 Outlaws: what a player does on a turn (rulebook, "Flow of a Turn").

A turn is one action — Draw cards (2 draw points: an Earth card costs 1, a Heaven card 2) or
Play 1 card — and, before or after it, at most one Campaign as a free action. Card effects
and Minor Campaign bonus actions (draw points, revive, play another card) become available
once a card was played or a Minor Campaign embarked on this turn; costs (exhaust, discard) may be
paid at any time of one's own turn. These functions assume ``apply`` has matched the action
against ``legal``; they check what a template cannot say.
"""

from __future__ import annotations

from typing import Any

from companion.games.outlaws108 import cards, catalogue, solo
from companion.rules.base import replace, replace_at, require

#: The end of the game is triggered when a player has this many outlaws (not campaigns).
END_AT = 12
DRAW_POINTS = 2
CARD_COST = {"earth": 1, "heaven": 2}
#: The Draw cards action's choices with 2 draw points: (Earth cards, Heaven cards).
DRAW_CHOICES = {"earth_2": (2, 0), "earth_1": (1, 0), "heaven_1": (0, 1)}


def hand_size(area: dict) -> int:
    return area["hand"]["earth"] + area["hand"]["heaven"]


def room_in_hand(state: dict, seat: int) -> int | None:
    """Cards the seat may still draw (solo hand limit), or None when there is no limit."""
    limit = state["hand_limit"]
    return None if limit is None else limit - hand_size(state["areas"][seat])


def with_area(state: dict, seat: int, **changes: Any) -> dict:
    area = replace(state["areas"][seat], **changes)
    return replace(state, areas=replace_at(state["areas"], seat, area))


def with_turn(state: dict, **changes: Any) -> dict:
    return replace(state, turn=replace(state["turn"], **changes))


def take_cards(state: dict, seat: int, earth: int, heaven: int, points: int) -> dict:
    """Draw ``earth`` and ``heaven`` cards with ``points`` draw points."""
    cost = earth * CARD_COST["earth"] + heaven * CARD_COST["heaven"]
    require(earth + heaven > 0, "outlaws108.no_card_drawn")
    require(cost <= points, "outlaws108.draw_points", points=points, cost=cost)
    room = room_in_hand(state, seat)
    if room is not None:
        require(
            earth + heaven <= room,
            "outlaws108.hand_limit",
            limit=state["hand_limit"],
            hand=hand_size(state["areas"][seat]),
        )
    hand = state["areas"][seat]["hand"]
    return with_area(
        state, seat, hand={"earth": hand["earth"] + earth, "heaven": hand["heaven"] + heaven}
    )


def draw(state: dict, action: dict) -> dict:
    earth, heaven = DRAW_CHOICES[action["cards"]]
    state = take_cards(state, action["seat"], earth, heaven, DRAW_POINTS)
    return with_turn(state, action="draw")


def effect_draw(state: dict, action: dict) -> dict:
    return take_cards(state, action["seat"], action["earth"], action["heaven"], action["points"])


def play(state: dict, action: dict) -> dict:
    """Play 1 card (``play_earth``, ``play_heaven``): the turn's action; or another card by
    an effect (``effect_play_earth``, ``effect_play_heaven``)."""
    seat, realm = action["seat"], action["type"].rsplit("_", 1)[1]
    area = state["areas"][seat]
    require(area["hand"][realm] > 0, "outlaws108.no_card_in_hand")
    number = action["number"]
    if number:
        for other, other_area in enumerate(state["areas"]):
            require(
                all(o["number"] != number for o in other_area["outlaws"]),
                "outlaws108.card_in_play",
                number=number,
                seat=other,
            )
    icons = action["heaven_icons"] if realm == "heaven" else action["icons"]
    icons, action = catalogue.with_known(realm, icons, action)
    outlaw = cards.new_outlaw(len(area["outlaws"]) + 1, realm, icons, action)
    catalogue.require_icons(outlaw, action)
    outlaw = {**outlaw, "scoring": (catalogue.known(action) or {}).get("scoring")}
    # A Heaven card is paid for by exhausting an outlaw with its cost icon.
    require(realm != "heaven" or action.get("exhaust"), "outlaws108.heaven_needs_cost")
    outlaws = cards.exhaust(area["outlaws"], action.get("exhaust", []), True) + [outlaw]
    hand = {**area["hand"], realm: area["hand"][realm] - 1}
    state = with_area(state, seat, outlaws=outlaws, hand=hand)
    return state if action["type"].startswith("effect_") else with_turn(state, action="play")


def campaign(state: dict, action: dict) -> dict:
    """Embark on a Campaign: exhaust its icons, take the card and its points."""
    seat = action["seat"]
    area = state["areas"][seat]
    if state["campaign_row"] is not None:
        card = next(c for c in state["campaign_row"] if c["slot"] == action["slot"])
        taken = {
            "tier": card["tier"],
            "points": card["points"],
            "cost": card["cost"],
            "slot": card["slot"],
        }
        state = replace(
            state, campaign_row=solo.set_status(state["campaign_row"], [card["slot"]], "taken")
        )
    else:
        taken = {
            "tier": action["tier"],
            "points": action["points"],
            "cost": catalogue.campaign_cost(area["outlaws"], action),
            "slot": None,
        }
        left = state["campaigns_left"]
        state = replace(state, campaigns_left={**left, action["tier"]: left[action["tier"]] - 1})
    if taken["cost"]:
        cards.check_exhausted_pay(
            area["outlaws"], action["exhaust"], taken["cost"], action["waived"]
        )
    else:
        require(bool(action["exhaust"]), "outlaws108.campaign_needs_exhaust")
    state = with_area(
        state,
        seat,
        campaigns=area["campaigns"] + [taken],
        outlaws=cards.exhaust(area["outlaws"], action["exhaust"], True),
    )
    return with_turn(state, campaigned=taken["tier"])


def turn_outlaws(state: dict, action: dict, exhausted: bool) -> dict:
    """Exhaust (a cost) or revive (an effect) the outlaws named in ``action``."""
    seat = action["seat"]
    outlaws = cards.exhaust(state["areas"][seat]["outlaws"], action["outlaws"], exhausted)
    return with_area(state, seat, outlaws=outlaws)


def discard(state: dict, action: dict) -> dict:
    """Discard a card from hand to pay a cost."""
    seat, realm = action["seat"], action["realm"]
    hand = state["areas"][seat]["hand"]
    require(hand[realm] > 0, "outlaws108.no_card_in_hand")
    return with_area(state, seat, hand={**hand, realm: hand[realm] - 1})


def turn_templates_open(state: dict, seat: int) -> dict:
    """What the seat's turn allows now, for ``legal``: the facts templates are built from."""
    area = state["areas"][seat]
    turn = state["turn"]
    room = room_in_hand(state, seat)
    return {
        "acted": turn["action"] is not None,
        # Minor Campaigns give a bonus action; Major ones only points [Free Action].
        "effects": turn["action"] == "play" or turn["campaigned"] == "minor",
        "room": room,
        # With the solo hand limit only the draws that fit are offered.
        "draw_options": [
            name
            for name, (earth, heaven) in DRAW_CHOICES.items()
            if room is None or earth + heaven <= room
        ],
        "realms": [r for r in cards.REALMS if area["hand"][r] > 0],
        "active": [o["slot"] for o in area["outlaws"] if not o["exhausted"]],
        "exhausted": [o["slot"] for o in area["outlaws"] if o["exhausted"]],
    }
