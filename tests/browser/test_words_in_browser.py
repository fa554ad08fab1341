"""Every message as the pages render it (``web/static/words.js``, the browser's Intl), in both
languages, every game: the same checks as the server's rendering in
``tests/web/test_messages.py`` (no raw key, no raw parameter, numbers grouped, French
spacing), and the same numbers the server writes."""

from __future__ import annotations

import pytest

from companion.known_games import registry
from tests.support.web.messages import BAD_FRENCH, RAW_KEY, UNGROUPED, samples
from web.wording import render

pytestmark = pytest.mark.browser
RENDER_ALL = """async ([game, jobs]) => {
    const words = await (await fetch(`/api/i18n/${Companion.lang}.json?game=${game}`)).json();
    return jobs.map(([key, params]) => Companion.render(words[key], params));
}"""


@pytest.mark.parametrize("lang", registry.LANGUAGES)
def test_the_pages_render_every_message_cleanly(browser, live, lang):
    from web.i18n import Catalog

    catalog = Catalog()
    page = browser.new_context().new_page()
    page.goto(f"{live.url}/?lang={lang}")
    page.wait_for_function("() => !!window.Companion && !!Companion.render")
    bad = []
    for game in registry.names():
        words = {**catalog.files["core"][lang], **catalog.files[game][lang]}
        jobs = [
            (key, samples(text, number))
            for key, text in sorted(words.items())
            for number in (1, 2, 12345)
        ]
        shown = page.evaluate(RENDER_ALL, [game, jobs])
        for (key, params), out in zip(jobs, shown):
            problems = [
                name
                for name, found in (
                    ("raw parameter", "{" in out or "}" in out),
                    ("raw key", RAW_KEY.search(out)),
                    ("ungrouped number", UNGROUPED.search(out)),
                    ("French spacing", lang == "fr" and BAD_FRENCH.search(out)),
                )
                if found
            ]
            # the page and the server write the same sentence (Intl and Babel agree)
            if out != render(lang, words[key], params):
                problems.append(f"server says {render(lang, words[key], params)!r}")
            if problems:
                bad.append((game, key, out, problems))
    assert bad == []
