"""A game's words as the tests read them, and the catalog keys its action templates need."""

from __future__ import annotations

import json
from collections.abc import Set as AbstractSet
from pathlib import Path

from companion.known_games import registry

LANGUAGES = registry.LANGUAGES
CORE_WORDS = Path(__file__).resolve().parents[2] / "web" / "i18n"


def catalog(game: str) -> dict[str, dict[str, str]]:
    """``{"en": {...}, "fr": {...}}``: a game's words (``"core"``: the core's), read from its
    folder one file per language."""

    def read(path: Path) -> dict[str, str]:
        return json.loads(path.read_text(encoding="utf-8"))

    if game == "core":
        return {lang: read(CORE_WORDS / f"{lang}.json") for lang in LANGUAGES}
    package = registry.package(game)
    return {lang: read(package.words_file(lang)) for lang in LANGUAGES}


def all_words() -> dict[str, dict[str, str]]:
    """Every word the server knows: the core's and every game's, per language."""
    words: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    for name in ["core", *registry.names()]:
        for lang, found in catalog(name).items():
            words[lang].update(found)
    return words


def action_key(game: str, kind: str) -> str:
    """The words of an action's button: the verbs every game shares ("End the turn") are the
    core's ``verb.<type>``, one list for all games; the rest ``action.<game>.<type>``."""
    verbs = {key[len("verb.") :] for key in catalog("core")["en"] if key.startswith("verb.")}
    return f"verb.{kind}" if kind in verbs else f"action.{game}.{kind}"


def template_keys(
    game: str, templates: list[dict], not_words: AbstractSet[str] = frozenset()
) -> set[str]:
    """``action.<game>.<type>`` (or the core's ``verb.<type>``), ``param.<game>.<name>``,
    ``value.<game>.<word>`` and the keys of worded labels for each template; option values that are
    not words (names typed by players, clearing ids) are
    passed in ``not_words`` and need no key."""
    keys = set()
    for template in templates:
        keys.add(action_key(game, template["type"]))
        for name, spec in template["params"].items():
            keys.add(f"param.{game}.{name}")
            for option in spec.get("options", []):
                if isinstance(option, str) and option not in not_words:
                    keys.add(f"value.{game}.{option}")
            # a label put into words (``choice_param(labels=[line(...)])``) is a key too
            keys |= {label["key"] for label in spec.get("labels", []) if isinstance(label, dict)}
    return keys
