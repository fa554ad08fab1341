"""What players read: every game, on the tablet and on each phone, in English and French,
at fixed states — every number on screen (money, bank, pile and hand counts, multipliers,
dice, distances, pots, banners, scores, the log) must be the one in the view the page was
sent (real Chromium, the companion served by waitress, the state reached through the
service). Readings are in ``tests/support/browser/readings/``, moments in ``moments.py``."""

from __future__ import annotations

import importlib
import random

import pytest

from companion.known_games import registry
from companion.randomness import draws
from tests.support.browser.moments import MOMENTS, walk_until
from tests.support.browser.reading import Words, problems
from tests.support.browser.readings import board, shell
from tests.support.reliability.drive import player_names

pytestmark = pytest.mark.browser
TABLET = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
LANGS = ("en", "fr")

VIEW_AND_LOG = """async ([id, seat]) => {
    const headers = seat ? {'X-Companion-View': 'seat'} : {};
    const get = async (path) => (await fetch(path, {headers, credentials: 'same-origin'})).json();
    return [await get(`/api/tables/${id}`), (await get(`/api/tables/${id}/log`)).log];
}"""


def open_page(context, url: str, version: int):
    """The page, once it has drawn the state at ``version``."""
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.wait_for_selector("#board > *")
    if version:
        page.wait_for_selector(f"#log li[data-version='{version}']")
    return page, errors


def look(
    page, errors, game: str, lang: str, where: str, seat: bool, table_id: str, catalog: dict
) -> list[str]:
    view, log = page.evaluate(VIEW_AND_LOG, [table_id, seat])
    words = Words(catalog, game, lang, narrow=page.viewport_size["width"] <= PHONE["width"])
    found = problems(page, shell(view, log, words) + board(game, view, words))
    return [f"{where} ({lang}): {p}" for p in found + [f"page error {e}" for e in errors]]


def test_every_game_has_moments_and_readings():
    """A new game's pages are read too: it needs its moments and its readings module."""
    games = set(registry.found())
    assert set(MOMENTS) == games
    for game in games:
        importlib.import_module(f"tests.support.browser.readings.{game}")


def screens(tablet, phones: list, table_id: str, number: int) -> list[tuple]:
    """The tablet, and two phones at each moment, taken in turn, so that over a game's
    moments every seat's page is read (a page costs a second; all of them at every moment
    would make this the slowest test of the suite for little more)."""
    seats = sorted({number % len(phones), (number + 1) % len(phones)})
    return [("tablet", tablet, f"/table/{table_id}", False)] + [
        (f"seat {n}", phones[n], f"/seat/{table_id}", True) for n in seats
    ]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(MOMENTS))
def test_every_number_on_screen_is_the_views(browser, live, monkeypatch, shoot, game, lang):
    monkeypatch.setattr(draws, "new_seed", lambda: b"\x07" * 32)  # the same deals every run
    players, options, seed, moments = MOMENTS[game]
    assert len(moments) + 1 >= players, "too few moments for every phone to be read"
    made = live.api(
        "POST",
        "/api/tables",
        {"game": game, "options": options, "players": player_names(game, players)},
        token="script",
    )  # a script has no cookies to forge: no CSRF token needed
    table_id = made["id"]
    catalog = live.api("GET", f"/api/i18n/{lang}.json?game={game}")
    tablet = browser.new_context(viewport=TABLET)
    tablet.add_cookies(
        [{"name": f"tc_admin_{table_id}", "value": made["admin_token"], "url": live.url}]
    )
    phones = []
    for seat in made["seats"]:
        phone = browser.new_context(viewport=PHONE)
        page = phone.new_page()
        page.goto(f"{live.url}/join/{table_id}/{seat['join_code']}")
        page.click("button[type=submit]")
        page.wait_for_url("**/seat/*")
        page.close()
        phones.append(phone)
    rng, failures = random.Random(seed), []
    for number, moment in enumerate(moments):
        walk_until(live.service, table_id, rng, moment)
        version = live.service.table(table_id).version
        for where, context, path, seat in screens(tablet, phones, table_id, number):
            page, errors = open_page(context, f"{live.url}{path}?lang={lang}", version)
            failures += [
                f"{moment.name}, " + p
                for p in look(page, errors, game, lang, where, seat, table_id, catalog)
            ]
            if where in ("tablet", "seat 0"):
                shoot(page, f"read-{game}-{number}-{where.replace(' ', '')}-{lang}")
            page.close()
    for context in [tablet, *phones]:
        context.close()
    assert not failures, f"{len(failures)} readings wrong:\n" + "\n".join(failures[:40])
