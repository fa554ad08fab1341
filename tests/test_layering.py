"""The rooms keep to themselves (DESIGN.md, "Packages and their rooms")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
            found.add(node.module)
    return found


def files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("path", files("companion"), ids=lambda p: str(p.relative_to(ROOT)))
def test_core_never_imports_edges(path):
    found = imports(path)
    assert not found & {"flask", "gpiozero", "serial", "waitress", "werkzeug"}
    if path.name != "cli.py":
        assert not found & {"web", "firmware_bridge"}, "only companion/cli.py wires the edges"


@pytest.mark.parametrize("path", files("companion/rules"), ids=lambda p: p.name)
def test_rules_are_pure(path):
    assert not imports(path) & {"sqlite3", "threading", "time", "random", "os", "socket",
                                "datetime", "secrets", "subprocess"}


@pytest.mark.parametrize("path", files("web"), ids=lambda p: p.name)
def test_web_never_imports_the_bridge(path):
    assert "firmware_bridge" not in imports(path)


@pytest.mark.parametrize("path", files("firmware_bridge"), ids=lambda p: p.name)
def test_bridge_never_imports_web(path):
    assert not imports(path) & {"web", "flask", "waitress"}


def test_pages_load_nothing_from_the_internet():
    for path in (ROOT / "web").rglob("*"):
        if path.suffix in {".html", ".js", ".css", ".webmanifest"}:
            text = path.read_text(encoding="utf-8")
            for marker in ("https://", "http://", "//cdn", "fonts.googleapis"):
                assert marker not in text.replace("http://www.w3.org/2000/svg", ""), (
                    f"{path.relative_to(ROOT)} refers to {marker}")
