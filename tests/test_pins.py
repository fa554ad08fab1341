"""Every tool is pinned: constraints.txt names one version of every Python package the
companion, its tests and its hooks install (scripts/setup-venv installs from it), and the
npm side names exact versions. A release somewhere else cannot change a run here."""

from __future__ import annotations

import json
import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def pins() -> dict[str, str]:
    found: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, version = line.split("==")
            found[canonicalize_name(name)] = version
    return found


def wanted() -> list[Requirement]:
    extras = PROJECT["optional-dependencies"]
    texts = [*PROJECT["dependencies"], *extras["test"], *extras["dev"]]
    return [Requirement(text) for text in texts if not text.startswith(PROJECT["name"])]


def test_every_requirement_is_pinned_within_what_pyproject_allows():
    pinned = pins()
    for requirement in wanted():
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{requirement.name} is not in constraints.txt"
        assert requirement.specifier.contains(pinned[name]), (requirement, pinned[name])


def test_the_environment_holds_exactly_the_pinned_versions():
    # Whatever is installed and pinned is at its pin: setup-venv installs from the file.
    pinned = pins()
    off = {
        name: (dist.version, pinned[name])
        for dist in metadata.distributions()
        if (name := canonicalize_name(dist.metadata["Name"])) in pinned
        and name not in ("pip", "setuptools")
        and dist.version != pinned[name]
    }
    assert not off, f"installed vs pinned (run scripts/setup-venv test): {off}"


def test_the_npm_packages_name_exact_versions():
    for manifest in (ROOT / "package.json", ROOT / "hardware/micropython/package.json"):
        declared = json.loads(manifest.read_text())
        for group in ("dependencies", "devDependencies"):
            for name, version in declared.get(group, {}).items():
                assert re.fullmatch(r"\d+\.\d+\.\d+", version), (manifest.name, name, version)
