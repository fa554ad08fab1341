"""What several test files share: ``sale``, ``throw``."""

from __future__ import annotations


def throw(seat: int, dice: list[int]) -> dict:
    return {"type": "throw", "seat": seat, "dice": dice}


def sale(seller: int, votes: dict, brand: str, value: int) -> list[dict]:
    out = [{"type": "sell", "seat": seller}]
    out += [{"type": "corral_vote", "seat": s, "card": c} for s, c in votes.items()]
    return out + [{"type": "sale_truth", "seat": seller, "brand": brand, "value": value}]
