"""Typed text by its declared shape: what a string parameter may hold, checked and normalised
before the rules see it, as whole numbers are by their range.

A game declares each text parameter's shape with ``text_param`` (``companion/rules/base.py``)
and nothing else: every way in (a page, a script, the card reader) meets the same check.

``printable`` (every text)
    Unicode text as people type it (NFC), without what cannot be seen or would change how
    the text around it is drawn: control characters (NUL, newlines), format characters
    (the bidirectional overrides such as U+202E, the zero-width space), surrogates, private
    use and unassigned code points; the joiners of an emoji sequence stay. Spaces at both
    ends are dropped, and it must leave something, at most the declared length.
``label``
    Printable text that names a thing (a clearing, a card): one typed only in digits is a
    number, kept as ``digits`` keeps it, so ``"０１"`` names clearing ``"1"`` and ``"²"``
    (a superscript, no decimal digit) is refused rather than taken for a name.
``digits``
    A whole number typed with any script's decimal digits (full-width ``０９１``, Arabic-Indic)
    and kept in ASCII without leading zeros: ``"093"`` and ``"０９３"`` are ``"93"``.
    Superscripts and other digit-like signs (``²``) are not decimal digits and are refused.
``numbers``
    Whole numbers (each as ``digits``) separated by commas, semicolons or spaces, kept as
    ``"1, 2, 3"``.

``pattern`` (any shape) is a regular expression the normalised text must match whole.
"""

from __future__ import annotations

import re
import unicodedata

from companion.rules.errors import RuleError

SHAPES = ("printable", "label", "digits", "numbers")

# control, format (bidi overrides, zero-width space), surrogate, private use, unassigned,
# and the line and paragraph separators; but the joiners an emoji sequence (👨‍👩‍👧) or a
# Persian word needs, and the tags of a subdivision flag, are part of what is drawn
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_JOINERS = frozenset({"\u200c", "\u200d"})
_TAGS = range(0xE0020, 0xE0080)
_SEPARATORS = re.compile(r"[,;\s]+")


def shaped(value: object, shape: str, longest: int, name: str, pattern: str | None = None) -> str:
    """``value`` as the declared ``shape`` keeps it; ``RuleError`` naming ``name`` if it is
    not of that shape (the value is never repeated in the error: it may not be printable)."""
    if not isinstance(value, str):
        raise RuleError("bad_text", name=name, max=longest)
    text = unicodedata.normalize("NFC", value)
    if any(_hidden(c) for c in text):
        raise RuleError("unprintable_text", name=name)
    text = text.strip()
    if not 0 < len(text) <= longest:
        raise RuleError("bad_text", name=name, max=longest)
    if shape == "digits" or (shape == "label" and all(_numeric(c) for c in text)):
        text = _number(text, name)
    elif shape == "numbers":
        text = ", ".join(_number(part, name) for part in _SEPARATORS.split(text) if part)
    elif shape not in SHAPES:
        raise ValueError(f"no text shape {shape!r}")
    if pattern is not None and not re.fullmatch(pattern, text):
        raise RuleError("bad_text_shape", name=name)
    return text


def _hidden(c: str) -> bool:
    return unicodedata.category(c) in _HIDDEN and c not in _JOINERS and ord(c) not in _TAGS


def _numeric(c: str) -> bool:
    return unicodedata.category(c) in ("Nd", "No")  # a digit, or digit-like ("²", "①")


def _digit(c: str) -> bool:
    return unicodedata.category(c) == "Nd"  # a decimal digit of any script; not "²"


def _number(text: str, name: str) -> str:
    """ASCII digits of a decimal number typed in any script, without leading zeros."""
    if not text or not all(_digit(c) for c in text):
        raise RuleError("not_digits", name=name)
    ascii_digits = "".join(str(unicodedata.decimal(c)) for c in text)
    return ascii_digits.lstrip("0") or "0"
