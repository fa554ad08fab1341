"""Reading a page the way a player does, and saying what it should read.

A *reading* is what a player must see on a page for a given view: a number with the words
around it ("Bank 36", "Pile: 101 cards", "×2 = 4"), in one region of the page (a ranch, a
herd, a pot), or the faces of the dice drawn there. The words come from the catalog the page
itself loads (``/api/i18n/<lang>.json?game=…``) and the numbers from the view the page was
sent, so a reading holds in both languages and any number drawn from the wrong field, off by
one, or not drawn at all is caught. How a page lays things out (classes, order of boxes) is
not a reading; the region selectors use the attributes and headings a player's eye follows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.known_games import registry
from web import wording

SPACES = re.compile(r"[\s\u00a0\u202f\u2009]+")


@dataclass(frozen=True)
class Read:
    """``text`` must be read inside ``within`` (a CSS selector; every match is searched,
    or with ``heading`` only the boxes whose first heading reads that, alone or followed by
    more words). Words and numbers must come in this order; spacing may differ."""

    what: str
    text: str
    within: str = "#board"
    heading: str | None = None
    after_number: bool = False  # may follow a number drawn just before it (a log line's #)


@dataclass(frozen=True)
class Dice:
    """The dice drawn inside ``within`` (in page order) must show ``faces``."""

    what: str
    faces: tuple
    within: str = "#board"
    heading: str | None = None


Check = Read | Dice  # what a game's reading asks of the page


def js_string(value) -> str:
    """``String(value)`` in the page's JavaScript, for a value that came through JSON."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list):
        return ",".join("" if v is None else js_string(v) for v in value)
    return str(value)


class Words:
    """The words a page of ``game`` shows in ``lang``, filled in as the page's ``C.t``."""

    def __init__(self, catalog: dict, game: str, lang: str, narrow: bool = False) -> None:
        self.catalog, self.game, self.lang = catalog, game, lang
        self.narrow = narrow  # a phone's width, where a page may leave a column out

    def t(self, key: str, **params) -> str:
        """The catalog's text through the placeholder grammar the page uses (numbers, money
        and plurals by the locale's rules: Babel here, ``Intl`` in the page, the two checked
        alike by tests/browser/test_words_in_browser.py)."""
        text = self.catalog.get(key)
        if text is None:
            return key
        filled = {
            name: value
            if isinstance(value, (int, float)) and not isinstance(value, bool)
            else js_string(value)
            for name, value in params.items()
        }
        return wording.render(self.lang, text, filled)

    def money(self, amount) -> str:
        """Dollars as the page writes them ("$1,600", « 1 600 $ »)."""
        return wording.money(self.lang, amount)

    def number(self, value) -> str:
        """A number as the page writes it ("11,000", « 11 000 »)."""
        return wording.number(self.lang, value)

    def has(self, key: str) -> bool:
        return key in self.catalog

    def value(self, word: str) -> str:
        """A game's word value ("bank", "excellent") as the page writes it."""
        return self.t(f"value.{self.game}.{word}")

    def line(self, line: dict | None, players: list[str]) -> str:
        """A log line or prompt, its seat numbers as names and its words translated."""
        if not line:
            return ""
        out = {}
        for name, value in (line.get("params") or {}).items():
            if (
                isinstance(value, int)
                and not isinstance(value, bool)
                and name in registry.seat_params(self.game)  # as the page's C.isSeatParam
                and 0 <= value < len(players)
            ):
                out[name] = players[value]
            elif isinstance(value, str) and self.has(f"value.{self.game}.{value}"):
                out[name] = self.value(value)
            elif isinstance(value, list):
                out[name] = ", ".join(js_string(v) for v in value)
            else:
                out[name] = value
        return self.t(line["key"], **out)


def pattern(text: str, after_number: bool = False) -> re.Pattern:
    """``text`` as a pattern over the page's text: any spacing between words and signs
    (the page may break lines between boxes), but never two numbers run together, and a
    number never read as part of a longer one."""
    tokens = [t for t in SPACES.split(text.strip()) if t]
    out = []
    for before, token in zip([None, *tokens], tokens):
        if before is not None:
            out.append(r"\s+" if before[-1].isalnum() and token[0].isalnum() else r"\s*")
        out.append(re.escape(token))
    head = r"(?<!\d)" if tokens and tokens[0][0].isdigit() and not after_number else ""
    tail = r"(?!\d)" if tokens and tokens[-1][-1].isdigit() else ""
    return re.compile(head + "".join(out) + tail, re.IGNORECASE)  # CSS may set capitals


def normalised(text: str) -> str:
    return SPACES.sub(" ", text)


# One round trip per page: for each reading, the text of its regions and the dice drawn
# there (a d6 is read by its pips, other dice by the number printed on them, and each by
# its accessible label too).
LOOK = """reads => reads.map(([within, heading]) => {
    const boxes = Array.from(document.querySelectorAll(within)).filter((box) => {
        if (heading === null) return true;
        const title = box.querySelector('h1, h2, h3');
        // the words as written, not as styled (a title may be set in capitals)
        const text = title === null ? '' : title.textContent.trim().replace(/\\s+/g, ' ');
        return text === heading || text.startsWith(heading + ' ');
    });
    return {count: boxes.length, text: boxes.map((box) => box.innerText).join(' \\n '),
            dice: boxes.flatMap((box) => Array.from(box.querySelectorAll('svg.die')).map((d) => {
                const printed = d.querySelector('text');
                return {label: d.getAttribute('aria-label') || '',
                        drawn: printed ? printed.textContent :
                        String(d.querySelectorAll('circle').length)};
            }))};
})"""


def problems(page, reads: list) -> list[str]:
    """Every reading the page does not give, as a sentence a reviewer can act on."""
    out = []
    seen = page.evaluate(
        LOOK,  # the page's \s takes no-break spaces for spaces: so does the heading here
        [[read.within, read.heading and normalised(read.heading)] for read in reads],
    )
    for read, found in zip(reads, seen):
        where = read.within + (f" headed {read.heading!r}" if read.heading else "")
        if not found["count"]:
            out.append(f"{read.what}: nothing on the page is {where}")
        elif isinstance(read, Dice):
            drawn = tuple(d["drawn"] for d in found["dice"])
            wanted = tuple(js_string(face) for face in read.faces)
            labels = [d["label"] for d in found["dice"]]
            if drawn != wanted or [label.split(" ")[-1] for label in labels] != list(wanted):
                out.append(
                    f"{read.what}: dice {drawn} (labels {labels}) {where}, the view says {wanted}"
                )
        elif not pattern(read.text, read.after_number).search(normalised(found["text"])):
            out.append(
                f"{read.what}: {read.text!r} not {where}: {normalised(found['text'])[:300]!r}"
            )
    return out
