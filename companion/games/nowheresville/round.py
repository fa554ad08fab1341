"""The frame of a round: setting up, Maintenance, secret planning and the reveal.

"Game Setup", "1. Maintenance Phase" and "2. Player Turns / Location Assignment". Planning
is a sealed round (``companion/rules/sealed.py``): each player assigns their bandits on
their own phone, the table sees only who has chosen, all plans are revealed together when
the last one is in, and the tablet may go on without a seat only by a logged
``reveal_without``.
"""

from __future__ import annotations

from companion.games.nowheresville import gang, money
from companion.games.nowheresville.board import HIDEOUT, places_in_play, tell
from companion.games.nowheresville.places import begin_resolution
from companion.rules import sealed
from companion.rules.base import choice_param, int_param, require, template, text_param

HEAL_CARD = 3  # a Heal Fortune card heals 3 Wounds


def bandits_at_start(players: int) -> int:
    """Two players start with two bandits each ("Recommendations for 2 or 3 Players")."""
    return 2 if players == 2 else 1


def card_params() -> dict:
    return {
        "name": text_param(24),
        "experience": int_param(0, 9),
        "courage": int_param(0, gang.CAPS["courage"]),
        "bullets": int_param(0, gang.CAPS["bullets"]),
        "hits": int_param(1, 9),
    }


def equipment_templates(seat: int | None) -> list[dict]:
    """Typing in an Equipment card: robbery gear (hat / safe / envelope) or a gun."""
    return [
        template("gear", seat, hat=int_param(0, 6), safe=int_param(0, 6), envelope=int_param(0, 6)),
        template(
            "gun",
            seat,
            experience=int_param(0, 6),
            free=int_param(0, 3),
            bullets=int_param(0, 6),
            hands=choice_param([1, 2]),
        ),
    ]


def ready_to_start(state: dict) -> bool:
    needed = bandits_at_start(len(state["players"]))
    return all(len(g) >= needed for g in state["gangs"])


def legal_setup(state: dict, seat: int | None) -> list[dict]:
    """Only the Bandit cards are typed in before round 1: the Shop's cards are typed when a
    bandit takes one, the Victim when a bandit first robs it."""
    if seat is not None:
        if len(state["gangs"][seat]) < bandits_at_start(len(state["players"])):
            return [template("enlist", seat, **card_params())]
        return []
    return [template("start", None)] if ready_to_start(state) else []


def legal_maintenance(state: dict, seat: int | None) -> list[dict]:
    if seat is None:
        return [template("maintenance", None)]
    return []


def legal_planning(state: dict, seat: int | None) -> list[dict]:
    plan = state["planning"]
    if seat is None:
        waiting = sealed.waiting(plan)
        return [template("reveal_without", None, absent_seat=choice_param(waiting))]
    if not sealed.may_submit(plan, seat):  # a plan may be changed until the reveal
        return []
    choices = places_in_play(state) + [HIDEOUT]
    params = {slot: choice_param(choices) for slot in gang.slots(state, seat)}
    if state["heal_cards"][seat]:
        params["heal"] = choice_param(["none"] + list(gang.slots(state, seat)))
    return [sealed.submission(plan, "plan", seat, **params)]


# -- handlers --------------------------------------------------------------------------


def enlist(state: dict, action: dict) -> dict:
    state, name = gang.enlist(state, action["seat"], action["name"].strip(), gang.card_from(action))
    return tell(state, "enlist", bandit=name, player=action["seat"])


def start(state: dict, action: dict) -> dict:
    """One face-down note on the Bank and on the Coach, then round 1 begins."""
    state = money.deal(state, {"bank": 1, "coach": 1}, action.get("drawn"))
    return open_planning({**state, "round": 1})


def new_victim_due(state: dict) -> bool:
    """Maintenance deals a new Victim after a robbery (or always, with ``fresh_market``)."""
    victim = state["victim"]
    return state["options"]["fresh_market"] or bool(victim and victim["robbed"])


def maintenance(state: dict, action: dict) -> dict:
    """Notes on the pots (two on a pot robbed last round); the table refills the Shop and
    deals a new Victim if needed (the prompt says what), then planning opens."""
    state = money.deal(state, money.notes_due(state), action.get("drawn"))
    if new_victim_due(state):
        state = {**state, "victim": None}
    state = {
        **state,
        "round": state["round"] + 1,
        "robbed": {pot: False for pot in state["robbed"]},
    }
    return open_planning(state)


def open_planning(state: dict) -> dict:
    seats = list(range(len(state["players"])))
    return {
        **state,
        "phase": "planning",
        "planning": sealed.open_round("plan", seats, state["round"]),
        "placements": {},
    }


def plan(state: dict, action: dict) -> dict:
    """One player's Decision cards, face down: never two bandits to one place."""
    seat = action["seat"]
    chosen = {slot: action[slot] for slot in gang.slots(state, seat)}
    require(len(set(chosen.values())) == len(chosen), "nowheresville.same_place")
    chosen["heal"] = action.get("heal", "none")
    return reveal_if_complete({**state, "planning": sealed.submit(state["planning"], seat, chosen)})


def reveal_without(state: dict, action: dict) -> dict:
    """The tablet's visible way past a plan that never comes: that gang stays home."""
    skipped = sealed.skip(state["planning"], action["absent_seat"])
    return reveal_if_complete({**state, "planning": skipped})


def reveal_if_complete(state: dict) -> dict:
    """All Decision cards are turned over together; the Hideout and Heal cards act now."""
    if not sealed.complete(state["planning"]):
        return state
    placements, heal_cards = {}, []
    for seat in sealed.submitted(state["planning"]):
        chosen = sealed.choice(state["planning"], seat)
        named = gang.slots(state, seat)
        for slot, name in named.items():
            placements[name] = chosen[slot]
        if chosen["heal"] != "none":
            heal_cards.append((seat, named[chosen["heal"]]))
    state = {**state, "placements": placements, "planning": None}
    for seat, name in heal_cards:
        state = gang.heal(state, name, HEAL_CARD)
        spent = list(state["heal_cards"])
        spent[seat] -= 1
        state = tell({**state, "heal_cards": spent}, "heal_card", bandit=name, player=seat)
    for name, place in placements.items():
        if place == HIDEOUT:
            state = tell(gang.heal(state, name, None), "hideout", bandit=name)
    return begin_resolution(state)
