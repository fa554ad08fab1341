"""Each game on the tablet in real Chromium, with dice arriving the way hardware sends them:
written as protocol frames into the simulated reader's pty, read by the real DieReader."""

from __future__ import annotations

import pytest

from tests.support.browser.tables import make_table

pytestmark = pytest.mark.browser
TABLET = {"width": 1280, "height": 800}


def test_lawless_turn_with_a_hold_up_rolled_on_the_reader(browser, live, shoot):
    page = browser.new_context(viewport=TABLET).new_page()
    made = make_table(page, live, "lawless", ("Ann", "Bruno", "Claudia"))
    page.goto(f"{live.url}/table/{made['id']}")
    page.click("[data-action=first_player]")
    page.click("#dialog button[data-value='\"Ann\"']")
    page.click("#dialog button[type=submit]")
    page.wait_for_selector("#log li[data-version='1']")
    page.click("[data-action=play_hold_up]")
    page.click("#dialog button[data-value='\"bank\"']")
    page.click("#dialog button[type=submit]")
    page.wait_for_selector("#asked-dice")
    shoot(page, "lawless-hold-up-prompt")
    face = live.devices["simulator"].throw(["d6"])[0]
    page.wait_for_selector("#log li[data-version='3']")
    view = live.api("GET", f"/api/tables/{made['id']}", token=made["admin_token"])
    assert view["state"]["bank"] == 50 - (face + 3)
    assert page.get_attribute(".rolled .die", "data-face") == str(face)
    page.click("[data-action=end_turn]")
    if page.is_visible("#end-turn-check"):  # points or cards left: the page asks first
        page.click("#end-turn-yes")
    page.wait_for_selector("#log li[data-version='4']")
    assert "Bruno" in page.inner_text("#turn")
    shoot(page, "lawless-after-turn")


def test_abilene_five_dice_in_one_frame(browser, live, shoot):
    page = browser.new_context(viewport=TABLET).new_page()
    made = make_table(page, live, "abilene", ("Ann", "Bruno", "Claudia"))
    page.goto(f"{live.url}/table/{made['id']}")
    page.wait_for_selector("#asked-dice")
    faces = live.devices["simulator"].throw(["cowboy", "cattle", "cowboy", "cattle", "cowboy"])
    page.wait_for_selector("#log li[data-version='1']")
    shown = page.eval_on_selector_all(".rolled .die", "dice => dice.map(d => d.dataset.face)")
    assert sorted(map(int, shown)) == sorted(faces)
    view = live.api("GET", f"/api/tables/{made['id']}", token=made["admin_token"])
    assert view["table"]["version"] == 1
    shoot(page, "abilene-throw")


def test_typing_dice_on_the_tablet_answers_the_prompt(browser, live):
    """Abilene's rulebook (shared/rules/abilene.fr.txt, "Matériel du jeu" and the turn's
    step 2): two light cattle dice (0-5) whose total is how far the cows may go, three dark
    cowboy dice (1, 1, 2, 2, 3, 4). Each typed face must land on the die it was typed for."""
    page = browser.new_context(viewport=TABLET).new_page()
    made = make_table(page, live, "abilene", ("Ann", "Bruno"))
    page.goto(f"{live.url}/table/{made['id']}")
    page.click("#type-dice")
    typed = [3, 5, 1, 2, 4]  # cattle 3 and 5, cowboys 1, 2 and 4
    for die, face in enumerate(typed):
        page.click(f"#dialog button[data-die='{die}'][data-face='{face}']")
    page.click("#dialog button[type=submit]")
    page.wait_for_selector("#log li[data-version='1']")
    view = live.api("GET", f"/api/tables/{made['id']}", token=made["admin_token"])
    assert view["state"]["dice"] == {"cattle": [3, 5], "cowboy": [1, 2, 4], "distance": 8}
    # the board draws the throw: each die its kind and face, in the order thrown
    shown = page.eval_on_selector_all(
        ".die[data-kind]",
        "dice => dice.filter(d => !d.closest('#dialog'))"
        ".map(d => [d.dataset.kind, d.dataset.face])",
    )
    kinds = ["cattle", "cattle", "cowboy", "cowboy", "cowboy"]
    assert shown == [[kind, str(face)] for kind, face in zip(kinds, typed)]
