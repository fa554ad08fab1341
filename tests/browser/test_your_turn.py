""" "Your turn" from one source, in real Chromium with a phone on every seat: each game is
played by a seeded walk of legal moves, and at every kind of prompt it reaches (each of its
``why`` texts) every phone reads "Your turn" and is marked as such exactly when the table
waits for its seat — the prompt's seat, a sealed round's missing seats, each die's owner —
and every other screen reads whom the table waits for. The moments players reported wrong
(Abilene's corral vote, Nowheresville's planning, Lawless's surveillance roll by the
left-hand neighbour) must be among those reached."""

from __future__ import annotations

import random

import pytest

from companion.errors import CompanionError
from companion.play.table import Viewer
from companion.rules.base import RuleError
from tests.support.browser.reading import Words
from tests.support.browser.tables import make_table
from tests.support.reliability.drive import fill
from tests.support.screens import TABLET, phone_for

pytestmark = pytest.mark.browser
NAMES = ("Ann", "Bruno", "Claudia", "Dan")
# game -> (players, walk seed, most moves, the prompts that must be reached)
WALKS = {
    "lawless": (3, 1, 400, {"lawless.why.difficulty", "lawless.why.surveillance"}),
    "nowheresville": (3, 2, 400, {"nowheresville.why.planning"}),
    "abilene": (3, 4, 1500, {"abilene.why.corral", "abilene.why.throw"}),
    "root_doves": (3, 0, 200, set()),
    "outlaws108": (3, 6, 200, set()),
}
# a stand-in for the phone's vibrator, counting the buzzes
BUZZ_COUNTER = "() => { window.buzzed = 0; navigator.vibrate = () => ++window.buzzed > 0; }"


def awaited_by_the_rules(prompt: dict | None, turn) -> list[int]:
    """Whom the table waits for, read off the prompt as docs/adding-a-game.md defines it."""
    if prompt is None:
        return [] if turn is None else [turn]
    if prompt["kind"] == "secret":
        return [s for s in prompt["seats"] if s not in prompt["submitted"]]
    if prompt.get("owners"):
        return sorted(set(prompt["owners"]), key=prompt["owners"].index)
    return [] if prompt["seat"] is None else [prompt["seat"]]


def headline(words: Words, awaited: list[int], seat, players) -> str:
    if seat in awaited:
        return words.t("ui.your_turn")
    if len(awaited) == 1:
        return words.t("ui.turn_of", name=players[awaited[0]])
    if awaited:
        return words.t("ui.awaiting", names=", ".join(players[s] for s in awaited))
    return words.t("ui.awaiting_table")


def a_move(service, table_id, rng, awaited, players):
    """A legal move, by a seat the table waits for when it has one (the game goes on)."""
    table = service.table(table_id)
    order = [Viewer(seat=s) for s in awaited] + [Viewer(admin=True)]
    if not awaited or rng.random() < 0.2:
        order = [Viewer(admin=True), *(Viewer(seat=s) for s in range(players))]
        rng.shuffle(order)
    for viewer in order:
        legal = [t for t in service.call(lambda v=viewer: table.legal_for(v))]
        if legal:
            return viewer, fill(rng.choice(legal), rng)
    return None


def check_screens(pages, words, view, players, where):
    version = view["table"]["version"]
    awaited = awaited_by_the_rules(view["prompt"], view["state"].get("turn"))
    for seat, page in pages.items():
        page.wait_for_function(
            "v => Companion.page.view && Companion.page.view.table.version === v", arg=version
        )
        got = page.evaluate(
            "() => [document.getElementById('turn').textContent,"
            " document.body.classList.contains('my-turn')]"
        )
        assert got == [headline(words, awaited, seat, players), seat in awaited], (
            where,
            seat,
            view["prompt"],
        )


@pytest.mark.parametrize("game", list(WALKS))
def test_the_seats_the_table_waits_for_read_your_turn(browser, live, shoot, game):
    players, seed, most, reported = WALKS[game]
    names = NAMES[:players]
    tablet = browser.new_context(viewport=TABLET).new_page()
    made = make_table(tablet, live, game, names)
    table_id = made["id"]
    tablet.goto(f"{live.url}/table/{table_id}")
    tablet.wait_for_selector("#turn", state="attached")
    pages = {None: tablet}
    for seat in range(players):
        pages[seat] = phone_for(browser, live, made, seat)
        pages[seat].evaluate(BUZZ_COUNTER)
    words = Words(live.api("GET", f"/api/i18n/en.json?game={game}"), game, "en")
    rng = random.Random(f"{game}-{seed}")
    seen, became_awaited, before = set(), set(), set()
    for step in range(most):
        view = live.service.view(table_id, Viewer(admin=True))
        if view["table"]["ended"]:
            break
        prompt = view["prompt"]
        awaited = awaited_by_the_rules(prompt, view["state"].get("turn"))
        kind = (prompt or {}).get("why", {}).get("key", "no prompt")
        if kind not in seen:
            seen.add(kind)
            check_screens(pages, words, view, list(names), f"{game} step {step}: {kind}")
            became_awaited |= set(awaited) - before  # its phone was not called last time
            before = set(awaited)
            if kind in reported:
                for seat in set(awaited) | {None}:
                    shoot(pages[seat], f"your-turn-{game}-{kind.rsplit('.', 1)[1]}-{seat}")
        move = a_move(live.service, table_id, rng, awaited, players)
        assert move, f"{game}: nobody can move at step {step}"
        try:
            live.service.act(table_id, *reversed(move))
        except (RuleError, CompanionError):
            pass  # a random filling the rules refuse: the walk goes on
    assert reported <= seen, f"{game}: never reached {reported - seen}"
    for seat in became_awaited - {None}:  # each phone the table came to wait for buzzed
        assert pages[seat].evaluate("window.buzzed") >= 1, (game, seat)
