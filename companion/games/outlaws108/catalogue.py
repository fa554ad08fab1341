"""108 Outlaws: the card catalogue the table builds once (``companion/storage/card_catalogue.py``).

The rulebook prints no card list. The first time a numbered card is played its icons (and a
Ruan Brother's Navy conversion) are what the table typed; for a Heaven card the scoring rule
is typed once (``describe_heaven``): a set of icons and the points each complete set scores
("No. 3 Wu Yong will score 8 points for your 5 Support icons"; "you may score the sets
multiple times as long as you have icons") [Heaven Cards]. The companion keeps each entry on
this Pi; from then on the number alone fills the icons in, and at the end the Heaven points
are worked out from the rule and the icon tally (Strategists and converted Navy counted the
best way for each card, "chosen afresh for each use").

An entry: ``{"icons": [...], "navy_as": icon | None, "scoring": {"set": {icon: n},
"points": p} | None}``; its key is the card number ("3"); the realm follows from it.

Campaign cards carry no number, only their tier, points and cost icons [Free Action: Embark
on a Campaign], so a campaign is kept under what the table types anyway, its tier and points
(``minor-3``): ``{"costs": [[icon, ...], ...]}``, every cost seen for a campaign of that tier
and points. A campaign entered with its tier and points and no cost takes the first known
cost its exhausted outlaws pay.
"""

from __future__ import annotations

import re

from companion.games.outlaws108 import cards
from companion.rules.base import require
from companion.rules.errors import RuleError

PLAYS = ("play_earth", "play_heaven", "effect_play_earth", "effect_play_heaven")
MOST_SET = 8
MOST_SET_POINTS = 30
#: Most costs kept for one tier and points: there are 18 Minor Campaign cards [Components].
MOST_COSTS = 18
CAMPAIGN_KEY = re.compile(r"(minor|major)-(0|[1-9][0-9]?)")


def _number(action: dict) -> int | None:
    number = action.get("number")
    if isinstance(number, int) and not isinstance(number, bool) and 0 < number <= 108:
        return number
    return None


def catalogue_key(state: dict, action: dict) -> str | None:
    """A play (or a corrected card) naming a number, or a campaign by its tier and points:
    the catalogue may know it."""
    if action.get("type") in PLAYS + ("fix_card",) and _number(action):
        return str(_number(action))
    return campaign_key(action)


def campaign_key(action: dict) -> str | None:
    """A multiplayer campaign's key, its tier and points (``minor-3``); a solo campaign is
    taken from the row it was described in."""
    points = action.get("points")
    if (
        action.get("type") != "campaign"
        or action.get("tier") not in cards.TIERS
        or not isinstance(points, int)
        or isinstance(points, bool)
        or not 0 <= points <= cards.MAX_CAMPAIGN_POINTS
    ):
        return None
    return f"{action['tier']}-{points}"


def known_costs(action: dict) -> list[list[str]]:
    """The costs the catalogue knows for the campaign ``action`` names."""
    entry = (action.get("known") or {}).get(campaign_key(action) or "") or {}
    return [list(cost) for cost in entry.get("costs") or []]


def campaign_cost(outlaws: list[dict], action: dict) -> list[str]:
    """A campaign's cost: the one typed, else the first known cost of its tier and points
    the exhausted outlaws pay (refused, naming the known costs, if none is paid); with
    neither, none (the table did not enter it)."""
    typed = cards.cost_from_counts(action)
    costs = known_costs(action)
    if typed or not costs:
        return typed
    for cost in costs:
        try:
            cards.check_exhausted_pay(outlaws, action["exhaust"], cost, action["waived"])
        except RuleError:
            continue
        return cost
    raise RuleError(
        "outlaws108.campaign_known_unpaid",
        tier=action["tier"],
        points=action["points"],
        costs="; ".join(" + ".join(cost) for cost in costs),
    )


def known(action: dict) -> dict | None:
    """The catalogue's entry for the card an action names; an entry without icons (kept
    before they were required) is no entry."""
    entry = (action.get("known") or {}).get(str(_number(action) or ""))
    return entry if entry and entry.get("icons") else None


def corrected(realm: str, icons: list, action: dict, before: list) -> tuple[list, dict]:
    """A played card put right (``fix_card``): the icons typed win, so a wrong catalogue
    entry is corrected from the play; with none typed, the catalogue's, else the icons the
    card had (only its number was wrong)."""
    if icons:
        return icons, action
    if known(action) is None:
        return list(before), action
    return with_known(realm, icons, action)


def require_icons(outlaw: dict, action: dict) -> None:
    """A numbered card entering play needs its icons (typed, the catalogue's or printed in
    the rulebook), or the catalogue would keep a card with none. A play journalled under
    rules version 2 (``icons_as_typed``) was recorded as typed."""
    require(
        bool(outlaw["icons"]) or outlaw["number"] is None or action.get("icons_as_typed"),
        "outlaws108.icons_needed",
        number=outlaw["number"],
    )


def with_known(realm: str, icons: list, action: dict) -> tuple[list, dict]:
    """The icons and Navy conversion of a play, from the catalogue when it knows the card:
    nothing typed takes the catalogue's; something else typed is refused, naming it."""
    entry = known(action)
    if entry is None:
        return icons, action
    printed = cards.printed_icons(realm, _number(action), list(icons)) if icons else None
    require(
        printed is None or sorted(printed) == sorted(entry["icons"]),
        "outlaws108.catalogue_differs",
        number=_number(action),
        icons=", ".join(entry["icons"]),
    )
    navy = entry.get("navy_as")
    if navy and not action.get("navy_as"):
        action = {**action, "navy_as": [navy]}
    return list(entry["icons"]), action


def catalogue_entry(state: dict, action: dict) -> tuple[str, dict] | None:
    """What a committed action teaches: the card played (or corrected), with its scoring
    rule if the table typed one; a campaign's cost, beside the costs known for its tier and
    points."""
    kind = action.get("type")
    key = campaign_key(action)
    if key is not None:
        taken = state["areas"][action["seat"]]["campaigns"][-1]["cost"]
        costs = known_costs(action)
        if not taken or taken in costs or len(costs) >= MOST_COSTS:
            return None
        return key, {"costs": costs + [list(taken)]}
    number = _number(action)
    if kind not in PLAYS + ("fix_card", "describe_heaven") or number is None:
        return None
    outlaw = find(state, number)
    if outlaw is None or not outlaw["icons"]:
        return None  # a card without icons teaches nothing
    return str(number), {
        "icons": list(outlaw["icons"]),
        "navy_as": outlaw["navy_as"],
        "scoring": outlaw.get("scoring"),
    }


def find(state: dict, number: int) -> dict | None:
    for area in state["areas"]:
        for outlaw in area["outlaws"]:
            if outlaw["number"] == number:
                return outlaw
    return None


def check_entry(key: str, entry: object) -> dict:
    """One entry of an imported catalogue, checked as a play of that card (or that
    campaign) would be."""
    if CAMPAIGN_KEY.fullmatch(key):
        return check_campaign(key, entry)
    digits = key.isascii() and key.isdigit()  # the core keeps a number's key in ASCII digits
    require(digits and 1 <= int(key) <= 108, "outlaws108.catalogue_number")
    if not isinstance(entry, dict) or not set(entry) <= {"icons", "navy_as", "scoring"}:
        raise RuleError("outlaws108.catalogue_fields")
    number = int(key)
    realm = cards.realm_of_number(number)
    icons = entry.get("icons")
    if not (
        isinstance(icons, list) and 1 <= len(icons) <= 2 and all(i in cards.ICONS for i in icons)
    ):
        raise RuleError("outlaws108.catalogue_icons")
    navy = entry.get("navy_as")
    require(navy is None or navy in cards.NAVY_TARGETS, "outlaws108.catalogue_icons")
    outlaw = cards.new_outlaw(
        1, realm, icons, {"number": number, "upside_down": [], "navy_as": [navy] if navy else []}
    )
    scoring = entry.get("scoring")
    if scoring is not None:
        require(realm == "heaven", "outlaws108.scoring_on_earth")
        scoring = check_scoring(scoring)
    return {"icons": outlaw["icons"], "navy_as": outlaw["navy_as"], "scoring": scoring}


def check_campaign(key: str, entry: object) -> dict:
    """A campaign's known costs: 1 to 18 costs, each of the cost icons, at most 4 of each."""
    match = CAMPAIGN_KEY.fullmatch(key)
    require(
        match is not None and int(match[2]) <= cards.MAX_CAMPAIGN_POINTS,
        "outlaws108.catalogue_number",
    )
    costs = entry.get("costs") if isinstance(entry, dict) and set(entry) == {"costs"} else None
    require(
        isinstance(costs, list)
        and 1 <= len(costs) <= MOST_COSTS
        and all(
            isinstance(cost, list)
            and cost
            and all(isinstance(i, str) and i in cards.COST_ICONS for i in cost)
            and all(cost.count(i) <= cards.MAX_COST_EACH for i in cost)
            for cost in costs
        ),
        "outlaws108.catalogue_campaign",
    )
    kept: list[list[str]] = []
    for cost in costs or []:
        ordered = [i for i in cards.COST_ICONS for _ in range(cost.count(i))]
        if ordered not in kept:
            kept.append(ordered)
    return {"costs": kept}


def check_scoring(scoring: object) -> dict:
    if not isinstance(scoring, dict) or set(scoring) != {"set", "points"}:
        raise RuleError("outlaws108.catalogue_scoring")
    wanted, points = scoring["set"], scoring["points"]
    require(
        isinstance(wanted, dict)
        and wanted
        and all(
            icon in cards.ICONS
            and isinstance(n, int)
            and not isinstance(n, bool)
            and 1 <= n <= MOST_SET
            for icon, n in wanted.items()
        )
        and isinstance(points, int)
        and not isinstance(points, bool)
        and 0 <= points <= MOST_SET_POINTS,
        "outlaws108.catalogue_scoring",
    )
    return {"set": {icon: wanted[icon] for icon in cards.ICONS if icon in wanted}, "points": points}


# -- Heaven points from the rule and the tally -----------------------------------------------


def sets_scored(outlaws: list[dict], wanted: dict) -> int:
    """How many complete sets the play area makes, each unit used once per set and chosen
    afresh for this card (a bipartite matching: ``cards.uncovered``)."""
    targets = cards.navy_targets(outlaws)
    offered = [u for o in outlaws for u in cards.units(o, targets)]
    one_set = [icon for icon in cards.ICONS for _ in range(wanted.get(icon, 0))]
    count = 0
    while (
        one_set
        and len(one_set) * (count + 1) <= len(offered)
        and not cards.uncovered(one_set * (count + 1), offered, 0)
    ):
        count += 1
    return count


def heaven_points(outlaws: list[dict]) -> list[dict]:
    """Each Heaven outlaw with a scoring rule gets its points; the others keep theirs."""
    out = []
    for outlaw in outlaws:
        rule = outlaw.get("scoring")
        if outlaw["realm"] == "heaven" and rule:
            outlaw = {
                **outlaw,
                "points": rule["points"] * sets_scored(outlaws, rule["set"]),
                "computed": True,
            }
        out.append(outlaw)
    return out


def describe_heaven(state: dict, action: dict, scoring_now: bool) -> dict:
    """The table types a Heaven card's scoring rule once; the catalogue keeps it."""
    rule = check_scoring(
        {
            "set": {
                icon: action[set_param(icon)] for icon in cards.ICONS if action[set_param(icon)]
            },
            "points": action["points"],
        }
    )
    areas = []
    for area in state["areas"]:
        outlaws = [
            {**o, "scoring": rule} if o["number"] == action["number"] else o
            for o in area["outlaws"]
        ]
        areas.append({**area, "outlaws": heaven_points(outlaws) if scoring_now else outlaws})
    return {**state, "areas": areas}


def set_param(icon: str) -> str:
    return f"set_{icon}"


def undescribed(state: dict) -> list[int]:
    """Numbered Heaven cards in play whose scoring rule nobody typed yet."""
    return sorted(
        o["number"]
        for a in state["areas"]
        for o in a["outlaws"]
        if o["realm"] == "heaven" and o["number"] and not o.get("scoring")
    )
