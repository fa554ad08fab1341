"""Real parts for the page tests: the companion served by waitress on loopback, with the
simulated die reader on a pty and mock GPIO, and Debian's headless Chromium via Playwright."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.browser.live_server import LiveServer

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
SHOTS = Path(__file__).resolve().parents[2] / "test-output" / "screenshots"


@pytest.fixture
def live(tmp_path):
    servers = [LiveServer(tmp_path)]
    yield servers[0]
    servers[0].close()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is not installed: run ./scripts/test, which installs it")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def shoot():
    """Save a screenshot a reviewer can look at: test-output/screenshots/<name>.png."""
    SHOTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str, full_page: bool = True) -> Path:
        path = SHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return take
