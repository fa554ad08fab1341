"""A move offered but not open now (``companion/rules/base.py`` ``blocked``) on the real
tablet page: Lawless's Fence when neither the points left nor the coins pay for it."""

from __future__ import annotations

import pytest

from tests.support.browser.tables import make_table
from tests.support.screens import TABLET, open_tools

pytestmark = pytest.mark.browser


def test_a_card_the_ranch_cannot_pay_for_is_dimmed_and_says_why_without_sending(
    browser, live, shoot
):
    page = browser.new_context(viewport=TABLET).new_page()
    made = make_table(page, live, "lawless", ("Ann", "Bruno"))
    table, token = f"/api/tables/{made['id']}", made["admin_token"]
    for action in (
        {"type": "first_player", "seat": None, "player": "Ann"},
        {"type": "place_terrain", "seat": 0, "quality": "poor"},
        {"type": "draw_row", "seat": 0, "position": 1},
        {"type": "draw_row", "seat": 0, "position": 2},
    ):
        live.api("POST", f"{table}/actions", {"action": action}, token=token)
    view = live.api("GET", table, token=token)
    assert view["state"]["points"] < 4 and view["state"]["ranches"][0]["fortune"] < 2
    page.goto(f"{live.url}/table/{made['id']}")
    page.wait_for_selector("#log li[data-version='4']")
    open_tools(page, False)
    fence = page.locator("#prompt-actions [data-action=play_fence]")  # 4 points
    assert "blocked" in (fence.get_attribute("class") or "")
    assert fence.get_attribute("aria-disabled") == "true"
    pile = page.locator("#prompt-actions [data-action=draw_pile]")  # 3 points, face down
    assert "blocked" in (pile.get_attribute("class") or "")
    terrain = page.locator("#prompt-actions [data-action=place_terrain]")  # 1 point
    assert "blocked" not in (terrain.get_attribute("class") or "")
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    fence.click(
        force=True
    )  # Playwright holds an aria-disabled button unclickable; a finger does not
    page.wait_for_selector("#toast:not([hidden])")
    said = page.inner_text("#toast")
    assert "cannot be paid" in said and "4 action points" in said, said
    assert not page.is_visible("#dialog[open]") and sent == []
    shoot(page, "lawless-blocked-fence")
    # ending the turn asks first, naming what is still open: never a move that is blocked
    page.click("#prompt-actions .end-turn")
    page.wait_for_selector("#dialog[open] li")
    left = page.eval_on_selector_all("#dialog[open] li", "items => items.map(li => li.textContent)")
    assert "Place a Terrain" in left
    assert "Fence" not in left and not any(item.startswith("Draw face down") for item in left), left
