"""The evening around the game, in real Chromium through the real server: a page loads
without a refused request (no catalogue asked for by a game that keeps none); a rematch
takes every phone to its seat of the new table with no new scan, and the tablet to the new
table's page with its tools, as a reload draws it; archiving or deleting a game tells its
open pages what happened in words; the join page names the seat and the table, and a phone
that holds a seat asks before it takes another (and lets the old go); a used join link says
so at once, naming no seat; an undo after the end warns that the result has been shown and
keeps it in the log; the dice still on screen say whose throw they were."""

from __future__ import annotations

import random
import time

import pytest

from companion.known_games import registry
from companion.play.table import Viewer
from companion.randomness import draws
from tests.support.browser.moments import Moment, walk_until
from tests.support.browser.tables import make_table
from tests.support.screens import PHONE, TABLET, open_tools, phone_for
from web import after

pytestmark = pytest.mark.browser


def refused_requests(page) -> list[str]:
    refused: list[str] = []

    def seen(reply) -> None:
        if reply.status >= 400:
            refused.append(f"{reply.status} {reply.url}")

    page.on("response", seen)
    return refused


@pytest.mark.parametrize("game", registry.names())
def test_a_table_page_loads_without_a_refused_request(browser, live, game):
    tablet = browser.new_context(viewport=TABLET).new_page()
    players = ("Ann", "Bruno", "Claudia")[: max(2, registry.game(game).PLAYERS.start)]
    made = make_table(tablet, live, game, players)
    refused = refused_requests(tablet)
    tablet.goto(f"{live.url}/table/{made['id']}")
    tablet.wait_for_selector("#log")
    tablet.wait_for_timeout(1500)  # the requests a load makes, answered
    assert refused == []
    # the tools of a card catalogue are there for the game that keeps one, and only then
    assert tablet.locator("#catalogue-export").count() == (game == "outlaws108")
    phone = phone_for(browser, live, made, 0)
    phone_refused = refused_requests(phone)
    phone.reload()
    phone.wait_for_selector("#actions h2")
    phone.wait_for_timeout(1500)
    assert phone_refused == []


def finished_tally(live, tablet):
    """A game of the test game played to its end (Ann reaches 50), made by the tablet."""
    made = make_table(tablet, live, "tally", ("Ann", "Bruno"))

    def act(action):
        path = f"/api/tables/{made['id']}/actions"
        live.api("POST", path, {"action": action}, token=made["admin_token"])

    for turn in range(10):
        act({"type": "add", "seat": 0, "amount": 5})
        if turn < 9:
            act({"type": "end_turn", "seat": 0})
            act({"type": "end_turn", "seat": 1})
    return made


def test_a_rematch_takes_every_phone_to_its_seat_of_the_new_table(browser, live, shoot):
    context = browser.new_context(viewport=TABLET)
    tablet = context.new_page()
    made = finished_tally(live, tablet)
    phones = {seat: phone_for(browser, live, made, seat) for seat in (0, 1)}
    tablet.goto(f"{live.url}/table/{made['id']}")
    tablet.click("#rematch")
    tablet.wait_for_url(lambda url: made["id"] not in url)
    new_id = tablet.url.rsplit("/", 1)[1]
    for seat, phone in phones.items():
        phone.wait_for_url(f"**/seat/{new_id}")
        phone.wait_for_selector("#actions h2")
        assert phone.evaluate("document.body.dataset.seat") == str(seat)
        assert phone.inner_text("#turn") == ("Your turn" if seat == 0 else "Ann's turn")
    shoot(phones[1], "phone-after-rematch", full_page=False)
    # both seats of the new table are joined: no code left to scan
    assert not any(live.service.seats.join_codes(new_id, Viewer(admin=True)).values())
    # the old game's codes went to its own seats' phones only: the tablet joined nothing
    assert tablet.evaluate("document.body.dataset.admin") == "yes"


def test_a_phone_asleep_during_the_rematch_goes_to_its_seat_when_it_wakes(browser, live):
    tablet = browser.new_context(viewport=TABLET).new_page()
    made = finished_tally(live, tablet)
    awake = phone_for(browser, live, made, 0)
    asleep = phone_for(browser, live, made, 1)
    old_page = asleep.url
    phone = asleep.context
    asleep.close()  # the screen went dark: no page, no stream, its cookies kept
    tablet.goto(f"{live.url}/table/{made['id']}")
    loads: list[str] = []
    tablet.on("request", lambda r: loads.append(r.url) if r.resource_type == "document" else None)
    tablet.click("#rematch")
    tablet.wait_for_url(lambda url: made["id"] not in url)
    new_id = tablet.url.rsplit("/", 1)[1]
    awake.wait_for_url(f"**/seat/{new_id}")
    # told twice (its own answer and its stream), the tablet leaves once: a second
    # navigation would abort the first (net::ERR_ABORTED)
    tablet.wait_for_selector("#actions")
    assert loads == [f"{live.url}/table/{new_id}"], loads
    woken = phone.new_page()  # the player wakes the phone: the browser reloads the page
    woken.goto(old_page)
    woken.wait_for_url(f"**/seat/{new_id}")
    woken.wait_for_selector("#actions h2")
    assert woken.evaluate("document.body.dataset.seat") == "1"
    assert not any(live.service.seats.join_codes(new_id, Viewer(admin=True)).values())
    # the tablet coming back to the finished game from the history stays on it
    tablet.goto(f"{live.url}/table/{made['id']}")
    tablet.wait_for_selector("#standings")
    tablet.wait_for_timeout(500)
    assert made["id"] in tablet.url


def finished_lawless(live, tablet):
    """A three-ranch Lawless played to its scoring table by the seeded walk, made by the
    tablet (tests/support/browser/moments.py)."""
    made = make_table(tablet, live, "lawless", ("Ann", "Bruno", "Claudia"))
    walk_until(live.service, made["id"], random.Random(0), LAWLESS_OVER)
    return made


LAWLESS_OVER = Moment("the scoring table", lambda s: s["scoring"] is not None)


def tablet_tools(page) -> dict:
    """What the tablet's tools sheet holds, opened: its joining codes (each seat's link),
    its devices, its other actions."""
    page.wait_for_selector("#seats .seat-chip a[href*='/join/']")
    page.wait_for_selector("#devices > *")
    open_tools(page)
    return {
        "admin": page.evaluate("document.body.dataset.admin"),
        "joining": page.inner_text("#join-summary"),
        "links": page.eval_on_selector_all("#seats a[href*='/join/']", "as => as.length"),
        "devices": page.eval_on_selector_all("#devices h2, #devices h3", "hs => hs.length"),
        "reader": page.inner_text("#reader-state"),
        "actions": page.inner_text("#actions"),
    }


def slow_rematch_reply(monkeypatch) -> None:
    """The tablet's stream tells it of the rematch before its own request's answer (and
    the new table's admin cookie) reaches it: that answer is a second late on the Wi-Fi."""
    carry = after.carry_phones

    def carried_then_late(*args) -> None:
        carry(*args)
        time.sleep(1.0)

    monkeypatch.setattr(after, "carry_phones", carried_then_late)


def test_after_a_rematch_the_tablet_has_its_tools_as_a_reload_gives_them(
    browser, live, monkeypatch, shoot
):
    """Before: the stream's word took the tablet to the new table before the admin cookie
    came, and the page was drawn for a stranger: no tools sheet until a reload."""
    monkeypatch.setattr(draws, "new_seed", lambda: b"\x07" * 32)  # the same game every run
    tablet = browser.new_context(viewport=TABLET).new_page()
    made = finished_lawless(live, tablet)
    slow_rematch_reply(monkeypatch)
    tablet.goto(f"{live.url}/table/{made['id']}")
    tablet.click("#rematch")
    tablet.wait_for_url(lambda url: made["id"] not in url)
    tablet.wait_for_selector("#log")
    assert tablet.locator("#tools").count() == 1, tablet.inner_text("body")
    arrived = tablet_tools(tablet)
    shoot(tablet, "tablet-after-rematch", full_page=False)
    tablet.reload()
    assert tablet_tools(tablet) == arrived
    assert arrived["admin"] == "yes" and arrived["links"] == 3 and arrived["devices"]
    # the codes it shows work: a phone scans Bruno's and the chip says joined
    new_id = tablet.url.rsplit("/", 1)[1]
    link = tablet.get_attribute("#qr-1 a", "href")
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(link)
    phone.click("button[type=submit]")
    phone.wait_for_url(f"**/seat/{new_id}")
    tablet.wait_for_selector("#qr-1 .badge")


def test_archiving_and_deleting_tell_the_open_pages_in_words(browser, live, shoot):
    context = browser.new_context(viewport=TABLET)
    home = context.new_page()
    made = finished_tally(live, home)
    tablet = context.new_page()
    tablet.goto(f"{live.url}/table/{made['id']}")
    tablet.wait_for_selector("#standings")
    phone = phone_for(browser, live, made, 1, lang="fr")
    home.goto(live.url + "/")
    home.click(f".history-row[data-table='{made['id']}'] [data-archive]")
    for page, said in ((tablet, "The tablet archived this game"), (phone, "La tablette a archivé")):
        page.wait_for_selector("#toast:not([hidden])")
        assert said in page.inner_text("#toast")
    home.wait_for_selector("details.archived")
    home.click("details.archived summary")
    home.once("dialog", lambda dialog: dialog.accept())
    home.click(f".history-row[data-table='{made['id']}'] [data-delete]")
    for page, said in ((tablet, "The tablet deleted this game"), (phone, "La tablette a supprimé")):
        page.wait_for_selector("#revoked")
        text = page.inner_text("#revoked")
        assert said in text and "another device" not in text and "autre appareil" not in text
    shoot(phone, "phone-game-deleted", full_page=False)
    assert tablet.get_attribute("#revoked a", "href") == "/"


def join_link(live, made, seat: int) -> str:
    seats = live.api("GET", f"/api/tables/{made['id']}/seats", token=made["admin_token"])
    return next(s for s in seats["seats"] if s["seat"] == seat)["join_url"]


def test_the_join_page_names_the_seat_and_asks_before_a_second_seat(browser, live, shoot):
    tablet = browser.new_context(viewport=TABLET).new_page()
    made = make_table(tablet, live, "lawless", ("Ann", "Bruno", "Claudia"))
    phone = phone_for(browser, live, made, 0)  # Ann's seat
    # the same phone opens Bruno's code: it says which seat, which table, and asks
    phone.goto(join_link(live, made, 1))
    title = phone.inner_text("#join-title")
    assert title.startswith("Join as Bruno — Lawless, table started at "), title
    assert "already holds Ann's seat" in phone.inner_text("#join-holds")
    assert phone.inner_text("button[type=submit]") == "Leave Ann's seat and join as Bruno"
    shoot(phone, "phone-join-second-seat", full_page=False)
    phone.click("button[type=submit]")
    phone.wait_for_url("**/seat/*")
    phone.wait_for_selector("#actions h2")
    assert phone.evaluate("document.body.dataset.seat") == "1"
    # Ann's seat is let go, publicly: a new code for another phone, the old token dead
    codes = live.service.seats.join_codes(made["id"], Viewer(admin=True))
    assert codes[0] and not codes[1]
    log = live.api("GET", f"/api/tables/{made['id']}/log", token=made["admin_token"])
    assert any(e["line"]["key"].endswith("reissued") for e in log["log"]), log
    # a phone holding no seat is asked plainly, in its language
    fresh = browser.new_context(viewport=TABLET, locale="fr").new_page()
    fresh.goto(join_link(live, made, 2) + "?lang=fr")
    assert fresh.inner_text("#join-title").startswith(
        "Rejoindre en tant que Claudia — Sans Foi Ni Loi, table commencée à"
    )
    assert fresh.locator("#join-holds").count() == 0


def test_a_used_join_link_says_so_at_once_on_any_phone(browser, live, shoot):
    """Before: a phone holding Alice's seat read "Taking None's seat lets Alice's go", and a
    fresh phone was offered "Join my seat", then a page headed "403"."""
    tablet = browser.new_context(viewport=TABLET).new_page()
    made = make_table(tablet, live, "abilene", ("Alice", "Bob", "Carol"))
    bobs = join_link(live, made, 1)
    phone_for(browser, live, made, 1)  # Bob's phone spends his code
    alice = phone_for(browser, live, made, 0)
    fresh = browser.new_context(viewport=PHONE, locale="fr").new_page()
    for page, lang, said in (
        (alice, "en", ("This join code can no longer be used", "Table tools, Joining")),
        (fresh, "fr", ("Ce code pour rejoindre ne sert plus", "Outils de la table")),
    ):
        page.goto(bobs + f"?lang={lang}")
        text = page.inner_text("body")
        assert page.inner_text("#join-title") == said[0] and said[1] in text, text
        assert page.locator("button[type=submit]").count() == 0
        assert not any(word in text for word in ("None", "403", "Alice", "Bob", "Carol")), text
        shoot(page, f"phone-join-used-{lang}", full_page=False)
    alice.click("#join-spent a.button")  # the phone with a seat goes back to it, still Alice
    alice.wait_for_selector("#actions h2")
    assert alice.evaluate("document.body.dataset.seat") == "0"
    # a code spent between opening and tapping: the tap gets the same page, not a "403"
    carols = join_link(live, made, 2)
    fresh.goto(carols + "?lang=fr")
    phone_for(browser, live, made, 2)
    fresh.click("button[type=submit]")
    assert fresh.inner_text("#join-title") == "Ce code pour rejoindre ne sert plus"


def test_an_undo_after_the_end_warns_and_keeps_the_result_in_the_log(browser, live, shoot):
    tablet = browser.new_context(viewport=TABLET).new_page()
    made = finished_tally(live, tablet)
    tablet.goto(f"{live.url}/table/{made['id']}")
    tablet.wait_for_selector("#standings")
    tablet.click("#undo")
    warning = tablet.inner_text("#undo-after-end")
    assert "shown the result" in warning and "stays in the journal" in warning
    shoot(tablet, "tablet-undo-after-the-end", full_page=False)
    tablet.click("#undo-yes")
    tablet.wait_for_selector("#standings", state="detached")
    undo_line = tablet.inner_text("#log li:first-child")
    # the result every screen showed is still there to read: places and numbers
    assert "1. Ann — 50 points" in undo_line and "2. Bruno — 0 points" in undo_line, undo_line


def test_the_dice_on_screen_say_whose_throw_they_were(browser, live, shoot):
    tablet = browser.new_context(viewport=TABLET).new_page()
    made = make_table(tablet, live, "abilene", ("Ann", "Bruno", "Claudia"))
    tablet.goto(f"{live.url}/table/{made['id']}")
    tablet.wait_for_selector("#virtual-roll")
    tablet.click("#virtual-roll")  # Ann's throw of the five dice
    tablet.wait_for_function("() => Companion.page.view.table.version === 1")
    # the table has moved on to what Ann does with them; the dice still shown say whose
    assert live.service.view(made["id"], Viewer(admin=True))["prompt"]["kind"] != "dice"
    assert tablet.inner_text("#dice-area .rolled .throw-of") == "Ann's throw"
    shoot(tablet, "tablet-earlier-throw-labelled", full_page=False)
    # once the table moves on past the change the throw answered (Ann ends her turn), the
    # throw is cleared: dice typed or thrown next never sit beside it
    live.api(
        "POST",
        f"/api/tables/{made['id']}/actions",
        {"action": {"type": "end_turn", "seat": 0}, "expected_version": 1},
        token=made["admin_token"],
    )
    tablet.wait_for_function("() => Companion.page.view.table.version === 2")
    tablet.wait_for_selector("#dice-area .rolled", state="detached")
