"""The Devices panel and tagged cards in real Chromium, against the companion served by
waitress with the simulated reader on a pty and mock pins."""

from __future__ import annotations

import pytest

from tests.support.browser.tables import make_table
from tests.support.screens import open_tools

pytestmark = pytest.mark.browser


def dashboard(browser, live, game="tally", players=("Ann", "Bruno")):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    made = make_table(page, live, game, players)
    page.goto(f"{live.url}/table/{made['id']}")
    page.wait_for_selector("#join-summary:has-text('seats joined')")
    open_tools(page)  # the devices are one of the tablet's tools, one tap away
    page.wait_for_selector("#devices dl")
    return context, page, made


def test_the_panel_shows_stand_ins_as_such_and_counts_bad_frames(browser, live, shoot):
    context, page, _ = dashboard(browser, live)
    page.wait_for_selector("[data-device='die-reader'].simulated")
    assert page.inner_text("[data-device='die-reader']") == "simulated"
    assert page.inner_text("[data-device='buttons']") == "mock pins"
    assert page.inner_text("#reader-state") == "Die reader: simulated"
    live.devices["simulator"].corrupt_next(3)
    live.devices["simulator"].tilt("d6")
    page.wait_for_function(
        """() => [...document.querySelectorAll('#devices .device-facts')]
        .some(n => /Bad frames: [1-9]/.test(n.textContent))""",
        timeout=15000,
    )
    shoot(page, "devices-panel")
    context.close()


def test_a_fault_is_said_in_the_header_and_opens_the_devices_once(browser, live, shoot):
    """The tablet's devices are a compact status in its header until one falls into a
    fault: the header names it and the tools sheet opens by itself on the Devices panel,
    with the device's own words (the firmware's ERR line) and what to check."""
    context, page, _ = dashboard(browser, live)
    page.wait_for_selector("[data-device='die-reader'].simulated")
    open_tools(page, False)
    assert page.inner_text("#reader-state") == "Die reader: simulated"
    live.devices["simulator"].fail("imu", "no MPU-6050 at 0x68")
    page.wait_for_selector("#reader-state.fault", timeout=15000)
    assert page.inner_text("#reader-state") == "Fault: die-reader"
    page.wait_for_selector("#tools[open] [data-device='die-reader'].fault")
    assert "no MPU-6050 at 0x68" in page.inner_text("#devices")
    # the stream's devices event carries the stand-ins too: the mock pins never read online
    assert page.inner_text("[data-device='buttons']") == "mock pins"
    shoot(page, "devices-fault", full_page=False)
    # closed by the table, it stays closed while the same fault lasts
    open_tools(page, False)
    for _ in range(2):  # devices.js asks every 3 s; the second ask follows the first's drawing
        with page.expect_response(lambda r: "/api/health" in r.url, timeout=10000):
            pass
    assert page.eval_on_selector("#tools", "t => t.open") is False
    assert page.inner_text("#reader-state") == "Fault: die-reader"
    context.close()


def test_a_down_server_is_server_unreachable_not_a_device_state(browser, live, shoot):
    context, page, _ = dashboard(browser, live)
    page.wait_for_selector("[data-device='die-reader'].simulated")
    live.close()
    page.wait_for_function(
        """() => document.getElementById('reader-state').textContent
        === 'Server unreachable'""",
        timeout=15000,
    )
    states = page.eval_on_selector_all("#devices .device-state", "ns => ns.map(n => n.textContent)")
    assert states and set(states) == {"Server unreachable"}
    shoot(page, "devices-unreachable")
    context.close()


def test_a_tag_is_named_from_the_games_list_then_fills_the_outlaw_played(browser, live, shoot):
    context, page, made = dashboard(browser, live, "outlaws108")
    page.wait_for_selector("[data-device='die-reader'].simulated")
    live.devices["simulator"].scan("04a2246a5b3c80")
    page.wait_for_selector("#dialog select")
    page.select_option("#dialog select", "outlaw_42")
    assert "Outlaw No. 42" in page.inner_text("#dialog select")
    page.click("#dialog button[type=submit]")
    page.wait_for_selector("#dialog", state="hidden")
    live.devices["simulator"].scan("04a2246a5b3c80")
    page.wait_for_selector("#dialog input#param-number")
    assert page.input_value("#dialog input#param-number") == "42"
    shoot(page, "card-fills-outlaw")
    context.close()


def test_a_pixels_die_no_prompt_can_use_shows_why_beside_it(browser, live, shoot):
    """A Pixels d20 (its IAmADie says so) and a d6, as the Bluetooth reader's figures give
    them: the d20's line says why its throws are refused, in the viewer's words."""
    import struct

    from firmware_bridge import pixels_protocol as px
    from firmware_bridge.pixels import PixelDie

    dice = {}
    for name, die_type, leds in (("pixel-Green", 7, 20), ("pixel-Red", 2, 6)):
        die = PixelDie(name)
        # DieMessages.ts LegacyIAmADie (22 bytes): id, leds, colorway, die type, hash, pixel
        # id, flash, build, roll state, face, battery, battery state
        die.receive(
            px.parse(
                struct.pack(
                    "<BBBBIIHIBBBB", 2, leds, 1, die_type, 0, 7, 0, 1_740_000_000, 5, 0, 64, 0
                )
            )
        )
        die.state = "online"
        dice[name] = die.figures()
    live.service.devices.probes["ble-dice"] = lambda: {"dice": dice}
    context, page, _ = dashboard(browser, live)
    page.wait_for_selector("[data-device='die-reader']")
    page.wait_for_function(
        """() => [...document.querySelectorAll('#devices .device-facts')]
        .some(n => n.textContent.includes('six-sided dice only'))""",
        timeout=15000,
    )
    facts = page.eval_on_selector_all("#devices .device-facts", "ns => ns.map(n => n.textContent)")
    assert any(
        "Battery 64 %" in f and "A Pixels d20: the games here read six-sided dice only" in f
        for f in facts
    )
    assert facts.count("Battery 64 %") == 1  # the d6: nothing to say but its battery
    shoot(page, "devices-pixels-d20")
    context.close()
