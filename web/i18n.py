"""Words, in the viewer's language. Rules and the core speak in keys and parameters; this is
the one place they become sentences. Catalogs are JSON files in ``web/i18n/``, one per game
plus ``core.json``, each ``{"en": {...}, "fr": {...}}``."""

from __future__ import annotations

import json
import string
from pathlib import Path

LANGUAGES = ("en", "fr")
DEFAULT = "en"
HERE = Path(__file__).parent / "i18n"


class _Keep(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalog:
    """All the words (for the server's own messages), and each page's share of them: the
    core's plus one game's, so a tablet downloads only what its page can say."""

    def __init__(self, folder: Path = HERE) -> None:
        self.words: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
        self.files: dict[str, dict[str, dict[str, str]]] = {}
        for path in sorted(folder.glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            self.files[path.stem] = {lang: data.get(lang, {}) for lang in LANGUAGES}
            for lang in LANGUAGES:
                self.words[lang].update(data.get(lang, {}))
        self._json: dict[tuple[str, str], str] = {}

    def t(self, lang: str, key: str, **params) -> str:
        words = self.words.get(lang) or self.words[DEFAULT]
        text = words.get(key) or self.words[DEFAULT].get(key) or key
        try:
            return string.Formatter().vformat(text, (), _Keep(params))
        except (ValueError, IndexError, AttributeError, KeyError):
            return text

    def as_json(self, lang: str, game: str | None = None) -> str:
        """The words a page needs: the core's, and ``game``'s when given (the game titles
        are core words, so the new-game page needs no game's file)."""
        lang = lang if lang in LANGUAGES else DEFAULT
        game = game if game in self.files and game != "core" else None
        if (lang, game) not in self._json:
            words = dict(self.files.get("core", {}).get(lang, {}))
            if game:
                words.update(self.files[game][lang])
            self._json[(lang, game)] = json.dumps(words, ensure_ascii=False, sort_keys=True)
        return self._json[(lang, game)]


def pick_language(cookie: str | None, query: str | None, accept: str | None) -> str:
    """The device's choice (cookie), a one-off ``?lang=``, else the browser's preference."""
    for choice in (query, cookie):
        if choice in LANGUAGES:
            return choice
    for part in (accept or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return DEFAULT
