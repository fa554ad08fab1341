"""Die kinds and their faces.

A die kind is a name the die reader, the buttons and the prompts share. A face is the value a
player reads off the die. Kinds with repeated faces (the Abilene cowboy die) list every face,
so a uniform draw over ``FACES[kind]`` is a fair throw.
"""

from __future__ import annotations

from companion.rules.base import RuleError

FACES: dict[str, tuple[int, ...]] = {
    "d6": (1, 2, 3, 4, 5, 6),
    # Root's battle dice: twelve faces, three each of 0, 1, 2 and 3.
    "root12": (0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3),
    # Abilene: the light cattle die and the dark cowboy die.
    "cattle": (0, 1, 2, 3, 4, 5),
    "cowboy": (1, 1, 2, 2, 3, 4),
}


def values(kind: str) -> list[int]:
    """The distinct values a die of ``kind`` can show, lowest first."""
    return sorted(set(FACES[kind]))


def is_face(kind: str, face: object) -> bool:
    return (isinstance(face, int) and not isinstance(face, bool)
            and kind in FACES and face in FACES[kind])


def check_faces(kinds: list[str], faces: object) -> list[int]:
    """Check that ``faces`` is one legal face for each die in ``kinds``, in that order."""
    if not isinstance(faces, list) or len(faces) != len(kinds):
        raise RuleError("wrong_dice_count", expected=len(kinds))
    for kind, face in zip(kinds, faces):
        if not is_face(kind, face):
            raise RuleError("bad_face", die=kind, face=str(face)[:8])
    return list(faces)


def matches(kinds: list[str], offered: list[str]) -> bool:
    """Whether a throw of ``offered`` dice answers a prompt for ``kinds`` (same multiset)."""
    return sorted(kinds) == sorted(offered)


def arrange(kinds: list[str], thrown: list[tuple[str, int]]) -> list[int]:
    """Order a throw's ``(kind, face)`` pairs to follow ``kinds`` (a prompt's order)."""
    pool = list(thrown)
    out = []
    for kind in kinds:
        for i, (k, face) in enumerate(pool):
            if k == kind:
                out.append(face)
                del pool[i]
                break
        else:
            raise RuleError("wrong_dice", expected=",".join(kinds))
    if pool:
        raise RuleError("wrong_dice", expected=",".join(kinds))
    return out
