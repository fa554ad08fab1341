"""The tablet as a scoreboard, measured in real Chromium on the real page: every game with
the most seats it allows, at every kind of moment its walk reaches (setup, a turn, a secret
round, a battle, duel, sale or robbery, the final screen), at 1280×800 landscape and
800×1280 portrait. Asserted: the page does not scroll and no box outside the board does
(``scrollHeight <= clientHeight``; the journal may scroll once it shows five lines), every
part of the prompt bar (headline, prompt, dice, the prompt's buttons, the seed line) is
inside the window, the whole board and its charts inside the window with no box of it
scrolling and no number on it under 16 px, the tablet-only tools are closed and one tap
shows them; a phone (390×844) of the seat the moment waits for, at the same moments, never
sticks out sideways, its header is one line and the seat's own secret box (the page's
``data-own``, drawn from the panel's ``own``) and its own actions are above the fold (before
the seat page drew that box under the seat's name, an Abilene phone's "You $…" sat at
909-1010 px, a Root Doves' board at 1183-2019). How each board uses its pane is written to
test-output/layout-board-<game>-<orientation>.txt (before the boards were drawn as
scoreboards, a six-seat Abilene duel read "13323>417"). Screenshots of every case land in
test-output/screenshots/layout-*.png."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.known_games import registry
from companion.play.table import Viewer
from companion.randomness import draws
from tests.support.browser.moments import Moment, herds_out, walk_until
from tests.support.reliability.drive import player_names
from tests.support.screens import PHONE, REACHED, open_tools

pytestmark = pytest.mark.browser
LAYOUT = (Path(__file__).parent / "layout.js").read_text()
ORIENTATIONS = {
    "landscape": {"width": 1280, "height": 800},
    "portrait": {"width": 800, "height": 1280},
}
MEASURES = Path(__file__).resolve().parents[2] / "test-output"
SETUP = Moment("setup", lambda s: True)
NO_POINTS = frozenset({"score", "set_points"})  # typed at random, 30 points end the game

# game -> runs, each one table: (table options, walk seed, moments in the order it meets them)
Run = tuple[dict[str, object], int, list[Moment]]
RUNS: dict[str, list[Run]] = {
    "lawless": [
        (
            {},
            0,
            [
                SETUP,
                Moment("a turn with herds out", herds_out),
                Moment("surveillance", lambda s: s["phase"] == "surveillance"),
                Moment("the final screen", lambda s: s["scoring"] is not None),
            ],
        )
    ],
    "nowheresville": [
        (
            {"goal": 90000},
            2,
            [
                SETUP,
                Moment("planning, a secret round", lambda s: s["planning"] is not None),
                Moment("a shootout", lambda s: s["shootout"] is not None),
                Moment("a robbery", lambda s: s["robbery"] is not None),
            ],
        ),
        ({}, 3, [Moment("the final screen", lambda s: s["phase"] == "over")]),
    ],
    "outlaws108": [
        (
            {},
            6,
            [
                SETUP,
                Moment(
                    "outlaws in play", lambda s: sum(a["outlaw_count"] for a in s["areas"]) >= 6
                ),
                Moment("the last turn", lambda s: s["last_turn"]),
                Moment("the final screen", lambda s: s["standings"] is not None),
            ],
        )
    ],
    "root_doves": [
        (
            {},
            0,
            [
                SETUP,
                Moment("refugees on the pile", lambda s: len(s["board"]["pile"]) >= 2, NO_POINTS),
                Moment("a battle", lambda s: bool(s["battle"] and s["battle"]["dice"]), NO_POINTS),
                Moment("the final screen", lambda s: s["stage"] == "over"),
            ],
        )
    ],
    "abilene": [
        (
            {},
            4,
            [
                SETUP,
                Moment("a turn after a throw", lambda s: s["dice"] is not None),
                Moment("a sale, secret corral cards", lambda s: s["sale"] is not None),
                Moment("a duel", lambda s: s["duel"] is not None),
            ],
        ),
        # a random walk does not end a six-seat Abilene in 3000 moves: its final screen is
        # measured at three seats (the walk of tests/support/browser/moments.py)
        ({"players": 3}, 4, [Moment("the final screen", lambda s: bool(s.get("final")))]),
    ],
}


def problems_on_tablet(got: dict) -> list[str]:
    """What breaks the tablet's frame: the page scrolls, a box outside the board scrolls,
    the prompt bar (headline, prompt, dice, the prompt's buttons, the seed line) leaves the
    window, the journal shows fewer than five lines."""
    found = []
    if got["scrollHeight"] > got["height"] or got["scrollWidth"] > got["width"]:
        found.append(f"the page scrolls: {got['scrollWidth']}×{got['scrollHeight']}")
    if got["scrollingCount"]:
        found.append(f"{got['scrollingCount']} boxes scroll: {got['scrolling']}")
    if got["outsideCount"]:
        found.append(f"{got['outsideCount']} parts of the prompt bar outside: {got['outside']}")
    if got["logShown"] < min(5, got["logLines"]):
        found.append(f"the journal shows {got['logShown']} of {got['logLines']} lines")
    return found


def problems_of_the_board(got: dict) -> list[str]:
    """What keeps the whole board from one glance: it scrolls, a part of it (or of the
    charts) leaves the window, a number on it reads under 16 px, a chart's text is drawn
    under 12 px (before fit.js drew such charts as sparklines: Abilene 1.9 px, Nowheresville
    2.1-7 px, Root 9.2 px on the landscape tablet)."""
    found = []
    if got["boardScrollingCount"]:
        found.append(f"the board scrolls: {got['boardScrolling']}")
    if got["boardOutsideCount"]:
        found.append(
            f"{got['boardOutsideCount']} parts of the board outside: {got['boardOutside']}"
        )
    if got["smallCount"]:
        found.append(f"{got['smallCount']} numbers under 16 px: {got['small']}")
    if got["chartSmall"]:
        found.append(f"{got['chartSmallCount']} chart texts under 12 px: {got['chartSmall']}")
    return found


def board_measure(got: dict) -> str:
    """How far the board is from fitting: its overflow, parts outside, small numbers."""
    return (
        f"board scrolls {got['boardScrolling'][:1] or 'no'}, "
        f"{got['boardOutsideCount']} parts outside, {got['smallCount']} numbers under 16 px"
        + (f" {got['small'][:2]}" if got["smallCount"] else "")
    )


PHONE_CHECK = """() => {
    const H = innerHeight, top = (sel) => {
        const el = document.querySelector(sel);
        return el && (el.offsetWidth || el.offsetHeight) ? el.getBoundingClientRect().top : null;
    };
    const header = document.querySelector('.topbar').getBoundingClientRect().height;
    const own = [...document.querySelectorAll('#prompt-actions button, #actions button')]
        .filter((b) => b.offsetWidth && b.getBoundingClientRect().bottom > H);
    // a box of the page that scrolls sideways cuts what is past its edge ("Owes"); a line
    // ellipsed on purpose (the seed, its whole text in its title) is not cut
    const sideways = [...document.querySelectorAll('main *')]
        .filter((el) => el.offsetWidth && !el.closest('dialog, .sr-only')
            && getComputedStyle(el).textOverflow !== 'ellipsis'
            && ['auto', 'scroll', 'hidden'].includes(getComputedStyle(el).overflowX)
            && el.scrollWidth > el.clientWidth + 1)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} `
            + `${el.scrollWidth}>${el.clientWidth}`);
    const box = document.querySelector('[data-own]');
    const drawn = box && box.offsetHeight && box.textContent.trim() ? box.getBoundingClientRect()
        : null;
    return {header, below: own.map((b) => b.textContent.trim().slice(0, 20)), H,
            actionsTop: top('#actions'), sideways,
            ownBox: drawn && {top: Math.round(drawn.top), bottom: Math.round(drawn.bottom)}};
}"""


SETTLED = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def settled_layout(page) -> dict:
    """The page measured once what it was drawing has been laid out and painted (two
    frames), so a render still on its way is not measured half done."""
    page.evaluate(SETTLED)
    return page.evaluate(LAYOUT)


def problems_on_phone(page) -> list[str]:
    """What keeps a player's phone from one glance at what is theirs: it sticks out
    sideways (the page, or a box of it cutting what is past its edge), its header takes more
    than a line, the seat's own secret box (the element marked ``data-own``: its money,
    hand, coins) is missing or not wholly inside the first screen, or the prompt's own
    actions fall below it."""
    got = settled_layout(page)
    found = []
    if got["scrollWidth"] > got["width"] or got["sidewaysCount"]:
        found.append(f"sticks out sideways: {got['scrollWidth']} {got['sideways']}")
    own = page.evaluate(PHONE_CHECK)
    if own["sideways"]:
        found.append(f"boxes cut sideways: {own['sideways'][:4]}")
    if own["header"] > 64:
        found.append(f"the header is {own['header']:.0f} px high (more than one line)")
    if own["below"] or (own["actionsTop"] or 0) > own["H"]:
        found.append(f"own actions below the fold: {own}")
    box = own["ownBox"]
    if box is None:
        found.append("no own box (an element marked data-own, drawn and not empty)")
    elif box["top"] < 0 or box["bottom"] > own["H"]:
        found.append(f"the own box is at {box['top']}-{box['bottom']}, below the fold {own['H']}")
    return found


RANCH_COLUMNS = """() => [...document.querySelectorAll('#board .abilene-ranches th')]
    .filter((th) => th.offsetWidth).map((th) => th.textContent.trim())"""


def missing_ranch_columns(page) -> list[str]:
    """Abilene's ranch table on a phone has every column the tablet's has (the free cowboys
    were once left out to keep it inside 390 px); that it keeps inside is the sideways
    check's."""
    from web.i18n import Catalog

    words = Catalog().files["abilene"]["en"]
    keys = ("money", "cattle", "cowboys", "jail", "owes")
    wanted = ["", *(words[f"abilene.panel.{key}"] for key in keys)]
    shown = page.evaluate(RANCH_COLUMNS)
    return [] if shown == wanted else [f"the ranch table's columns are {shown}, not {wanted}"]


def tools_in_one_tap(page) -> list[str]:
    """The tablet-only tools are closed during play and one tap on "Table tools" shows the
    joining codes, the other actions and the devices, inside the window."""
    if page.is_visible("#seats") or page.is_visible("#devices"):
        return ["the tablet-only tools are open during play"]
    page.click("#tools-summary")
    found = []
    for part in ("#seats", "#actions", "#devices"):
        box = page.locator(part).bounding_box()
        if not page.is_visible(part) or box is None or box["y"] < 0:
            found.append(f"{part} not shown after one tap on the tools")
    found += covered_by_the_sheet(page)
    return found


def covered_by_the_sheet(page) -> list[str]:
    """With the tools sheet open, every answer of the prompt bar and Undo is still the
    element a finger reaches at its own centre (document.elementFromPoint): the sheet covers
    the journal, never what the table does next."""
    hidden = page.evaluate(
        f"""() => [...document.querySelectorAll('#prompt-actions button, #undo:not([hidden])')]
        .filter(b => b.getClientRects().length).filter(b => {{
          const r = b.getBoundingClientRect();
          const x = r.left + r.width / 2, y = r.top + r.height / 2;
          return x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight && !({REACHED})(b);
        }}).map(b => b.textContent.trim())"""
    )
    return [f"the open tools sheet covers {name!r}" for name in hidden]


def waits_for(view: dict) -> int:
    """The seat the moment concerns: the first the prompt waits for, else seat 0."""
    prompt = view.get("prompt") or {}
    seats = prompt.get("seats") or []
    return seats[0] if seats else 0


def tables_of(live, game: str):
    """Each of ``game``'s scripted runs as a table made over the API, with the most seats
    the game allows unless the run says how many: ``(run, made, rng, moments)``."""
    players = player_names(game, max(registry.game(game).PLAYERS))  # the most seats allowed
    for run, (options, seed, moments) in enumerate(RUNS[game]):
        options = dict(options)
        count = options.pop("players", None)
        seats = player_names(game, count) if isinstance(count, int) else players
        made = live.api(
            "POST",
            "/api/tables",
            {"game": game, "options": options, "players": seats},
            token="script",
        )
        yield run, made, random.Random(seed), moments


@pytest.mark.parametrize("orientation", sorted(ORIENTATIONS))
@pytest.mark.parametrize("game", sorted(RUNS))
def test_the_whole_board_fits_the_tablet(browser, live, monkeypatch, shoot, game, orientation):
    monkeypatch.setattr(draws, "new_seed", lambda: b"\x07" * 32)  # the same deals every run
    failures: list[str] = []
    MEASURES.mkdir(exist_ok=True)
    measures_file = MEASURES / f"layout-board-{game}-{orientation}.txt"
    measures_file.write_text("")
    for run, made, rng, moments in tables_of(live, game):
        tablet = browser.new_context(viewport=ORIENTATIONS[orientation])
        tablet.add_cookies(
            [{"name": f"tc_admin_{made['id']}", "value": made["admin_token"], "url": live.url}]
        )
        for number, moment in enumerate(moments):
            walk_until(live.service, made["id"], rng, moment)
            version = live.service.table(made["id"]).version
            page = tablet.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{live.url}/table/{made['id']}")
            page.wait_for_selector("#board > *")
            if version:
                page.wait_for_selector(f"#log li[data-version='{version}']")
            # the sheet shows the joining codes by itself while seats are still to join
            # (seats.js), and covers neither the prompt's answers nor Undo meanwhile; here
            # the phones join later, so the table closes it to play
            where = f"{game} {orientation} {moment.name}"
            failures += [f"{where}: {p}" for p in covered_by_the_sheet(page)]
            open_tools(page, False)
            got = settled_layout(page)
            failures += [f"{where}: {p}" for p in problems_on_tablet(got)]
            failures += [f"{where}: {p}" for p in problems_of_the_board(got)]
            failures += [f"{where}: page error {e}" for e in errors]
            with measures_file.open("a") as measures:
                print(f"{where}: {board_measure(got)}", file=measures)
            shoot(page, f"layout-{game}-{orientation}-{run}{number}", full_page=False)
            if number == 0 and run == 0:
                failures += [f"{where}: {p}" for p in tools_in_one_tap(page)]
                shoot(page, f"layout-{game}-{orientation}-tools", full_page=False)
            page.close()
        tablet.close()
    assert not failures, f"{len(failures)} problems:\n" + "\n".join(failures)


@pytest.mark.parametrize("game", sorted(RUNS))
def test_the_phone_shows_its_own_box_above_the_fold(browser, live, monkeypatch, shoot, game):
    """At 390×844, at every moment the tablet test measures, the phone of the seat the
    moment waits for: nothing sideways, a one-line header, its own secret box and its own
    actions inside the first screen."""
    monkeypatch.setattr(draws, "new_seed", lambda: b"\x07" * 32)  # the tablet test's deals
    failures: list[str] = []
    for run, made, rng, moments in tables_of(live, game):
        phones = {}
        for number, moment in enumerate(moments):
            walk_until(live.service, made["id"], rng, moment)
            version = live.service.table(made["id"]).version
            seat = waits_for(live.service.view(made["id"], Viewer(admin=True)))
            if seat not in phones:
                phones[seat] = join(browser, live, made, seat)
            phone = phones[seat]
            phone.goto(f"{live.url}/seat/{made['id']}")
            phone.wait_for_selector("#actions h2")
            if version:
                phone.wait_for_selector(f"#log li[data-version='{version}']", state="attached")
            where = f"{game} {moment.name} phone {seat}"
            failures += [f"{where}: {p}" for p in problems_on_phone(phone)]
            if game == "abilene" and phone.is_visible("#board .abilene-ranches"):
                failures += [f"{where}: {p}" for p in missing_ranch_columns(phone)]
            shoot(phone, f"layout-{game}-phone-{run}{number}", full_page=False)
        for phone in phones.values():
            phone.context.close()
    assert not failures, f"{len(failures)} problems:\n" + "\n".join(failures)


def join(browser, live, made: dict, seat: int):
    code = next(s for s in made["seats"] if s["seat"] == seat)["join_code"]
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{live.url}/join/{made['id']}/{code}")
    page.click("button[type=submit]")
    page.wait_for_url("**/seat/*")
    return page
