"""Abilene: what each viewer may see (view), what the table waits for (prompt), log lines.

Money, loans, jail, cattle, dice, duels and settled sales are public. While a sale is
sealed, a viewer sees who has voted and, on their own device only, their own corral card
(or, for the seller, the truth they typed) -- never anyone else's, in view or log.

Log lines (``describe``) carry seat numbers in the parameters ``player``, ``owner`` and
``*_seat`` (``describe`` has no state to read names from; the shell's log shows names for
those), prompts carry names, since ``prompt`` has the state.
"""

from __future__ import annotations

from companion.games.abilene import money, receipts, turn
from companion.games.abilene.sale import CARDS
from companion.rules import sealed
from companion.rules.base import choice_prompt, dice_prompt, line, once_per_state


def _name(state: dict, seat: int) -> str:
    return state["players"][seat]


# -- prompt -------------------------------------------------------------------------------
def prompt(state: dict) -> dict | None:
    if state["over"]:
        return None
    if state["dues"]:
        due = state["dues"][0]
        return choice_prompt(
            due["payer"],
            "abilene.why.due",
            player=_name(state, due["payer"]),
            amount=money.unpaid(state, due["payer"]),
        )
    if state["sale"] is not None:
        round_ = state["sale"]["round"]
        return sealed.prompt(
            round_, "abilene.why.corral", seller=_name(state, state["sale"]["seller"])
        )
    if state["duel"] is not None:
        return _duel_prompt(state)
    active = state["active"]
    who = _name(state, active)
    if state["step"] == "throw":
        return dice_prompt(active, turn.THROW, "throw", "abilene.why.throw", player=who)
    if state["step"] == "jail":
        return choice_prompt(
            active,
            "abilene.why.jail",
            player=who,
            jailed=state["jail"][active],
            cost=state["options"]["free_cost"],
        )
    if state["step"] == "moves":
        dice = state["dice"]
        return choice_prompt(
            active,
            "abilene.why.moves",
            player=who,
            distance=dice["distance"],
            cattle1=dice["cattle"][0],
            cattle2=dice["cattle"][1],
            cowboy1=dice["cowboy"][0],
            cowboy2=dice["cowboy"][1],
            cowboy3=dice["cowboy"][2],
        )
    return choice_prompt(active, f"abilene.why.{state['step']}", player=who)


def _duel_prompt(state: dict) -> dict:
    duel = state["duel"]
    why = "abilene.why.duel_again" if duel["rolls"] else "abilene.why.duel"
    # « Chacun des deux Rancher lance un dé de cow-boy »: the first die is the challenger's,
    # the second the opponent's, each thrown by its own rancher (or at the reader, in order).
    return dice_prompt(
        duel["challenger"],
        turn.DUEL_THROW,
        "duel_roll",
        why,
        owners=[duel["challenger"], duel["opponent"]],
        challenger=_name(state, duel["challenger"]),
        opponent=_name(state, duel["opponent"]),
    )


# -- view ---------------------------------------------------------------------------------
def view(state: dict, seat: int | None) -> dict:
    """What ``seat`` sees (None: the table): the public part, the same for every viewer of
    one state and made once for it, with the sale as this seat may see it and, for a seat,
    its own purse and debts."""
    out = {**_public(state), "sale": _sale_view(state, seat)}
    if seat is not None:
        out["me"] = _own(state, seat)
    return out


@once_per_state  # a change asks for up to seven views: tablet, table, each phone
def _public(state: dict) -> dict:
    """Everything every viewer of ``state`` sees: no seat's secret is in it (a sealed sale's
    offers are in ``_sale_view``, a seat's own figures in ``_own``)."""
    options = state["options"]
    out = {
        "game": "abilene",
        "players": [_player_row(state, s) for s in range(len(state["players"]))],
        # "turn" is the seat to play (the shell's convention); "turn_number" counts turns.
        "turn": None if state["over"] else state["active"],
        "turn_number": state["turn"],
        "active": state["active"],
        "step": state["step"],
        "dice": state["dice"],
        "rules": {
            "jail_fees": options["jail_fees"],
            "free_cost": options["free_cost"],
            "free_when_more_than": options["free_when_more_than"],
            "interest_percent": options["loan_interest_percent"],
            "sale_proceeds": options["sale_proceeds"],
        },
        "loans": [{**x, "due": x["principal"] + x["interest"]} for x in state["loans"]],
        "loan_offers": state["loan_offers"],
        "stops_left": turn.stops_left(state),
        "dues": state["dues"],
        "duel": state["duel"],
        "last_duel": state["last_duel"],
        "last_sale": state["last_sale"],
        "payments": state["payments"],
        "charts": [_money_chart(state)],
        "over": state["over"],
        "result": state["result"],
    }
    if state["over"] and state["result"]:
        out["final"] = final_standings(state)
    return out


def final_standings(state: dict) -> list[dict]:
    """Every seat at the end, with the numbers that decided the ranking: money after every
    debt was paid, what could not be paid (taken off), the final money and the place."""
    ranked = {row["seat"]: row for row in state["result"]["standings"]}
    out = []
    for seat in range(len(state["players"])):
        row = ranked.get(seat)
        out.append(
            {
                "seat": seat,
                "purse": money.purse(state, seat),
                "shortfall": state["shortfall"][seat],
                "money": row["money"] if row else None,
                "place": row["place"] if row else None,
                "bankrupt": state["bankrupt"][seat],
                "winner": seat in state["result"]["winners"],
            }
        )
    return sorted(out, key=lambda r: (r["place"] is None, r["place"] or 0, r["seat"]))


def _player_row(state: dict, seat: int) -> dict:
    jailed = state["jail"][seat]
    # at the end a shortfall (debts the player could not pay) is taken off, below zero
    short = (state.get("shortfall") or [0] * (seat + 1))[seat]
    return {
        "seat": seat,
        "name": state["players"][seat],
        "money": money.purse(state, seat) - short,
        "shortfall": short,
        "cattle": state["cattle"][seat],
        "jail": jailed,
        "cowboys_free": turn.free_cowboys_of(state, seat),
        "jail_fee": turn.jail_fee(state["options"]["jail_fees"], jailed),
        "owes": money.owed_by(state, seat),
        "sold": state["sold"][seat],
        "bankrupt": state["bankrupt"][seat],
    }


def _sale_view(state: dict, seat: int | None) -> dict | None:
    if state["sale"] is None:
        return None
    return {"seller": state["sale"]["seller"], **sealed.view_of(state["sale"]["round"], seat)}


def _own(state: dict, seat: int) -> dict:
    """A seat's own figures; at the end its money is its final money, below zero by what it
    could not repay (as in the table's rows), never the empty purse."""
    return {
        "seat": seat,
        "money": _player_row(state, seat)["money"],
        "loans_taken": [x for x in state["loans"] if x["debtor"] == seat],
        "loans_given": [x for x in state["loans"] if x["lender"] == seat],
        "owes": money.owed_by(state, seat),
        "unpaid": money.unpaid(state, seat),
    }


# The chart changes far less often than the state (only when a purse or the history does):
# the last one made is kept, keyed by the very objects it was made from (states are never
# changed in place, so the same objects mean the same chart), all three in one tuple.
_last_chart: list[tuple[list, list, dict] | None] = [None]
# Each seat's points for the last history charted. A history only ever grows by one point
# at a turn's end (``turn.py``: the old list's points and one more), so the next chart
# extends these by that point instead of making every point of the evening again; any
# other history (an undo, a replay) is charted afresh.
_last_points: list[tuple[list, list[list]] | None] = [None]


def _money_chart(state: dict) -> dict:
    history, purses = state["history"], state["money"]["purses"]
    hit = _last_chart[0]
    if hit is not None and hit[0] is history and hit[1] is purses:
        return hit[2]
    chart = _make_money_chart(state)
    _last_chart[0] = (history, purses, chart)
    return chart


def _make_money_chart(state: dict) -> dict:
    points = _history_points(state["history"], len(state["players"]))
    if not state["over"] and state["history"][-1][0] != state["turn"]:
        now = state["turn"]
        points = [
            seat_points + [[now, purse]]
            for seat_points, purse in zip(points, state["money"]["purses"], strict=True)
        ]
    series = [
        {"label": name, "points": seat_points}
        for name, seat_points in zip(state["players"], points, strict=True)
    ]
    return {"title": "abilene.chart.money", "series": series}


def _history_points(history: list, seats: int) -> list[list]:
    """Each seat's ``[turn, money]`` points of ``history``, shared read-only."""
    hit = _last_points[0]
    if hit is not None:
        before, points = hit
        if before is history:
            return points
        if len(history) == len(before) + 1 and history[-2] is before[-1]:
            x, purses = history[-1]
            points = [seat_points + [[x, purses[s]]] for s, seat_points in enumerate(points)]
            _last_points[0] = (history, points)
            return points
    points = [[[x, purses[s]] for x, purses in history] for s in range(seats)]
    _last_points[0] = (history, points)
    return points


# -- describe -----------------------------------------------------------------------------
_PLAIN = {  # action type -> (log key, {log parameter: action field})
    "free_cowboys": ("abilene.log.free_cowboys", {"count": "count"}),
    "steal": ("abilene.log.steal", {"owner": "ranch"}),
    "sell": ("abilene.log.sell", {}),
    "reveal_without": ("abilene.log.reveal_without", {"absent_seat": "absent_seat"}),
    "cancel_sale": ("abilene.log.cancel_sale", {}),
    "end_turn": ("abilene.log.end_turn", {}),
    "take_loan": ("abilene.log.take_loan", {"amount": "amount"}),
    "repay_loan": ("abilene.log.repay_loan", {"loan": "loan", "amount": "amount"}),
    "offer_loan": (
        "abilene.log.offer_loan",
        {"borrower_seat": "borrower", "amount": "amount", "interest": "interest"},
    ),
    "accept_loan": ("abilene.log.accept_loan", {"offer": "offer"}),
    "decline_loan": ("abilene.log.decline_loan", {"offer": "offer"}),
    "withdraw_loan_offer": ("abilene.log.withdraw_loan_offer", {"offer": "offer"}),
    "declare_bankruptcy": ("abilene.log.declare_bankruptcy", {}),
    "set_cattle": ("abilene.log.set_cattle", {"owner": "ranch", "count": "count"}),
    "set_jail": ("abilene.log.set_jail", {"player": "player", "count": "count"}),
}


def describe(action: dict, seat: int | None) -> dict:
    """The action's line, then what it paid and revealed (``receipts``), all public."""
    said = _describe(action, seat)
    also = receipts.lines(action.get("noted"))
    return {**said, "also": also} if also else said


def _describe(action: dict, seat: int | None) -> dict:
    kind = action.get("type")
    kind = money.RECORDED_V2.get(kind, kind) if isinstance(kind, str) else kind
    who = action.get("seat")
    if kind in _PLAIN:
        key, fields = _PLAIN[kind]
        params = {"player": who, **{name: action.get(f) for name, f in fields.items()}}
        return line(key, **params)
    if kind == "throw":
        return _describe_throw(action)
    if kind == "duel":
        return line(
            _worded("abilene.log.duel", action.get("place"), turn.PLACES),
            player=who,
            opponent_seat=action.get("opponent"),
        )
    if kind == "duel_roll":
        return _describe_duel_roll(action)
    if kind == "corral_vote":
        if seat is not None and seat == who:
            return line(
                _worded("abilene.log.corral_vote_mine", action.get("card"), CARDS), player=who
            )
        return line("abilene.log.corral_vote", player=who)
    if kind == "sale_truth":
        if seat is not None and seat == who:
            return line(
                _worded("abilene.log.sale_truth_mine", action.get("brand"), CARDS),
                player=who,
                value=action.get("value"),
            )
        return line("abilene.log.sale_truth", player=who)
    return line("abilene.log.unknown", player=who)


def _worded(key: str, word: object, words: tuple) -> str:
    """A log key per word value (``abilene.log.duel.elsewhere``), so the words are translated."""
    return f"{key}.{word}" if word in words else key


def _faces(action: dict, count: int) -> list:
    dice = action.get("dice")
    if isinstance(dice, list) and len(dice) == count:
        return dice
    return [None] * count


def _describe_throw(action: dict) -> dict:
    c1, c2, b1, b2, b3 = _faces(action, 5)
    distance = c1 + c2 if isinstance(c1, int) and isinstance(c2, int) else None
    return line(
        "abilene.log.throw",
        player=action.get("seat"),
        cattle1=c1,
        cattle2=c2,
        distance=distance,
        cowboy1=b1,
        cowboy2=b2,
        cowboy3=b3,
    )


def _describe_duel_roll(action: dict) -> dict:
    mine, theirs = _faces(action, 2)
    if mine == theirs:
        key = "abilene.log.duel_tie"
    elif isinstance(mine, int) and isinstance(theirs, int) and mine > theirs:
        key = "abilene.log.duel_challenger_wins"
    else:
        key = "abilene.log.duel_opponent_wins"
    return line(key, player=action.get("seat"), challenger_die=mine, opponent_die=theirs)
