"""Typed text by its declared shape (``companion/rules/shapes.py``), as a table of cases."""

from __future__ import annotations

import pytest

from companion.rules import shapes
from companion.rules.base import check_param, text_param
from companion.rules.errors import RuleError

KEPT = [
    ("printable", "  Ann  ", "Ann"),
    ("printable", "Chloé", "Chloé"),
    ("printable", "Chloe\u0301", "Chloé"),  # a combining accent, kept composed (NFC)
    ("printable", "Eun-ji 은지", "Eun-ji 은지"),
    ("printable", "👨\u200d👩\u200d👧 Ann", "👨\u200d👩\u200d👧 Ann"),  # joined emoji stay
    ("label", "Lake 3", "Lake 3"),
    ("label", "093", "93"),
    ("label", "０９１", "91"),  # full-width digits
    ("label", "٣", "3"),  # an Arabic-Indic digit
    ("label", "Lake ²", "Lake ²"),  # a name with a superscript in it is still a name
    ("digits", "007", "7"),
    ("digits", "0", "0"),
    ("numbers", "1, 2, 3, 5, 7", "1, 2, 3, 5, 7"),
    ("numbers", "1;2  3", "1, 2, 3"),
    ("numbers", "１, 02", "1, 2"),
]

REFUSED = [
    ("printable", "", "bad_text"),
    ("printable", "   ", "bad_text"),
    ("printable", "x" * 25, "bad_text"),
    ("printable", 7, "bad_text"),
    ("printable", "A\x00", "unprintable_text"),  # NUL
    ("printable", "Ann\nBruno", "unprintable_text"),  # a newline
    ("printable", "Ann\u202e", "unprintable_text"),  # right-to-left override
    ("printable", "A\u200bb", "unprintable_text"),  # zero-width space
    ("printable", "\ufeffAnn", "unprintable_text"),  # a byte-order mark
    ("printable", "A\u2028", "unprintable_text"),  # line separator
    ("printable", "\ud800", "unprintable_text"),  # a lone surrogate
    ("printable", "\ue000", "unprintable_text"),  # private use
    ("label", "²", "not_digits"),  # the brick: a digit, not a number
    ("label", "①", "not_digits"),
    ("digits", "12a", "not_digits"),
    ("digits", "-3", "not_digits"),
    ("numbers", "1, ²", "not_digits"),
    ("numbers", "1, 2.5", "not_digits"),
]


@pytest.mark.parametrize("shape, typed, kept", KEPT)
def test_text_is_kept_as_its_shape_says(shape, typed, kept):
    assert shapes.shaped(typed, shape, 24, "name") == kept


@pytest.mark.parametrize("shape, typed, code", REFUSED)
def test_text_not_of_its_shape_is_refused_by_name(shape, typed, code):
    with pytest.raises(RuleError) as refused:
        shapes.shaped(typed, shape, 24, "name")
    assert refused.value.code == code and refused.value.params["name"] == "name"


def test_a_template_declares_its_shape_and_the_check_uses_it():
    spec = text_param(12, shape="label", pattern="[^,]+")
    assert spec == {"kind": "text", "max": 12, "shape": "label", "pattern": "[^,]+"}
    assert check_param(spec, "０３", "clearing") == "3"
    with pytest.raises(RuleError) as refused:
        check_param(spec, "1,2", "clearing")
    assert refused.value.code == "bad_text_shape"
    with pytest.raises(ValueError):
        text_param(12, shape="anything")
