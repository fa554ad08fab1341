"""Input authority through real pages: secret submissions sent in the same millisecond from
several phones all land; a prompt whose dice belong to two players is answered die by die,
each from its own phone; a tablet whose table the hardware does not feed says so."""

from __future__ import annotations

import pytest

from tests.support.browser.input_authority import join
from tests.support.browser.tables import make_table
from web.i18n import Catalog

pytestmark = pytest.mark.browser


def test_secret_bids_sent_in_the_same_millisecond_all_land(browser, live):
    tablet = browser.new_context(viewport={"width": 1280, "height": 800})
    made = make_table(tablet.new_page(), live, players=("Ann", "Bruno", "Cleo"))
    live.api(
        "POST",
        f"/api/tables/{made['id']}/actions",
        {"action": {"type": "call_bids", "seat": 0}},
        token=made["admin_token"],
    )
    phones = [join(browser, live, made, seat) for seat in range(3)]
    for _, page in phones:
        page.wait_for_selector("[data-action=bid]")
    at = phones[0][1].evaluate("Date.now() + 400")
    # each page sends its bid with the version it saw, at the same instant, as a tap would
    for seat, (_, page) in enumerate(phones):  # armed first, fired together
        page.evaluate(
            """([seat, at]) => { window.bidSent = new Promise((done) => setTimeout(
               () => Companion.act({type: "bid", seat, amount: 10 + seat}).then(
                   () => done("ok"), (e) => done(e.code || e.message)), at - Date.now())); }""",
            [seat, at],
        )
    results = [page.evaluate("window.bidSent") for _, page in phones]
    assert results == ["ok", "ok", "ok"]
    view = live.api("GET", f"/api/tables/{made['id']}", token=made["admin_token"])
    assert view["state"]["revealed"] == [10, 11, 12]
    for context, _ in phones:
        context.close()
    tablet.close()


def test_a_duel_is_thrown_die_by_die_from_each_phone(browser, live):
    tablet_context = browser.new_context(viewport={"width": 1280, "height": 800})
    tablet = tablet_context.new_page()
    made = make_table(tablet, live)
    live.api(
        "POST",
        f"/api/tables/{made['id']}/actions",
        {"action": {"type": "challenge", "seat": 0}},
        token=made["admin_token"],
    )
    tablet.goto(f"{live.url}/table/{made['id']}")
    (ann_context, ann), (bruno_context, bruno) = (join(browser, live, made, s) for s in (0, 1))
    for page, face in ((ann, 6), (bruno, 2)):
        page.click("#type-dice")
        page.click(f"#dialog [data-face='{face}']")
        page.click("#dialog button[type=submit]")
        if page is ann:
            tablet.wait_for_selector("#dice-parts[data-in='1']")
            assert "1 of 2" in tablet.inner_text("#dice-parts")
    tablet.wait_for_selector("#log li[data-version='2']")
    line = tablet.inner_text("#log li[data-version='2']")
    assert "Ann" in line and "Bruno" in line  # who threw: both phones
    view = live.api("GET", f"/api/tables/{made['id']}", token=made["admin_token"])
    assert view["state"]["scores"] == [4, 0]
    for context in (ann_context, bruno_context, tablet_context):
        context.close()


def test_a_tablet_whose_table_the_reader_does_not_feed_says_so_by_its_dice(browser, live):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    first = make_table(page, live)
    make_table(page, live)  # the newest table takes the reader (its tablet steers it)
    live.api(
        "POST",
        f"/api/tables/{first['id']}/actions",
        {"action": {"type": "ask", "seat": 0}},
        token=first["admin_token"],
    )
    page.goto(f"{live.url}/table/{first['id']}")
    page.wait_for_selector("#dice-area #elsewhere")
    # said once in the bar: the dice's warning, not the reader's line beside it as well
    words = Catalog().files["core"]["en"]
    bar = page.inner_text("#now")
    said = [key for key in ("ui.elsewhere", "ui.reader_elsewhere") if words[key] in bar]
    assert said == ["ui.elsewhere"], bar
    page.click("#use-reader")
    page.wait_for_selector("#dice-area #elsewhere", state="detached")
    assert live.service.active_table_id() == first["id"]
    context.close()


def test_another_tablet_asks_for_the_reader_and_the_tablet_it_feeds_gives_it(browser, live, shoot):
    """A second tablet's new table leaves the reader where it is; its ask opens a one-tap
    question on the tablet of the game being played, naming who asks; the tap moves it and
    both dashboards say where it now goes."""
    playing, asking = (browser.new_context(viewport={"width": 1280, "height": 800}) for _ in "ab")
    here, there = playing.new_page(), asking.new_page()
    first = make_table(here, live)
    second = make_table(there, live, players=("Xena", "Yves"))
    assert second["active"] is False and live.service.active_table_id() == first["id"]
    here.goto(f"{live.url}/table/{first['id']}")
    there.goto(f"{live.url}/table/{second['id']}")
    here.wait_for_selector("#reader-where[data-here=yes]")
    there.wait_for_selector("#reader-where[data-here=no]")
    there.click("#use-reader")
    here.wait_for_selector("#reader-ask")
    assert "Xena, Yves" in here.inner_text("#reader-ask")
    shoot(here, "reader-asked")
    assert live.service.active_table_id() == first["id"]  # asking moved nothing
    here.click("#reader-give")
    here.wait_for_selector("#reader-where[data-here=no]")
    there.wait_for_selector("#reader-where[data-here=yes]")
    assert live.service.active_table_id() == second["id"]
    shoot(there, "reader-given")
    playing.close()
    asking.close()
