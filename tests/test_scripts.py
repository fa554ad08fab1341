"""``./scripts/serve`` and ``./scripts/test`` once ``.venv`` exists, with no package index in
reach (``serve`` ran ``pip install -e .`` at every start and, offline,
died with "No matching distribution found for setuptools>=68").

The scripts run for real on a copy of the project whose ``.venv`` is a stand-in: its
``python`` is this interpreter, except that ``python -m pip`` fails as pip does offline
(and writes down that it was asked), and its ``companion`` writes down how it was called.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OFFLINE_PIP = "ERROR: No matching distribution found for setuptools>=68"


def executable(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


@pytest.fixture
def project(tmp_path):
    shutil.copytree(ROOT / "scripts", tmp_path / "scripts")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    shutil.copy(ROOT / "constraints.txt", tmp_path / "constraints.txt")
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    calls = tmp_path / "calls.log"
    executable(
        bin_dir / "python",
        f"""#!/bin/sh
if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then
  echo "pip $* (constraints: ${{PIP_CONSTRAINT:-none}})" >> {calls}
  echo "{OFFLINE_PIP}" >&2
  exit 1
fi
if [ "$1" = "-m" ] && [ "$2" = "pytest" ]; then
  echo "pytest $*" >> {calls}
  exit 0
fi
exec {sys.executable} "$@"
""",
    )
    executable(bin_dir / "companion", f'#!/bin/sh\necho "companion $*" >> {calls}\n')
    return tmp_path


def run(project: Path, script: str, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHON": sys.executable}
    return subprocess.run(
        ["sh", str(project / "scripts" / script), *args],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def calls(project: Path) -> list[str]:
    path = project / "calls.log"
    return path.read_text().splitlines() if path.exists() else []


def installed(project: Path, extra: str = "") -> None:
    """What a successful install leaves: a stamp of the pyproject.toml and the
    constraints.txt it installed."""
    digest = subprocess.run(
        [
            sys.executable,
            "-c",
            "import hashlib; print(hashlib.sha256(open('pyproject.toml', 'rb').read()"
            " + open('constraints.txt', 'rb').read()).hexdigest())",
        ],
        cwd=project,
        capture_output=True,
        text=True,
    ).stdout
    (project / ".venv" / f".installed{'-' + extra if extra else ''}").write_text(digest)


def test_serve_starts_offline_without_asking_pip_once_installed(project):
    installed(project)
    done = run(project, "serve", "--port", "8081")
    assert done.returncode == 0, done.stderr
    assert calls(project) == ["companion serve --sim --port 8081"]


def test_a_changed_pyproject_is_installed_and_offline_goes_on_if_nothing_is_missing(project):
    installed(project)
    with open(project / "pyproject.toml", "a", encoding="utf-8") as out:
        out.write("\n# a comment: the file changed, nothing it asks for did\n")
    done = run(project, "serve")
    assert calls(project)[0].startswith("pip -m pip install")
    assert done.returncode == 0, done.stderr
    assert "already holds everything pyproject.toml asks for" in done.stderr
    assert calls(project)[-1] == "companion serve --sim"


def test_changed_pins_are_installed_and_pip_is_held_to_them(project):
    installed(project, "test")
    with open(project / "constraints.txt", "a", encoding="utf-8") as out:
        out.write("# a new pin: the environment is out of date\n")
    run(project, "test", "-k", "nothing")
    pip = calls(project)[0]
    assert pip.startswith("pip -m pip install") and " -e .[test] " in pip, pip
    # the environment variable, so that the isolated build of the project obeys it too
    assert f"(constraints: {project / 'constraints.txt'})" in pip


def test_offline_with_something_missing_says_what(project):
    text = (project / "pyproject.toml").read_text()
    (project / "pyproject.toml").write_text(
        text.replace('"segno>=1.6",', '"segno>=1.6",\n    "no-such-package-for-the-table>=1.0",')
    )
    done = run(project, "serve")
    assert done.returncode == 1
    assert "no-such-package-for-the-table>=1.0" in done.stderr
    assert "is a package index in reach?" in done.stderr
    assert not any(c.startswith("companion") for c in calls(project))


def test_the_test_script_runs_offline_once_installed(project):
    installed(project, "test")
    done = run(project, "test", "-k", "nothing")
    assert done.returncode == 0, done.stderr
    assert calls(project) == ["pytest -m pytest -k nothing"]
