"""The stream writes go through waitress's channel internals (``web/server.py``), read at
one version: the one pinned, the one installed and the one read are the same."""

from __future__ import annotations

import importlib.metadata
import re
import tomllib
from pathlib import Path

from web.server import WAITRESS_READ

ROOT = Path(__file__).resolve().parents[2]


def test_the_installed_waitress_is_the_one_read():
    assert importlib.metadata.version("waitress") == WAITRESS_READ


def test_the_project_and_the_constraints_pin_that_version_exactly():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert f"waitress=={WAITRESS_READ}" in project["project"]["dependencies"]
    pinned = re.search(r"^waitress==(\S+)$", (ROOT / "constraints.txt").read_text(), re.M)
    assert pinned and pinned.group(1) == WAITRESS_READ
