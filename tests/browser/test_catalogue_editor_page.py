"""The 108 Outlaws catalogue editor on the tablet, in real Chromium at 1280×800: one tap in
the tools sheet opens it, a card is fixed, another deleted (two taps: one mistaken tap never
loses an entry), and the history says each change."""

from __future__ import annotations

import pytest

from tests.support.browser.table_experience import audit
from tests.support.screens import REACHED, TABLET, open_tools

pytestmark = pytest.mark.browser

CLUB = {
    "format": "table-companion-catalogue",
    "version": 1,
    "game": "outlaws108",
    "entries": {
        "3": {"icons": ["support"], "scoring": {"set": {"support": 5}, "points": 8}},
        "40": {"icons": ["cavalry"]},
        "41": {"icons": ["navy"]},
    },
}


def test_fix_an_entry_delete_one_and_see_the_history(browser, live, shoot):
    made = live.api(
        "POST", "/api/tables", {"game": "outlaws108", "players": ["Ann", "Bob"]}, token="script"
    )
    tid, admin = made["id"], made["admin_token"]
    live.api("POST", f"/api/tables/{tid}/catalogue", {"file": CLUB}, token=admin)
    context = browser.new_context(viewport=TABLET)
    context.add_cookies([{"name": f"tc_admin_{tid}", "value": admin, "url": live.url}])
    tablet = context.new_page()
    tablet.goto(f"{live.url}/table/{tid}")
    tablet.wait_for_selector("#catalogue-edit", state="attached")
    open_tools(tablet)
    tablet.locator("#catalogue-edit").scroll_into_view_if_needed()  # the sheet scrolls
    assert tablet.locator("#catalogue-edit").evaluate(REACHED)
    tablet.click("#catalogue-edit")
    tablet.wait_for_selector("#catalogue-editor tr[data-key='41']")
    assert tablet.locator("#catalogue-editor tr").count() == 3
    assert "8 points per set of 5" in tablet.inner_text("#catalogue-editor tr[data-key='3']")
    # No. 40 is a Scout, not a Cavalry card
    tablet.click("[data-fix='40']")
    tablet.click("#catalogue-fix [data-icon=cavalry]")
    tablet.click("#catalogue-fix [data-icon=scout]")
    audit(tablet, "108 Outlaws catalogue editor, fixing a card")
    shoot(tablet, "outlaws108-catalogue-fix", full_page=False)
    tablet.click("#catalogue-fix button[type=submit]")
    tablet.wait_for_selector("#toast:has-text('Card No. 40 saved')")
    assert "Scout" in tablet.inner_text("#catalogue-editor tr[data-key='40']")
    # No. 41 goes: the first tap asks, the second deletes
    tablet.click("[data-delete='41']")
    tablet.wait_for_selector("[data-delete='41']:has-text('Tap again to delete')")
    assert tablet.locator("#catalogue-editor tr[data-key='41']").count() == 1
    tablet.click("[data-delete='41']")
    tablet.wait_for_selector("#toast:has-text('No. 41 deleted')")
    tablet.wait_for_function("() => !document.querySelector(\"tr[data-key='41']\")")
    history = tablet.locator("#catalogue-history li").all_inner_texts()
    assert "No. 41" in history[0] and "deleted on the tablet" in history[0]
    assert "No. 40" in history[1] and "fixed on the tablet" in history[1]
    assert "Cavalry \u2192" in history[1] and history[1].endswith("Scout")
    assert sum("imported" in line for line in history) == 3
    audit(tablet, "108 Outlaws catalogue editor")
    box = tablet.locator("#catalogue-editor").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= TABLET["width"]
    assert box["y"] >= 0 and box["y"] + box["height"] <= TABLET["height"]
    smallest = tablet.evaluate(
        """() => Math.min(...[...document.querySelectorAll('#catalogue-editor *')]
            .filter((el) => el.childNodes.length && [...el.childNodes].some(
              (n) => n.nodeType === 3 && n.textContent.trim()))
            .map((el) => parseFloat(getComputedStyle(el).fontSize)))"""
    )
    assert smallest >= 16
    shoot(tablet, "outlaws108-catalogue-editor", full_page=False)
    entries = live.api("GET", f"/api/tables/{tid}/catalogue", token=admin)["entries"]
    assert sorted(entries) == ["3", "40"] and entries["40"]["icons"] == ["scout"]
    context.close()
