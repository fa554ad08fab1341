"""The evening around the game, in real Chromium: the new-game page labels and explains every
option and remembers the names; a phone says "Your turn" and buzzes; ending a turn with
things left asks first; the server going away disables every button, says so in the page's
language, reads the devices as unknown, and sends a change tapped meanwhile once it is back;
the final screen shows the standings, offers a rematch and the exports; the home page lists
the game with its date, players and winner, and can archive and delete it."""

from __future__ import annotations

import pytest

from companion.known_games import registry
from tests.support.browser.tables import make_table
from tests.support.screens import TABLET, phone_for

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_new_game_page_labels_explains_and_remembers(browser, live, shoot, lang):
    page = browser.new_context(viewport=TABLET).new_page()
    page.goto(f"{live.url}/new?lang={lang}")
    page.wait_for_selector("#options .param")
    for game in registry.names():
        page.check(f"input[name=game][value={game}]")
        text = page.inner_text("#options")
        assert "option." not in text and "option_help." not in text, (game, text[:200])
        options = registry.game(game).OPTIONS
        assert page.locator("#options .help").count() == len(options), game
    page.check("input[name=game][value=abilene]")
    # the sale proceeds are a table of numbers, not JSON to type
    assert page.locator("[data-structured=sale_proceeds] input[type=number]").count() == 15
    assert page.locator("#options textarea").count() == 0
    shoot(page, f"new-game-abilene-{lang}")
    page.locator("[data-structured=sale_proceeds] input[type=number]").first.fill("90")
    for field, name in zip(page.locator("#player-names input").all(), ["Ann", "Bruno"]):
        field.fill(name)
    page.click("button[type=submit]")
    page.wait_for_url("**/table/*")
    table_id = page.url.rsplit("/", 1)[1]
    options = live.service.tables[table_id].record.options
    first = next(iter(options["sale_proceeds"].values()))
    assert 90 in [v for row in first.values() for v in row.values()]
    page.goto(f"{live.url}/new")
    page.wait_for_selector("#player-names input")
    assert [f.input_value() for f in page.locator("#player-names input").all()][:2] == [
        "Ann",
        "Bruno",
    ]


def test_your_turn_buzzes_and_ending_the_turn_asks_first(browser, live, shoot):
    tablet = browser.new_context(viewport=TABLET).new_page()
    made = make_table(tablet, live, "lawless", ("Ann", "Bruno", "Claudia"))
    tablet.goto(f"{live.url}/table/{made['id']}")
    tablet.wait_for_selector("[data-action=first_player]")
    ann = phone_for(browser, live, made, 0)
    # a stand-in for the phone's vibrator, counting the buzzes
    ann.evaluate(
        "() => { window.buzzed = 0; navigator.vibrate = () => { window.buzzed++; return true; }; }"
    )
    tablet.click("[data-action=first_player]")
    tablet.click("#dialog button[data-value='\"Ann\"']")
    tablet.click("#dialog button[type=submit]")
    ann.wait_for_function("() => document.getElementById('turn').textContent === 'Your turn'")
    assert ann.evaluate("window.buzzed") == 1
    assert tablet.inner_text("#turn") == "Ann's turn"
    # the turn-ending verb comes last, and with things left it asks before it ends
    labels = ann.eval_on_selector_all(
        "#prompt-actions button", "bs => bs.map(b => b.dataset.action)"
    )
    assert labels[-1] == "end_turn" and len(labels) > 1
    ann.click("#prompt-actions [data-action=end_turn]")
    ann.wait_for_selector("#end-turn-check")
    shoot(ann, "phone-end-turn-check")
    ann.click("#end-turn-no")
    assert (
        live.api("GET", f"/api/tables/{made['id']}", token=made["admin_token"])["table"]["version"]
        == 1
    )


def test_while_the_companion_is_away(browser, live):
    page = browser.new_context(viewport=TABLET).new_page()
    made = make_table(page, live, "tally", ("Ann", "Bruno"))
    page.goto(f"{live.url}/table/{made['id']}?lang=fr")
    page.wait_for_selector("#prompt-actions [data-action=add]")
    live.close()
    page.wait_for_function("() => document.body.classList.contains('stale')")
    assert "injoignable" in page.inner_text("#link-state")
    # the reader's state is not claimed: unknown, or the server unreachable (web/static/devices.js)
    assert "connecté" not in page.inner_text("#reader-state")
    assert any(w in page.inner_text("#reader-state") for w in ("inconnu", "injoignable"))
    enabled = page.eval_on_selector_all("#main button", "bs => bs.filter(b => !b.disabled).length")
    assert enabled == 0
    # a change tapped as the link fell is kept, said so, and sent once it is back
    queued = page.evaluate("Companion.act({type: 'add', seat: 0, amount: 3})")
    assert queued == {"queued": True}
    assert "en attente" in page.inner_text("#waiting")
    restarted = live.restart()
    try:
        page.wait_for_selector("#log li[data-version='1']", timeout=20000)
        page.wait_for_selector("#waiting", state="detached")
        assert restarted.service.tables[made["id"]].state["scores"] == [3, 0]
        assert (
            page.eval_on_selector_all(
                "#main button", "bs => bs.filter(b => b.disabled && b.dataset.linkOff).length"
            )
            == 0
        )
    finally:
        restarted.close()


def test_the_final_screen_rematch_export_and_history(browser, live, shoot):
    page = browser.new_context(viewport=TABLET, accept_downloads=True).new_page()
    made = page_made = make_table(page, live, "tally", ("Ann", "Bruno"))

    def act(action):
        live.api(
            "POST",
            f"/api/tables/{made['id']}/actions",
            {"action": action},
            token=made["admin_token"],
        )

    for turn in range(10):  # Ann adds 5 a turn until she reaches the target, 50
        act({"type": "add", "seat": 0, "amount": 5})
        if turn < 9:
            act({"type": "end_turn", "seat": 0})
            act({"type": "end_turn", "seat": 1})
    page.goto(f"{live.url}/table/{made['id']}")
    page.wait_for_selector("#standings")
    assert page.inner_text("#winner") == "Ann wins!"
    assert "50 points" in page.inner_text("#standings")
    assert page.locator("#join-drawer").count() == 0  # nobody joins a finished game
    assert page.is_visible("#export-json") and page.is_visible("#export-bgstats")
    with page.expect_download() as download:
        page.click("#export-json")
    assert download.value.suggested_filename == f"{made['id']}.json"
    with page.expect_download() as download:
        page.click("#export-bgstats")
    assert download.value.suggested_filename == f"{made['id']}.bgstats.json"
    opens = page.get_attribute("#open-bgstats", "href")
    assert opens == f"/api/tables/{made['id']}/bgstats"
    shoot(page, "tablet-final-screen", full_page=False)
    page.goto(live.url + "/")
    row = page.locator(f".history-row[data-table='{page_made['id']}']")
    assert "Ann" in row.inner_text() and "won by Ann" in row.inner_text()
    assert row.locator(".history-date").inner_text().strip()
    assert "ended" in row.inner_text()
    page.goto(f"{live.url}/table/{made['id']}")
    page.click("#rematch")
    page.wait_for_url(lambda url: made["id"] not in url)
    page.wait_for_selector("#prompt-actions [data-action=add]")
    page.goto(live.url + "/")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click(f".history-row[data-table='{made['id']}'] [data-archive]")
    page.wait_for_selector("details.archived")
    page.click("details.archived summary")
    page.click(f".history-row[data-table='{made['id']}'] [data-delete]")
    page.wait_for_function(
        f"() => !document.querySelector(\".history-row[data-table='{made['id']}']\")"
    )
    shoot(page, "home-history")
