"""What each seat may do now in Lawless: the action templates the pages turn into buttons.

Templates are offered when the action could make sense (a card in hand, a copy of the card
left in the deck, a target to aim at). Points are *not* filtered: a player short of points
is told so and may buy more (2 coins each). Targets a rule forbids (a sheriff's owner, a
full terrain, a raided herd) stay in the options so the refusal can say why.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.lawless.duel import killer_numbers
from companion.games.lawless.ranch import (
    CHARACTERS,
    LAST_ROTATION,
    LEVELS,
    QUALITIES,
    all_herds,
    cowboy_count,
    sale_value,
    shooting_targets,
)
from companion.games.lawless.table import (
    COST,
    DECK,
    FACE_DOWN_COST,
    POINT_PRICE,
    copies_left,
    current,
    fortune,
    hand,
    left_ranch,
    opponents,
    owner,
    unpayable,
)
from companion.rules import ledger
from companion.rules.base import (
    blocked,
    choice_param,
    dice_param,
    int_param,
    line,
    multi_param,
    once_per_state,
    template,
)
from companion.rules.fixes import count_param, fix_template

D6 = ["d6"]
GIRLS_COWBOYS = 2
# What the table may type in from a Hired Killer card the first time it is played.
KILLER_MOST_BONUS = 9
KILLER_MOST_BOUNTY = 20
# Cards played with no parameter, and the action that plays each.
PLAIN_CARDS = {
    "play_fence": "fence",
    "play_sheriff": "sheriff",
    "play_mayor": "mayor",
    "play_undertaker": "undertaker",
    "play_trapper": "trapper",
}
PLACEMENTS = ("place_terrain", "place_cowboy", "place_herd")
ATTACKS = (
    "play_hold_up",
    "play_cheat",
    "play_stampede",
    "play_raid",
    "play_rails",
    "play_rustling",
    "play_lynching",
    "play_hired_killer",
    "hire_killer",
)
COUNTERS = ("play_cavalry", "play_king_of_rodeo", "play_gold_mine", "play_girls")


@once_per_state
def legal(state: dict, seat: int | None, wanted: str | None = None) -> list[dict]:
    """Templates for ``seat``; ``wanted`` (an action type) lets ``apply`` skip building the
    card offers when the action is not a card, which keeps replays cheap."""
    phase = state["phase"]
    if phase == "over":  # the final count ("End of the Game"): the coins may still be fixed
        return [coins_fix(state)] if seat is None else []
    if phase == "first_player":
        return (
            [template("first_player", None, player=choice_param(state["names"]))]
            + fixes_for_table(state)
            if seat is None
            else []
        )
    out = fixes_for_table(state) if seat is None else []
    if state["mayor_may"] and seat == mayor_player(state):
        out.append(template("mayor_reorder", seat))
    if phase == "actions":
        return out + _actions(state, seat, wanted)
    return out + PHASES[phase](state, seat)


def mayor_player(state: dict) -> int | None:
    for ranch in state["ranches"]:
        if ranch["characters"]["mayor"]:
            return ranch["player"]
    return None


def _surveillance(state: dict, seat: int | None) -> list[dict]:
    if state["step"]["difficulty"] is None:
        roller = state["ranches"][left_ranch(state)]["player"]
        return (
            [template("surveillance_difficulty", seat, dice=dice_param(D6))]
            if seat == roller
            else []
        )
    return (
        [template("surveillance_roll", seat, dice=dice_param(D6))] if seat == owner(state) else []
    )


def _escape(state: dict, seat: int | None) -> list[dict]:
    if seat != owner(state):
        return []
    return [template("lose_herd", seat, herd=choice_param(state["step"]["choices"]))]


def _sale(state: dict, seat: int | None) -> list[dict]:
    """Each herd is shown with what it brings if sold now and what keeping it means (it
    turns a quarter: worth more next turn, up to 9 o'clock) ["Selling Livestock"]."""
    if seat != owner(state):
        return []
    pairs = all_herds(current(state))
    labels = [sale_label(terrain, herd) for terrain, herd in pairs]
    herds = {**multi_param([h["id"] for _, h in pairs]), "labels": labels}
    return [template("sell_herds", seat, herds=herds)]


def sale_label(terrain: dict, herd: dict) -> dict:
    params = {"herd": herd["id"], "quality": herd["quality"], "value": sale_value(herd)}
    if terrain["raided"]:
        return line("lawless.sale.raided", **params)
    if herd["rotation"] >= LAST_ROTATION:
        return line("lawless.sale.last", **params)
    kept = {**herd, "rotation": herd["rotation"] + 1}
    return line("lawless.sale.herd", **params, kept=sale_value(kept))


def fixes_for_table(state: dict) -> list[dict]:
    """The tablet's corrections: the pile, a hand, a ranch's coins (through the bank, so
    money stays conserved). Each choice says the count the companion has now."""
    names = state["names"]
    hands = [
        line("lawless.fix.hand", holder=name, count=state["hands"][player])
        for player, name in enumerate(names)
    ]
    return [
        fix_template("pile", count=count_param(state["pile"], DECK)),
        fix_template("hand", holder=choice_param(names, labels=hands), count=int_param(0, DECK)),
        coins_fix(state),
    ]


def coins_fix(state: dict) -> dict:
    """Fix a ranch's coins: each ranch says the coins the companion counts."""
    ranches = state["ranches"]
    bank = ledger.balance(state["ledger"], ledger.BANK)
    assert bank is not None  # Lawless's bank holds what it was given, never without limit
    purses = [
        line("lawless.fix.coins", ranch=r["name"], coins=fortune(state, i))
        for i, r in enumerate(ranches)
    ]
    most = bank + max(fortune(state, i) for i in range(len(ranches)))
    return fix_template(
        "coins",
        ranch=choice_param([r["name"] for r in ranches], labels=purses),
        coins=int_param(0, most),
    )


def _mines(state: dict, seat: int | None) -> list[dict]:
    return [template("mine_roll", seat, dice=dice_param(D6))] if seat == owner(state) else []


def _discard(state: dict, seat: int | None) -> list[dict]:
    if seat != owner(state):
        return []
    excess = state["step"]["excess"]
    return [template("discard", seat, count=int_param(excess, excess))]


def _actions(state: dict, seat: int | None, wanted: str | None = None) -> list[dict]:
    step = state["step"]
    if step is not None:
        return _card_step(state, seat, step)
    if seat != owner(state):
        return []
    out = [template("end_turn", seat)]
    filled = [i + 1 for i, card in enumerate(state["row"]) if card]
    if filled:  # a face-up card costs its space
        out.append(
            _priced(state, template("draw_row", seat, position=choice_param(filled)), min(filled))
        )
    if state["pile"] > 0:
        out.append(_priced(state, template("draw_pile", seat), FACE_DOWN_COST))
    most = fortune(state, state["current"]) // POINT_PRICE
    if most > 0:
        out.append(template("buy_points", seat, count=int_param(1, most)))
    if hand(state, state["current"]) > 0 and (wanted is None or is_card_action(wanted)):
        out += [
            _priced(state, offered, least_cost(offered["type"]))
            for offered in _cards(state, seat, wanted)
        ]
    return out


def least_cost(action_type: str) -> int | None:
    """The fewest action points a card of ``action_type`` costs (a Lynching costs more for
    some targets); None where no card is played."""
    if action_type in PLACEMENTS:
        return 1
    return COST.get(action_type.removeprefix("play_")) if action_type.startswith("play_") else None


def _priced(state: dict, offered: dict, cost: int | None) -> dict:
    """A move costing ``cost`` action points that no purchase of points can pay for now is
    offered blocked, with the refusal it would get (``table.require_points``)."""
    refusal = None if cost is None else unpayable(state, cost)
    return (
        offered if refusal is None else blocked(offered, "lawless.points_unaffordable", **refusal)
    )


def is_card_action(action_type: object) -> bool:
    return (
        action_type in PLACEMENTS
        or action_type in ATTACKS
        or action_type in COUNTERS
        or action_type in PLAIN_CARDS
        or action_type == "play_saloon"
    )


def _card_step(state: dict, seat: int | None, step: dict) -> list[dict]:
    kind = step["kind"]
    if kind in ("hold_up", "trapper"):
        return [template(f"{kind}_roll", seat, dice=dice_param(D6))] if seat == owner(state) else []
    if kind == "aim":
        return (
            [template("aim_killer", seat, character=choice_param(step["choices"]))]
            if seat == owner(state)
            else []
        )
    if step["attack"] is None:
        return (
            [template("duel_attack", seat, dice=dice_param(D6))]
            if seat == state["ranches"][step["attacker"]]["player"]
            else []
        )
    return (
        [template("duel_defend", seat, dice=dice_param(D6))]
        if seat == state["ranches"][step["defender"]]["player"]
        else []
    )


def _left(state: dict, prefix: str, kinds: Iterable[str]) -> list[str]:
    return [k for k in kinds if copies_left(state, f"{prefix}_{k}") > 0]


def _cards(state: dict, seat: int, wanted: str | None) -> list[dict]:
    """Every card the current ranch could put into play, with its targets (only the group
    holding ``wanted`` when it is given)."""
    ranch = current(state)
    rivals = [state["ranches"][i] for i in opponents(state, state["current"])]
    own_terrains = [t["id"] for t in ranch["terrains"]]
    out = []
    if wanted is None or wanted in PLACEMENTS:
        out += _placements(state, seat, own_terrains)
    if wanted is None or wanted in PLAIN_CARDS or wanted == "play_saloon":
        out += [
            template(action_type, seat)
            for action_type, kind in PLAIN_CARDS.items()
            if copies_left(state, kind) > 0
        ]
        if copies_left(state, "saloon") > 0 and any(cowboy_count(r) for r in rivals):
            out.append(template("play_saloon", seat))
    if wanted is None or wanted in ATTACKS:
        out += _attacks(state, seat, rivals, own_terrains)
    if wanted is None or wanted in COUNTERS:
        out += _counters(state, seat, ranch, own_terrains)
    return out


def _placements(state: dict, seat: int, own_terrains: list[str]) -> list[dict]:
    """Terrain, Livestock and Cowboy cards, one point each."""
    out = []
    for action_type, prefix, kinds, name in (
        ("place_terrain", "terrain", QUALITIES, "quality"),
        ("place_cowboy", "cowboy", LEVELS, "level"),
    ):
        left = _left(state, prefix, kinds)
        if left:
            out.append(template(action_type, seat, **{name: choice_param(left)}))
    herd_kinds = _left(state, "herd", QUALITIES)
    if herd_kinds and own_terrains:
        out.append(
            template(
                "place_herd",
                seat,
                quality=choice_param(herd_kinds),
                terrain=choice_param(own_terrains),
            )
        )
    return out


def _attacks(state: dict, seat: int, rivals: list[dict], own_terrains: list[str]) -> list[dict]:
    """Red cards: each aims at an opponent's ranch, terrain, herd or character."""
    names = [r["name"] for r in rivals]
    armed = [r["name"] for r in rivals if shooting_targets(r)]
    offers = {
        "play_hold_up": ("hold_up", {"target": [ledger.BANK] + names}),
        "play_cheat": ("cheat", {"victim": names}),
        "play_stampede": ("stampede", {"target": [r["name"] for r in rivals if not r["stampede"]]}),
        "play_raid": (
            "raid",
            {"terrain": [t["id"] for r in rivals for t in r["terrains"] if not t["raided"]]},
        ),
        "play_rails": ("rails", {"terrain": [t["id"] for r in rivals for t in r["terrains"]]}),
        "play_rustling": (
            "rustling",
            {"herd": [h["id"] for r in rivals for _, h in all_herds(r)], "terrain": own_terrains},
        ),
        "play_lynching": ("lynching", {"target": armed, "character": list(CHARACTERS)}),
    }
    out = []
    for action_type, (kind, params) in offers.items():
        if copies_left(state, kind) > 0 and all(params.values()):
            choices = {name: choice_param(options) for name, options in params.items()}
            out.append(template(action_type, seat, **choices))
    known, fresh = killer_numbers(state)
    if armed and known:
        out.append(
            template(
                "play_hired_killer", seat, killer=choice_param(known), target=choice_param(armed)
            )
        )
    if armed and fresh:
        out.append(
            template(
                "hire_killer",
                seat,
                bonus=int_param(1, KILLER_MOST_BONUS),
                bounty=int_param(1, KILLER_MOST_BOUNTY),
                target=choice_param(armed),
            )
        )
    return out


def _counters(state: dict, seat: int, ranch: dict, own_terrains: list[str]) -> list[dict]:
    """Green cards that need a target of the player's own."""
    out = []
    raided = [t["id"] for t in ranch["terrains"] if t["raided"]]
    if raided and copies_left(state, "cavalry") > 0:
        out.append(template("play_cavalry", seat, terrain=choice_param(raided)))
    if ranch["stampede"] and copies_left(state, "king_of_rodeo") > 0:
        out.append(template("play_king_of_rodeo", seat))
    if own_terrains and copies_left(state, "gold_mine") > 0:
        out.append(template("play_gold_mine", seat, terrain=choice_param(own_terrains)))
    if copies_left(state, "girls") > 0:
        # most often the pile gives both cowboys: that answer comes first
        found = range(min(GIRLS_COWBOYS, state["pile"]), -1, -1)
        out.append(template("play_girls", seat, found=choice_param(found)))
    return out


PHASES = {
    "surveillance": _surveillance,
    "escape": _escape,
    "sale": _sale,
    "mines": _mines,
    "discard": _discard,
}
