"""Location Resolution: bottom to top, the order at each Location, and each place's rewards.

"Location Resolution" and "Locations". ``state["resolution"]`` is::

    {"place", "index" (in the resolution order), "order": [names who receive, best first],
     "unordered": [names still to be ordered], "position": index into order}

Where several bandits meet, the table records the agreed order (``agree_order``) or starts a
Shootout (``nowheresville_fights``). Then each bandit in order takes the reward of their
position, or nothing once the place's rewards run out. After the Prison the round ends with
the secret goal check.
"""

from __future__ import annotations

from companion.rules import nowheresville_gang as gang
from companion.rules import nowheresville_money as money
from companion.rules.base import choice_param, multi_param, require, template
from companion.rules.nowheresville_board import (PRICE, REWARDS, TOWN_PAY, alive, bandit,
                                                  current_bandit, places_in_play, put_bandit,
                                                  tell)


def begin_resolution(state: dict) -> dict:
    return enter_place({**state, "phase": "resolution", "fallen": []}, 0)


def arrivals(state: dict, place: str) -> list[str]:
    return [name for name, where in state["placements"].items()
            if where == place and alive(state, name)]


def enter_place(state: dict, index: int) -> dict:
    """The next Location (from ``index``) that any living bandit was sent to."""
    order = places_in_play(state)
    while index < len(order):
        here = arrivals(state, order[index])
        if here:
            res = {"place": order[index], "index": index, "order": [], "unordered": here,
                   "position": 0}
            return settle({**state, "resolution": res})
        index += 1
    return end_round(state)


def settle(state: dict) -> dict:
    """Go on once the order needs no more agreement: a lone bandit goes last by himself,
    and nobody needs ordering once every reward of the place has someone."""
    res = state["resolution"]
    if len(res["order"]) >= rewards_left(state, res["place"]):
        res = {**res, "unordered": []}
    if len(res["unordered"]) >= 2:
        return {**state, "resolution": res}
    res = {**res, "order": res["order"] + res["unordered"], "unordered": []}
    return serve({**state, "resolution": res})


def rewards_left(state: dict, place: str) -> int:
    """How many places in the order receive something (the Shop: no more than its cards)."""
    if place == "shop":
        return min(REWARDS[place], len(state["shop"]))
    return REWARDS[place]


def has_reward(state: dict, place: str, position: int) -> bool:
    return position < REWARDS[place] and (place != "shop" or bool(state["shop"]))


def serve(state: dict) -> dict:
    """Stop at the next bandit in order who still has something coming at this place."""
    res = state["resolution"]
    position = res["position"]
    while position < len(res["order"]):
        if alive(state, res["order"][position]) and has_reward(state, res["place"],
                                                               position):
            return open_turn({**state, "resolution": {**res, "position": position}})
        position += 1
    return enter_place(state, res["index"] + 1)


def open_turn(state: dict) -> dict:
    """The Saloon's rewards are compulsory: they open as pending steps at once."""
    res = state["resolution"]
    if res["place"] != "saloon":
        return state
    name = current_bandit(state)
    if res["position"] == 0:
        return {**state, "pending": {"kind": "card", "bandit": name, "then": "fortune"}}
    return {**state, "pending": {"kind": "fortune", "bandit": name}}


def finish_turn(state: dict) -> dict:
    res = state["resolution"]
    state = {**state, "pending": None, "robbery": None,
             "resolution": {**res, "position": res["position"] + 1}}
    return serve(state)


def end_round(state: dict) -> dict:
    """End of the round: the companion checks in secret who reached the goal and announces
    only the winner (several over it: most money; an exact tie plays another round)."""
    state = money.chart_point({**state, "resolution": None, "pending": None,
                               "robbery": None, "shootout": None, "placements": {},
                               "fallen": []})
    found = money.winner(state)
    if found is None:
        return tell({**state, "phase": "maintenance"}, "round_over")
    return tell({**state, "phase": "over", "winner": found}, "winner", player=found)


# -- legal at a position ----------------------------------------------------------------

def legal_ordering(state: dict, seat: int | None) -> list[dict]:
    if seat is not None:
        return []
    res = state["resolution"]
    unordered = res["unordered"]
    # Only as many as still receive something need a place in the agreed order.
    needed = max(1, min(len(unordered), rewards_left(state, res["place"]) - len(res["order"])))
    return [template("agree_order", None, order=multi_param(unordered, needed)),
            template("shootout", None, facing=multi_param(unordered, 1))]


def legal_position(state: dict, seat: int | None) -> list[dict]:
    """The current bandit's owner chooses what to take (the tablet may act for them)."""
    name = current_bandit(state)
    if name is None or seat != bandit(state, name)["seat"]:
        return []
    res = state["resolution"]
    place, position = res["place"], res["position"]
    who = {"bandit": choice_param([name])}
    out = []
    if place == "school":
        lessons = multi_param(list(gang.ATTRIBUTES), 0, 2 if position == 0 else 1)
        out.append(template("train", seat, attributes=lessons, **who))
    if place == "town":
        out.append(template("work", seat, **who))
        if position == 0:
            out.append(template("steal", seat, **who))
    if place in ("town", "bank", "coach", "prison") and position == 0:
        if place != "prison" or len(state["gangs"][seat]) < gang.GANG_LIMIT:
            usable = [c["id"] for c in gang.gear(bandit(state, name))]
            out.append(template("rob", seat, gear=multi_param(usable), **who))
    if place == "shop":
        cards = [c["id"] for c in state["shop"]]
        out.append(template("buy", seat, secret=True, card=choice_param(cards), **who))
    if place == "black_market":
        out.append(template("black_market", seat, secret=True, **who))
    out.append(template("decline", seat, **who))
    return out


# -- handlers --------------------------------------------------------------------------

def agree_order(state: dict, action: dict) -> dict:
    res = state["resolution"]
    rest = [n for n in res["unordered"] if n not in action["order"]]
    res = {**res, "order": res["order"] + list(action["order"]), "unordered": rest}
    return settle({**state, "resolution": res})


def train(state: dict, action: dict) -> dict:
    """Bandit School: two different Attributes for the first, one for the second, never
    past the cap (6 Bullets, 3 Experience tokens, 3 Courage tokens)."""
    name = action["bandit"]
    one = bandit(state, name)
    for attribute in action["attributes"]:
        require(not gang.at_cap(one, attribute), "nowheresville.at_cap", attribute=attribute)
        one = gang.add_tokens(one, attribute, gang.LESSONS[attribute])
    state = put_bandit(state, one)
    return finish_turn(tell(state, "school", bandit=name, learned=list(action["attributes"])))


def work(state: dict, action: dict) -> dict:
    """Town: legal work earns $200 for the first; the second earns $100 at a ranch."""
    name = action["bandit"]
    pay = TOWN_PAY[state["resolution"]["position"]]
    state = tell(state, "work", bandit=name, amount=pay)
    return finish_turn(money.gain(state, name, pay))


def steal(state: dict, action: dict) -> dict:
    """Town: the top Equipment card, face-up (typed in next)."""
    name = action["bandit"]
    return {**state, "pending": {"kind": "card", "bandit": name, "then": None}}


def buy(state: dict, action: dict) -> dict:
    """Shop: pay $100 and take one of the cards offered."""
    name = action["bandit"]
    card = next(c for c in state["shop"] if c["id"] == action["card"])
    state = money.pay(state, action["seat"], PRICE["shop"])
    state = {**state, "shop": [c for c in state["shop"] if c["id"] != card["id"]]}
    state = put_bandit(state, gang.equip(bandit(state, name), card))
    return finish_turn(tell(state, "buy", bandit=name, card=card["id"]))


def black_market(state: dict, action: dict) -> dict:
    """Black Market: pay $200 and keep one card face-down (secret until revealed)."""
    name = action["bandit"]
    state = money.pay(state, action["seat"], PRICE["black_market"])
    one = bandit(state, name)
    state = put_bandit(state, {**one, "face_down": one["face_down"] + 1})
    return finish_turn(tell(state, "black_market", bandit=name))


def decline(state: dict, action: dict) -> dict:
    return finish_turn(tell(state, "decline", bandit=action["bandit"]))
