"""The end and the reveal on the pages (issue 16), in real Chromium: the result stays
correctable until the tablet closes the game, closing publishes the seed on every screen,
and a phone may change its sealed submission before the reveal."""

from __future__ import annotations

import pytest

from tests.browser.test_live import make_table
from tests.browser.test_table_experience import TABLET, open_join_link

pytestmark = pytest.mark.browser


def phone_for(browser, live, made, seat):
    return open_join_link(browser, made["seats"][seat]["join_url"])


def test_close_the_game_publishes_the_seed_and_a_bid_can_be_changed(browser, live, shoot):
    tablet = browser.new_context(viewport=TABLET).new_page()
    made = make_table(tablet, live, players=("Ann", "Bruno"))
    tid, admin = made["id"], made["admin_token"]
    tablet.goto(f"{live.url}/table/{tid}")
    ann, bruno = phone_for(browser, live, made, 0), phone_for(browser, live, made, 1)
    # a sealed round: Ann bids, changes her mind from her phone, then Bruno's bid reveals
    live.api(
        "POST",
        f"/api/tables/{tid}/actions",
        {"action": {"type": "call_bids", "seat": 0}},
        token=admin,
    )
    for amount in ("3", "9"):
        ann.click("[data-action=bid]")
        ann.fill("#dialog input", amount)
        ann.click("#dialog button[type=submit]")
        ann.wait_for_selector("#dialog", state="hidden")
    tablet.wait_for_selector("#log li[data-version='3']")
    assert live.service.tables[tid].state["bids"]["choices"]["0"] == 9
    assert ann.locator("[data-action=bid]").count() == 1  # still offered: may change
    bruno.click("[data-action=bid]")
    bruno.fill("#dialog input", "4")
    bruno.click("#dialog button[type=submit]")
    tablet.wait_for_selector("#log li[data-version='4']")
    # the game ends: every screen says so, the tablet can still undo, and closes it
    live.api(
        "POST",
        f"/api/tables/{tid}/actions",
        {"action": {"type": "add", "seat": 0, "amount": 5}},
        token=admin,
    )
    for _ in range(9):
        live.api(
            "POST",
            f"/api/tables/{tid}/actions",
            {"action": {"type": "add", "seat": 0, "amount": 5}},
            token=admin,
        )
    tablet.wait_for_selector("#close-game")
    assert tablet.is_visible("#undo")
    assert "Seed commitment" in ann.inner_text("#seed-line")
    shoot(tablet, "tablet-game-over-before-close")
    tablet.click("#close-game")
    tablet.click("#close-yes")
    seed = live.service.tables[tid].record.seed.hex()
    for page in (tablet, ann, bruno):
        page.wait_for_function(
            f"() => document.querySelector('#seed-line').textContent.includes('{seed}')"
        )
    assert tablet.locator("#close-game").count() == 0
    assert "Game closed" in bruno.inner_text("#turn")
    shoot(ann, "phone-game-closed-seed")
