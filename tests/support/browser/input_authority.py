"""What several test files share: ``join``."""

from __future__ import annotations


def join(browser, live, made, seat):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(made["seats"][seat]["join_url"])
    page.click("button[type=submit]")
    page.wait_for_url(f"**/seat/{made['id']}")
    page.wait_for_selector("#log", state="attached")
    return context, page
