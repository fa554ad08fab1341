"""In real Chromium: a phone's dialog left open on last sale's corral card cannot vote in
the next sale (the page sends the round it was opened in, and says the moment passed), and
a table whose game cannot show its state keeps its Undo on the tablet."""

from __future__ import annotations

import pytest

from companion.known_games import registry
from tests.support.browser.tables import make_table
from tests.support.reliability.server import Client, join_seat
from tests.support.screens import TABLET, phone_for
from tests.support.tally import game as tally

pytestmark = pytest.mark.browser

ANN, BRUNO, CID = 0, 1, 2


def test_a_corral_card_dialog_left_open_cannot_vote_in_the_next_sale(browser, live, shoot):
    tablet = browser.new_context(viewport=TABLET).new_page()
    made = make_table(tablet, live, "abilene", ("Ann", "Bruno", "Cid"))
    tid, admin = made["id"], made["admin_token"]
    bruno = phone_for(browser, live, made, BRUNO)
    client = Client(live.port)
    ann, cid = (join_seat(client, tid, made["seats"][s]["join_code"]) for s in (ANN, CID))

    def act(token, action):
        live.api("POST", f"/api/tables/{tid}/actions", {"action": action}, token=token)

    def shown(token, kind):
        legal = live.api("GET", f"/api/tables/{tid}", token=token)["legal"]
        return next(t for t in legal if t["type"] == kind)["round"]

    act(admin, {"type": "throw", "seat": ANN, "dice": [0, 0, 1, 1, 1]})
    act(ann, {"type": "sell", "seat": ANN})
    bruno.click("[data-action=corral_vote]")  # his dialog opens, then his phone stalls
    bruno.click('#dialog [data-value="\\"other_brand\\""]')
    truth = {"brand": "no_brand", "value": 500, "round": shown(ann, "sale_truth")}
    act(ann, {"type": "sale_truth", "seat": ANN, **truth})
    act(
        cid,
        {
            "type": "corral_vote",
            "seat": CID,
            "card": "no_brand",
            "round": shown(cid, "corral_vote"),
        },
    )
    act(admin, {"type": "reveal_without", "seat": None, "absent_seat": BRUNO})
    act(ann, {"type": "sell", "seat": ANN})  # the next sale
    bruno.click("#dialog button[type=submit]")  # the old dialog's OK, at last
    bruno.wait_for_selector("#toast:has-text('That moment has passed')")
    bruno.wait_for_selector("#dialog", state="hidden")  # the new sale's button is there
    shoot(bruno, "moment-passed-phone", full_page=False)
    view = live.api("GET", f"/api/tables/{tid}", token=admin)
    assert view["state"]["sale"]["submitted"] == []  # not counted in the new sale


def test_a_table_whose_view_fails_keeps_its_undo_on_the_tablet(browser, live, shoot, monkeypatch):
    real = tally.view

    def view(state, seat):
        if state["scores"][0] >= 3:
            raise ValueError("invalid literal for int() with base 10: '²'")
        return real(state, seat)

    monkeypatch.setattr(tally, "view", view)
    registry.register(tally)
    tablet = browser.new_context(viewport=TABLET).new_page()
    made = make_table(tablet, live, "tally", ("Ann", "Bruno"))
    tid, admin = made["id"], made["admin_token"]
    tablet.goto(f"{live.url}/table/{tid}")
    tablet.wait_for_selector("[data-action=add]")
    add = {"type": "add", "seat": 0, "amount": 3}
    live.api("POST", f"/api/tables/{tid}/actions", {"action": add}, token=admin)
    tablet.wait_for_selector("#table-fault")
    assert tablet.is_visible("#undo")
    shoot(tablet, "table-fault-tablet")
    tablet.click("#undo")
    tablet.click("#undo-yes")
    tablet.wait_for_selector("[data-action=add]")
    assert not tablet.is_visible("#table-fault")
    registry.register(tally)
