"""The pages' scripts are written in one dialect (docs/pages.md): strict mode, `const` and
`let`, arrow functions for callbacks (a named function is a declaration, or `C.name =
function` for what a file gives the others), and no style that the Content-Security-Policy
would refuse: no <style> element, no style attribute written as a string."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(
    [*(ROOT / "web" / "static").glob("*.js"), *(ROOT / "companion" / "games").glob("*/panel.js")]
)
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|`(?:\\.|[^`\\])*`', re.S)
RULES = {
    "a var declaration": re.compile(r"(?<![\w$.])var\s+[\w$\[{]"),
    "a function expression (use an arrow)": re.compile(
        r"(?<!^\()(?<!= )(?<!= async )\bfunction\s*\(", re.M
    ),
    "a <style> element": re.compile(r"""\bh\(\s*["'`]style["'`]"""),
    "a style attribute written as a string": re.compile(
        r"""\bstyle\s*:\s*["'`][^"'`]*:|setAttribute\(\s*["'`]style["'`]|\.style\.cssText\b"""
    ),
    "innerHTML": re.compile(r"\.innerHTML\b|\.outerHTML\b|insertAdjacentHTML"),
}


def code_of(path: Path) -> str:
    """The script without its comments (strings stay for the style rules, which look at
    what a string is given to; the others look at the script with its strings blanked)."""
    return COMMENT.sub(blank, path.read_text(encoding="utf-8"))


def without_strings(code: str) -> str:
    return STRING.sub(blank, code)


def blank(match: re.Match) -> str:
    """The text matched, as spaces: the lines keep their numbers."""
    return re.sub(r"[^\n]", " ", match.group())


def test_the_scripts_are_found():
    names = {p.name for p in SCRIPTS}
    assert {"shell.js", "widgets.js", "forms.js", "panel.js"} <= names
    assert not any("vendor" in p.parts for p in SCRIPTS)


@pytest.mark.parametrize("path", SCRIPTS, ids=[str(p.relative_to(ROOT)) for p in SCRIPTS])
def test_one_dialect(path):
    code = code_of(path)
    assert '"use strict";' in code, f"{path.name} is not in strict mode"
    bare = without_strings(code)
    found = []
    for what, rule in RULES.items():
        text = code if "style" in what else bare
        found += [
            f"{what} at line {text.count(chr(10), 0, hit.start()) + 1}"
            for hit in rule.finditer(text)
        ]
    assert found == [], f"{path.relative_to(ROOT)}: {found}"


@pytest.mark.parametrize(
    "source, what",
    [
        ("  var x = 1;", "a var declaration"),
        ("  for (var i = 0; ;) {}", "a var declaration"),
        ("  list.map(function (x) { return x; });", "a function expression (use an arrow)"),
        ('  ctx.h("style", {}, CSS)', "a <style> element"),
        ('  ctx.h("span", { style: `width:${n}%` })', "a style attribute written as a string"),
        ('  node.setAttribute("style", "color: red")', "a style attribute written as a string"),
        ("  box.innerHTML = text;", "innerHTML"),
    ],
)
def test_each_rule_finds_what_it_names(tmp_path, source, what):
    path = tmp_path / "page.js"
    path.write_text('"use strict";\n' + source + "\n", encoding="utf-8")
    code = code_of(path)
    text = code if "style" in what else without_strings(code)
    assert RULES[what].search(text)


@pytest.mark.parametrize(
    "source",
    [
        '  const colour = "var(--fg)";',
        "  C.toast = function (message, ok) {};",
        "  C.post = async function (path, data) {};",
        "(function (C) {",
        '  const dollars = new Intl.NumberFormat(lang, { style: "currency" });',
        "  // var x is how the old panels wrote it",
        '  ctx.h("span", { style: { width: `${n}%` } });',
    ],
)
def test_the_rules_leave_the_dialect_alone(tmp_path, source):
    path = tmp_path / "page.js"
    path.write_text('"use strict";\n' + source + "\n", encoding="utf-8")
    code = code_of(path)
    for what, rule in RULES.items():
        text = code if "style" in what else without_strings(code)
        assert not rule.search(text), what
