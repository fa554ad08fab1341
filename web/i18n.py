"""Words, in the viewer's language. Rules and the core speak in keys and parameters; this is
the one place they become sentences. The core's words are ``web/i18n/<lang>.json``; each
game's are in its own folder, ``companion/games/<game>/i18n/<lang>.json``."""

from __future__ import annotations

import json
from pathlib import Path

from companion.known_games import registry
from web.wording import french_typography, render

LANGUAGES = registry.LANGUAGES
DEFAULT = "en"
HERE = Path(__file__).parent / "i18n"
CORE = "core"


# A language's typography, applied to its texts once, as they are read: the pages get the
# same texts (``as_json``), so a sentence someone adds later cannot miss it.
TYPOGRAPHY = {"fr": french_typography}


def _read(path: Path, lang: str) -> dict[str, str]:
    words = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    fix = TYPOGRAPHY.get(lang)
    return {key: fix(text) for key, text in words.items()} if fix else words


class Catalog:
    """All the words (for the server's own messages), and each page's share of them: the
    core's plus one game's, so a tablet downloads only what its page can say."""

    def __init__(self, folder: Path = HERE, games: list[registry.GamePackage] | None = None):
        games = registry.packages() if games is None else games
        self.files: dict[str, dict[str, dict[str, str]]] = {
            CORE: {lang: _read(folder / f"{lang}.json", lang) for lang in LANGUAGES}
        }
        for package in games:
            self.files[package.name] = {
                lang: _read(package.words_file(lang), lang) for lang in LANGUAGES
            }
        self.words: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
        for words in self.files.values():
            for lang in LANGUAGES:
                self.words[lang].update(words[lang])
        # Every page names the games (the new-game page, the home page's list).
        self.titles = {
            lang: {key: text for key, text in self.words[lang].items() if key.startswith("game.")}
            for lang in LANGUAGES
        }
        # The new-game page labels and explains every game's options (and their choices).
        self.setup = {
            lang: {
                key: text
                for key, text in self.words[lang].items()
                if key.startswith(SETUP_WORDS) or key in _choice_keys(games)
            }
            for lang in LANGUAGES
        }
        self._json: dict[tuple[str, str | None], str] = {}

    def t(self, lang: str, key: str, /, **params) -> str:
        lang = lang if lang in self.words else DEFAULT
        text = self.words[lang].get(key) or self.words[DEFAULT].get(key) or key
        return render(lang, text, params)

    def has(self, key: str) -> bool:
        return key in self.words[DEFAULT]

    def as_json(self, lang: str, game: str | None = None) -> str:
        """The words a page needs: the core's and every game's title, and ``game``'s words
        when given (else every game's option words, for the new-game page)."""
        lang = lang if lang in LANGUAGES else DEFAULT
        game = game if game in self.files and game != CORE else None
        if (lang, game) not in self._json:
            words = {**self.files[CORE][lang], **self.titles[lang]}
            words.update(self.files[game][lang] if game else self.setup[lang])
            self._json[(lang, game)] = json.dumps(words, ensure_ascii=False, sort_keys=True)
        return self._json[(lang, game)]


SETUP_WORDS = ("option.", "option_help.", "option_part.")


def _choice_keys(games: list[registry.GamePackage]) -> set[str]:
    keys = set()
    for package in games:
        try:
            choices = registry.game(package.name).OPTION_CHOICES
        except KeyError:
            continue
        keys |= {f"value.{package.name}.{value}" for values in choices.values() for value in values}
    return keys


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
