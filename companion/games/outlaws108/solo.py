"""108 Outlaws solo mode: the campaign row and the campaign-removal routine.

Rulebook, "Solo Mode": set up as for 3 players (3 Major, 6 Minor Campaigns). At the end of
the turn in which the player has played 4 Outlaws (and again 8), look at the top left icon of
the leftmost Earth card; remove all Campaigns matching it; if none match, go to the next icon
below, then to the top left icon of the card on the right; if nothing in the Earth row
matches, go through the Heaven row the same way; if nothing matches, remove nothing. Then
discard both rows and flip 5 new cards into each.

The companion must say which campaigns match, so in solo mode the nine campaigns on the
table are described first (points and cost icons). The routine then asks, one icon at a
time, which icon is showing at the place it names; ``"none"`` means the card has no more
icons and moves on to the next card.
"""

from __future__ import annotations

MAJOR_SLOTS = [1, 2, 3]
MINOR_SLOTS = [4, 5, 6, 7, 8, 9]
REMOVAL_AFTER = (4, 8)
ROW_LENGTH = 5
NO_MORE_ICONS = "none"


def campaign_row() -> list[dict]:
    """The nine campaigns of a 3-player setup, not yet described."""
    return [
        {
            "slot": s,
            "tier": "major" if s in MAJOR_SLOTS else "minor",
            "points": None,
            "cost": None,
            "status": "open",
        }
        for s in MAJOR_SLOTS + MINOR_SLOTS
    ]


def undescribed(row: list[dict]) -> list[int]:
    return [c["slot"] for c in row if c["cost"] is None]


def open_slots(row: list[dict]) -> list[int]:
    return [c["slot"] for c in row if c["status"] == "open"]


def describe(row: list[dict], slot: int, points: int, cost: list[str]) -> list[dict]:
    return [{**c, "points": points, "cost": list(cost)} if c["slot"] == slot else c for c in row]


def set_status(row: list[dict], slots: list[int], status: str) -> list[dict]:
    chosen = set(slots)
    return [{**c, "status": status} if c["slot"] in chosen else c for c in row]


def thresholds_crossed(before: int, after: int, done: list[int]) -> list[int]:
    """The removal points (4th, 8th outlaw) this turn reached that were not run yet."""
    return [t for t in REMOVAL_AFTER if before < t <= after and t not in done]


def start_routine(threshold: int) -> dict:
    return {
        "threshold": threshold,
        "row": "earth",
        "card": 1,
        "icon": 1,
        "matched": None,
        "removed": [],
        "finished": False,
    }


def matching(row: list[dict], icon: str) -> list[int]:
    """Open campaigns (Minor and Major) whose cost shows ``icon``."""
    return [c["slot"] for c in row if c["status"] == "open" and icon in (c["cost"] or [])]


def answer(routine: dict, row: list[dict], icon: str) -> dict:
    """The routine after the player says ``icon`` shows at its current place."""
    if icon == NO_MORE_ICONS:
        return _next_card(routine)
    found = matching(row, icon)
    if found:
        return {**routine, "matched": icon, "removed": found, "finished": True}
    return {**routine, "icon": routine["icon"] + 1}


def _next_card(routine: dict) -> dict:
    if routine["card"] < ROW_LENGTH:
        return {**routine, "card": routine["card"] + 1, "icon": 1}
    if routine["row"] == "earth":
        return {**routine, "row": "heaven", "card": 1, "icon": 1}
    return {**routine, "finished": True}
