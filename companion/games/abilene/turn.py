"""Abilene, steps 1 to 4 of a turn and the turn's end (« Déroulement du jeu »).

The player whose turn it is throws the five dice, then in order: 1. pays the jail fees (and,
with more than 3 cowboys in jail, may free any at $1,500 each); 2. moves cattle (the two
light dice: the distance); 3. moves cowboys (the three dark dice), stealing cattle by
landing on them; 4. fights duels; 5. sells at Abilene (``sale.py``).

The board stays on the table: the companion only counts what the rules make it count (money,
jail, cattle on each ranch) and shows the dice. Steps only move forward: recording a duel
ends the cowboy moves, declaring a sale ends the duels.
"""

from __future__ import annotations

from companion.games.abilene import money
from companion.rules import turns
from companion.rules.base import replace_at, require

STEPS = ("throw", "jail", "moves", "duels", "sale")
THROW = ["cattle", "cattle", "cowboy", "cowboy", "cowboy"]
DUEL_THROW = ["cowboy", "cowboy"]
PLACES = ("challenger_ranch", "opponent_ranch", "elsewhere")


def step_at_most(state: dict, last: str) -> bool:
    return STEPS.index(state["step"]) <= STEPS.index(last)


def advance(state: dict, step: str) -> dict:
    """Move the turn forward to ``step`` (never back)."""
    if STEPS.index(step) > STEPS.index(state["step"]):
        return {**state, "step": step}
    return state


# -- 1. jail ------------------------------------------------------------------------------
def jail_fee(schedule: list[int], jailed: int) -> int:
    """The fee for ``jailed`` cowboys: the schedule's first ``jailed`` entries
    ($300 + $200 + $100 by default); cowboys past the schedule cost nothing more."""
    return sum(schedule[:jailed])


def may_free(state: dict, seat: int) -> bool:
    options = state["options"]
    return state["jail"][seat] > options["free_when_more_than"]


def throw(state: dict, seat: int, dice: list[int]) -> dict:
    """The five dice are thrown; the jail fee falls due at once."""
    thrown = {"cattle": dice[:2], "cowboy": dice[2:], "distance": dice[0] + dice[1]}
    state = {**state, "dice": thrown}
    jailed = state["jail"][seat]
    if jailed:
        fee = jail_fee(state["options"]["jail_fees"], jailed)
        state = money.owe(state, seat, money.BANK, fee, "jail_fee")
    step = "jail" if may_free(state, seat) else "moves"
    return {**state, "step": step}


def free_cowboys(state: dict, seat: int, count: int) -> dict:
    cost = count * state["options"]["free_cost"]
    state = money.pay(state, seat, money.BANK, cost, "bail")
    state = {**state, "jail": replace_at(state["jail"], seat, state["jail"][seat] - count)}
    return state if may_free(state, seat) else {**state, "step": "moves"}


# -- 3. cowboy moves: a cow stolen ----------------------------------------------------------
def steal(state: dict, seat: int, ranch: int) -> dict:
    """A cowboy stops on a cow of another ranch: it is brought into the rustler's ranch."""
    require(state["cattle"][ranch] > 0, "abilene.no_cattle_on_ranch", ranch=ranch)
    cattle = list(state["cattle"])
    cattle[ranch] -= 1
    cattle[seat] += 1
    return advance({**state, "cattle": cattle, "stops": state["stops"] + 1}, "moves")


def stops_left(state: dict) -> int | None:
    """Cowboy stops left this turn (a steal or a duel started), None without a limit."""
    limit = state["options"]["cowboy_stops"]
    return None if limit == 0 else max(limit - state["stops"], 0)


# -- 4. duels -----------------------------------------------------------------------------
def free_cowboys_of(state: dict, seat: int) -> int:
    if state["bankrupt"][seat]:
        return 0
    return state["options"]["cowboys"] - state["jail"][seat]


def start_duel(state: dict, seat: int, opponent: int, place: str) -> dict:
    require(free_cowboys_of(state, seat) > 0, "abilene.no_cowboy_free", player=seat)
    require(free_cowboys_of(state, opponent) > 0, "abilene.no_cowboy_free", player=opponent)
    duel = {"challenger": seat, "opponent": opponent, "place": place, "rolls": []}
    return advance({**state, "duel": duel, "stops": state["stops"] + 1}, "duels")


def roll_duel(state: dict, dice: list[int]) -> dict:
    """One cowboy die each, the challenger's first; a tie is thrown again."""
    duel = state["duel"]
    duel = {**duel, "rolls": duel["rolls"] + [list(dice)]}
    if dice[0] == dice[1]:
        return {**state, "duel": duel}
    winner, loser = (
        (duel["challenger"], duel["opponent"])
        if dice[0] > dice[1]
        else (duel["opponent"], duel["challenger"])
    )
    fate = loser_fate(duel, loser)
    jail = state["jail"]
    if fate == "jail":
        jail = replace_at(jail, loser, jail[loser] + 1)
    done = {**duel, "winner": winner, "loser": loser, "fate": fate, "turn": state["turn"]}
    return {**state, "duel": None, "last_duel": done, "jail": jail}


def loser_fate(duel: dict, loser: int) -> str:
    """« Le destin du perdant dépend de l'endroit »: beaten on his own ranch a cowboy goes
    back to it; beaten anywhere else he was trespassing, and goes to jail."""
    own = "challenger_ranch" if loser == duel["challenger"] else "opponent_ranch"
    return "back" if duel["place"] == own else "jail"


# -- the end of a turn, and of the game ---------------------------------------------------
def players_in_game(state: dict) -> list[int]:
    return [s for s, out in enumerate(state["bankrupt"]) if not out]


def end_turn(state: dict) -> dict:
    purses = list(state["money"]["purses"])
    history = state["history"] + [[state["turn"], purses]]
    return next_player({**state, "history": history})


def next_player(state: dict) -> dict:
    skip = {s for s, out in enumerate(state["bankrupt"]) if out}
    seat = turns.next_seat(state["active"], len(state["players"]), skip)
    return {
        **state,
        "active": seat,
        "turn": state["turn"] + 1,
        "step": "throw",
        "dice": None,
        "duel": None,
        "sale": None,
        "stops": 0,
    }


def set_cattle(state: dict, ranch: int, count: int) -> dict:
    return {**state, "cattle": replace_at(state["cattle"], ranch, count)}


def set_jail(state: dict, seat: int, count: int) -> dict:
    return {**state, "jail": replace_at(state["jail"], seat, count)}


def game_over(state: dict) -> bool:
    """« La partie est terminée lorsqu'un joueur n'a plus de bétail dans son Ranch »
    (a bankrupt player's ranch is unoccupied and does not count), or one player is left."""
    playing = players_in_game(state)
    return len(playing) < 2 or any(state["cattle"][s] == 0 for s in playing)
