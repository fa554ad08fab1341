"""One Lawless ranch: its terrains, herds and characters, and what they are worth.

Rulebook sections: "Card Effects" (Terrains, Livestock, Cowboys, Counters and Bonus Cards)
and "1. Manage Livestock" (rotation and sale values). Every function is pure and returns
new dicts; only what changes is copied.
"""

from __future__ import annotations

from companion.rules.base import replace, replace_at

QUALITIES = ("poor", "average", "excellent")
# A terrain houses 1/2/3 herds; a herd's base value is 1/2/3 coins.
QUALITY_VALUE = {"poor": 1, "average": 2, "excellent": 3}
LEVELS = ("novice", "experienced", "veteran")
# Bonus in a duel; only the cowboys' bonus counts for surveillance.
CHARACTER_BONUS = {
    "sheriff": 5,
    "mayor": 4,
    "undertaker": 3,
    "veteran": 3,
    "experienced": 2,
    "novice": 1,
}
CHARACTERS = tuple(CHARACTER_BONUS)
FENCE_BONUS = 2
# Rotation 0..3 = noon, 3, 6 and 9 o'clock; the sale multiplier is rotation + 1.
LAST_ROTATION = 3
ANGLES = (0, 90, 180, 270)
CLOCK = ("noon", "3", "6", "9")


def new_ranch(player: int, name: str) -> dict:
    return {
        "player": player,
        "name": name,
        "terrains": [],
        "characters": {kind: 0 for kind in CHARACTERS},
        "fences": 0,
        "stampede": False,
        "trophies": 0,
    }


def new_terrain(terrain_id: str, quality: str) -> dict:
    return {"id": terrain_id, "quality": quality, "herds": [], "mine": False, "raided": False}


def new_herd(herd_id: str, quality: str, rotation: int = 0) -> dict:
    return {"id": herd_id, "quality": quality, "rotation": rotation}


def capacity(terrain: dict) -> int:
    """Herds a terrain may house: none once it holds a gold mine."""
    return 0 if terrain["mine"] else QUALITY_VALUE[terrain["quality"]]


def can_house(terrain: dict) -> bool:
    return not terrain["raided"] and len(terrain["herds"]) < capacity(terrain)


def multiplier(herd: dict) -> int:
    return herd["rotation"] + 1


def sale_value(herd: dict) -> int:
    return QUALITY_VALUE[herd["quality"]] * multiplier(herd)


def all_herds(ranch: dict) -> list[tuple[dict, dict]]:
    """Every (terrain, herd) pair of the ranch."""
    return [(terrain, herd) for terrain in ranch["terrains"] for herd in terrain["herds"]]


def watched_herds(ranch: dict, freeze: bool) -> list[tuple[dict, dict]]:
    """Herds the surveillance test counts (and may lose): raided ones only when not frozen."""
    return [(t, h) for t, h in all_herds(ranch) if not (freeze and t["raided"])]


def sellable_herds(ranch: dict) -> list[dict]:
    return [h for t, h in all_herds(ranch) if not t["raided"]]


def surveillance_bonus(ranch: dict) -> int:
    """Cowboys' bonuses plus 2 per fence; sheriff, mayor and undertaker do not watch herds."""
    cowboys = sum(CHARACTER_BONUS[level] * ranch["characters"][level] for level in LEVELS)
    return cowboys + FENCE_BONUS * ranch["fences"]


def cowboy_count(ranch: dict) -> int:
    return sum(ranch["characters"][level] for level in LEVELS)


def characters_present(ranch: dict) -> list[str]:
    return [kind for kind in CHARACTERS if ranch["characters"][kind] > 0]


def shooting_targets(ranch: dict) -> list[str]:
    """The characters a hired killer must aim at: those with the highest bonus.

    The sheriff (+5) is always alone at the top, so it is shot first when present.
    """
    present = characters_present(ranch)
    if not present:
        return []
    best = max(CHARACTER_BONUS[kind] for kind in present)
    return [kind for kind in present if CHARACTER_BONUS[kind] == best]


def with_character(ranch: dict, kind: str, delta: int) -> dict:
    characters = dict(ranch["characters"])
    characters[kind] += delta
    return replace(ranch, characters=characters)


def terrain_index(ranch: dict, terrain_id: str) -> int | None:
    for index, terrain in enumerate(ranch["terrains"]):
        if terrain["id"] == terrain_id:
            return index
    return None


def terrain_at(ranch: dict, terrain_id: str) -> int:
    """The index of a terrain an action names (its template offered it: it is there)."""
    index = terrain_index(ranch, terrain_id)
    assert index is not None, terrain_id
    return index


def herd_at(ranch: dict, herd_id: str) -> tuple[int, int]:
    """(terrain index, herd index) of a herd an action names (it must be there)."""
    place = herd_place(ranch, herd_id)
    assert place is not None, herd_id
    return place


def herd_place(ranch: dict, herd_id: str) -> tuple[int, int] | None:
    """(terrain index, herd index) of a herd on this ranch, or None."""
    for t_index, terrain in enumerate(ranch["terrains"]):
        for h_index, herd in enumerate(terrain["herds"]):
            if herd["id"] == herd_id:
                return t_index, h_index
    return None


def with_terrain(ranch: dict, index: int, terrain: dict) -> dict:
    return replace(ranch, terrains=replace_at(ranch["terrains"], index, terrain))


def without_terrain(ranch: dict, index: int) -> dict:
    terrains = ranch["terrains"]
    return replace(ranch, terrains=terrains[:index] + terrains[index + 1 :])


def with_herd(ranch: dict, terrain_index_: int, herd: dict) -> dict:
    terrain = ranch["terrains"][terrain_index_]
    return with_terrain(ranch, terrain_index_, replace(terrain, herds=terrain["herds"] + [herd]))


def without_herd(ranch: dict, herd_id: str) -> tuple[dict, dict]:
    """The ranch without that herd, and the herd (it must be there)."""
    t_index, h_index = herd_at(ranch, herd_id)
    terrain = ranch["terrains"][t_index]
    herd = terrain["herds"][h_index]
    herds = terrain["herds"][:h_index] + terrain["herds"][h_index + 1 :]
    return with_terrain(ranch, t_index, replace(terrain, herds=herds)), herd


def rotate_herds(ranch: dict, freeze: bool) -> dict:
    """Turn every herd a quarter clockwise, up to 9 o'clock ("Continuing Livestock")."""
    terrains = []
    for terrain in ranch["terrains"]:
        if not terrain["herds"] or (freeze and terrain["raided"]):
            terrains.append(terrain)
            continue
        herds = [
            replace(h, rotation=min(h["rotation"] + 1, LAST_ROTATION)) for h in terrain["herds"]
        ]
        terrains.append(replace(terrain, herds=herds))
    return replace(ranch, terrains=terrains)


def scored_terrains(ranch: dict) -> list[dict]:
    """Terrains that count at the end: a raided terrain is not part of the property."""
    return [t for t in ranch["terrains"] if not t["raided"]]


def scored_herd_count(ranch: dict) -> int:
    return sum(len(t["herds"]) for t in scored_terrains(ranch))
