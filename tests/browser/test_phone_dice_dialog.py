"""A phone's "Type the dice" dialog at the phone's real size (390×844, tests/support/screens.py):
Abilene's throw, five dice of two kinds, the longest a table asks a phone to type, is one
screen: every die's faces and OK inside the window, the dialog not scrolling (a player who
had to scroll to the last die would send four)."""

from __future__ import annotations

import pytest

from tests.support.reliability.drive import player_names
from tests.support.screens import phone_for

pytestmark = pytest.mark.browser
FITS = """() => {
    const dialog = document.getElementById('dialog'), H = innerHeight, W = innerWidth;
    const box = dialog.getBoundingClientRect();
    const ok = dialog.querySelector('button[type=submit]').getBoundingClientRect();
    return {open: dialog.open, top: box.top, bottom: box.bottom, right: box.right, H, W,
            scroll: dialog.scrollHeight, client: dialog.clientHeight, ok: ok.bottom,
            faces: dialog.querySelectorAll('.die-pick').length,
            every: Companion.page.view.prompt.dice
                .map((kind) => JSON.parse(document.body.dataset.dice)[kind].faces.length)
                .reduce((a, b) => a + b, 0)};
}"""


def test_typing_abilenes_five_dice_fits_one_phone_screen(browser, live, shoot):
    made = live.api(
        "POST",
        "/api/tables",
        {"game": "abilene", "options": {}, "players": player_names("abilene", 6)},
        token="script",
    )
    prompt = live.api("GET", f"/api/tables/{made['id']}", token=made["admin_token"])["prompt"]
    assert prompt["kind"] == "dice" and len(prompt["dice"]) == 5
    phone = phone_for(browser, live, made, 0)
    phone.click("#type-dice")
    phone.wait_for_selector("#dialog .die-pick")
    got = phone.evaluate(FITS)
    shoot(phone, "phone-type-dice", full_page=False)
    assert got["open"] and got["faces"] == got["every"]  # every face of every die
    assert got["scroll"] <= got["client"] + 1, f"the dialog scrolls: {got}"
    assert got["top"] >= 0 and got["bottom"] <= got["H"] and got["right"] <= got["W"], got
    assert got["ok"] <= got["H"], f"OK below the fold: {got}"
    phone.context.close()
