"""A small test-only game that exercises every part of the protocol.

Seats take turns. On a turn the seat may ``add`` 1..5 to its score, or ``roll`` a d6 when
the table asks for one (the dice prompt), ``pick`` a random token (a draw), or ``end_turn``.
A secret ``bid`` round opens with ``call_bids`` and is revealed when every seat has bid.
A ``challenge`` asks the seat and the next one to throw one d6 each (a dice prompt answered
die by die); the challenger scores the difference when it wins.
The game ends when someone's score reaches ``target``.
"""

from companion.rules import sealed
from companion.rules.base import (
    dice_param,
    dice_prompt,
    int_param,
    line,
    match_template,
    replace,
    replace_at,
    require,
    template,
)

NAME = "tally"
PLAYERS = range(1, 7)
OPTIONS = {"target": 50, "tokens": ["red", "green", "blue"]}
RULES_VERSION = 1


def setup(players, options):
    return {
        "players": players,
        "scores": [0] * len(players),
        "turn": 0,
        "asked": False,
        "target": options["target"],
        "tokens": list(options["tokens"]),
        "picked": [],
        "bids": None,
        "bid_rounds": 0,
        "revealed": None,
        "history": [],
        "duel": None,
    }


def legal(state, seat):
    if final(state) or seat is None:
        return []
    if state["bids"] is not None:
        if sealed.may_submit(state["bids"], seat):
            return [sealed.submission(state["bids"], "bid", seat, amount=int_param(0, 1000))]
        return []
    if seat != state["turn"]:
        return []
    if state["asked"]:
        return [template("roll", seat, dice=dice_param(["d6"]))]
    if state.get("duel"):
        return [template("duel_roll", seat, dice=dice_param(["d6", "d6"]))]
    out = [
        template("add", seat, amount=int_param(1, 5, default=2)),
        template("ask", seat),
        template("pick", seat),
        template("call_bids", seat),
        template("end_turn", seat),
    ]
    if len(state["players"]) > 1:
        out.append(template("challenge", seat))
    return out


def draws(state, action):
    if action.get("type") == "pick" and state["tokens"]:
        return {"token": {"population": state["tokens"], "count": 1}}
    return {}


def apply(state, action):
    match_template(legal(state, action.get("seat")), action)
    seat, kind = action["seat"], action["type"]
    if kind == "add":
        return _score(state, seat, action["amount"])
    if kind == "ask":
        return replace(state, asked=True)
    if kind == "roll":
        return replace(_score(state, seat, action["dice"][0]), asked=False)
    if kind == "challenge":
        return replace(state, duel=[seat, (seat + 1) % len(state["players"])])
    if kind == "duel_roll":
        mine, theirs = action["dice"]
        return replace(_score(state, seat, max(mine - theirs, 0)), duel=None)
    if kind == "pick":
        require(bool(state["tokens"]), "tally.no_tokens")
        token = action["drawn"]["token"][0]
        tokens = list(state["tokens"])
        tokens.remove(token)
        return replace(state, tokens=tokens, picked=state["picked"] + [token])
    if kind == "call_bids":
        number = state.get("bid_rounds", 0) + 1
        seats = list(range(len(state["players"])))
        return replace(state, bids=sealed.open_round("bids", seats, number), bid_rounds=number)
    if kind == "bid":
        bids = sealed.submit(state["bids"], seat, action["amount"])
        if sealed.complete(bids):
            revealed = [sealed.choice(bids, s) for s in range(len(state["players"]))]
            return replace(state, bids=None, revealed=revealed)
        return replace(state, bids=bids)
    return replace(state, turn=(state["turn"] + 1) % len(state["players"]))


def _score(state, seat, amount):
    score = state["scores"][seat] + amount
    return replace(
        state,
        scores=replace_at(state["scores"], seat, score),
        history=state["history"] + [[len(state["history"]) + 1, seat, score]],
    )


def prompt(state):
    if state["bids"] is not None:
        return sealed.prompt(state["bids"], "tally.why_bids")
    if state["asked"]:
        return dice_prompt(state["turn"], ["d6"], "roll", "tally.why_roll")
    if state.get("duel"):
        return dice_prompt(
            state["turn"], ["d6", "d6"], "duel_roll", "tally.why_duel", owners=list(state["duel"])
        )
    return None


def view(state, seat):
    out = {k: state[k] for k in ("players", "scores", "turn", "picked", "revealed")}
    out["bids"] = sealed.view_of(state["bids"], seat) if state["bids"] else None
    return out


def describe(action, seat):
    if action["type"] == "bid":
        if seat == action["seat"]:
            return line("tally.my_bid", amount=action["amount"])
        return line("tally.someone_bid", seat=action["seat"])
    if action["type"] == "pick":
        return line("tally.picked", token=action["drawn"]["token"][0])
    params = {k: v for k, v in action.items() if k not in ("type", "drawn")}
    return line("tally." + action["type"], **params)


def final(state):
    return max(state["scores"]) >= state["target"]


def standings(state):
    from companion.rules.ranking import places, standing

    return [
        standing(seat, place, "final.points", points=score)
        for seat, (score, place) in enumerate(zip(state["scores"], places(state["scores"])))
    ]
