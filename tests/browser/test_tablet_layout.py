"""The tablet at the table, in real Chromium, every game: walking each game by tapping only
what the pages offer (the prompt's own buttons first), at every step the page does not
scroll at 1280×800 and the prompt's buttons are inside the window, whatever kind of prompt
the game reached; the phones' pages at 390×844 never stick out or cut anything off; and
screenshots of every game in both languages, tablet and phone, in test-output/."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser.test_click_walk import GAMES, fill_dialog, top_version
from tests.browser.test_live import make_table

pytestmark = pytest.mark.browser
LAYOUT = (Path(__file__).parent / "layout.js").read_text()
TABLET = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
STEPS = 24


def check_tablet(page, where: str) -> str | None:
    """No page scroll, the prompt's buttons in the window; the prompt kind it showed."""
    got = page.evaluate(LAYOUT)
    assert got["scrollHeight"] <= got["height"], f"{where}: the page scrolls {got}"
    assert got["scrollWidth"] <= got["width"], f"{where}: the page scrolls sideways {got}"
    assert got["outside"] == [], f"{where}: buttons out of the window {got['outside']}"
    view = page.evaluate("Companion.page.view && Companion.page.view.prompt")
    return (view or {}).get("kind", "none")


def check_phone(page, where: str) -> None:
    got = page.evaluate(LAYOUT)
    assert got["scrollWidth"] <= got["width"], f"{where}: sideways scroll {got}"
    assert got["overflowing"] == [], f"{where}: {got['overflowing']}"


def press(page, rng, selector: str) -> bool:
    before = top_version(page)
    for _ in range(3):  # a change arriving meanwhile redraws the buttons: pick again
        buttons = [
            b for b in page.query_selector_all(selector) if b.is_visible() and b.is_enabled()
        ]
        if not buttons:
            return False
        try:
            rng.choice(buttons).click(timeout=3000)
            break
        except PlaywrightError:
            continue
    else:
        return False
    if page.is_visible("#end-turn-check"):
        page.click("#end-turn-yes")
    if page.is_visible("#dialog[open] button[type=submit]"):
        fill_dialog(page, rng)
        page.click("#dialog button[type=submit]")
    page.wait_for_function(
        """([before]) => {
            const first = document.querySelector('#log li');
            return (first ? Number(first.dataset.version) : 0) !== before
                || !document.getElementById('toast').hidden || document.querySelector('.rolled');
        }""",
        arg=[before],
        timeout=5000,
    )
    page.evaluate(
        "document.getElementById('dialog').open && document.getElementById('dialog').close()"
    )
    page.evaluate("document.getElementById('toast').hidden = true")
    return True


def phone_for(browser, live, made, seat: int, lang: str = "en"):
    seats = live.api("GET", f"/api/tables/{made['id']}/seats", token=made["admin_token"])
    link = next(s for s in seats["seats"] if s["seat"] == seat)["join_url"]
    page = browser.new_context(viewport=PHONE, locale=lang).new_page()
    page.goto(link)
    page.click("button[type=submit]")
    page.wait_for_url("**/seat/*")
    page.wait_for_selector("#actions h2")
    return page


@pytest.mark.parametrize("game, players", GAMES, ids=[g for g, _ in GAMES])
def test_the_prompt_and_its_actions_fit_the_tablet(browser, live, shoot, game, players):
    rng = random.Random(f"{game}-layout")
    tablet = browser.new_context(viewport=TABLET).new_page()
    errors: list[str] = []
    tablet.on("pageerror", lambda error: errors.append(str(error)))
    made = make_table(tablet, live, game, players)
    tablet.goto(f"{live.url}/table/{made['id']}")
    tablet.wait_for_selector("#actions h2")
    phones = {seat: phone_for(browser, live, made, seat) for seat in range(len(players))}
    tablet.wait_for_function("() => !document.getElementById('join-drawer').open")  # all joined
    kinds = set()
    for step in range(STEPS):
        kind = check_tablet(tablet, f"{game} step {step}")
        kinds.add(kind)
        if press(tablet, rng, "#prompt-actions button, #virtual-roll, #type-dice"):
            continue
        # a secret prompt is answered on the players' own phones
        for seat, phone in phones.items():
            check_phone(phone, f"{game} phone {seat} step {step}")
            if press(phone, rng, "#prompt-actions button[data-action]"):
                break
        else:
            if not press(tablet, rng, "#actions button[data-action]"):
                break
        tablet.wait_for_timeout(50)  # let the stream's change land before measuring again
    print(f"{game}: prompts reached {sorted(kinds)}")
    assert kinds - {"none"}, f"{game}: no prompt reached"
    assert errors == []
    for lang in ("en", "fr"):
        tablet.goto(f"{live.url}/table/{made['id']}?lang={lang}")
        tablet.wait_for_selector("#actions h2")
        check_tablet(tablet, f"{game} {lang}")
        shoot(tablet, f"{game}-{lang}-tablet", full_page=False)
        phone = phones[0]
        phone.goto(phone.url.split("?")[0] + f"?lang={lang}")
        phone.wait_for_selector("#actions h2")
        check_phone(phone, f"{game} {lang} phone")
        shoot(phone, f"{game}-{lang}-phone")
        table_on_phone = browser.new_context(viewport=PHONE).new_page()
        table_on_phone.goto(f"{live.url}/table/{made['id']}?lang={lang}")
        table_on_phone.wait_for_selector("#actions h2")
        check_phone(table_on_phone, f"{game} {lang} table on a phone")
