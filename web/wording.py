"""Sentences from a catalog text and its parameters, by the locale's own rules (Babel).

The pages do the same in ``web/static/words.js`` with the browser's ``Intl``; both follow
one placeholder grammar (``docs/i18n.md``):

- ``{name}``: the value; a number is written the locale's way ("1,600", « 1 600 »).
- ``{name:money}``: dollars, the locale's way ("$1,600", « 1 600 $ »).
- ``{name:id}``: a number that names something (an action's number): written bare.
- ``{name:plural:one=# cow;other=# cows}``: the form the locale's plural rules pick for
  the value, ``#`` standing for the number.

French typography (a no-break space before ``: ; ! ? »`` and after ``«``, the ’
apostrophe) is applied to the catalog texts once, when they are read; elision (« d’Ann »,
not « de Ann ») happens as a value is put in.
"""

from __future__ import annotations

import decimal
import re

from babel import Locale
from babel.numbers import format_currency, format_decimal, get_currency_symbol

PLACEHOLDER = re.compile(r"\{([A-Za-z_][\w-]*)(?::([^{}]*))?\}")
NBSP, NNBSP = "\u00a0", "\u202f"
VOWEL = re.compile(r"^[aeiouyhàâäéèêëîïôöûüœæAEIOUYHÀÂÄÉÈÊËÎÏÔÖÛÜŒÆ]")
# Words French elides before a vowel when a value comes right after them.
ELIDED = re.compile(r"(?:(?<=\s)|^)([Dd]e|[Qq]ue|[Jj]usque) $")


def number(lang: str, value) -> str:
    return _written(lambda: format_decimal(value, locale=lang), value)


def money(lang: str, value) -> str:
    """Whole dollars with the narrow "$" (Babel's French symbol is "$US")."""
    text = _written(
        lambda: format_currency(
            value, "USD", locale=lang, currency_digits=False, format=_money_pattern(lang)
        ),
        value,
    )
    return text.replace(get_currency_symbol("USD", lang), "$")


def _written(write, value) -> str:
    """Babel works in decimals of the context's precision (28 digits), so a number a request
    sends and an error echoes back (10**30, 1e308) would fail to be written: it gets the
    digits it needs, and one beyond any context (a 5,000-digit integer) is written as Python
    writes it."""
    with decimal.localcontext() as context:
        context.prec = 400
        try:
            return write()
        except (ArithmeticError, ValueError):
            return str(value)


def _money_pattern(lang: str) -> str:
    pattern = Locale.parse(lang).currency_formats["standard"].pattern.split(";")[0]
    return re.sub(r"\.0+", "", pattern)


def plural(lang: str, value, forms: str) -> str:
    choices = dict(part.split("=", 1) for part in forms.split(";") if "=" in part)
    category = Locale.parse(lang).plural_form(abs(value)) if _is_number(value) else "other"
    text = choices.get(category, choices.get("other", ""))
    return text.replace("#", number(lang, value) if _is_number(value) else str(value))


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def put(lang: str, value, spec: str | None) -> str:
    if spec and spec.startswith("plural:"):
        return plural(lang, value, spec[len("plural:") :])
    if not _is_number(value):
        return str(value)
    if spec == "money":
        return money(lang, value)
    if spec == "id":
        return str(value)
    return number(lang, value)


def render(lang: str, text: str, params: dict) -> str:
    """``text`` with its placeholders filled; a placeholder with no value stays as it is."""
    out: list[str] = []
    at = 0
    for match in PLACEHOLDER.finditer(text):
        out.append(text[at : match.start()])
        at = match.end()
        name, spec = match.group(1), match.group(2)
        if name not in params:
            out.append(match.group(0))
            continue
        value = put(lang, params[name], spec)
        if lang == "fr":
            _elide(out, value)
        out.append(value)
    out.append(text[at:])
    return "".join(out)


def _elide(out: list[str], value: str) -> None:
    """« de Ann » becomes « d’Ann »: the word before the value loses its vowel."""
    if not out or not VOWEL.match(value):
        return
    found = ELIDED.search(out[-1])
    if found:
        word = found.group(1)
        out[-1] = out[-1][: found.start(1)] + word[:-1] + "’"


def french_typography(text: str) -> str:
    """The no-break spaces French puts around ``: ; ! ? « »`` and the ’ apostrophe,
    outside placeholders."""
    out: list[str] = []
    depth = 0
    for i, ch in enumerate(text):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if depth == 0:
            _french_before(out, text, i, ch)
        out.append(ch)
        if depth == 0 and ch == "«":
            out.append(NBSP)
    joined = "".join(out).replace("«" + NBSP + " ", "«" + NBSP)
    return re.sub(r"(?<=\w)'(?=\w)", "’", joined)


def _french_before(out: list[str], text: str, i: int, ch: str) -> None:
    if ch not in ":;!?»" or not out:
        return
    following = text[i + 1 : i + 2]
    if ch == ":" and out[-1].isdigit() and following.isdigit():
        return  # a time or a ratio, "12:30"
    space = NBSP if ch in ":»" else NNBSP
    if out[-1] == " ":
        out[-1] = space
    elif out[-1] not in (NBSP, NNBSP, "«", "(", "\n", "!", "?"):
        out.append(space)
