"""The rooms keep to themselves (docs/architecture.md, "Rooms")."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def imports(path: Path, submodules: bool = False) -> set[str]:
    """Every module ``path`` imports (with ``submodules``, ``from a import b`` counts as
    ``a.b`` too, for the module graph)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
            found.add(node.module)
            if submodules:
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


IMPURE = {
    "sqlite3",
    "threading",
    "time",
    "random",
    "os",
    "socket",
    "datetime",
    "secrets",
    "subprocess",
    "flask",
    "waitress",
    "werkzeug",
    "serial",
    "gpiozero",
    "pathlib",
    "io",
}
GAMES = sorted(p.name for p in (ROOT / "companion/games").iterdir() if (p / "game.py").is_file())


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("path", files("companion/rules") + files("companion/games"), ids=rel)
def test_rules_and_games_are_pure(path):
    assert not imports(path) & IMPURE


@pytest.mark.parametrize("path", files("companion/rules"), ids=rel)
def test_the_kernel_knows_no_game(path):
    found = imports(path)
    assert not {name for name in found if name.startswith("companion.games")}
    assert not {
        name
        for name in found
        if name.startswith("companion.") and not name.startswith("companion.rules")
    }
    text = path.read_text(encoding="utf-8")
    for game in GAMES:
        assert game not in text, f"{rel(path)} names the game {game}"


@pytest.mark.parametrize("path", files("companion/games"), ids=rel)
def test_a_game_imports_the_kernel_and_itself_only(path):
    own = path.relative_to(ROOT / "companion/games").parts[0]
    for name in imports(path):
        if name == "companion" or not name.startswith("companion"):
            continue
        assert name.startswith(("companion.rules", f"companion.games.{own}")), (
            f"{rel(path)} imports {name}"
        )


@pytest.mark.parametrize(
    "path", sorted(p for p in (ROOT / "web").rglob("*") if p.is_file()), ids=rel
)
def test_web_holds_no_file_of_one_game(path):
    for game in GAMES:
        assert game not in path.name, f"{rel(path)} belongs in companion/games/{game}/"
    if path.suffix in {".py", ".js", ".html", ".css", ".json"}:
        text = path.read_text(encoding="utf-8")
        for game in GAMES:
            assert f'"{game}"' not in text and f"'{game}'" not in text, (
                f"{rel(path)} names the game {game}"
            )


def test_no_circle_of_imports_in_the_core():
    graph = {}
    for path in files("companion"):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        graph[module] = {
            name
            for name in imports(path, submodules=True)
            if name.startswith("companion.") and name != module
        }

    def reach(start):
        seen, todo = set(), [start]
        while todo:
            for nxt in graph.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    circles = sorted(m for m in graph if m in reach(m))
    assert not circles


def test_comments_name_only_files_in_the_repository():
    outside = ("../shared", "/work/", "DESIGN.md", "STYLE.md", "shared/games", "shared/rules")
    for folder in ("companion", "web", "firmware_bridge", "hardware"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in {".py", ".js", ".html", ".css", ".toml", ""}:
                text = path.read_text(encoding="utf-8", errors="replace")
                for marker in outside:
                    assert marker not in text, f"{rel(path)} refers to {marker}"


@pytest.mark.parametrize("path", files("web"), ids=lambda p: p.name)
def test_web_never_imports_the_bridge(path):
    assert "firmware_bridge" not in imports(path)


@pytest.mark.parametrize("path", files("firmware_bridge"), ids=lambda p: p.name)
def test_bridge_never_imports_web(path):
    assert not imports(path) & {"web", "flask", "waitress"}


# XML namespace names: identifiers that look like addresses, never fetched (the vendored
# renderer names the SVG, XHTML and MathML namespaces, as the dice name SVG's)
NAMESPACES = re.compile(r"http://www\.w3\.org/(2000/svg|1999/xhtml|1998/Math/MathML)\b")


def test_pages_load_nothing_from_the_internet():
    for path in (ROOT / "web").rglob("*"):
        if path.suffix in {".html", ".js", ".css", ".webmanifest"}:
            text = NAMESPACES.sub("", path.read_text(encoding="utf-8"))
            for marker in ("https://", "http://", "//cdn", "fonts.googleapis"):
                assert marker not in text, f"{path.relative_to(ROOT)} refers to {marker}"


# Each package's one exception base (docs/STYLE: "One exception base per package").
BASES = {
    "companion": "companion.errors.CompanionError",
    "companion/rules": "companion.rules.errors.RuleError",
    "companion/games": "companion.rules.errors.RuleError",
    "firmware_bridge": "firmware_bridge.errors.BridgeError",
    "web": "web.errors.WebError",
}


def _package_of(path: Path) -> str:
    relative = rel(path)
    return max((p for p in BASES if relative.startswith(p + "/")), key=len)


def _defined_errors(path: Path) -> list[type]:
    module = importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts))
    return [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, BaseException)
        and value.__module__ == module.__name__
    ]


@pytest.mark.parametrize(
    "path",
    [p for folder in ("companion", "firmware_bridge", "web") for p in files(folder)],
    ids=rel,
)
def test_every_error_a_package_defines_is_under_its_base(path):
    module_name, _, base_name = BASES[_package_of(path)].rpartition(".")
    base = getattr(importlib.import_module(module_name), base_name)
    outside = [e.__name__ for e in _defined_errors(path) if not issubclass(e, base)]
    assert not outside, f"{rel(path)}: {outside} not under {base.__name__}"


CORE = ROOT / "companion"
# the kernel and the games have rules of their own (below); errors.py is the core's one base
OWN_RULES = {"rules", "games"}
AT_THE_ROOT = {"__init__.py", "errors.py", "py.typed"}


def core_packages() -> list[str]:
    return sorted(
        p.name for p in CORE.iterdir() if (p / "__init__.py").is_file() and p.name not in OWN_RULES
    )


def may_import(package: str) -> set[str]:
    """What a package's docstring says it may import (its ``May import:`` paragraph)."""
    doc = ast.get_docstring(ast.parse((CORE / package / "__init__.py").read_text("utf-8")))
    found = re.search(r"May import:(.*)", doc or "", re.S)
    assert found, f"companion/{package}/__init__.py says what it may import"
    return set(re.findall(r"[\w.]+", found.group(1)))


def folder_of(name: str) -> str:
    """``companion.storage.journal`` -> ``companion.storage``; ``web.api`` -> ``web``."""
    parts = name.split(".")
    return ".".join(parts[:2]) if parts[0] == "companion" else parts[0]


def test_the_core_is_in_packages():
    loose = sorted(p.name for p in CORE.iterdir() if p.is_file() and p.name not in AT_THE_ROOT)
    assert not loose, f"every module of companion/ belongs to a package: {loose}"


@pytest.mark.parametrize("path", files("companion"), ids=rel)
def test_core_never_imports_edges(path):
    assert not imports(path) & {"flask", "gpiozero", "serial", "waitress", "werkzeug"}


@pytest.mark.parametrize("package", core_packages())
def test_a_package_imports_what_its_docstring_allows(package):
    allowed = may_import(package) | {f"companion.{package}"}
    for path in files(f"companion/{package}"):
        for name in imports(path, submodules=True):
            folder = folder_of(name)
            if folder == "companion" or not folder.startswith(
                ("companion", "web", "firmware_bridge")
            ):
                continue
            assert folder in allowed, f"{rel(path)} imports {name}, not in {package}'s May import"


@pytest.mark.parametrize("path", files("companion"), ids=rel)
def test_only_the_app_layer_wires_the_edges(path):
    if path.relative_to(CORE).parts[0] == "app":
        return
    assert not imports(path) & {"web", "firmware_bridge"}, "only companion/app/ wires the edges"


def test_nothing_in_the_core_imports_the_app_layer():
    for package in core_packages():
        if package != "app":
            assert "companion.app" not in may_import(package)
            for path in files(f"companion/{package}"):
                assert not {n for n in imports(path) if n.startswith("companion.app")}, rel(path)


def test_no_two_core_modules_of_one_name():
    names = [p.name for p in files("companion") if "games" not in p.relative_to(CORE).parts]
    names = [n for n in names if n != "__init__.py"]
    twice = sorted({n for n in names if names.count(n) > 1} - {"errors.py"})
    assert not twice


def test_test_files_share_only_through_support():
    """No test file imports another test module or another folder's conftest: what they
    share lives in tests/support/."""
    wrong = [
        f"{rel(path)} imports {name}"
        for path in sorted((ROOT / "tests").rglob("*.py"))
        for name in imports(path, submodules=True)
        if name.startswith("tests.") and not name.startswith("tests.support")
    ]
    assert not wrong
