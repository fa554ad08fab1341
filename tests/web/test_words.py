"""Every string a player reads exists in English and French, with the same placeholders."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from tests.support.words import all_words, catalog

ROOT = Path(__file__).resolve().parents[2]
CORE = catalog("core")
ERROR_CALL = re.compile(
    r"""(?:RuleError|Forbidden|NotFound|Conflict|Busy|CompanionError|TooManyTries|ApiError)"""
    r"""\((?:\d+,\s*)?["']([a-z_][a-z0-9_.]*)["']"""
)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def keys_used_by_pages() -> set[str]:
    found = set()
    for path in (ROOT / "web/templates").glob("*"):
        found |= set(re.findall(r"""\bt\(["']([a-z_][\w.]*)["']""", path.read_text()))
    for name in ("shell.js", "forms.js", "widgets.js", "boot.js", "ending.js"):
        found |= set(
            re.findall(
                r"""C\.t\(["']([a-z_][\w.]*)["']""", (ROOT / "web/static" / name).read_text()
            )
        )
    return {key for key in found if not key.endswith(".")}  # "die." + kind: a prefix


def error_codes_raised() -> set[str]:
    codes = set()
    for folder in ("companion", "web", "firmware_bridge"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.parent.name == "rules" and path.stem not in (
                "base",
                "ledger",
                "sealed",
                "dice",
                "ranking",
                "turns",
            ):
                continue  # each game checks its own words
            codes |= set(ERROR_CALL.findall(path.read_text()))
    return codes


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_page_word_exists(lang):
    missing = sorted(k for k in keys_used_by_pages() if k not in all_words()[lang])
    assert missing == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_core_error_has_a_message(lang):
    words = all_words()[lang]
    missing = sorted(c for c in error_codes_raised() if f"error.{c}" not in words)
    assert missing == []


def test_core_catalog_has_both_languages_with_the_same_placeholders():
    assert set(CORE["en"]) == set(CORE["fr"])
    for key, text in CORE["en"].items():
        assert placeholders(text) == placeholders(CORE["fr"][key]), key


def test_http_error_statuses_have_messages():
    from web.errors import HTTP_CODES

    for code in HTTP_CODES.values():
        assert f"error.{code}" in CORE["en"], code


def test_one_verb_list_across_games():
    """A verb every game shares is worded once, by the core: no game words it its own way."""
    verbs = {key[len("verb.") :] for key in CORE["en"] if key.startswith("verb.")}
    from companion.known_games import registry

    for game in registry.names():
        own = catalog(game)["en"]
        assert sorted(v for v in verbs if f"action.{game}.{v}" in own) == [], game
