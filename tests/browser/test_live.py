"""The pages in real headless Chromium: live updates over SSE, the simulated die reader."""

from __future__ import annotations

import pytest

from companion.randomness import draws
from companion.rules.dice import FACES
from tests.support.browser.tables import make_table

pytestmark = pytest.mark.browser


def test_dashboard_updates_live_over_sse(browser, live, shoot):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    made = make_table(page, live)
    page.goto(f"{live.url}/table/{made['id']}")
    page.wait_for_selector("#log", state="attached")
    page.wait_for_selector("[data-action=add]")
    # another device acts: the open page must show it without a reload
    live.api(
        "POST",
        f"/api/tables/{made['id']}/actions",
        {"action": {"type": "add", "seat": 0, "amount": 4}},
        token=made["admin_token"],
    )
    page.wait_for_selector("#log li[data-version='1']")
    assert "Ann" in page.inner_text("#log")
    shoot(page, "core-dashboard")
    context.close()


def test_a_page_kept_live_by_patches_shows_what_a_fresh_page_shows(browser, live):
    """The dashboard asks for patches (``shell.js``, ``patch.js``): after changes and an
    undo it draws what a page loaded afresh draws from the whole view."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    made = make_table(page, live)
    page.goto(f"{live.url}/table/{made['id']}")
    page.wait_for_selector("[data-action=add]")
    path = f"/api/tables/{made['id']}"
    streams = [s.number for s in live.service.hub._for_table(made["id"])]
    for amount in (4, 2, 5):
        live.api(
            "POST",
            path + "/actions",
            {"action": {"type": "add", "seat": 0, "amount": amount}},
            token=made["admin_token"],
        )
    live.api("POST", path + "/undo", {}, token=made["admin_token"])
    page.wait_for_selector("#log li[data-version='4']")
    # every patch applied: the page never had to start again from a whole view
    assert [s.number for s in live.service.hub._for_table(made["id"])] == streams
    fresh = context.new_page()
    fresh.goto(f"{live.url}/table/{made['id']}")
    fresh.wait_for_selector("#log li[data-version='4']")
    for part in ("#turn", "#board", "#log"):
        assert page.inner_text(part) == fresh.inner_text(part)
    context.close()


def test_roll_button_throws_the_seeds_virtual_die(browser, live):
    """The dashboard's Roll throws the table's first virtual die, drawn
    from its committed seed (the simulated reader is not involved)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    made = make_table(page, live)
    live.api(
        "POST",
        f"/api/tables/{made['id']}/actions",
        {"action": {"type": "ask", "seat": 0}},
        token=made["admin_token"],
    )
    page.goto(f"{live.url}/table/{made['id']}")
    page.click("#virtual-roll")
    page.wait_for_selector("#log li[data-version='2']")
    face = int(page.get_attribute(".rolled .die", "data-face"))
    seed = live.service.tables[made["id"]].record.seed
    assert face == draws.dice(seed, {}, [("d6", FACES["d6"])])[0][1]
    assert (
        live.service.view(made["id"], live.service.seats.viewer_for(made["id"], None, None))[
            "state"
        ]["scores"][0]
        == face
    )
    context.close()


def test_hardware_goes_to_the_table_the_tablet_chooses(browser, live):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    first = make_table(page, live)
    make_table(page, live)  # the newest table takes the reader
    page.goto(f"{live.url}/table/{first['id']}")
    page.click("#use-reader")
    page.wait_for_selector("#use-reader", state="detached")
    assert live.service.active_table_id() == first["id"]
    context.close()


def test_forms_open_with_their_defaults(browser, live):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    made = make_table(page, live)
    page.goto(f"{live.url}/table/{made['id']}")
    page.click("[data-action=add]")
    assert page.input_value("#param-amount") == "2"
    page.click("#dialog button[type=submit]")
    page.wait_for_selector("#log li[data-version='1']")
    view = live.api("GET", f"/api/tables/{made['id']}", token=made["admin_token"])
    assert view["state"]["scores"] == [2, 0]
    context.close()
