"""The catalog keys a game's action templates need (for each game's words test)."""

from __future__ import annotations


def template_keys(game: str, templates: list[dict], not_words: set = frozenset()) -> set[str]:
    """``action.<game>.<type>``, ``param.<game>.<name>`` and ``value.<game>.<word>`` for each
    template; option values that are not words (names typed by players, clearing ids) are
    passed in ``not_words`` and need no key."""
    keys = set()
    for template in templates:
        keys.add(f"action.{game}.{template['type']}")
        for name, spec in template["params"].items():
            keys.add(f"param.{game}.{name}")
            for option in spec.get("options", []):
                if isinstance(option, str) and option not in not_words:
                    keys.add(f"value.{game}.{option}")
    return keys
