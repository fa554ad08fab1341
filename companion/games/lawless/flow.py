"""The Lawless turn, step by step (rulebook "Turn Sequence").

surveillance (two dice prompts) -> escape (owner picks between equal herds, if needed)
-> sale -> rotation (automatic) -> gold mines (two dice prompts each) -> actions
-> discard (only over 10 cards) -> row refill, end check, next ranch.
Steps with nothing to do are passed over by :func:`enter`.
"""

from __future__ import annotations

from companion.games.lawless.ranch import (
    herd_at,
    rotate_herds,
    sale_value,
    sellable_herds,
    surveillance_bonus,
    terrain_at,
    watched_herds,
    without_herd,
    without_terrain,
)
from companion.games.lawless.scoring import prestige_now
from companion.games.lawless.table import (
    HAND_LIMIT,
    POINTS_PER_TURN,
    ROW_SIZE,
    add_news,
    bank,
    current,
    freeze,
    hand,
    pay_from_bank,
    with_ranch,
)
from companion.rules import turns
from companion.rules.base import replace, require

MINE_EXPLODES_AT = 10


def begin_turn(state: dict, index: int) -> dict:
    """A ranch starts its turn with 6 action points; the mayor may reorder the row first."""
    mayor = any(r["characters"]["mayor"] for r in state["ranches"])
    state = replace(
        state,
        current=index,
        points=POINTS_PER_TURN,
        bought=0,
        step=None,
        turn=state["turn"] + 1,
        mayor_may=mayor,
    )
    return enter(state, "surveillance")


def enter(state: dict, phase: str) -> dict:
    """Go to ``phase``, passing over each step the current ranch has nothing to do in."""
    if phase == "surveillance":
        if watched_herds(current(state), freeze(state)):
            return replace(state, phase="surveillance", step={"roll": None, "difficulty": None})
        phase = "sale"
    if phase == "sale":
        if sellable_herds(current(state)):
            return replace(state, phase="sale", step=None)
        phase = "rotation"
    if phase == "rotation":
        ranch = rotate_herds(current(state), freeze(state))
        state = with_ranch(state, state["current"], ranch)
        phase = "mines"
    if phase == "mines":
        queue = [t["id"] for t in current(state)["terrains"] if t["mine"] and not t["raided"]]
        if queue:
            return replace(state, phase="mines", step={"queue": queue, "first": None})
    return replace(state, phase="actions", step=None)


def difficulty(state: dict, face: int) -> dict:
    """The left-hand opponent's roll plus the herds (each counts double under Stampede)."""
    ranch = current(state)
    herds = len(watched_herds(ranch, freeze(state))) * (2 if ranch["stampede"] else 1)
    return replace(state, step={"roll": face, "difficulty": face + herds})


def watch(state: dict, face: int) -> dict:
    """The owner's roll plus cowboys and fences; below the difficulty, herds escape."""
    ranch = current(state)
    bonus = surveillance_bonus(ranch)
    target = state["step"]["difficulty"]
    if face + bonus >= target:
        state = add_news(
            state,
            "lawless.news.watched",
            ranch=ranch["name"],
            roll=face,
            bonus=bonus,
            difficulty=target,
        )
        return enter(state, "sale")
    state = add_news(
        state,
        "lawless.news.not_watched",
        ranch=ranch["name"],
        roll=face,
        bonus=bonus,
        difficulty=target,
    )
    return lose_herds(state, 2 if ranch["stampede"] else 1)


def lose_herds(state: dict, remaining: int) -> dict:
    """Remove the herd(s) worth most if sold now; between equal herds the owner picks."""
    while remaining > 0:
        herds = watched_herds(current(state), freeze(state))
        if not herds:
            break
        best = max(sale_value(h) for _, h in herds)
        top = [h["id"] for _, h in herds if sale_value(h) == best]
        if len(top) > remaining:
            return replace(state, phase="escape", step={"losses": remaining, "choices": top})
        for herd_id in top:
            state = escape(state, herd_id)
        remaining -= len(top)
    return enter(state, "sale")


def choose_escape(state: dict, herd_id: str) -> dict:
    state = escape(state, herd_id)
    return lose_herds(state, state["step"]["losses"] - 1)


def escape(state: dict, herd_id: str) -> dict:
    ranch, herd = without_herd(current(state), herd_id)
    state = with_ranch(state, state["current"], ranch)
    return add_news(
        state,
        "lawless.news.herd_escaped",
        ranch=ranch["name"],
        herd=herd_id,
        value=sale_value(herd),
    )


def sell(state: dict, herd_ids: list[str]) -> dict:
    """The bank pays base x multiplier for each herd; herds on a raided terrain stay."""
    ranch = current(state)
    for herd_id in herd_ids:
        t_index, _ = herd_at(ranch, herd_id)
        require(
            not ranch["terrains"][t_index]["raided"],
            "lawless.herd_raided",
            herd=herd_id,
            terrain=ranch["terrains"][t_index]["id"],
        )
    total = 0
    for herd_id in herd_ids:
        ranch, herd = without_herd(ranch, herd_id)
        total += sale_value(herd)
    state = with_ranch(state, state["current"], ranch)
    if herd_ids:
        state, paid = pay_from_bank(state, state["current"], total)
        state = add_news(
            state, "lawless.news.sold", ranch=ranch["name"], herds=len(herd_ids), coins=paid
        )
    return enter(state, "rotation")


def mine_roll(state: dict, face: int) -> dict:
    """Two rolls per mine: 10-12 destroys mine and terrain, otherwise the bank pays."""
    step = state["step"]
    if step["first"] is None:
        return replace(state, step={**step, "first": face})
    total = step["first"] + face
    terrain_id = step["queue"][0]
    ranch = current(state)
    if total >= MINE_EXPLODES_AT:
        ranch = without_terrain(ranch, terrain_at(ranch, terrain_id))
        state = with_ranch(state, state["current"], ranch)
        state = add_news(
            state,
            "lawless.news.mine_exploded",
            ranch=ranch["name"],
            terrain=terrain_id,
            total=total,
        )
    else:
        state, paid = pay_from_bank(state, state["current"], total)
        state = add_news(
            state,
            "lawless.news.mine_paid",
            ranch=ranch["name"],
            terrain=terrain_id,
            total=total,
            coins=paid,
        )
    queue = step["queue"][1:]
    if queue:
        return replace(state, step={"queue": queue, "first": None})
    return enter(state, "actions")


def end_turn(state: dict) -> dict:
    """More than 10 cards in hand: discard down to 10 first."""
    excess = hand(state, state["current"]) - HAND_LIMIT
    if excess > 0:
        return replace(state, phase="discard", step={"excess": excess})
    return finish_turn(state)


def discard(state: dict, count: int) -> dict:
    player = current(state)["player"]
    hands = list(state["hands"])
    hands[player] -= count
    return finish_turn(replace(state, hands=hands))


def finish_turn(state: dict) -> dict:
    """Refill the row, note the fortunes and prestige, end the game or pass to the next ranch."""
    kept = sum(state["row"])
    added = min(ROW_SIZE - kept, state["pile"])
    row = [True] * (kept + added) + [False] * (ROW_SIZE - kept - added)
    state = replace(state, row=row, pile=state["pile"] - added)
    noted = [state["turn"], list(state["ledger"]["purses"]), prestige_now(state)]
    state = replace(state, history=state["history"] + [noted])
    reasons = []
    if state["pile"] == 0:
        reasons.append("pile_empty")
    if bank(state) == 0:
        reasons.append("bank_empty")
    if reasons:
        state = add_news(state, "lawless.news.game_over_" + reasons[0])
        return replace(state, phase="over", step=None, points=0, mayor_may=False)
    return begin_turn(state, turns.next_seat(state["current"], len(state["ranches"])))
