"""Who answered, as a log line names it: a seat, the tablet, or this Pi's hardware.

Every journal entry keeps its *actor* (``seat:2``, ``admin``, ``device``; a dice prompt
answered die by die joins its answerers with ``+``) and its *way in* (``web``, ``reader``,
``buttons``, ``card``, ``ble``, ``correction``). The log shows both as one word.
"""

from __future__ import annotations

HARDWARE_WAYS = ("reader", "buttons", "card", "ble")


def answered_by(actor: str, source: str) -> dict:
    """Who answered, for the log: ``{"kind": "seat", "seat": n}``, ``{"kind": "tablet"}``,
    or the hardware way in (``reader``, ``keypad``, ``card``, …); a split prompt joins its
    answerers with ``+``."""
    parts = [_one(part) for part in actor.split("+") if part]
    if len(parts) <= 1 and source in HARDWARE_WAYS:
        return _one(source)
    if len(parts) == 1:
        return parts[0]
    return {"kind": "several", "by": parts}


def _one(actor: str) -> dict:
    if actor in HARDWARE_WAYS:
        return {"kind": "keypad" if actor == "buttons" else actor}
    if actor.startswith("seat:") and actor[5:].isdigit():
        return {"kind": "seat", "seat": int(actor[5:])}
    if actor in ("admin", "device"):
        return {"kind": "tablet"}
    return {"kind": "table"}
