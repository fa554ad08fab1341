"""The 108 Outlaws card catalogue on the tablet, in real Chromium: import a club's file, play a
card by its number alone, correct it, and see the correction marked in the log."""

from __future__ import annotations

import json

import pytest

from tests.support.browser.table_experience import TABLET, audit

pytestmark = pytest.mark.browser


def test_import_a_catalogue_then_play_a_card_by_its_number(browser, live, shoot, tmp_path):
    made = live.api(
        "POST", "/api/tables", {"game": "outlaws108", "players": ["Ann", "Bob"]}, token="script"
    )
    context = browser.new_context(viewport=TABLET)
    context.add_cookies(
        [{"name": f"tc_admin_{made['id']}", "value": made["admin_token"], "url": live.url}]
    )
    tablet = context.new_page()
    tablet.goto(f"{live.url}/table/{made['id']}")
    tablet.wait_for_selector("#catalogue-file", state="attached")
    shared = tmp_path / "club-catalogue.json"
    shared.write_text(
        json.dumps(
            {
                "format": "table-companion-catalogue",
                "version": 1,
                "game": "outlaws108",
                "entries": {"40": {"icons": ["cavalry"]}},
            }
        )
    )
    tablet.set_input_files("#catalogue-file", str(shared))
    tablet.wait_for_selector("#toast:has-text('Cards imported: 1')")
    audit(tablet, "108 Outlaws dashboard with the catalogue tools")
    assert tablet.get_attribute("#catalogue-export", "href").endswith("/catalogue")
    # the Earth card is played by its number only: the catalogue fills its icon in
    tablet.click("button[data-action=play_earth]")
    tablet.fill("#dialog #param-number", "40")
    tablet.click("#dialog button[type=submit]")
    tablet.wait_for_function("() => document.querySelector('#log li') !== null")
    view = live.api("GET", f"/api/tables/{made['id']}", token=made["admin_token"])
    assert view["state"]["areas"][0]["outlaws"][0]["icons"] == ["cavalry"]
    # a correction on the tablet is one logged action, marked as a correction
    status = live.api(
        "POST",
        f"/api/tables/{made['id']}/actions",
        {
            "action": {
                "type": "fix_card",
                "seat": None,
                "player": "Ann",
                "place": 1,
                "number": 41,
                "icons": ["scout"],
                "upside_down": [],
                "navy_as": [],
            }
        },
        token=made["admin_token"],
    )
    assert status["version"] == 2
    tablet.wait_for_selector("#log li.fix .fix-mark")
    shoot(tablet, "outlaws108-catalogue-and-correction")
    context.close()
