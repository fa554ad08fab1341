"""Hired killers, their duels, and the undertaker (rulebook "Sneak Attacks": Hired Killers;
"Counters and Bonus Cards": Undertaker).

There are three Hired Killer cards. The table numbers each one the first time it is played
(``hire_killer``, typing in the bonus and bounty printed on it); afterwards the same card is
played by number (``play_hired_killer``) and remembers the bonuses of everyone it shot,
whoever holds it. A killer shot down, or caught in a tie, is gone for good.
"""

from __future__ import annotations

from companion.games.lawless.ranch import CHARACTER_BONUS, shooting_targets, with_character
from companion.games.lawless.table import (
    COPIES,
    COST,
    add_news,
    pay_from_bank,
    ranch_named,
    take_card,
    with_hand,
    with_ranch,
)
from companion.rules.base import replace

BURIAL_FEE = 2
KILLERS = COPIES["hired_killer"]


def killer_numbers(state: dict) -> tuple[list[str], list[str]]:
    """(numbers of killers still alive that have been played before, numbers never played)."""
    known = [n for n, k in state["killers"].items() if k["alive"]]
    fresh = [str(n) for n in range(1, KILLERS + 1) if str(n) not in state["killers"]]
    return known, fresh


def hire_killer(state: dict, action: dict) -> dict:
    """First play of a killer card: the table numbers it and types in its bonus and bounty."""
    _, fresh = killer_numbers(state)
    number = fresh[0]
    killers = dict(state["killers"])
    killers[number] = {
        "bonus": action["bonus"],
        "bounty": action["bounty"],
        "shot": [],
        "alive": True,
    }
    state = _aim(replace(state, killers=killers), number, action["target"])
    return state


def play_hired_killer(state: dict, action: dict) -> dict:
    return _aim(state, action["killer"], action["target"])


def _aim(state: dict, number: str, target_name: str) -> dict:
    defender = ranch_named(state, target_name)
    targets = shooting_targets(state["ranches"][defender])
    state = take_card(state, "hired_killer", COST["hired_killer"])
    step = {
        "kind": "duel",
        "killer": number,
        "attacker": state["current"],
        "defender": defender,
        "target": targets[0],
        "attack": None,
    }
    if len(targets) > 1:
        # Equal bonuses (a veteran and the undertaker, both +3): the attacker aims.
        return replace(state, step={**step, "kind": "aim", "choices": targets})
    return replace(state, step=step)


def aim_killer(state: dict, action: dict) -> dict:
    step = state["step"]
    return replace(
        state,
        step={
            **{k: v for k, v in step.items() if k != "choices"},
            "kind": "duel",
            "target": action["character"],
        },
    )


def duel_attack(state: dict, action: dict) -> dict:
    step = state["step"]
    bonus = state["killers"][step["killer"]]["bonus"]
    return replace(state, step={**step, "attack": action["dice"][0] + bonus})


def duel_defend(state: dict, action: dict) -> dict:
    """Higher total wins; the killer's win pays its bounty, its loss pays the defender the
    bounty plus the bonuses of everyone that killer shot before; a tie kills both, pays none."""
    step = state["step"]
    attack = step["attack"]
    defense = action["dice"][0] + CHARACTER_BONUS[step["target"]]
    state = replace(state, step=None)
    if attack > defense:
        return _killer_wins(state, step, attack, defense)
    if attack < defense:
        return _killer_loses(state, step, attack, defense)
    state = _shoot(state, step)
    state = _retire(state, step["killer"])
    state = add_news(
        state,
        "lawless.news.duel_tie",
        killer=step["killer"],
        total=attack,
        victim=state["ranches"][step["defender"]]["name"],
        character=step["target"],
    )
    return bury(state, 1)


def _killer_wins(state: dict, step: dict, attack: int, defense: int) -> dict:
    number = step["killer"]
    killer = state["killers"][number]
    killers = dict(state["killers"])
    killers[number] = replace(killer, shot=killer["shot"] + [CHARACTER_BONUS[step["target"]]])
    state = _shoot(replace(state, killers=killers), step)
    attacker = state["ranches"][step["attacker"]]
    attacker = replace(attacker, trophies=attacker["trophies"] + 1)
    state = with_ranch(state, step["attacker"], attacker)
    state = with_hand(state, attacker["player"], +1)
    state, paid = pay_from_bank(state, step["attacker"], killer["bounty"])
    state = add_news(
        state,
        "lawless.news.killer_won",
        killer=number,
        attack=attack,
        defense=defense,
        victim=state["ranches"][step["defender"]]["name"],
        character=step["target"],
        ranch=attacker["name"],
        coins=paid,
    )
    return bury(state, 1)


def _killer_loses(state: dict, step: dict, attack: int, defense: int) -> dict:
    number = step["killer"]
    killer = state["killers"][number]
    reward = killer["bounty"] + sum(killer["shot"])
    state = _retire(state, number)
    state, paid = pay_from_bank(state, step["defender"], reward)
    return add_news(
        state,
        "lawless.news.killer_lost",
        killer=number,
        attack=attack,
        defense=defense,
        ranch=state["ranches"][step["defender"]]["name"],
        character=step["target"],
        coins=paid,
    )


def _shoot(state: dict, step: dict) -> dict:
    defender = state["ranches"][step["defender"]]
    return with_ranch(state, step["defender"], with_character(defender, step["target"], -1))


def _retire(state: dict, number: str) -> dict:
    killers = dict(state["killers"])
    killers[number] = replace(killers[number], alive=False)
    return replace(state, killers=killers)


def bury(state: dict, count: int) -> dict:
    """The bank pays the undertaker 2 coins per character eliminated (cowboy, sheriff, mayor
    or undertaker; a shot-down killer is not a character). A dead undertaker is not paid."""
    for index, ranch in enumerate(state["ranches"]):
        if ranch["characters"]["undertaker"]:
            state, paid = pay_from_bank(state, index, BURIAL_FEE * count)
            return add_news(state, "lawless.news.burial", ranch=ranch["name"], coins=paid)
    return state
