"""108 Outlaws: the outlaws a player puts into play, and the icons they show.

The companion does not know the 108 card texts. It knows what the rulebook prints about
card numbers (Heaven 1–36, Earth 37–108; the Strategists; the Ruan Brothers) and records
what the table tells it about each card played: its realm, optionally its number, its
active icons and the extra icons when played upside down.

The icon tally (rulebook: "Special Outlaws") is a list of *units*: one unit is one icon a
card offers, as the set of icon types it may count as. A plain icon is a set of one; a
Strategist is ONE unit of its two icons; a Navy icon of a player who owns a Ruan Brother
may also count as that brother's icon ("you may only consider each single icon as either
icon type and not both"). Because the choice is made afresh for each use, a tally shows for
each icon type how many units surely count as it and how many could.
"""

from __future__ import annotations

from companion.rules.base import RuleError, require

ICONS = ["leadership", "navy", "infantry", "cavalry", "scout", "support", "campaign"]
#: The icons a Campaign card asks to exhaust (the Campaign icon is an effect, not a cost).
COST_ICONS = [i for i in ICONS if i != "campaign"]
REALMS = ["earth", "heaven"]
#: Icons a Ruan Brother may turn Navy into ("the icon on the right" of the card).
NAVY_TARGETS = [i for i in ICONS if i not in ("navy", "campaign")]
TIERS = ["minor", "major"]
#: Most icons of one type a campaign asks for (the rulebook's example: 2 of each of three).
MAX_COST_EACH = 4
#: Most points a campaign card is entered with.
MAX_CAMPAIGN_POINTS = 30

HEAVEN_NUMBERS = range(1, 37)
EARTH_NUMBERS = range(37, 109)
#: Strategists (No. 37, 46, 47, 53): two icons, counted as one of them at a time.
STRATEGISTS = frozenset({37, 46, 47, 53})
#: The Ruan Brothers (No. 27, 29, 31) carry two Navy icons and convert Navy icons.
RUAN_BROTHERS = frozenset({27, 29, 31})
#: What the rulebook prints of particular cards; others are told by the table.
KNOWN_ICONS = {
    37: ["navy", "support"],
    27: ["navy", "navy"],
    29: ["navy", "navy"],
    31: ["navy", "navy"],
}
KNOWN_NAVY_TARGET = {27: "cavalry"}


def realm_of_number(number: int) -> str:
    return "heaven" if number in HEAVEN_NUMBERS else "earth"


def cost_param(icon: str) -> str:
    """The name of the form field counting ``icon`` in a campaign's cost."""
    return f"cost_{icon}"


def cost_from_counts(action: dict) -> list[str]:
    """A campaign's cost icons, one entry per icon, from the per-icon counts of ``action``."""
    return [icon for icon in COST_ICONS for _ in range(action[cost_param(icon)])]


def new_outlaw(slot: int, realm: str, icons: list[str], action: dict) -> dict:
    """The record of one outlaw entering a play area, checked against what is printed."""
    number = action["number"] or None
    if number is not None:
        require(realm_of_number(number) == realm, "outlaws108.realm_mismatch", number=number)
    icons = printed_icons(realm, number, list(icons))
    navy_as = _navy_conversion(realm, number, (action.get("navy_as") or [None])[0])
    strategist = realm == "earth" and (number in STRATEGISTS or len(icons) == 2)
    return {
        "slot": slot,
        "realm": realm,
        "number": number,
        "icons": icons,
        "upside_down": list(action["upside_down"]),
        "strategist": strategist,
        "navy_as": navy_as,
        "exhausted": False,
        "points": None,
        "scoring": None,
    }


def printed_icons(realm: str, number: int | None, icons: list[str]) -> list[str]:
    if realm == "heaven" and len(icons) == 1:
        # Every Heavenly Spirit shows two active icons: one picked means both are that icon.
        icons = icons * 2
    known = KNOWN_ICONS.get(number) if number is not None else None
    if known is not None:
        if not icons:
            return list(known)
        require(sorted(icons) == sorted(known), "outlaws108.icons_mismatch", number=number)
        return icons
    if realm == "earth" and len(icons) == 2:
        # Earthly Fiends show one icon; only a Strategist shows two different ones.
        require(icons[0] != icons[1], "outlaws108.strategist_icons")
        require(number is None or number in STRATEGISTS, "outlaws108.earth_one_icon", number=number)
    if realm == "earth" and number in STRATEGISTS and icons:
        require(len(icons) == 2, "outlaws108.strategist_icons")
    return icons


def _navy_conversion(realm: str, number: int | None, chosen: str | None) -> str | None:
    if number in RUAN_BROTHERS:
        known = KNOWN_NAVY_TARGET.get(number)
        chosen = chosen or known
        require(chosen is not None, "outlaws108.ruan_target_needed", number=number)
        require(known is None or chosen == known, "outlaws108.icons_mismatch", number=number)
        return chosen
    if chosen is not None:
        require(realm == "heaven" and number is None, "outlaws108.not_ruan")
    return chosen


# -- the icon tally ---------------------------------------------------------------------------


def navy_targets(outlaws: list[dict]) -> list[str]:
    """Icons this play area's Ruan Brothers let Navy icons count as (exhausted or not)."""
    return sorted({o["navy_as"] for o in outlaws if o["navy_as"]})


def units(outlaw: dict, targets: list[str]) -> list[list[str]]:
    """The icon units one outlaw offers: each a list of the types it may count as."""

    def widen(options: list[str]) -> list[str]:
        if "navy" in options:
            options = options + [t for t in targets if t not in options]
        return sorted(options)

    printed = [[icon] for icon in outlaw["icons"]]
    if outlaw["strategist"] and len(outlaw["icons"]) == 2:
        printed = [list(outlaw["icons"])]
    return [widen(u) for u in printed + [[icon] for icon in outlaw["upside_down"]]]


def tally(outlaws: list[dict], active_only: bool) -> dict:
    """Per icon type: ``sure`` units that count only as it, ``up_to`` units that may."""
    targets = navy_targets(outlaws)
    pool = [u for o in outlaws if not (active_only and o["exhausted"]) for u in units(o, targets)]
    return {
        icon: {
            "sure": sum(1 for u in pool if u == [icon]),
            "up_to": sum(1 for u in pool if icon in u),
        }
        for icon in ICONS
    }


def uncovered(cost: list[str], offered: list[list[str]], waived: int) -> list[str]:
    """The cost icons the offered units cannot pay, beyond the ``waived`` ones.

    Each unit pays at most one icon (a bipartite matching, augmenting paths), so a Strategist
    or a converted Navy is used as exactly one type for this payment.
    """
    owner: dict[int, int] = {}  # unit index -> cost index it pays

    def assign(need: int, seen: set[int]) -> bool:
        for u, options in enumerate(offered):
            if cost[need] in options and u not in seen:
                seen.add(u)
                if u not in owner or assign(owner[u], seen):
                    owner[u] = need
                    return True
        return False

    unpaid = [cost[i] for i in range(len(cost)) if not assign(i, set())]
    return unpaid[waived:] if len(unpaid) > waived else []


def check_exhausted_pay(
    outlaws: list[dict], slots: list[int], cost: list[str], waived: int
) -> None:
    """Refuse a payment whose exhausted outlaws cannot cover ``cost`` (less ``waived``)."""
    targets = navy_targets(outlaws)
    offered = [u for o in outlaws if o["slot"] in slots for u in units(o, targets)]
    missing = uncovered(cost, offered, waived)
    if missing:
        raise RuleError("outlaws108.cost_not_covered", missing=len(missing))


def exhaust(outlaws: list[dict], slots: list[int], exhausted: bool) -> list[dict]:
    """The play area with the outlaws in ``slots`` turned (exhausted) or straightened."""
    wanted = set(slots)
    return [{**o, "exhausted": exhausted} if o["slot"] in wanted else o for o in outlaws]


def flexible_units(outlaws: list[dict], active_only: bool) -> list[dict]:
    """The units that may count as more than one icon (Strategists, Navy icons a Ruan
    Brother converts), grouped: ``[{"icons": ["cavalry", "navy"], "count": 2}]``."""
    targets = navy_targets(outlaws)
    counts: dict[tuple[str, ...], int] = {}
    for outlaw in outlaws:
        if active_only and outlaw["exhausted"]:
            continue
        for unit in units(outlaw, targets):
            if len(unit) > 1:
                counts[tuple(unit)] = counts.get(tuple(unit), 0) + 1
    return [{"icons": list(icons), "count": n} for icons, n in sorted(counts.items())]
