"""The screens the browser tests hold the pages to: a tablet in the middle of the table and
a player's phone, at their real sizes, and a phone joined to its seat through its QR link."""

from __future__ import annotations

TABLET = {"width": 1280, "height": 800}  # a 10-inch tablet in landscape, CSS pixels
PHONE = {"width": 390, "height": 844}  # a current 6.1-inch phone, CSS pixels
# A finger on an element reaches it: nothing is drawn over its centre
# (document.elementFromPoint there is the element or inside it). A JavaScript function.
REACHED = """(el) => {
  const r = el.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!top && el.contains(top);
}"""


def phone_for(browser, live, made, seat: int, lang: str = "en"):
    """A phone that opened ``seat``'s join link and joined: its seat page, drawn."""
    seats = live.api("GET", f"/api/tables/{made['id']}/seats", token=made["admin_token"])
    link = next(s for s in seats["seats"] if s["seat"] == seat)["join_url"]
    page = browser.new_context(viewport=PHONE, locale=lang).new_page()
    page.goto(link)
    page.click("button[type=submit]")
    page.wait_for_url("**/seat/*")
    page.wait_for_selector("#actions h2")
    return page


def open_tools(page, wanted: bool = True) -> None:
    """One tap on the tablet's *Table tools* (the joining codes, the other actions:
    corrections, other seats' loans; the devices, the catalogue) to open it, or to close it
    when ``wanted`` is False. A page without the sheet (a phone's) is left as it is."""
    shown = page.evaluate("() => document.getElementById('tools')?.open ?? null")
    if shown is not None and shown != wanted:
        page.click("#tools-summary")
