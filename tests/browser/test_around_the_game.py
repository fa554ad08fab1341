"""The evening around the game, in real Chromium through the real server: a page loads
without a refused request (no catalogue asked for by a game that keeps none)."""

from __future__ import annotations

import pytest

from companion import registry
from tests.browser.test_live import make_table
from tests.browser.test_tablet_layout import TABLET, phone_for

pytestmark = pytest.mark.browser


def refused_requests(page) -> list[str]:
    refused: list[str] = []
    page.on("response", lambda r: r.status >= 400 and refused.append(f"{r.status} {r.url}"))
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
