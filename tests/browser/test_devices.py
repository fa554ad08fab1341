"""The Devices panel and tagged cards in real Chromium, against the companion served by
waitress with the simulated reader on a pty and mock pins."""

from __future__ import annotations

import pytest

from tests.browser.test_live import make_table

pytestmark = pytest.mark.browser


def dashboard(browser, live, game="tally", players=("Ann", "Bruno")):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    made = make_table(page, live, game, players)
    page.goto(f"{live.url}/table/{made['id']}")
    page.click("#tools-summary")  # the devices are one of the tablet's tools, one tap away
    page.wait_for_selector("#devices dl")
    return context, page, made


def test_the_panel_shows_stand_ins_as_such_and_counts_bad_frames(browser, live, shoot):
    context, page, _ = dashboard(browser, live)
    page.wait_for_selector("[data-device='die-reader'].simulated")
    assert page.inner_text("[data-device='die-reader']") == "simulated"
    assert page.inner_text("[data-device='buttons']") == "mock pins"
    assert page.inner_text("#reader-state") == "Die reader: simulated"
    live.devices["simulator"].corrupt_next(3)
    live.devices["simulator"].tilt("d6")
    page.wait_for_function(
        """() => [...document.querySelectorAll('#devices .device-facts')]
        .some(n => /Bad frames: [1-9]/.test(n.textContent))""",
        timeout=15000,
    )
    shoot(page, "devices-panel")
    context.close()


def test_a_down_server_is_server_unreachable_not_a_device_state(browser, live, shoot):
    context, page, _ = dashboard(browser, live)
    page.wait_for_selector("[data-device='die-reader'].simulated")
    live.close()
    page.wait_for_function(
        """() => document.getElementById('reader-state').textContent
        === 'Server unreachable'""",
        timeout=15000,
    )
    states = page.eval_on_selector_all("#devices .device-state", "ns => ns.map(n => n.textContent)")
    assert states and set(states) == {"Server unreachable"}
    shoot(page, "devices-unreachable")
    context.close()


def test_a_tag_is_named_from_the_games_list_then_fills_the_outlaw_played(browser, live, shoot):
    context, page, made = dashboard(browser, live, "outlaws108")
    page.wait_for_selector("[data-device='die-reader'].simulated")
    live.devices["simulator"].scan("04a2246a5b3c80")
    page.wait_for_selector("#dialog select")
    page.select_option("#dialog select", "outlaw_42")
    assert "Outlaw No. 42" in page.inner_text("#dialog select")
    page.click("#dialog button[type=submit]")
    page.wait_for_selector("#dialog", state="hidden")
    live.devices["simulator"].scan("04a2246a5b3c80")
    page.wait_for_selector("#dialog input#param-number")
    assert page.input_value("#dialog input#param-number") == "42"
    shoot(page, "card-fills-outlaw")
    context.close()
