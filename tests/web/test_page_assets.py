"""What the pages load, as the server gives it: every script and stylesheet from this
companion (the renderer vendored, nothing from the internet), each game's panel and its
stylesheet from the game's folder, and a Content-Security-Policy that allows no inline
style or script."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from companion.known_games import registry

ROOT = Path(__file__).resolve().parents[2]
GAMES = registry.found()  # the folders under companion/games/, not the tests' own game


def policy(reply) -> dict[str, list[str]]:
    header = reply.headers["Content-Security-Policy"]
    parts = [part.split() for part in header.split(";") if part.strip()]
    return {part[0]: part[1:] for part in parts}


@pytest.mark.parametrize("path", ["/", "/new"])
def test_the_policy_allows_no_inline_style_or_script(tablet, path):
    reply = tablet.get(path)
    assert reply.status_code == 200
    rules = policy(reply)
    assert rules["style-src"] == ["'self'"]
    assert "'unsafe-inline'" not in reply.headers["Content-Security-Policy"]
    assert "script-src" not in rules and rules["default-src"] == ["'self'"]


def test_the_table_page_loads_only_its_own_files(tablet):
    made = tablet.post("/api/tables", {"game": "lawless", "players": ["A", "B", "C"]}).json
    page = tablet.get(f"/table/{made['id']}").get_data(as_text=True)
    loaded = re.findall(r'<(?:script|link)[^>]* (?:src|href)="([^"]+)"', page)
    # one module, which imports the rest (Preact among them); the game's panel preloaded for
    # the import the page makes of it
    scripts = re.findall(r"<script[^>]*>", page)
    assert scripts == ['<script type="module" src="/static/boot.js">'], scripts
    assert '<link rel="modulepreload" href="/static/games/lawless/panel.js">' in page
    assert 'data-panel="yes"' in page
    assert "/static/games/lawless/panel.css" in loaded
    assert all(url.startswith("/") and not url.startswith("//") for url in loaded), loaded
    assert "<style" not in page and " style=" not in page
    for url in loaded:
        reply = tablet.get(url)
        reply.close()  # a file sent as it is: its handle closes with the reply
        assert reply.status_code == 200, url
        # a module is run only when sent as JavaScript (HTML Standard, "fetch a single
        # module script": the strict MIME type check)
        if url.endswith(".js"):
            assert reply.mimetype in ("text/javascript", "application/javascript"), url


@pytest.mark.parametrize("game", GAMES)
def test_each_game_serves_its_panel_and_its_stylesheet(tablet, game):
    script = tablet.get(f"/static/games/{game}/panel.js")
    style = tablet.get(f"/static/games/{game}/panel.css")
    css = style.get_data(as_text=True)
    script.close()
    style.close()
    assert script.status_code == 200 and script.mimetype == "text/javascript"
    assert style.status_code == 200 and style.mimetype == "text/css"
    assert f".{game}" in css


def test_a_game_serves_no_other_file_of_its_folder(tablet):
    assert tablet.get("/static/games/lawless/game.py").status_code == 404
    assert tablet.get("/static/games/lawless/rules.md").status_code == 404


def test_the_vendored_renderer_is_the_released_file():
    vendor = ROOT / "web" / "static" / "vendor"
    notes = (vendor / "README.md").read_text(encoding="utf-8")
    digest = hashlib.sha256((vendor / "preact.module.js").read_bytes()).hexdigest()
    assert digest in notes, "the vendored file changed: update web/static/vendor/README.md"
    assert (vendor / "preact.LICENSE").read_text(encoding="utf-8").startswith("The MIT License")


@pytest.mark.parametrize("path", ["/", "/new", "/api/health"])
def test_the_policy_pins_the_base_and_where_forms_go(tablet, path):
    """An injected ``<base href>`` could point every relative script and link elsewhere,
    and an injected form could post a join code to another site: neither is allowed."""
    rules = policy(tablet.get(path))
    assert rules["base-uri"] == ["'none'"] and rules["form-action"] == ["'self'"]
