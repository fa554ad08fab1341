"""Every message, in both languages, rendered with sample parameters the way the server
renders it (Babel) and the way the pages do (``web/static/words.js``, checked in Chromium by
``tests/browser/test_words_in_browser.py``): no raw key, no raw parameter name, no number
above 999 written without the locale's grouping, French spacing and elision."""

from __future__ import annotations

import re

import pytest

from tests.support.web.messages import BAD_FRENCH, CATALOG, RAW_KEY, UNGROUPED, samples
from web import wording
from web.i18n import LANGUAGES
from web.wording import french_typography, render


def problems(lang: str, key: str, text: str) -> list[str]:
    found = []
    for number in (1, 2, 12345):
        out = render(lang, text, samples(text, number))
        if "{" in out or "}" in out:
            found.append(f"raw parameter in {out!r}")
        if RAW_KEY.search(out):
            found.append(f"raw key in {out!r}")
        if UNGROUPED.search(out):
            found.append(f"ungrouped number in {out!r}")
        if lang == "fr" and BAD_FRENCH.search(out):
            found.append(f"French spacing in {out!r}")
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_renders_cleanly(lang):
    bad = {key: problems(lang, key, text) for key, text in CATALOG.words[lang].items()}
    assert {key: found for key, found in bad.items() if found} == {}


# "note(s)", "box(es)", "jeu(x)", "prêt(e)", "prêt(e)s" (caught by its "(e)"): a plural
# made by hand, where the locale's plural rules should pick the form
# (``{n:plural:one=# note;other=# notes}``).
HAND_PLURAL = re.compile(r"(?<=\w)\((?:s|es|x|e)\)")


def test_no_message_makes_its_plural_by_hand():
    found = [
        f"{name}/{lang}: {key}: {text!r}"
        for name, files in CATALOG.files.items()
        for lang, words in files.items()
        for key, text in words.items()
        if HAND_PLURAL.search(text)
    ]
    assert found == []


def test_every_message_exists_in_both_languages():
    for name, files in CATALOG.files.items():
        assert set(files["en"]) == set(files["fr"]), name


@pytest.mark.parametrize(
    "text, params, expected",
    [
        ("{amount:money}", {"amount": 1600}, "$1,600"),
        ("{n}", {"n": 11000}, "11,000"),
        ("{n:plural:one=# cow;other=# cows}", {"n": 1}, "1 cow"),
        ("{n:plural:one=# cow;other=# cows}", {"n": 0}, "0 cows"),
        ("#{v:id}", {"v": 1234}, "#1234"),
    ],
)
def test_english_numbers(text, params, expected):
    assert render("en", text, params) == expected


@pytest.mark.parametrize(
    "text, params, expected",
    [
        ("emprunte {amount:money}", {"amount": 1000}, "emprunte 1\u202f000\u00a0$"),
        ("{n:plural:one=# vache;other=# vaches}", {"n": 1}, "1 vache"),
        ("{n:plural:one=# vache;other=# vaches}", {"n": 0}, "0 vache"),
        ("{n:plural:one=# vache;other=# vaches}", {"n": 2}, "2 vaches"),
        ("le tour de {name}", {"name": "Ann"}, "le tour d’Ann"),
        ("le tour de {name}", {"name": "Bruno"}, "le tour de Bruno"),
        ("plus que {name}", {"name": "Éloïse"}, "plus qu’Éloïse"),
    ],
)
def test_french_numbers_and_elision(text, params, expected):
    assert render("fr", text, params) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Lecteur de dés: {state}", "Lecteur de dés\u00a0: {state}"),
        ("Occupé ; réessayez", "Occupé\u202f; réessayez"),
        ("« {name} » manque", "«\u00a0{name}\u00a0» manque"),
        ("n'est pas", "n’est pas"),
        ("{n:plural:one=a;other=b} à 12:30", "{n:plural:one=a;other=b} à 12:30"),
    ],
)
def test_french_typography(text, expected):
    assert french_typography(text) == expected


def parts(value) -> set[str]:
    """The keys of a structured option's default, at every depth (list indexes too)."""
    if isinstance(value, dict):
        return {str(k) for k in value} | {p for v in value.values() for p in parts(v)}
    if isinstance(value, list):
        return {str(i) for i in range(len(value))} | {p for v in value for p in parts(v)}
    return set()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_is_labelled_and_explained(lang):
    from companion.known_games import registry

    words = CATALOG.words[lang]
    missing = []
    for game in registry.names():
        for name, default in registry.game(game).OPTIONS.items():
            for key in (
                f"option.{game}.{name}",
                f"option_help.{game}.{name}",
                *(f"option_part.{game}.{p}" for p in parts(default)),
            ):
                if key not in CATALOG.files.get(game, {}).get(lang, words):
                    missing.append(key)
    assert missing == []


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("value", [10**30, -(10**27), 1e308, float("inf"), 10**500])
def test_any_number_a_request_sends_can_be_written_back(lang, value):
    """An error echoes what a request sent; Babel alone cannot write an integer past 28
    digits (a 500 on an action, found by the long broken-actions run)."""
    for text in (wording.render(lang, "{n}", {"n": value}), wording.money(lang, value)):
        assert text and "{" not in text


def test_a_long_integer_is_still_grouped_the_locale_way():
    assert wording.number("en", 10**30) == "1" + ",000" * 10
    assert wording.number("fr", -(10**27)) == "-1" + "\u202f000" * 9
