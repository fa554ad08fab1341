"""Shootouts and robberies ("Shootout", "Weapons", "Robbery").

A Shootout decides the order at a Location. The bandits who face it declare the guns they
use (before the first shot), every throw is typed in as a ``shot`` (one Bullet token, or a
free shot: the Colt unless a two-handed gun is used, guns' free bullets, Lucky Shot), and at
the end the order is by fewest Wounds, then highest Experience total, then a die roll.
Those who ran away come after the shooters (or, with the ``runaway_misses`` option, miss the
Location altogether).

The robbery calculator: die + the chosen equipment's symbol values must be *greater* than
the target (8, or the Victim's number; ``equal_is_enough`` makes equal do). After a failed
roll Courage tokens add +1 each; a final failure discards one of the used cards, a success
discards them all.
"""

from __future__ import annotations

from companion.games.nowheresville import gang, money
from companion.games.nowheresville.board import (
    LOCATION_TARGET,
    SYMBOL,
    alive,
    bandit,
    owner,
    put_bandit,
    tell,
)
from companion.games.nowheresville.places import finish_turn, settle
from companion.games.nowheresville.round import card_params
from companion.rules.base import (
    choice_param,
    dice_param,
    int_param,
    multi_param,
    require,
    secret_template,
    template,
)

NOTE_SMALL, NOTE_BIG = money.NOTE_VALUES


# -- Shootout --------------------------------------------------------------------------


def facing_alive(state: dict) -> list[str]:
    return [n for n in state["shootout"]["facing"] if alive(state, n)]


def in_use(state: dict, name: str) -> list[dict]:
    return gang.cards_by_id(bandit(state, name), state["shootout"]["arms"].get(name, []))


def legal_shootout(state: dict, seat: int | None) -> list[dict]:
    """Each owner states their guns (phone or tablet); the throws are typed in at the
    tablet, where everyone watches the rubber bands fly."""
    fight = state["shootout"]
    if fight["standing"] is not None:
        roller = tied_roller(fight)
        if seat == owner(state, roller):
            return [template("tie_roll", seat, dice=dice_param(["d6"]))]
        return []
    facing = facing_alive(state)
    if fight.get("deadly") is not None:
        # a shot that kills waits for the table's word before anything moves ($300)
        return (
            [template("confirm_death", None), template("cancel_shot", None)] if seat is None else []
        )
    if seat is not None:
        return [] if fight["shots"] else _arming(state, seat, facing)
    out = []
    if len(facing) > 1:
        out.append(
            template(
                "shot",
                None,
                shooter=choice_param(facing),
                target=choice_param(facing),
                wounds=int_param(0, 2),
            )
        )
    return out + [template("end_shootout", None)]


def _arming(state: dict, seat: int, facing: list[str]) -> list[dict]:
    """Before the first shot, each of ``seat``'s fighters with guns states which he uses."""
    out = []
    for name in facing:
        held = [c["id"] for c in gang.guns(bandit(state, name))]
        if held and owner(state, name) == seat:
            out.append(
                template(
                    "arm",
                    seat,
                    bandit=choice_param([name]),
                    guns=multi_param(held, 0, min(2, len(held))),
                )
            )
    return out


def shootout(state: dict, action: dict) -> dict:
    """Someone called for a Shootout: the ``facing`` bandits fight, the others ran away."""
    res = state["resolution"]
    facing = [n for n in res["unordered"] if n in action["facing"]]
    runaways = [n for n in res["unordered"] if n not in facing]
    state = tell(state, "shootout", place=res["place"], facing=facing, runaways=runaways)
    if len(facing) == 1:
        return _placed(state, facing, runaways)
    fight = {
        "place": res["place"],
        "facing": facing,
        "runaways": runaways,
        "arms": {},
        "shots": 0,
        "free_used": {},
        "standing": None,
        "rolls": {},
    }
    return {**state, "shootout": fight}


def _placed(state: dict, ranking: list[str], runaways: list[str]) -> dict:
    """The shooters take the best places; runaways come after them, to be ordered again."""
    if state["options"]["runaway_misses"]:
        runaways = []
    res = state["resolution"]
    res = {
        **res,
        "order": res["order"] + ranking,
        "unordered": [n for n in runaways if alive(state, n)],
    }
    return settle({**state, "resolution": res, "shootout": None})


def arm(state: dict, action: dict) -> dict:
    """The guns a bandit will use, stated before the Shootout ("Weapons")."""
    require(state["shootout"]["shots"] == 0, "nowheresville.shooting_started")
    name = action["bandit"]
    gang.check_arms(gang.cards_by_id(bandit(state, name), action["guns"]))
    fight = state["shootout"]
    return {**state, "shootout": {**fight, "arms": {**fight["arms"], name: action["guns"]}}}


def shot(state: dict, action: dict) -> dict:
    """One throw: a free shot if any is left, else one Bullet token; hits become Wounds.

    A shot that would kill is held until the table confirms it (``confirm_death``) or calls
    it mistyped (``cancel_shot``): a death may move the $300 toll, and a toll paid or not
    tells everyone whether the owner has more than $1,000, so one mistyped shot must not be
    able to disclose a balance [The Death of a Bandit]."""
    shooter, target = action["shooter"], action["target"]
    require(shooter != target, "nowheresville.same_bandit")
    one = bandit(state, shooter)
    victim = bandit(state, target)
    deadly = victim["wounds"] + action["wounds"] >= victim["card"]["hits"]
    if action["wounds"] and deadly and state["options"]["confirm_deaths"]:
        used = state["shootout"]["free_used"].get(shooter, 0)
        require(
            used < gang.free_shots(one, in_use(state, shooter)) or one["bullets"] > 0,
            "nowheresville.no_bullets",
            bandit=shooter,
        )
        deadly = {"shooter": shooter, "target": target, "wounds": action["wounds"]}
        return {**state, "shootout": {**state["shootout"], "deadly": deadly}}
    return _fire(state, shooter, target, action["wounds"])


def confirm_death(state: dict, action: dict) -> dict:
    """The table saw it: the held shot is fired, and the bandit dies."""
    deadly = state["shootout"]["deadly"]
    state = {**state, "shootout": {**state["shootout"], "deadly": None}}
    return _fire(state, deadly["shooter"], deadly["target"], deadly["wounds"])


def cancel_shot(state: dict, action: dict) -> dict:
    """A mistyped shot: nothing happened (no bullet spent, no wound); type it again."""
    return {**state, "shootout": {**state["shootout"], "deadly": None}}


def _fire(state: dict, shooter: str, target: str, wounds: int) -> dict:
    fight = state["shootout"]
    one = bandit(state, shooter)
    used = fight["free_used"].get(shooter, 0)
    if used < gang.free_shots(one, in_use(state, shooter)):
        fight = {**fight, "free_used": {**fight["free_used"], shooter: used + 1}}
    else:
        require(one["bullets"] > 0, "nowheresville.no_bullets", bandit=shooter)
        state = put_bandit(state, {**one, "bullets": one["bullets"] - 1})
    state = {**state, "shootout": {**fight, "shots": fight["shots"] + 1}}
    return gang.wound(state, target, wounds, shooter)


def end_shootout(state: dict) -> dict:
    """Order by fewest Wounds, then Experience total; still tied: a die roll each."""

    def key(name: str) -> tuple[int, int]:
        return (
            bandit(state, name)["wounds"],
            -gang.experience_total(bandit(state, name), in_use(state, name)),
        )

    standing: list[list[str]] = []
    for name in sorted(facing_alive(state), key=key):
        if standing and key(standing[-1][0]) == key(name):
            standing[-1] = standing[-1] + [name]
        else:
            standing.append([name])
    fight = {**state["shootout"], "standing": standing, "rolls": {}}
    return _settle_ties({**state, "shootout": fight})


def tied_roller(fight: dict) -> str:
    """The next bandit of a tie to throw, while the shootout's ties are being broken."""
    roller = next_roller(fight)
    assert roller is not None, "no tie left to break"
    return roller


def next_roller(fight: dict) -> str | None:
    for group in fight["standing"]:
        if len(group) > 1:
            return next(n for n in group if n not in fight["rolls"])
    return None


def tie_roll(state: dict, action: dict) -> dict:
    fight = state["shootout"]
    name = next_roller(fight)
    rolls = {**fight["rolls"], name: action["dice"][0]}
    standing = []
    for group in fight["standing"]:
        if len(group) > 1 and all(n in rolls for n in group):
            faces = sorted({rolls[n] for n in group}, reverse=True)
            standing += [[n for n in group if rolls[n] == face] for face in faces]
            rolls = {n: f for n, f in rolls.items() if n not in group}
        else:
            standing.append(group)
    return _settle_ties({**state, "shootout": {**fight, "standing": standing, "rolls": rolls}})


def _settle_ties(state: dict) -> dict:
    fight = state["shootout"]
    if next_roller(fight) is not None:
        return state
    ranking = [group[0] for group in fight["standing"]]
    state = tell(state, "shootout_over", place=fight["place"], ranking=ranking)
    return _placed(state, ranking, fight["runaways"])


# -- Robbery ---------------------------------------------------------------------------


def legal_robbery(state: dict, seat: int | None) -> list[dict]:
    robbery = state["robbery"]
    one = bandit(state, robbery["bandit"])
    if seat != one["seat"]:
        return []
    if robbery["roll"] is None:
        return [template("robbery_roll", seat, dice=dice_param(["d6"]))]
    return [
        template("courage", seat, count=int_param(1, one["courage"])),
        template("give_up", seat),
    ]


def rob(state: dict, action: dict) -> dict:
    """Choose the robbery equipment to use (any, or none); the die is rolled next."""
    name, place = action["bandit"], state["resolution"]["place"]
    if "victim_number" in action:  # the Victim card's first robbery: typed in now
        state = {
            **state,
            "victim": {
                "target": action["victim_number"],
                "payout": action["payout"],
                "robbed": False,
            },
        }
    symbol = SYMBOL[place]
    target = state["victim"]["target"] if place == "town" else LOCATION_TARGET
    chosen = list(action.get("gear", []))  # no param at all when he holds no robbery card
    used = gang.cards_by_id(bandit(state, name), chosen)
    robbery = {
        "bandit": name,
        "place": place,
        "symbol": symbol,
        "target": target,
        "gear": chosen,
        "bonus": sum(c[symbol] for c in used),
        "roll": None,
        "courage": 0,
    }
    return {**state, "robbery": robbery}


def total(robbery: dict) -> int:
    return robbery["roll"] + robbery["bonus"] + robbery["courage"]


def succeeded(state: dict, robbery: dict) -> bool:
    if state["options"]["equal_is_enough"]:
        return total(robbery) >= robbery["target"]
    return total(robbery) > robbery["target"]


def robbery_roll(state: dict, action: dict) -> dict:
    return _judge({**state, "robbery": {**state["robbery"], "roll": action["dice"][0]}})


def courage(state: dict, action: dict) -> dict:
    """Courage tokens after a failed roll: +1 each, and the companion recomputes."""
    robbery = state["robbery"]
    one = bandit(state, robbery["bandit"])
    state = put_bandit(state, {**one, "courage": one["courage"] - action["count"]})
    robbery = {**robbery, "courage": robbery["courage"] + action["count"]}
    return _judge({**state, "robbery": robbery})


def _judge(state: dict) -> dict:
    robbery = state["robbery"]
    if succeeded(state, robbery):
        return _success(state)
    if bandit(state, robbery["bandit"])["courage"] > 0:
        return state
    return give_up(state)


def _told(state: dict, success: bool) -> dict:
    r = state["robbery"]
    return tell(
        state,
        "robbery",
        bandit=r["bandit"],
        place=r["place"],
        roll=r["roll"],
        bonus=r["bonus"],
        courage=r["courage"],
        total=total(r),
        target=r["target"],
        success=success,
    )


def give_up(state: dict, action: dict | None = None) -> dict:
    """A final failure: one of the used cards must be discarded (none used: nothing)."""
    state = _told(state, False)
    robbery = state["robbery"]
    if robbery["gear"]:
        pending = {"kind": "discard", "bandit": robbery["bandit"], "cards": robbery["gear"]}
        return {**state, "robbery": None, "pending": pending}
    return finish_turn(state)


def _success(state: dict) -> dict:
    state = _told(state, True)
    robbery = state["robbery"]
    name, place = robbery["bandit"], robbery["place"]
    state = put_bandit(state, gang.drop(bandit(state, name), robbery["gear"]))
    state = {**state, "robbery": None}
    if place == "town":
        state = money.gain(state, name, state["victim"]["payout"])
        return finish_turn({**state, "victim": {**state["victim"], "robbed": True}})
    if place == "prison":
        return {**state, "pending": {"kind": "free", "bandit": name}}
    state, notes, known = money.empty_pot(state, place)
    state = tell(state, "pot_taken", bandit=name, pot=place, notes=notes)
    if known is None:
        return {**state, "pending": {"kind": "count", "bandit": name, "pot": place, "notes": notes}}
    return finish_turn(_take(state, name, place, known))


def _take(state: dict, name: str, pot: str, amount: int) -> dict:
    state = money.record_taking(state, owner(state, name), pot, amount)
    return money.gain(state, name, amount)


def legal_after_robbery(state: dict, seat: int | None) -> list[dict]:
    """Pending steps after a robbery: discard a card, count the notes, free a bandit."""
    pending = state["pending"]
    if seat != owner(state, pending["bandit"]):
        return []
    who = {"bandit": choice_param([pending["bandit"]])}
    if pending["kind"] == "discard":
        return [template("discard_gear", seat, card=choice_param(pending["cards"]), **who)]
    if pending["kind"] == "count":
        return [secret_template("count_pot", seat, big_notes=int_param(0, pending["notes"]), **who)]
    return [template("free_bandit", seat, **card_params())]


def discard_gear(state: dict, action: dict) -> dict:
    name = action["bandit"]
    state = put_bandit(state, gang.drop(bandit(state, name), [action["card"]]))
    return finish_turn(tell(state, "discarded", bandit=name, card=action["card"]))


def count_pot(state: dict, action: dict) -> dict:
    """Physical notes: the robber says on their own phone how many of the notes are $200
    (the rest are $100), so every sum typed is one the notes can make."""
    pending = state["pending"]
    amount = NOTE_SMALL * pending["notes"] + (NOTE_BIG - NOTE_SMALL) * action["big_notes"]
    return finish_turn(_take(state, pending["bandit"], pending["pot"], amount))


def free_bandit(state: dict, action: dict) -> dict:
    """Prison: the freed bandit joins the gang as an accomplice."""
    seat = action["seat"]
    state, name = gang.enlist(state, seat, action["name"].strip(), gang.card_from(action))
    return finish_turn(tell(state, "freed", bandit=name, player=seat))
