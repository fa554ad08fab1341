"""The new-game page in real Chromium: a table started from it with nothing changed has
exactly the rules' defaults (the same options as ``POST /api/tables`` without any), for every
game; its choices are worded in the page's language, never as the values the server keeps."""

from __future__ import annotations

import re

import pytest

from companion.known_games import registry
from tests.support.browser.tables import make_table
from tests.support.screens import TABLET

pytestmark = pytest.mark.browser
NAMES = ("Ann", "Bruno", "Claudia", "Dan", "Eve", "Farid")


def start_untouched(page, live, game: str) -> str:
    """Start ``game`` from /new changing nothing but the names; the new table's id."""
    page.goto(f"{live.url}/new")
    page.check(f"input[name=game][value={game}]")
    page.wait_for_selector("#player-names input")
    for field, name in zip(page.locator("#player-names input").all(), NAMES):
        field.fill(name)
    page.click("button[type=submit]")
    page.wait_for_url("**/table/*")
    return page.url.rsplit("/", 1)[1]


@pytest.mark.parametrize("game", registry.names())
def test_an_untouched_new_game_page_sends_the_rules_defaults(browser, live, game):
    page = browser.new_context(viewport=TABLET).new_page()
    from_page = live.service.tables[start_untouched(page, live, game)].record
    made = make_table(page, live, game, from_page.players)  # POST /api/tables, no options
    from_api = live.service.tables[made["id"]].record
    assert from_page.options == from_api.options
    # and they are the rules' own defaults, booleans that default to true included
    assert from_page.options == {**registry.game(game).OPTIONS, **from_page.options}
    assert {k: from_page.options[k] for k in registry.game(game).OPTIONS} == dict(
        registry.game(game).OPTIONS
    )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_option_choices_are_worded_in_the_pages_language(browser, live, shoot, lang):
    page = browser.new_context(viewport=TABLET, locale=lang).new_page()
    page.goto(f"{live.url}/new?lang={lang}")
    page.wait_for_selector("#options .param")
    words = page.evaluate("() => Companion.words")
    for game in registry.names():
        choices = getattr(registry.game(game), "OPTION_CHOICES", {})
        if not choices:
            continue
        page.check(f"input[name=game][value={game}]")
        for name, values in choices.items():
            label = page.inner_text(f"label[for=option-{name}]")
            shown = page.eval_on_selector_all(
                f"#option-{name} option", "os => os.map(o => o.textContent)"
            )
            assert shown == [words[f"value.{game}.{value}"] for value in values], (game, name)
            for value in values:
                # the label names no value as the server keeps it ("physical", "in", "out")
                assert not re.search(rf"\b{value}\b", label), (game, name, value, label)
        shoot(page, f"new-game-{game}-choices-{lang}")
