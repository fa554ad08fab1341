"""A submission belongs to its moment: random interleavings of Abilene sales (each one a
sealed round), dialogs opened on phones, and their sends arriving late.

Whatever the order, a corral card or a seller's truth counts only in the sale whose dialog
it was sent from: one for a sale that is over (settled, revealed without it, cancelled) or
for another sale is refused with ``moment_passed`` and changes nothing; one for the sale
open now lands, whoever sent before it (``companion/rules/sealed.py``).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import Conflict
from companion.play.table import Viewer
from companion.rules.errors import RuleError
from companion.storage.journal import Journal
from companion.writer.service import Service

ADMIN = Viewer(admin=True)
SEATS = 3
CARDS = ["seller_brand", "no_brand", "other_brand"]
TRUTHS = [("no_brand", 500), ("seller_brand", 100), ("other_brand", 1000)]

KINDS = ["open"] * 4 + ["send"] * 5 + ["without", "without", "sell", "cancel_sale"]
steps = st.lists(
    st.tuples(st.sampled_from(KINDS), st.integers(0, SEATS - 1), st.integers(0, 4)),
    min_size=10,
    max_size=60,
)  # (what happens, which seat or how far back, which card)


class Sales:
    """An Abilene table of three, Ann's throw made and her first sale declared; ``number``
    counts the sales declared (the test's own count, not the companion's ids)."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.id = service.create_table("abilene", ["Ann", "Bruno", "Cid"], {})["id"]
        self.act(0, {"type": "throw", "seat": 0, "dice": [0, 0, 1, 1, 1]})
        self.act(0, {"type": "sell"})
        self.number = 1

    def act(self, seat, action):
        viewer = ADMIN if seat is None else Viewer(seat=seat)
        return self.service.act(self.id, {"seat": seat, **action}, viewer)

    def view(self, seat=None) -> dict:
        return self.service.view(self.id, ADMIN if seat is None else Viewer(seat=seat))

    def legal(self, seat) -> list[dict]:
        return self.view(seat)["legal"]

    def open_sale(self) -> int | None:
        """The number of the sale open now (None between sales)."""
        return self.number if self.view()["state"]["sale"] is not None else None


def dialog(sales: Sales, seat: int) -> dict | None:
    return next((t for t in sales.legal(seat) if t.get("secret")), None)


def filled(template: dict, pick: int) -> dict:
    """What the page sends from a dialog: the values chosen and the dialog's fixed parts."""
    if template["type"] == "sale_truth":
        brand, value = TRUTHS[pick]
        chosen = {"brand": brand, "value": value}
    else:
        chosen = {"card": CARDS[pick]}
    fixed = {"round": template["round"]} if "round" in template else {}
    return {"type": template["type"], **fixed, **chosen}


@settings(max_examples=60, deadline=None)
@given(steps)
def test_a_submission_counts_only_in_the_round_it_was_shown(plan):
    with tempfile.TemporaryDirectory() as folder:
        journal = Journal(Path(folder) / "companion.sqlite")
        with Service(journal) as service:
            play(Sales(service), plan)
        journal.close()


def play(sales: Sales, plan) -> None:
    # (seat, the sale it was opened in, dialog); a sale is None between sales
    opened: list[tuple[int, int | None, dict]] = []
    counted: dict[tuple[int | None, int], object] = {}  # (sale, seat) -> what landed in it
    for kind, who, pick in plan:
        now, last = sales.open_sale(), sales.view()["state"]["last_sale"]
        if kind == "open":
            shown = dialog(sales, who)
            if shown is not None:
                opened.append((who, now, shown))
        elif kind == "send" and opened:
            seat, sale, shown = opened[-1 - pick % len(opened)]  # mostly a recent one
            action = filled(shown, who)
            may = sale == now and dialog(sales, seat) is not None
            before = sales.view(seat)
            try:
                sales.act(seat, action)
            except Conflict as refused:
                assert refused.code == "moment_passed" and not may
                assert sales.view(seat) == before  # refused: nothing changed
            else:
                assert may, f"a card from sale {sale} landed in sale {now}"
                payload = action.get("card") or {"brand": action["brand"], "value": action["value"]}
                counted[(now, seat)] = payload
        elif kind == "without":
            if any(t["type"] == "reveal_without" for t in sales.legal(None)):
                try:
                    sales.act(None, {"type": "reveal_without", "absent_seat": who})
                except RuleError:
                    pass  # the seller, or a seat already in: refused, and nothing changed
        elif any(t["type"] == kind for t in sales.legal(0)):  # the seller sells or cancels
            sales.act(0, {"type": kind})
            sales.number += kind == "sell"
        after = sales.view()["state"]["last_sale"]
        if after != last:
            settled(now, after, counted)


def settled(sale: int | None, shown: dict, counted: dict) -> None:
    """The sale that settled counted, for each seat, exactly the last card sent from a
    dialog of that sale (none when the tablet revealed without the seat)."""
    for seat, vote in shown["votes"].items():
        assert vote == counted.get((sale, int(seat))), (sale, seat, shown)
    assert shown["truth"] == counted[(sale, 0)]
