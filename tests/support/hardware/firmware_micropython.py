"""What several test files share: ``RUNNER``, ``micropython_missing``."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


RUNNER = ROOT / "hardware" / "micropython"


PACKAGE = RUNNER / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"


NPM_LOG = ROOT / "test-output" / "npm-install.log"


def micropython_missing() -> str | None:
    """Why the real MicroPython cannot run here, or None. Never a reason to skip: a check
    that drops out when ``npm install`` fails would pass a broken firmware unnoticed."""
    if shutil.which("node") is None:
        return "Node.js is not installed ('sudo apt-get install nodejs npm', or ./scripts/test)"
    if not PACKAGE.is_dir():
        log = (
            NPM_LOG.read_text(encoding="utf-8", errors="replace")[-2000:]
            if NPM_LOG.exists()
            else "(no log: run ./scripts/test)"
        )
        return f"`npm install --prefix hardware/micropython` did not install {PACKAGE.name}:\n{log}"
    return None
