"""The script docs/api.md walks through runs against a real server (waitress on loopback), so
the documentation cannot drift from the API."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser
SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "examples" / "play_by_script.py"


def test_the_documented_script_creates_a_table_and_acts(live, capsys):
    spec = importlib.util.spec_from_file_location("play_by_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    done = module.main(live.url)
    assert done["version"] == 1
    assert [line["version"] for line in done["log"]] == [1]
    printed = capsys.readouterr().out
    assert "refused:" in printed and "player" not in printed.split("refused:")[1].split("\n")[0]
