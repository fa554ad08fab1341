"""What several test files share: ``TABLET``, ``audit``, ``open_join_link``."""

from __future__ import annotations

from pathlib import Path

AUDIT = (Path(__file__).resolve().parents[3] / "tests" / "browser" / "audit.js").read_text()


TABLET = {"width": 1280, "height": 800}


PHONE = {"width": 390, "height": 844}


def audit(page, where):
    problems = page.evaluate(AUDIT)
    assert problems == [], f"{where}: {problems}"


def open_join_link(browser, link):
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(link)
    audit(phone, "join")
    phone.click("button[type=submit]")
    phone.wait_for_url("**/seat/*")
    phone.wait_for_selector("#actions h2")
    return phone
