"""The end and the reveal on the pages, in real Chromium: the result stays
correctable until the tablet closes the game, closing publishes the seed on every screen,
and a phone may change its sealed submission before the reveal."""

from __future__ import annotations

import pytest

from tests.support.browser.table_experience import TABLET, open_join_link
from tests.support.browser.tables import make_table
from tests.support.screens import open_tools

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


def test_lawless_coins_are_fixed_on_the_final_screen_until_the_game_is_closed(browser, live, shoot):
    """Lawless, "End of the Game": everyone counts their coins, so the tablet's final screen
    still offers "Fix a ranch's coins" (the prompt's row is hidden once the game is over)."""
    import json
    from pathlib import Path

    recorded = json.loads(
        (Path(__file__).parents[1] / "recorded" / "lawless-three-ranchers.json").read_text()
    )
    made = live.api(
        "POST",
        "/api/tables",
        {"game": "lawless", "players": recorded["players"], "options": recorded["options"]},
        token="script",
    )
    for action in recorded["actions"]:
        live.api(
            "POST",
            f"/api/tables/{made['id']}/actions",
            {"action": action},
            token=made["admin_token"],
        )
    context = browser.new_context(viewport=TABLET)
    context.add_cookies(
        [{"name": f"tc_admin_{made['id']}", "value": made["admin_token"], "url": live.url}]
    )
    tablet = context.new_page()
    tablet.goto(f"{live.url}/table/{made['id']}")
    tablet.wait_for_selector("#standings")
    open_tools(tablet)  # the corrections are tablet tools, one tap away
    fix = tablet.locator("#actions button[data-action=fix_coins]")
    fix.wait_for()
    shoot(tablet, "lawless-final-count")
    fix.click()
    tablet.wait_for_selector("#dialog #param-coins")
