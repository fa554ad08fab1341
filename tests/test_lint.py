"""The tree stays clean under its linters and formatters, so a change that breaks the house
style fails the suite like any other regression: ruff (lint and format, configured in
pyproject.toml) and mypy (its default strictness, ``[tool.mypy]``) for the Python, Prettier
at 100 columns (.prettierrc.json), ESLint's recommended rules (eslint.config.mjs) and
TypeScript's checker over the JSDoc types (tsconfig.json: ``tsc --noEmit``, strict less three
checks) for the pages' JavaScript. ``./scripts/test`` installs them; none is ever a reason to
skip."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PRETTIER = ROOT / "node_modules" / ".bin" / "prettier"
ESLINT = ROOT / "node_modules" / ".bin" / "eslint"
TSC = ROOT / "node_modules" / ".bin" / "tsc"
NPM_LOG = ROOT / "test-output" / "npm-install.log"


def tool(name: str) -> list[str]:
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    if found is None:
        pytest.fail(f"{name} is not installed: run ./scripts/test (it installs the test extras)")
    return [found]


def ruff() -> list[str]:
    return tool("ruff")


def run(command: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_ruff_finds_nothing():
    done = run([*ruff(), "check", "--no-cache", "--output-format", "concise", "."])
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_python_is_formatted():
    done = run([*ruff(), "format", "--no-cache", "--check", "."])
    assert done.returncode == 0, "run `.venv/bin/ruff format .`:\n" + done.stdout + done.stderr


def test_the_javascript_is_formatted():
    if not PRETTIER.exists():
        log = NPM_LOG.read_text(errors="replace")[-2000:] if NPM_LOG.exists() else "(no log)"
        pytest.fail(f"Prettier is not installed (./scripts/test runs `npm install`):\n{log}")
    done = run([str(PRETTIER), "--check", "**/*.js"])
    assert done.returncode == 0, (
        "run `node_modules/.bin/prettier --write '**/*.js'`:\n" + done.stdout + done.stderr
    )


def installed(command: Path, name: str) -> str:
    if not command.exists():
        log = NPM_LOG.read_text(errors="replace")[-2000:] if NPM_LOG.exists() else "(no log)"
        pytest.fail(f"{name} is not installed (./scripts/test runs `npm install`):\n{log}")
    return str(command)


def test_eslint_finds_nothing():
    # every page script, panel and browser probe (eslint.config.mjs): an undefined name, a
    # leftover variable, a global made by accident, == where === was meant
    done = run([installed(ESLINT, "ESLint"), "--max-warnings", "0", "."])
    assert done.returncode == 0, "node_modules/.bin/eslint .:\n" + done.stdout + done.stderr


def test_the_pages_types_check():
    # every page module and panel (tsconfig.json's include), Preact typed by its npm package
    done = run([installed(TSC, "TypeScript"), "-p", ".", "--pretty", "false"])
    assert done.returncode == 0 and not done.stdout.strip(), (
        "node_modules/.bin/tsc -p .:\n" + done.stdout + done.stderr
    )


def test_the_types_check():
    # The files and the per-module allowances are pyproject.toml's [tool.mypy]; the cache
    # stays out of the tree's way in test-output.
    done = run([*tool("mypy"), "--cache-dir", "test-output/mypy-cache"])
    assert done.returncode == 0, done.stdout + done.stderr
