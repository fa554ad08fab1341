"""JSON Merge Patch (RFC 7386) between two views of the same viewer, for the live streams.

A page that asked for patches gets its full view when its stream opens (and again on every
resume), then for each change only what changed: ``diff(old, new)`` is a merge patch that
turns ``old`` into ``new``. Both are views made for one viewer; a patch is never made from
two viewers' views (``companion/writer/hub.py``).

RFC 7386 has one blind spot: ``null`` in a patch means "remove the member", so a patch
cannot *set* an object member to ``null`` (nor add an object that holds one). The views do
hold nulls (no prompt, no current seat), and a page must end up with exactly the server's
view, so :func:`diff` answers ``None`` when the change needs that, and the stream sends the
full view for that change instead. Arrays are replaced whole, as the RFC says (a ``null``
inside an array is kept).

Hand-written rather than a library: the algorithm is the RFC's fifteen lines, the page
needs the same fifteen in JavaScript (``web/static/patch.js``), and the packages that exist
either make RFC 6902 patches (longer, and their array diffs cost more than they save here)
or do not tell the ``null`` case apart.
"""

from __future__ import annotations

from typing import Any

from companion.errors import CompanionError


class _Inexpressible(CompanionError):
    """The change sets an object member to null: no merge patch says that."""

    def __init__(self) -> None:
        super().__init__("inexpressible")


def diff(old: dict, new: dict) -> dict | None:
    """The merge patch from ``old`` to ``new`` (``{}``: nothing changed), or ``None`` when
    no merge patch can say it (see the module's docstring)."""
    try:
        return _diff(old, new)
    except _Inexpressible:
        return None


def _diff(old: dict, new: dict) -> dict:
    patch: dict[str, Any] = {}
    for key in old:
        if key not in new:
            patch[key] = None
    for key, value in new.items():
        if key in old:
            before = old[key]
            if before is value:
                continue  # shared with the previous view (a cached part): unchanged
            if type(before) is dict and type(value) is dict:
                inner = _diff(before, value)
                if inner:
                    patch[key] = inner
                continue
            if type(before) is type(value) and before == value:
                continue
        patch[key] = _as_member(value)
    return patch


def _as_member(value: Any) -> Any:
    """``value`` as a patch member that sets it whole."""
    if value is None:
        raise _Inexpressible
    if type(value) is dict:
        # merged into an empty object on the other side: its own nulls would be dropped
        for inner in value.values():
            _as_member(inner)
    return value


def apply(target: Any, patch: Any) -> Any:
    """RFC 7386, section 2, as the page runs it (``C.mergePatch``): a new value, ``target``
    is left as it was."""
    if type(patch) is not dict:
        return patch
    result = dict(target) if type(target) is dict else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = apply(result.get(key), value)
    return result
