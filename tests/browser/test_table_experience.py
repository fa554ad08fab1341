"""The evening as the players live it, in real Chromium: a new game on the tablet, two phones
joining by their QR links, actions seen everywhere, a server restart survived, French, and
an accessibility check of every page. Screenshots go to test-output/screenshots/."""

from __future__ import annotations

import pytest

from tests.support.bounded import steps
from tests.support.browser.table_experience import TABLET, audit, open_join_link

pytestmark = pytest.mark.browser


def new_game_on_tablet(tablet, live, names=("Ann", "Bruno", "Claudia")):
    tablet.goto(live.url + "/")
    audit(tablet, "home")
    tablet.click("text=New game")
    tablet.wait_for_selector("#player-names input")
    tablet.check("input[name=game][value=lawless]")
    for _ in steps(len(names), f"{len(names)} name fields"):
        if tablet.locator("#player-names input").count() >= len(names):
            break
        tablet.click("#add-player")
    for field, name in zip(tablet.locator("#player-names input").all(), names):
        field.fill(name)
    audit(tablet, "new game")
    tablet.click("button[type=submit]")
    tablet.wait_for_url("**/table/*")
    tablet.wait_for_selector(".seat-chip img")
    return tablet.url.rsplit("/", 1)[1]


def join_phone(browser, tablet, seat):
    """Open the seat's QR link on a fresh phone and press Join, as a player would."""
    return open_join_link(browser, tablet.get_attribute(f"#qr-{seat} a", "href"))


def test_set_up_join_play_reconnect_and_translate(browser, live, shoot):
    tablet = browser.new_context(viewport=TABLET).new_page()
    new_game_on_tablet(tablet, live)
    shoot(tablet, "tablet-new-table-qr-codes")
    ann = join_phone(browser, tablet, 0)
    bruno = join_phone(browser, tablet, 1)
    assert ann.inner_text(".seat-name") == "Ann"
    # joined seats show as joined on the tablet, and their link is spent
    tablet.wait_for_selector("#qr-0 .badge")

    # the tablet names the first player; both phones see it live
    tablet.click("[data-action=first_player]")
    tablet.click("#dialog button[data-value='\"Ann\"']")
    tablet.click("#dialog button[type=submit]")
    for phone in (ann, bruno):
        phone.wait_for_selector("#log li[data-version='1']")
    assert "Ann" in bruno.inner_text("#log")
    shoot(tablet, "tablet-dashboard-lawless")
    shoot(ann, "phone-seat-lawless")
    audit(tablet, "dashboard")
    audit(ann, "seat page")

    # Ann acts from her own phone: she may only act for her own seat
    ann.click("[data-action=place_terrain]")
    ann.click("#dialog button[data-value='\"excellent\"']")
    ann.click("#dialog button[type=submit]")
    tablet.wait_for_selector("#log li[data-version='2']")

    # the server goes away: every page says it is reconnecting instead of showing stale numbers
    restarted = live.restart()
    try:
        for page in (tablet, ann):
            page.wait_for_function("() => document.body.classList.contains('stale')")
        assert "Reconnecting" in tablet.inner_text("#link-state")
        # ...and comes back; a change made meanwhile is caught up from Last-Event-ID
        for page in (tablet, ann, bruno):
            page.wait_for_function(
                "() => !document.body.classList.contains('stale')", timeout=20000
            )
        ann.click("[data-action=place_cowboy]")
        ann.click("#dialog button[data-value='\"novice\"']")
        ann.click("#dialog button[type=submit]")
        for page in (tablet, bruno):
            page.wait_for_selector("#log li[data-version='3']")

        # French, chosen on the tablet and remembered by that device only
        tablet.select_option("#lang-select", "fr")
        tablet.wait_for_selector("text=Annuler la dernière action")
        assert "Joueurs" in tablet.inner_text("#seats")
        tablet.reload()
        tablet.wait_for_selector("#seats h2")
        assert "Joueurs" in tablet.inner_text("#seats")
        assert bruno.get_attribute("#theme-toggle", "aria-label") == "Light / dark"
        shoot(tablet, "tablet-dashboard-french")

        # undo from the tablet, with a confirm step; the log shows the undone line struck out
        tablet.click("#undo")
        tablet.click("#undo-yes")
        tablet.wait_for_selector("#log li.undone[data-version='3']")
        bruno.wait_for_selector("#log li.undone[data-version='3']")

        # keyboard: Tab reaches the controls and focus is visible
        tablet.reload()
        tablet.wait_for_selector("button[data-action]")
        reached = set()
        for _ in range(8):
            tablet.keyboard.press("Tab")
            reached.add(tablet.evaluate("document.activeElement.tagName"))
        assert {"A", "BUTTON"} <= reached
        outline = tablet.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline != "none"
    finally:
        restarted.close()


def test_reissued_seat_locks_out_the_old_phone(browser, live, shoot):
    tablet = browser.new_context(viewport=TABLET).new_page()
    new_game_on_tablet(tablet, live, names=("Ann", "Bruno"))
    lost = join_phone(browser, tablet, 1)
    tablet.on("dialog", lambda dialog: dialog.accept())
    tablet.click("[data-reissue='1']")
    # the server ends the old phone's stream; the page wipes the seat and says why
    lost.wait_for_selector("#revoked")
    assert "given to another device" in lost.inner_text("#revoked")
    assert lost.locator("#board, #actions, #log").count() == 0
    tablet.wait_for_selector("#qr-1 img")
    replacement = join_phone(browser, tablet, 1)
    assert replacement.inner_text(".seat-name") == "Bruno"
    lost.reload()
    assert "not joined" in lost.inner_text("h1")
    tablet.wait_for_selector("#log li[data-version='1']")
    assert "new code" in tablet.inner_text("#log")
    shoot(lost, "phone-after-reissue")


def test_light_theme_and_manifest(browser, live, shoot):
    page = browser.new_context(viewport=TABLET).new_page()
    page.goto(live.url + "/new")
    page.click("#theme-toggle")
    assert page.evaluate("document.body.classList.contains('theme-light')")
    audit(page, "new game, light theme")
    page.reload()
    page.wait_for_selector("#player-names input")
    assert page.evaluate("document.body.classList.contains('theme-light')")
    shoot(page, "new-game-light")
    manifest = page.evaluate("fetch('/manifest.webmanifest').then(r => r.json())")
    assert manifest["display"] == "standalone" and len(manifest["icons"]) == 3


def test_player_without_a_phone_uses_the_tablet_behind_a_pin(browser, live, shoot):
    tablet = browser.new_context(viewport=TABLET).new_page()
    new_game_on_tablet(tablet, live, names=("Ann", "Bruno"))
    tablet.click("[data-keep-on-tablet='1']")
    tablet.fill("#pin-input", "2468")
    tablet.click("#dialog button[type=submit]")
    tablet.wait_for_url("**/seat/*")
    assert tablet.inner_text(".seat-name") == "Bruno"
    shoot(tablet, "tablet-private-page")
    tablet.click("#lock")
    tablet.wait_for_url("**/table/*")
    tablet.wait_for_selector("[data-open-private='1']")
    tablet.click("[data-open-private='1']")
    tablet.fill("#pin-input", "1111")
    tablet.click("#dialog button[type=submit]")
    tablet.wait_for_selector("#toast:not([hidden])")
    assert "Wrong PIN" in tablet.inner_text("#toast")
    tablet.fill("#pin-input", "2468")
    tablet.click("#dialog button[type=submit]")
    tablet.wait_for_url("**/seat/*")
