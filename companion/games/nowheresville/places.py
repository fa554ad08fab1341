"""Location Resolution: bottom to top, the order at each Location, and each place's rewards.

"Location Resolution" and "Locations". ``state["resolution"]`` is::

    {"place", "index" (in the resolution order), "order": [names who receive, best first],
     "unordered": [names still to be ordered], "position": index into order}

Where several bandits meet, the table records the agreed order one place at a time
(``agree_order``: who comes next) or starts a Shootout (``fights``). Then each bandit in order
takes the reward of their
position, or nothing once the place's rewards run out. After the Prison the round ends with
the secret goal check.
"""

from __future__ import annotations

from companion.games.nowheresville import gang, money
from companion.games.nowheresville.board import (
    PRICE,
    REWARDS,
    TOWN_PAY,
    alive,
    bandit,
    current_bandit,
    places_in_play,
    put_bandit,
    resolving,
    tell,
)
from companion.rules.base import (
    choice_param,
    int_param,
    multi_param,
    require,
    secret_template,
    template,
)


def begin_resolution(state: dict) -> dict:
    return enter_place({**state, "phase": "resolution", "fallen": []}, 0)


def arrivals(state: dict, place: str) -> list[str]:
    return [
        name for name, where in state["placements"].items() if where == place and alive(state, name)
    ]


def enter_place(state: dict, index: int) -> dict:
    """The next Location (from ``index``) that any living bandit was sent to."""
    order = places_in_play(state)
    while index < len(order):
        here = arrivals(state, order[index])
        if here:
            res = {
                "place": order[index],
                "index": index,
                "order": [],
                "unordered": here,
                "position": 0,
            }
            return settle({**state, "resolution": res})
        index += 1
    return end_round(state)


def settle(state: dict) -> dict:
    """Go on once the order needs no more agreement: a lone bandit goes last by himself,
    and nobody needs ordering once every reward of the place has someone."""
    res = state["resolution"]
    if len(res["order"]) >= REWARDS[res["place"]]:
        res = {**res, "unordered": []}
    if len(res["unordered"]) >= 2:
        return {**state, "resolution": res}
    res = {**res, "order": res["order"] + res["unordered"], "unordered": []}
    return serve({**state, "resolution": res})


def serve(state: dict) -> dict:
    """Stop at the next bandit in order who still has something coming at this place."""
    res = state["resolution"]
    position = res["position"]
    while position < len(res["order"]):
        if alive(state, res["order"][position]) and position < REWARDS[res["place"]]:
            return open_turn({**state, "resolution": {**res, "position": position}})
        position += 1
    return enter_place(state, res["index"] + 1)


def open_turn(state: dict) -> dict:
    """The Saloon's rewards are compulsory: they open as pending steps at once."""
    res = state["resolution"]
    if res["place"] != "saloon":
        return state
    name = resolving(state)
    if res["position"] == 0:
        return {**state, "pending": card_step(name, "saloon", then="fortune")}
    return {**state, "pending": {"kind": "fortune", "bandit": name}}


def card_step(name: str, source: str, then: str | None = None) -> dict:
    """A card has come face-up to ``name`` (drawn, stolen or bought): it is typed in next."""
    return {"kind": "card", "bandit": name, "source": source, "then": then}


def finish_turn(state: dict) -> dict:
    res = state["resolution"]
    state = {
        **state,
        "pending": None,
        "robbery": None,
        "resolution": {**res, "position": res["position"] + 1},
    }
    return serve(state)


def end_round(state: dict) -> dict:
    """End of the round: the companion checks in secret who reached the goal and announces
    only the winner (several over it: most money; an exact tie plays another round)."""
    state = money.chart_point(
        {
            **state,
            "resolution": None,
            "pending": None,
            "robbery": None,
            "shootout": None,
            "placements": {},
            "fallen": [],
        }
    )
    found = money.winner(state)
    if found is None:
        return tell({**state, "phase": "maintenance"}, "round_over")
    return tell({**state, "phase": "over", "winner": found}, "winner", player=found)


# -- legal at a position ----------------------------------------------------------------


def legal_ordering(state: dict, seat: int | None) -> list[dict]:
    if seat is not None:
        return []
    unordered = state["resolution"]["unordered"]
    # One place at a time: who comes next; the last one (or everyone past the last reward)
    # needs no agreement.
    return [
        template("agree_order", None, first=choice_param(unordered)),
        template("shootout", None, facing=multi_param(unordered, 1)),
    ]


def legal_position(state: dict, seat: int | None) -> list[dict]:
    """The current bandit's owner chooses what to take (the tablet may act for them)."""
    name = current_bandit(state)
    if name is None or seat is None or seat != bandit(state, name)["seat"]:
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
            out.append(rob_template(state, seat, name))
    if place == "shop":
        out.append(secret_template("buy", seat, **who))
    if place == "black_market":
        out.append(secret_template("black_market", seat, **who))
    out.append(template("decline", seat, **who))
    return out


def rob_template(state: dict, seat: int, name: str) -> dict:
    """Which robbery cards to use; in Town the Victim card is typed in at its first robbery
    (its target number and payout), so nobody types a Victim that is never robbed."""
    params = {"bandit": choice_param([name])}
    usable = [c["id"] for c in gang.gear(bandit(state, name))]
    if usable:
        params["gear"] = multi_param(usable)
    if state["resolution"]["place"] == "town" and state["victim"] is None:
        params.update(victim_number=int_param(2, 20), payout=int_param(100, 5000, 100))
    return template("rob", seat, **params)


# -- handlers --------------------------------------------------------------------------


def agree_order(state: dict, action: dict) -> dict:
    """The bandits agreed who comes ``first`` of those still unordered."""
    res = state["resolution"]
    rest = [n for n in res["unordered"] if n != action["first"]]
    res = {**res, "order": res["order"] + [action["first"]], "unordered": rest}
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
    return {**state, "pending": card_step(action["bandit"], "town")}


def buy(state: dict, action: dict) -> dict:
    """Shop: pay $100 and take one of the cards offered (typed in next). Secret, so that a
    refusal for want of money reaches only the buyer's phone."""
    name = action["bandit"]
    state = money.pay(state, action["seat"], PRICE["shop"])
    return tell({**state, "pending": card_step(name, "shop")}, "buy", bandit=name)


def black_market(state: dict, action: dict) -> dict:
    """Black Market: pay $200 and keep one card face-down (secret until revealed)."""
    name = action["bandit"]
    state = money.pay(state, action["seat"], PRICE["black_market"])
    one = bandit(state, name)
    state = put_bandit(state, {**one, "face_down": one["face_down"] + 1})
    return finish_turn(tell(state, "black_market", bandit=name))


def decline(state: dict, action: dict) -> dict:
    return finish_turn(tell(state, "decline", bandit=action["bandit"]))
