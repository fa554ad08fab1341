"""Tagged cards: what a scanned card fills in (the kernel knows no game's cards).

A game lists the physical cards that may carry a tag as ``CARD_FACES`` in its package
``__init__.py`` (``declare(CardFace(...), ...)``). A tag is named once from the dashboard
with one of these names and remembered (the journal's card registry); when it is scanned,
:func:`fill` finds the first legal template the card fits and returns it with the card's
values as the form's defaults, for the player to check and send. Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.rules.base import check_param
from companion.rules.errors import RuleError


@dataclass(frozen=True)
class CardFace:
    """One physical card: ``name`` as the registry remembers a tag, ``label`` a line
    (``{"key", "params"}``) naming it in the viewer's language, ``fills`` the parameter
    values it gives, ``types`` the action types it fills (empty: any that has its params)."""

    name: str
    label: dict
    fills: dict = field(default_factory=dict)
    types: tuple[str, ...] = ()


def declare(*faces: CardFace) -> dict[str, CardFace]:
    out: dict[str, CardFace] = {}
    for face in faces:
        if face.name in out:
            raise ValueError(f"card {face.name!r} declared twice")
        out[face.name] = face
    return out


def _accepts(spec: dict, value: Any, name: str) -> bool:
    try:
        check_param(spec, value, name)
    except RuleError:
        return False
    return True


def fits(face: CardFace, template: dict) -> bool:
    if face.types and template["type"] not in face.types:
        return False
    params = template.get("params", {})
    return all(
        name in params and _accepts(params[name], value, name) for name, value in face.fills.items()
    )


def fill(face: CardFace, templates: list[dict]) -> dict | None:
    """The first of ``templates`` this card fits, its parameters defaulting to the card's
    values; ``None`` when the card is not one the table can use now."""
    for template in templates:
        if fits(face, template):
            params = {
                name: ({**spec, "default": face.fills[name]} if name in face.fills else spec)
                for name, spec in template.get("params", {}).items()
            }
            return {**template, "params": params}
    return None
