"""Abilene (Roland Siegers; Hexagames 1984, Schmidt 1993): the companion's bookkeeping.

Rulebook: the French Schmidt edition, quoted in French. Interpretations (also in
``companion/games/abilene/rules.md``):

- 2 to 6 players, $10,000 each, 5 cowboys and 9 cattle on each ranch (« Déroulement »).
- A turn (« Le joueur dont c'est le tour jette les 5 dés … dans l'ordre »): one throw of the
  five dice, then 1. jail fees, 2. cattle, 3. cowboys, 4. duels, 5. sales; steps only go
  forward (a duel ends the cowboy moves, a sale ends the duels).
- Jail fees: the schedule (table option, default $300, $200, $100) is summed over the
  player's jailed cowboys each turn; cowboys past the schedule cost nothing more. With more
  than 3 in jail, any may be freed at $1,500 each, after the fee, before the cattle move.
- A stolen cow is brought into the rustler's ranch (count -1 there, +1 here). A sold cow
  leaves the seller's ranch. The tablet can correct any count (logged). A player whose
  cowboys are all in jail can neither steal nor fight a duel.
- A duel's loser goes back to his ranch if the duel was on it, else to jail.
- Loans: the bank lends any multiple of $100 at once, interest 25 % rounded up to the next
  $100, all paid on repayment; between players, the interest the two agree is typed in
  (an offer, accepted by the borrower).
- A payment the rules impose that a player cannot make blocks the game until that player
  borrows enough (it is then paid by itself) or declares bankruptcy.
- Bankruptcy: what the player has goes to its dues; its debts lapse; the loans it gave are
  still owed, to the bank (option ``bankrupt_claims``: ``to_bank``, or ``lapse``); its
  cowboys leave the game; its cattle stay and can still be stolen.
- Three cowboy dice, so at most three cowboy stops a turn (a steal or a duel started):
  option ``cowboy_stops`` (0: no limit).
- The game ends as soon as a player still in the game has no cattle on their ranch (or one
  player is left): dues, then loans with interest, are paid; the richest wins (ties share).
- The sale: see ``sale.py`` (sale-proceeds table, a table option).
"""

from __future__ import annotations

from companion.games.abilene import credit, money, receipts, sale, turn
from companion.games.abilene import view as views
from companion.rules import ranking, sealed
from companion.rules.base import (
    choice_param,
    combinations,
    dice_param,
    int_param,
    line,
    match_template,
    money_choice,
    once_per_state,
    require,
    template,
)
from companion.rules.ledger import open_ledger
from companion.rules.ranking import standing

NAME = "abilene"
PLAYERS = range(2, 7)
#: 2: cowboy stops, partial repayment, several offers, bankrupt claims;
#: 3: money a repayment or a bankruptcy brings in pays the receiver's waiting dues;
#: 4: each sale numbered (``next_sale``), its corral cards and truth naming it.
RULES_VERSION = 4
RECORDED_V2 = money.RECORDED_V2
REPLAY_ONLY = frozenset(RECORDED_V2)
#: v1 -> v2: a v1 action means the same move under v2 (``_recorded_before`` gives a
#: repayment without ``amount`` the whole loan and an answer without ``offer`` the one open
#: offer; ``LEGACY`` gives a table recorded without the new options their v1 meaning).
#: v2 -> v3: a repayment and a bankruptcy become their replay-only version-2 types.
#: v3 -> v4: the same moves (a corral card recorded without its sale's id is taken on
#: replay as the one of the sale then open; a live one must name it).
_AS_RECORDED_V2 = {base: kind for kind, base in RECORDED_V2.items()}
MIGRATIONS = {
    1: lambda action: action,
    2: lambda action: {**action, "type": _AS_RECORDED_V2.get(action["type"], action["type"])},
    3: lambda action: action,
}
OPTIONS = {
    "start_money": 10000,
    "cattle_per_ranch": 9,
    "cowboys": 5,
    "jail_fees": [300, 200, 100],
    "free_cost": 1500,
    "free_when_more_than": 3,
    "loan_interest_percent": 25,
    "sale_proceeds": sale.DEFAULT_PROCEEDS,
    # « Les 3 dés foncés de cow-boy indiquent de combien les cow-boys peuvent avancer »:
    # three moves, each ending on at most one cow (a steal) or one cowboy (a duel).
    "cowboy_stops": 3,
    "bankrupt_claims": "to_bank",
}
OPTION_CHOICES = {"bankrupt_claims": ("to_bank", "lapse")}
#: The tablet's corrections of a count, shown as corrections in the log (rules/fixes.py).
CORRECTIONS = frozenset({"set_cattle", "set_jail"})
#: How a table recorded before an option existed was played (its stored options lack the
#: key), so that it replays as it was played: no stop limit, a bankrupt's claims lapsed.
LEGACY = {"cowboy_stops": 0, "bankrupt_claims": "lapse"}
LARGEST_LOAN = 100000
LARGEST_COUNT = 54  # cattle in the box


def setup(players: list[str], options: dict) -> dict:
    require(
        len(players) in PLAYERS, "abilene.player_count", min=PLAYERS.start, max=PLAYERS.stop - 1
    )
    options = _checked_options({**OPTIONS, **LEGACY, **options})
    seats = len(players)
    return {
        "players": list(players),
        "options": options,
        "money": open_ledger(seats, options["start_money"], None),
        "cattle": [options["cattle_per_ranch"]] * seats,
        "jail": [0] * seats,
        "bankrupt": [False] * seats,
        "sold": [0] * seats,
        "loans": [],
        "next_loan": 1,
        "loan_offers": [],
        "next_offer": 1,
        "next_sale": 1,
        "written_off": [],
        "dues": [],
        "stops": 0,
        "turn": 1,
        "active": 0,
        "step": "throw",
        "dice": None,
        "duel": None,
        "last_duel": None,
        "sale": None,
        "last_sale": None,
        "payments": [],
        "flows": {},
        "history": [[0, [options["start_money"]] * seats]],
        "over": False,
        "result": None,
    }


def _checked_options(options: dict) -> dict:
    def whole(name: str, low: int, high: int) -> None:
        value = options[name]
        ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
        require(ok, "abilene.bad_option", name=name)

    whole("start_money", 0, 1000000)
    whole("cattle_per_ranch", 1, LARGEST_COUNT)
    whole("cowboys", 1, 10)
    whole("free_cost", 0, 100000)
    whole("free_when_more_than", 0, 10)
    whole("loan_interest_percent", 0, 1000)
    whole("cowboy_stops", 0, 10)
    require(
        options["bankrupt_claims"] in OPTION_CHOICES["bankrupt_claims"],
        "abilene.bad_option",
        name="bankrupt_claims",
    )
    fees = options["jail_fees"]
    require(
        isinstance(fees, list)
        and len(fees) <= 10
        and all(isinstance(f, int) and not isinstance(f, bool) and 0 <= f <= 100000 for f in fees),
        "abilene.bad_option",
        name="jail_fees",
    )
    sale.check_proceeds(options["sale_proceeds"])
    return {name: options[name] for name in OPTIONS}


# -- what may be done ---------------------------------------------------------------------
@once_per_state
def legal(state: dict, seat: int | None) -> list[dict]:
    if state["over"]:
        return []
    if seat is None:
        return _table_templates(state)
    if state["bankrupt"][seat]:
        return []
    out = _money_templates(state, seat)
    if state["dues"]:
        if money.unpaid(state, seat):
            out.append(template("declare_bankruptcy", seat))
        return out
    return out + _turn_templates(state, seat)


def _others(state: dict, seat: int) -> list[int]:
    return [s for s in turn.players_in_game(state) if s != seat]


def _money_templates(state: dict, seat: int) -> list[dict]:
    # A player who owes what they cannot pay is offered, pre-filled, the loan that pays it.
    missing = money.unpaid(state, seat) - money.purse(state, seat)
    least = min(LARGEST_LOAN, max(100, money.round_up_hundred(missing * 100)))
    out = [template("take_loan", seat, amount=int_param(least, LARGEST_LOAN, 100))]
    mine = [x for x in state["loans"] if x["debtor"] == seat]
    if mine:
        out.append(_repay_template(seat, mine))
    if money.purse(state, seat) >= 100 and _others(state, seat):
        out.append(
            template(
                "offer_loan",
                seat,
                borrower=choice_param(_others(state, seat)),
                amount=int_param(100, money.purse(state, seat) // 100 * 100, 100),
                interest=int_param(0, LARGEST_LOAN, 100),
            )
        )
    offers = state["loan_offers"]
    to_me = [o for o in offers if o["borrower"] == seat]
    if to_me:
        choice = _offer_choice(to_me)
        out += [
            template("accept_loan", seat, offer=choice),
            template("decline_loan", seat, offer=choice),
        ]
    by_me = [o for o in offers if o["lender"] == seat]
    if by_me:
        out.append(template("withdraw_loan_offer", seat, offer=_offer_choice(by_me)))
    return out


def _repay_template(seat: int, mine: list[dict]) -> dict:
    """Repay a loan, whole or in part: each loan says what is due on it; the amount opens
    at the whole of the first one."""
    labels = [
        line("abilene.label.loan", loan=x["id"], lender_seat=x["lender"], due=money.due_on(x))
        for x in mine
    ]
    most = max(money.due_on(x) for x in mine)
    return template(
        "repay_loan",
        seat,
        loan=choice_param([x["id"] for x in mine], labels=labels),
        amount=int_param(100, most, 100, default=money.due_on(mine[0])),
    )


def _offer_choice(offers: list[dict]) -> dict:
    labels = [
        line(
            "abilene.label.offer",
            offer=o["id"],
            lender_seat=o["lender"],
            borrower_seat=o["borrower"],
            amount=o["amount"],
            interest=o["interest"],
        )
        for o in offers
    ]
    return choice_param([o["id"] for o in offers], labels=labels)


def _turn_templates(state: dict, seat: int) -> list[dict]:
    if state["sale"] is not None:
        return _sale_templates(state, seat)
    if seat != state["active"]:
        return []
    if state["duel"] is not None:
        return [template("duel_roll", seat, dice=dice_param(turn.DUEL_THROW))]
    if state["step"] == "throw":
        return [template("throw", seat, dice=dice_param(turn.THROW))]
    out = []
    if state["step"] == "jail" and turn.may_free(state, seat):
        out.append(template("free_cowboys", seat, count=int_param(1, state["jail"][seat])))
    ranches = [s for s in range(len(state["players"])) if s != seat and state["cattle"][s]]
    # a cowboy in jail steals nothing; three cowboy dice, three stops at most
    riding = turn.free_cowboys_of(state, seat) > 0 and turn.stops_left(state) != 0
    if turn.step_at_most(state, "moves") and ranches and riding:
        out.append(template("steal", seat, ranch=choice_param(ranches)))
    rivals = [s for s in _others(state, seat) if turn.free_cowboys_of(state, s)]
    if turn.step_at_most(state, "duels") and rivals and riding:
        out.append(
            template("duel", seat, opponent=choice_param(rivals), place=choice_param(turn.PLACES))
        )
    if state["cattle"][seat] and _others(state, seat):
        out.append(template("sell", seat))
    return out + [template("end_turn", seat)]


def _sale_templates(state: dict, seat: int) -> list[dict]:
    round_ = state["sale"]["round"]
    out = []
    if sealed.may_submit(round_, seat):  # a vote may be changed until the reveal
        if seat == state["sale"]["seller"]:
            sticker = sealed.submission(
                round_,
                "sale_truth",
                seat,
                brand=choice_param(sale.CARDS),
                value=money_choice(sale.VALUES),
            )
            out.append(combinations(sticker, sale.STICKERS))
        else:
            out.append(
                sealed.submission(round_, "corral_vote", seat, card=choice_param(sale.CARDS))
            )
    if seat == state["sale"]["seller"]:
        out.append(template("cancel_sale", seat))
    return out


def _table_templates(state: dict) -> list[dict]:
    if state["duel"] is not None:
        return []
    if state["sale"] is not None:
        absent = sale.opponents_waiting(state)
        return (
            [template("reveal_without", None, absent_seat=choice_param(absent))] if absent else []
        )
    seats = list(range(len(state["players"])))
    return [
        template("set_cattle", None, ranch=choice_param(seats), count=int_param(0, LARGEST_COUNT)),
        template(
            "set_jail",
            None,
            player=choice_param(turn.players_in_game(state)),
            count=int_param(0, state["options"]["cowboys"]),
        ),
    ]


# -- doing it -----------------------------------------------------------------------------
_HANDLERS = {
    "throw": lambda s, a: turn.throw(s, a["seat"], a["dice"]),
    "free_cowboys": lambda s, a: turn.free_cowboys(s, a["seat"], a["count"]),
    "steal": lambda s, a: turn.steal(s, a["seat"], a["ranch"]),
    "duel": lambda s, a: turn.start_duel(s, a["seat"], a["opponent"], a["place"]),
    "duel_roll": lambda s, a: turn.roll_duel(s, a["dice"]),
    "sell": lambda s, a: sale.open_sale(s, a["seat"]),
    "corral_vote": lambda s, a: sale.play_corral_card(s, a["seat"], a["card"]),
    "sale_truth": lambda s, a: sale.give_truth(s, a["seat"], a["brand"], a["value"]),
    "reveal_without": lambda s, a: sale.reveal_without(s, a["absent_seat"]),
    "cancel_sale": lambda s, a: sale.cancel_sale(s),
    "end_turn": lambda s, a: turn.end_turn(s),
    "take_loan": lambda s, a: money.take_loan(s, a["seat"], a["amount"]),
    "repay_loan": lambda s, a: money.repay_loan(s, a["seat"], a["loan"], a["amount"]),
    "repay_loan_v2": lambda s, a: money.repay_loan(
        s, a["seat"], a["loan"], a["amount"], settles=False
    ),
    "offer_loan": lambda s, a: money.offer_loan(
        s, a["seat"], a["borrower"], a["amount"], a["interest"]
    ),
    "accept_loan": lambda s, a: money.accept_loan(s, a["offer"]),
    "decline_loan": lambda s, a: money.drop_offer(s, a["offer"]),
    "withdraw_loan_offer": lambda s, a: money.drop_offer(s, a["offer"]),
    "declare_bankruptcy": lambda s, a: _bankrupt(s, a["seat"]),
    "declare_bankruptcy_v2": lambda s, a: _bankrupt(s, a["seat"], settles=False),
    "set_cattle": lambda s, a: turn.set_cattle(s, a["ranch"], a["count"]),
    "set_jail": lambda s, a: turn.set_jail(s, a["player"], a["count"]),
}


def apply(state: dict, action: dict) -> dict:
    require(not state["over"], "game_over")
    require(isinstance(action, dict), "bad_action")
    seat = action.get("seat")
    require(
        seat is None
        or (
            isinstance(seat, int)
            and not isinstance(seat, bool)
            and 0 <= seat < len(state["players"])
        ),
        "bad_seat",
    )
    kind = action.get("type")
    replayed_v2 = kind if isinstance(kind, str) and kind in RECORDED_V2 else None
    if replayed_v2 is not None:  # judged as its base type, done as version 2 did it
        action = {**action, "type": RECORDED_V2[replayed_v2]}
    action = _recorded_before(state, action)
    _explain(state, action)
    credit.explain(state, action)
    if action.get("type") == "sale_truth" and state["sale"] is not None:
        sale.check_sticker(action.get("brand"), action.get("value"))
    match_template(legal(state, seat), action)
    state = _HANDLERS[replayed_v2 or action["type"]](state, action)
    return _finish_if_over(state)


def _recorded_before(state: dict, action: dict) -> dict:
    """Actions journalled before partial repayment and several open offers (no ``amount``,
    no ``offer``) mean what they meant then: the whole loan, the one open offer."""
    kind = action.get("type")
    if kind == "repay_loan" and "amount" not in action and isinstance(action.get("loan"), int):
        loan = next((x for x in state["loans"] if x["id"] == action["loan"]), None)
        return {**action, "amount": money.due_on(loan)} if loan else action
    if kind in ("accept_loan", "decline_loan", "withdraw_loan_offer") and "offer" not in action:
        side = "lender" if kind == "withdraw_loan_offer" else "borrower"
        mine = [o["id"] for o in state["loan_offers"] if o[side] == action.get("seat")]
        return {**action, "offer": mine[0]} if len(mine) == 1 else action
    return action


def _explain(state: dict, action: dict) -> None:
    """Say why a steal or a duel is refused when the three cowboy stops are used."""
    if (
        action.get("type") in ("steal", "duel")
        and action.get("seat") == state["active"]
        and not state["over"]
        and state["sale"] is None
        and state["duel"] is None
    ):
        require(
            turn.stops_left(state) != 0,
            "abilene.no_stops_left",
            stops=state["options"]["cowboy_stops"],
        )


def _bankrupt(state: dict, seat: int, settles: bool = True) -> dict:
    state = money.go_bankrupt(state, seat, settles)
    if state["active"] == seat:
        state = turn.end_turn(state)
    return state


def _finish_if_over(state: dict) -> dict:
    if not turn.game_over(state) or state["duel"] is not None or state["sale"] is not None:
        return state
    state = money.final_reckoning(state)
    playing = turn.players_in_game(state)
    final = [money.purse(state, s) - state["shortfall"][s] for s in playing]
    places = ranking.places(final)
    result = {
        "standings": [
            {"seat": s, "money": m, "place": p} for s, m, p in zip(playing, final, places)
        ],
        "winners": [playing[i] for i in ranking.winners(final)] if playing else [],
    }
    # the chart ends on the final money, a shortfall below zero (« les dettes doivent être
    # réglées avant les comptes »)
    owed = [money.purse(state, s) - state["shortfall"][s] for s in range(len(state["players"]))]
    history = state["history"] + [[state["turn"], owed]]
    return {**state, "over": True, "result": result, "history": history, "step": "over"}


notes = receipts.notes


def final(state: dict) -> bool:
    return bool(state["over"])


def prompt(state: dict) -> dict | None:
    return views.prompt(state)


def view(state: dict, seat: int | None) -> dict:
    return views.view(state, seat)


def describe(action: dict, seat: int | None) -> dict:
    return views.describe(action, seat)


def start_seat(state: dict) -> int:
    """Who took the first turn: the first seat (setup gives seat 0 the first throw)."""
    return 0


def standings(state: dict) -> list[dict]:
    """Places by money after the final reckoning (loans repaid, shortfalls counted)."""
    return [
        standing(row["seat"], row["place"], "final.money", amount=row["money"])
        for row in state["result"]["standings"]
    ]
