"""``companion`` as the peer harness (``../shared/peers/companion_http.py``) starts it, with
the bench's limits on top of the harness's own config.

The harness lifts ``requests_per_minute`` only, and its clients keep no cookies (each stream
makes up a ``tc_device`` id, which this server did not sign, and the mover sends none). Since
device ids are signed (``web/devices.py``) every such request is the one *anonymous* device of
127.0.0.1: 120 requests a minute and one stream in all, so the 29th move is refused (429) and
each new stream ends the one before. The harness stays as it is (it is not the project's);
this launcher merges in the caps the bench's own clients run with (``bench/serve.py``
``CONFIG``, plus the anonymous ones) and runs ``companion`` from this tree.

    python -m bench.peer_companion serve --sim --config FILE ...   (what the harness calls)
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

LIFTED = {
    "server": {
        "requests_per_minute": 1_000_000,
        "requests_per_minute_anonymous": 1_000_000,
        "requests_per_minute_per_address": 1_000_000,
        "connections_per_address": 1000,
    },
    "streams": {"per_anonymous": 1000, "per_address": 1000, "max_streams": 1000},
}


def merged_config(path: Path) -> Path:
    """The harness's config with :data:`LIFTED` on top, written beside it."""
    raw = tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    for section, values in LIFTED.items():
        raw.setdefault(section, {}).update(values)
    lines = []
    for section, values in raw.items():
        lines.append(f"[{section}]")
        lines += [f"{key} = {_toml(value)}" for key, value in values.items()]
    target = path.with_name(path.stem + ".lifted.toml")
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise ValueError(f"cannot write {value!r} as TOML")


# The what-if of the fifth pass: with this set, every change goes through Flask's
# request context as before ``web/fast.py`` (``bench/peers.py`` runs both in each round).
FLASK_ONLY = "BENCH_FLASK_ONLY"

# The companions a round measures, by label: the product as built, then each what-if (an
# optimisation taken out, by the environment it is started with), so that each one's worth
# is measured in the same run as the product.
VARIANTS: dict[str, dict[str, str]] = {
    "companion": {},
    "flask": {FLASK_ONLY: "1"},
}


def main(argv: list[str]) -> int:
    argv = list(argv)
    if "--config" in argv:
        at = argv.index("--config") + 1
        argv[at] = str(merged_config(Path(argv[at])))
    if os.environ.get(FLASK_ONLY):
        import web.fast

        web.fast.install = lambda app: None
    from companion.app.cli import main as companion_main

    return companion_main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
