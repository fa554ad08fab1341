"""Equipment and Fortune cards: typing them in, revealing, handing guns, the Sheriff.

The companion does not know the decks; a card is typed in when it comes to a bandit: the
top card drawn at the Saloon or stolen in Town, the card bought at the Shop, a Black Market
card when its owner reveals it ("Weapons", "Shop", "Black Market", "Fortune Cards"). Cards
lying in the Shop row nobody buys are never typed.
A Fortune Money card's amount and a Corruptible Sheriff's bribe are typed in on the
drawer's own phone (secret templates): the log tells the others only which kind of card it
was.
"""

from __future__ import annotations

from companion.games.nowheresville import gang, money
from companion.games.nowheresville.board import bandit, owner, put_bandit, tell
from companion.games.nowheresville.places import finish_turn
from companion.games.nowheresville.round import equipment_templates
from companion.rules.base import choice_param, int_param, require, secret_template, template

FORTUNE_MAX = 5000
NOTE = money.NOTE_VALUES[0]


def card_from(state: dict, action: dict) -> dict:
    """``gear`` / ``reveal_gear`` give robbery gear; ``gun`` / ``reveal_gun`` a gun."""
    card = {"id": state["next_card"], "kind": "gear" if action["type"].endswith("gear") else "gun"}
    fields = (
        ("hat", "safe", "envelope")
        if card["kind"] == "gear"
        else ("experience", "free", "bullets", "hands")
    )
    card.update({field: action[field] for field in fields})
    return card


def with_new_card(state: dict, action: dict) -> tuple[dict, dict]:
    card = card_from(state, action)
    return {**state, "next_card": state["next_card"] + 1}, card


# -- typing a card in ------------------------------------------------------------------


def legal_card_entry(state: dict, seat: int | None) -> list[dict]:
    """A card came face-up to a bandit: its owner types it in (the tablet may, for them)."""
    if seat == owner(state, state["pending"]["bandit"]):
        return equipment_templates(seat)
    return []


def enter_card(state: dict, action: dict) -> dict:
    """``gear`` / ``gun``: the card drawn, stolen or bought joins the bandit face-up."""
    state, card = with_new_card(state, action)
    pending = state["pending"]
    name = pending["bandit"]
    state = put_bandit(state, gang.equip(bandit(state, name), card))
    state = tell(state, "drew_card", bandit=name, card=card["id"])
    if pending["then"] == "fortune":
        return {**state, "pending": {"kind": "fortune", "bandit": name}}
    return finish_turn(state)


# -- at any time: reveal a face-down card, hand a gun to another gang member ------------


def legal_anytime(state: dict, seat: int | None) -> list[dict]:
    if seat is None or state["phase"] in ("setup", "over"):
        return []
    members = state["gangs"][seat]
    out = []
    hidden = [n for n in members if state["bandits"][n]["face_down"]]
    if hidden:
        for entry in equipment_templates(seat):
            out.append(
                template(
                    "reveal_" + entry["type"], seat, bandit=choice_param(hidden), **entry["params"]
                )
            )
    held = [c["id"] for n in members for c in gang.guns(state["bandits"][n])]
    if held and len(members) > 1 and state["phase"] in ("maintenance", "restock", "planning"):
        out.append(template("hand_gun", seat, gun=choice_param(held), to=choice_param(members)))
    return out


def reveal(state: dict, action: dict) -> dict:
    """A Black Market card turned face-up; from now on it is used normally."""
    name = action["bandit"]
    one = bandit(state, name)
    require(one["face_down"] > 0, "nowheresville.nothing_face_down", bandit=name)
    state, card = with_new_card(state, action)
    one = gang.equip({**one, "face_down": one["face_down"] - 1}, card)
    return tell(put_bandit(state, one), "revealed", bandit=name, card=card["id"])


def hand_gun(state: dict, action: dict) -> dict:
    """Gun cards are the only equipment a gang may pass between its bandits."""
    giver = next(
        n
        for n in state["gangs"][action["seat"]]
        if any(c["id"] == action["gun"] for c in state["bandits"][n]["equipment"])
    )
    require(giver != action["to"], "nowheresville.same_bandit")
    card = gang.cards_by_id(bandit(state, giver), [action["gun"]])[0]
    state = put_bandit(state, gang.drop(bandit(state, giver), [card["id"]]))
    taker = bandit(state, action["to"])
    state = put_bandit(state, {**taker, "equipment": taker["equipment"] + [card]})
    return tell(state, "hand_gun", bandit=giver, to=action["to"], card=card["id"])


# -- Fortune cards ---------------------------------------------------------------------


def legal_fortune(state: dict, seat: int | None) -> list[dict]:
    name = state["pending"]["bandit"]
    if seat != owner(state, name):
        return []
    who = {"bandit": choice_param([name])}
    amount = int_param(NOTE, FORTUNE_MAX, NOTE)  # paid in the game's $100 / $200 notes
    return [
        secret_template("fortune_money", seat, amount=amount, **who),
        template("fortune_sheriff", seat, **who),
        secret_template("fortune_bribe", seat, amount=amount, **who),
        template("fortune_heal", seat, **who),
        template("fortune_lucky_shot", seat, **who),
        template("fortune_bullets", seat, count=int_param(1, 6), **who),
        template("fortune_wicked_man", seat, experience=int_param(1, 6), **who),
        template("fortune_brave_man", seat, **who),
    ]


def fortune(state: dict, action: dict) -> dict:
    """Resolve the Fortune card the bandit drew at the Saloon."""
    name, kind = action["bandit"], action["type"][len("fortune_") :]
    seat = action["seat"]
    if kind == "sheriff":
        return tell(
            {**state, "pending": {"kind": "sheriff", "bandit": name}},
            "fortune",
            bandit=name,
            card=kind,
        )
    one = bandit(state, name)
    if kind == "money":
        state = money.gain(state, name, action["amount"])
    elif kind == "bribe":
        state = money.pay(state, seat, action["amount"])
    elif kind == "heal":
        spent = list(state["heal_cards"])
        spent[seat] += 1
        state = {**state, "heal_cards": spent}
    elif kind == "lucky_shot":
        state = put_bandit(state, {**one, "lucky": one["lucky"] + 1})
    elif kind == "bullets":
        state = put_bandit(state, gang.add_tokens(one, "bullets", action["count"]))
    elif kind == "wicked_man":
        state = put_bandit(state, {**one, "wicked": one["wicked"] + [action["experience"]]})
    else:
        state = put_bandit(state, gang.add_tokens(one, "courage", 1))
    return finish_turn(tell(state, "fortune", bandit=name, card=kind))


def legal_sheriff(state: dict, seat: int | None) -> list[dict]:
    name = state["pending"]["bandit"]
    if seat != owner(state, name):
        return []
    return [template("sheriff", seat, bandit=choice_param([name]), wounds=int_param(0, 9))]


def sheriff(state: dict, action: dict) -> dict:
    """The Sheriff (played by an opponent) has shot: his hits are Wound tokens. A bandit
    he kills pays no $300: the Sheriff is not a bandit who robs the dead."""
    name = action["bandit"]
    state = tell(state, "sheriff", bandit=name, wounds=action["wounds"])
    return finish_turn(gang.wound(state, name, action["wounds"], None))
