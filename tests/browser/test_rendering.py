"""The pages draw by diffing (Preact, web/static/vendor/): a change of the table changes the
nodes that differ and no others, so a scrolled log, a scrolled board and a half-filled form
stay as the player left them; and every page keeps to a Content-Security-Policy without
'unsafe-inline' (no <style> element, no style attribute written as a string)."""

from __future__ import annotations

import random
import urllib.error

import pytest

from companion.randomness import draws
from tests.support.browser.moments import MOMENTS, walk_until
from tests.support.reliability.drive import fill, player_names

pytestmark = pytest.mark.browser
TABLET = {"width": 1280, "height": 640}  # short enough that the board and the log scroll
PHONE = {"width": 390, "height": 844}

# Every violation the page reports, from before its first script runs.
WATCH_CSP = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
});
"""


def new_table(live, game: str) -> dict:
    return live.api(
        "POST",
        "/api/tables",
        {"game": game, "players": player_names(game, MOMENTS[game][0])},
        token="script",
    )


def tablet_context(browser, live, made, viewport=TABLET):
    context = browser.new_context(viewport=viewport)
    context.add_cookies(
        [{"name": f"tc_admin_{made['id']}", "value": made["admin_token"], "url": live.url}]
    )
    return context


def phone_page(browser, live, made, seat: int = 0):
    page = browser.new_context(viewport=PHONE).new_page()
    page.add_init_script(WATCH_CSP)
    page.goto(f"{live.url}/join/{made['id']}/{made['seats'][seat]['join_code']}")
    page.click("button[type=submit]")
    page.wait_for_url("**/seat/*")
    return page


def watched(page, refused: list[str]):
    """The page, reporting to ``refused`` every message of the browser about the policy."""
    page.add_init_script(WATCH_CSP)
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return page


@pytest.mark.parametrize("game", sorted(MOMENTS))
def test_no_page_needs_inline_style(browser, live, monkeypatch, game):
    """The tablet and a phone of each game, on a board with something on it: the browser
    refuses nothing, the panel's own stylesheet is linked and applies, no <style> is made."""
    monkeypatch.setattr(draws, "new_seed", lambda: b"\x07" * 32)
    made = new_table(live, game)
    players, _, seed, moments = MOMENTS[game]
    walk_until(live.service, made["id"], random.Random(seed), moments[0])
    refused: list[str] = []
    tablet = watched(tablet_context(browser, live, made).new_page(), refused)
    tablet.goto(f"{live.url}/table/{made['id']}")
    phone = phone_page(browser, live, made)
    watched(phone, refused).reload()
    for page in (tablet, phone):
        page.wait_for_selector("#board > *")
        page.wait_for_selector("#log li")
        looked = page.evaluate(
            """() => ({
                violations: window.cspViolations,
                styleElements: document.querySelectorAll("style").length,
                panelRules: [...document.styleSheets]
                    .filter((sheet) => (sheet.href || "").endsWith("/panel.css"))
                    .map((sheet) => sheet.cssRules.length),
                boardStyled: getComputedStyle(document.querySelector("#board > *")).display,
            })"""
        )
        assert looked["violations"] == []
        assert looked["styleElements"] == 0
        assert len(looked["panelRules"]) == 1 and looked["panelRules"][0] > 0
        assert looked["boardStyled"] in ("grid", "flex", "block")
    assert refused == []
    # and the watch is awake: a style attribute written as a string is refused and reported
    tablet.evaluate("document.body.setAttribute('style', 'outline: 1px solid red')")
    tablet.wait_for_function("window.cspViolations.length > 0")
    assert "style-src" in tablet.evaluate("window.cspViolations[0]")


TAG = """() => {
    const tag = (node, name) => { if (node) node.keptAs = name; return !!node; };
    return {
        board: tag(document.querySelector("#board > *"), "board"),
        chart: tag(document.querySelector("#charts figure svg"), "chart"),
        actions: tag(document.querySelector("#actions .actions-list"), "actions"),
        log: tag(document.querySelector("#log li"), "log"),
        form: tag(document.querySelector("#dialog form"), "form"),
    };
}"""
STILL_TAGGED = """() => ({
    board: (document.querySelector("#board > *") || {}).keptAs,
    chart: (document.querySelector("#charts figure svg") || {}).keptAs,
    actions: (document.querySelector("#actions .actions-list") || {}).keptAs,
    log: [...document.querySelectorAll("#log li")].some((li) => li.keptAs === "log"),
    form: (document.querySelector("#dialog form") || {}).keptAs,
})"""
# Where a scrolled box stands: its offset, and which log line sits at the top of it.
SCROLLED = """(selector) => {
    const box = document.querySelector(selector);
    const top = box.getBoundingClientRect().top;
    const first = [...box.querySelectorAll("li")].find(
        (li) => li.getBoundingClientRect().bottom > top + 1);
    return {
        top: box.scrollTop, left: box.scrollLeft,
        first: first ? first.dataset.version : null,
        firstAt: first ? Math.round(first.getBoundingClientRect().top - top) : null,
    };
}"""
SCROLL = """([selector, down, right]) => {
    const box = document.querySelector(selector);
    if (box.scrollHeight - box.clientHeight < down || box.scrollWidth - box.clientWidth < right)
        return false;
    box.scrollTop = down;
    box.scrollLeft = right;
    return true;
}"""


def push_changes(live, made, page, count: int, rng: random.Random) -> None:
    """``count`` changes of the table, sent over the API as another device would; after
    each, the page has drawn it."""
    for _ in range(count):
        before = live.service.table(made["id"]).version
        for _ in range(200):
            view = live.api("GET", f"/api/tables/{made['id']}", token=made["admin_token"])
            template = rng.choice(view["legal"])
            try:
                live.api(
                    "POST",
                    f"/api/tables/{made['id']}/actions",
                    {"action": fill(template, rng)},
                    token=made["admin_token"],
                )
                break
            except urllib.error.HTTPError as refused:
                assert refused.code < 500
        after = live.service.table(made["id"]).version
        assert after > before, "no legal move was accepted"
        page.wait_for_selector(f"#log li[data-version='{after}']", state="attached")


def half_fill(page) -> str:
    """Open the form of a legal action with a choice or a number in it, and change it
    without sending; what the form now says, to compare after the updates."""
    opened = page.evaluate(
        """() => {
        const ends = JSON.parse(document.body.dataset.endTurn);
        const open = Companion.page.view.legal.find((t) => !ends.includes(t.type) &&
            Object.values(t.params).some((p) => ["choice", "int"].includes(p.kind) &&
                (p.kind === "int" ? p.max > p.min : p.options.length > 1)));
        if (!open) return false;
        Companion.openForm(open);
        return true;
    }"""
    )
    assert opened, "no action with a choice or a number to half fill"
    options = page.locator("#dialog .options button[aria-pressed=false]")
    if options.count():
        options.last.click()
    else:
        page.locator("#dialog button[aria-label='+']").first.click()
    return form_state(page)


def form_state(page) -> str:
    return page.evaluate(
        """() => JSON.stringify([...document.querySelectorAll("#dialog button, #dialog input")]
            .map((n) => [n.getAttribute("aria-pressed"), n.value]))"""
    )


def test_an_update_keeps_nodes_scroll_and_a_half_filled_form(browser, live, monkeypatch):
    monkeypatch.setattr(draws, "new_seed", lambda: b"\x07" * 32)
    made = new_table(live, "abilene")
    players, _, seed, moments = MOMENTS["abilene"]
    rng = random.Random(seed)
    walk_until(live.service, made["id"], rng, moments[1])  # a long log, a chart, a busy board
    tablet = tablet_context(browser, live, made).new_page()
    tablet.goto(f"{live.url}/table/{made['id']}")
    tablet.wait_for_selector("#charts figure svg")
    tablet.wait_for_selector("#log li")
    phone = phone_page(browser, live, made, 1)
    phone.wait_for_selector("#board .abilene-scroll")

    # The tablet's board fits its pane (test_tablet_layout); what scrolls is the journal on
    # the tablet and the whole page on a phone, and a redraw must leave both where they were.
    assert tablet.evaluate(SCROLL, ["#log", 300, 0]), "the log is too short to scroll"
    assert phone.evaluate(SCROLL, ["html", 120, 0]), "the phone's page is too short to scroll"
    filled = half_fill(tablet)
    tagged = tablet.evaluate(TAG)
    assert all(tagged.values()), tagged
    log_before = tablet.evaluate(SCROLLED, "#log")
    page_before = phone.evaluate(SCROLLED, "html")

    push_changes(live, made, tablet, 4, rng)
    phone.wait_for_selector(
        f"#log li[data-version='{live.service.table(made['id']).version}']", state="attached"
    )

    assert tablet.evaluate(STILL_TAGGED) == {
        "board": "board",
        "chart": "chart",
        "actions": "actions",
        "log": True,
        "form": "form",
    }
    assert tablet.is_visible("#dialog[open]")
    assert form_state(tablet) == filled
    log_after = tablet.evaluate(SCROLLED, "#log")
    # new lines come in at the top: the lines the player was reading stay where they were
    # (to the pixel: the board drawn to fit its pane may move them by a rounding)
    assert log_after["first"] == log_before["first"]
    assert abs(log_after["firstAt"] - log_before["firstAt"]) <= 1
    assert log_after["top"] >= log_before["top"] > 0
    assert phone.evaluate(SCROLLED, "html")["top"] == page_before["top"] > 0
