"""Die kinds and their faces.

A die kind is a name the die reader, the buttons and the prompts share. A face is the value a
player reads off the die. Kinds with repeated faces (the Abilene cowboy die) list every face,
so a uniform draw over ``FACES[kind]`` is a fair throw. The kernel knows the plain d6; each
game declares its own kinds in its package (``companion/games/<game>/__init__.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.errors import RuleError


@dataclass(frozen=True)
class DieKind:
    """A kind of die a game uses: every face (repeated faces listed each time), how many of
    them a reader box for the game holds, the letter its dice are labelled with there, and
    the die's own colours (body, marks) so the pages draw it as it looks on the table."""

    name: str
    faces: tuple[int, ...]
    on_table: int = 1
    label: str = ""
    colours: tuple[str, str] = ("#f7f3e8", "#1a1a1a")

    def public(self) -> dict:
        """What the pages need to draw and type this die."""
        return {"faces": sorted(set(self.faces)), "colours": list(self.colours)}


D6 = DieKind("d6", (1, 2, 3, 4, 5, 6), on_table=2, label="")

KINDS: dict[str, DieKind] = {D6.name: D6}
FACES: dict[str, tuple[int, ...]] = {D6.name: D6.faces}


def declare(*kinds: DieKind) -> tuple[DieKind, ...]:
    """Make a game's own die kinds known. A game's package does this when it is imported, so
    any of its modules can check its dice; the same kind declared twice must be the same."""
    for kind in kinds:
        known = KINDS.get(kind.name)
        if known is not None and known != kind:
            raise ValueError(f"die kind {kind.name!r} declared twice, differently")
        KINDS[kind.name] = kind
        FACES[kind.name] = kind.faces
    return kinds


def values(kind: str) -> list[int]:
    """The distinct values a die of ``kind`` can show, lowest first."""
    return sorted(set(FACES[kind]))


def is_face(kind: str, face: object) -> bool:
    return (
        isinstance(face, int)
        and not isinstance(face, bool)
        and kind in FACES
        and face in FACES[kind]
    )


def bad_face(kind: str, face: object) -> RuleError:
    """The refusal of a face ``kind`` does not have, naming the faces it has ("The cattle
    die has faces 0 to 6: 123456789 is not one"); a long text is cut with an ellipsis."""
    shown = str(face)
    shown = shown if len(shown) <= 12 else shown[:11] + "…"
    faces = FACES.get(kind) or (0,)
    return RuleError("bad_face", die=kind, face=shown, least=min(faces), most=max(faces))


def check_faces(kinds: list[str], faces: object) -> list[int]:
    """Check that ``faces`` is one legal face for each die in ``kinds``, in that order."""
    if not isinstance(faces, list) or len(faces) != len(kinds):
        raise RuleError("wrong_dice_count", expected=len(kinds))
    for kind, face in zip(kinds, faces):
        if not is_face(kind, face):
            raise bad_face(kind, face)
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
