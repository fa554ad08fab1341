"""Every game, played by pressing the dashboard's own buttons at random for a while: each
press either changes the table or shows a clear message, and no page ever throws.

A press the companion refuses must be one the table or its rules refuse (409 or 422: the
page never sends a malformed, forbidden or misaddressed request), and the page must say why
in words, not in the HTTP status text. Most presses (three in five) must change the table:
the dashboard offers what the table allows, so a walk of refusals is a broken page."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.support.browser.tables import make_table
from tests.support.screens import REACHED, open_tools

pytestmark = pytest.mark.browser
GAMES = [
    ("lawless", ("Ann", "Bruno", "Claudia")),
    ("nowheresville", ("Ann", "Bruno", "Claudia")),
    ("outlaws108", ("Ann", "Bruno", "Claudia")),
    ("root_doves", ("Ann", "Bruno", "Claudia")),
    ("abilene", ("Ann", "Bruno", "Claudia")),
]
STEPS = 30
# The refusals a random press may meet: the table's (409: a stale version, a conflict) and
# the rules' (422). Anything else is the page's own mistake.
REFUSED = {409, 422}
# what a page would show by passing on the HTTP reply's own status text (reply.statusText)
STATUS_TEXTS = {"", "conflict", "unprocessable entity", "bad request", "forbidden", "not found"}


def top_version(page) -> int:
    first = page.query_selector("#log li")
    return int(first.get_attribute("data-version")) if first else 0


def fill_dialog(page, rng):
    for group in page.query_selector_all("#dialog .options"):
        choices = [b for b in group.query_selector_all("button") if b.is_visible()]
        if choices and not group.query_selector("button[aria-pressed=true]"):
            rng.choice(choices).click(timeout=5000)
    for field in page.query_selector_all("#dialog input[type=text]"):
        field.fill("Zed")


# A button a player can tap, once scrolled to: nothing drawn over its middle.
UNCOVERED = f"""(button) => {{
  button.scrollIntoView({{ block: "nearest" }});
  return ({REACHED})(button);
}}"""


def error_code(reply) -> str:
    """The code of a refused reply's JSON error (``docs/api.md``), or its status."""
    try:
        return reply.json()["error"]["code"]
    except Exception:  # noqa: BLE001 - not the API's JSON error: the status says it
        return str(reply.status)


def pressable(page, tools: bool) -> list:
    """The buttons a player can tap with the tools sheet open (``tools``) or closed."""
    open_tools(page, tools)
    return [
        b
        for b in page.query_selector_all(
            # a blocked move says why without sending (tests/browser/test_blocked_moves.py)
            "#prompt-actions button[data-action]:not(.blocked),"
            " #actions button[data-action]:not(.blocked), #virtual-roll"
        )
        if b.is_visible() and b.evaluate(UNCOVERED)
    ]


def press_something(page, rng) -> str:
    # as the table would: mostly the prompt bar, now and then one of the tablet's tools
    # behind one tap (the open sheet covers the right of the bar, so it is closed again)
    tools = rng.random() < 0.3
    for _ in range(3):  # a live update may redraw the buttons between finding and pressing
        buttons = pressable(page, tools) or pressable(page, not tools)
        if not buttons:
            return "nothing"
        button = rng.choice(buttons)
        pressed = button.get_attribute("data-action") or "roll"
        try:
            button.click(timeout=5000)
            break
        except PlaywrightError as error:
            if "not attached" not in str(error):
                raise
    else:
        return "nothing"
    if page.is_visible("#end-turn-check"):  # the turn ends with things left to do: yes
        page.click("#end-turn-yes")
    if page.is_visible("#dialog[open]"):
        try:
            fill_dialog(page, rng)
            page.click("#dialog button[type=submit]", timeout=5000)
        except PlaywrightError:
            # a live update closed or redrew the form under the press: the next press goes on
            page.evaluate(
                "document.getElementById('dialog').open && "
                "document.getElementById('dialog').close()"
            )
            return "nothing-yet"
    return pressed


@pytest.mark.parametrize("game, players", GAMES, ids=[g for g, _ in GAMES])
def test_random_presses_on_the_dashboard(browser, live, game, players):
    rng = random.Random(f"{game}-walk")
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # a refused press is a 4xx the page turns into a message; only other errors count
    page.on(
        "console",
        lambda message: (
            errors.append(message.text)
            if message.type == "error" and "status of 4" not in message.text
            else None
        ),
    )
    refusals: list = []  # the refused replies, read once the press is over
    page.on("response", lambda reply: refusals.append(reply) if reply.status >= 400 else None)
    made = make_table(page, live, game, players)
    page.goto(f"{live.url}/table/{made['id']}")
    page.wait_for_selector("#actions h2", state="attached")
    changed = presses = ruled = 0
    outcomes = []
    for _ in range(STEPS):
        before = top_version(page)
        refused_before = len(refusals)
        # the dice already drawn are no answer to this press: only a roll drawn after it is
        page.evaluate("document.querySelectorAll('.rolled').forEach(r => r.dataset.seen = 'yes')")
        pressed = press_something(page, rng)
        if pressed == "nothing":
            break
        if pressed == "nothing-yet":
            continue
        presses += 1
        page.wait_for_function(
            """([before]) => {
                const first = document.querySelector('#log li');
                const now = first ? Number(first.dataset.version) : 0;
                return now !== before || !document.getElementById('toast').hidden
                    || document.querySelector('.rolled:not([data-seen])');
            }""",
            arg=[before],
            timeout=5000,
        )
        if len(refusals) > refused_before:
            this_press = refusals[refused_before:]
            assert {r.status for r in this_press} <= REFUSED, (pressed, this_press)
            codes = [error_code(reply) for reply in this_press]
            ruled += all("." in code for code in codes)  # the game's own rule said no
            page.wait_for_selector("#toast:not([hidden])", timeout=5000)
            said = page.inner_text("#toast").strip()
            assert said.lower() not in STATUS_TEXTS and "error." not in said, (pressed, said)
            outcomes.append(f"{pressed}: refused ({said})")
        page.evaluate(
            "document.getElementById('dialog').open && document.getElementById('dialog').close()"
        )
        page.evaluate("document.getElementById('toast').hidden = true")
        changed += top_version(page) != before
        if top_version(page) != before:
            outcomes.append(f"{pressed}: changed")
        elif len(refusals) == refused_before:
            outcomes.append(f"{pressed}: no effect seen")
        if live.api("GET", f"/api/tables/{made['id']}", token=made["admin_token"])["table"][
            "ended"
        ]:
            break  # the game is over: nothing more to press
    print(f"{game}: {changed} of {presses} presses changed the table", outcomes)
    assert errors == []
    ended = live.api("GET", f"/api/tables/{made['id']}", token=made["admin_token"])["table"][
        "ended"
    ]
    # a random fix can end a game early (Abilene's last cow): then the walk is what it was
    assert presses >= 10 or ended, f"the {game} walk stopped after {presses} presses: {outcomes}"
    # Every press the page offers either changes the table or is refused by the game's own
    # rule (a code of the game, "lawless.cannot_pay": Lawless's bar offers every card in
    # hand, paid or not, and the rules refuse what a ranch cannot pay for, in words). A page
    # that sent one press in two wrong (a core code: bad_type, bad_param) made 50 %.
    assert (changed + ruled) * 5 >= presses * 4, (
        f"{changed} changed and {ruled} refused by the rules of {presses} presses on the "
        f"{game} table: {outcomes}"
    )
