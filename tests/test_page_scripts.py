"""The pages' scripts are ES modules written in one dialect (docs/pages.md), and ESLint holds
them to it (``eslint.config.mjs``, run over the whole tree by ``tests/test_lint.py``, beside
tsc for the types): `const` and `let`, arrow functions for callbacks (a named function is a
declaration), no name undefined or left unused, nothing read through the debugging global
`window.Companion` (a module imports what it uses), and no style the Content-Security-Policy
would refuse: no <style> element, no style attribute written as a string, no markup written
from text.

Here each of those rules is shown finding what it names, and leaving the dialect alone,
through ESLint itself on a snippet given the path of a page script."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ESLINT = ROOT / "node_modules" / ".bin" / "eslint"
SCRIPTS = sorted(
    [*(ROOT / "web" / "static").glob("*.js"), *(ROOT / "companion" / "games").glob("*/panel.js")]
)


def findings(source: str, as_file: str = "web/static/page.js") -> list[str]:
    """ESLint's rule ids (and restricted-syntax messages) for ``source`` as ``as_file``."""
    if not ESLINT.exists():
        pytest.fail("ESLint is not installed (./scripts/test runs `npm install`)")
    done = subprocess.run(
        [str(ESLINT), "--format", "json", "--stdin", "--stdin-filename", as_file],
        input=source,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode in (0, 1), done.stderr
    messages = json.loads(done.stdout)[0]["messages"]
    # a rule's id; for the restricted syntax, and ESLint's own notes, the message
    return [
        m["ruleId"] if m["ruleId"] not in (None, "no-restricted-syntax") else m["message"]
        for m in messages
    ]


def test_the_scripts_are_found_and_the_vendored_preact_left_out():
    names = {p.name for p in SCRIPTS}
    assert {"shell.js", "widgets.js", "forms.js", "panel.js"} <= names
    left_out = findings("var x = 1;", "web/static/vendor/preact.module.js")
    assert left_out and all("ignore" in note for note in left_out)  # no rule ran on it


MODULE = 'import { h } from "./widgets.js";\nwindow.h = h;\n'


@pytest.mark.parametrize(
    "source, what",
    [
        ("var x = 1;\nwindow.x = x;", "no-var"),
        ("for (var i = 0; i < 2; i++) window.i = i;", "no-var"),
        ("window.y = [1].map(function (x) { return x; });", "prefer-arrow-callback"),
        ('window.C.h("style", {}, "b { }");', "a <style> element"),
        ('h("style", {}, "b { }");', "a <style> element"),
        ('window.C.h("span", { style: `width:${window.n}%` });', "a style attribute"),
        ('window.C.h("span", { style: "color: red" });', "a style attribute"),
        ('document.body.setAttribute("style", "color: red");', "a style attribute"),
        ('document.body.style.cssText = "color: red";', "a style attribute"),
        ('document.body.innerHTML = "<b>x</b>";', "innerHTML"),
        ('document.body.insertAdjacentHTML("beforeend", "<b>x</b>");', "innerHTML"),
        ("let left = 1;\nwindow.left = left;", "prefer-const"),
        ("window.z = undefinedName;", "no-undef"),
        ("const unused = 1;", "no-unused-vars"),
        ("if (window.a == 1) window.b = 2;", "eqeqeq"),
        ("window.Companion.page.view = null;", "window.Companion is for debugging"),
        ("export const words = () => window.Companion.words;", "window.Companion is for"),
    ],
)
def test_each_rule_finds_what_it_names(source, what):
    found = findings(MODULE + source + "\n")
    assert any(what in f for f in found), found


def test_a_page_script_is_a_module():
    # import and export parse; a classic script's habits do not pass
    assert findings(MODULE + "export const x = 1;\n") == []
    assert findings("window.x = 1;\n", "companion/games/lawless/panel.js") == []
    assert "strict" in findings('"use strict";\nwindow.x = 1;\n')  # a module is strict already


@pytest.mark.parametrize(
    "source",
    [
        'const colour = "var(--fg)";\nwindow.colour = colour;',
        "export function toast(message, ok) { return [message, ok]; }",
        "export async function post(path, data) { return [path, data]; }",
        "/** @type {any} */ (window).Companion = { h };",
        'window.d = new Intl.NumberFormat("en", { style: "currency", currency: "USD" });',
        "// var x is how the old panels wrote it",
        'window.C.h("span", { style: { width: `${window.n}%` } });',
        "const text = document.body.outerHTML.slice(0, 80);\nwindow.t = text;",
        "(() => {\n  function named() { return 1; }\n  window.named = named;\n})();",
    ],
)
def test_the_rules_leave_the_dialect_alone(source):
    assert findings(MODULE + source + "\n") == []
