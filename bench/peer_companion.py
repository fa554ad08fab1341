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

import atexit
import json
import os
import sys
import time
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


# What-ifs: each takes one optimisation beyond plain Flask + waitress + SQLite out of the
# product, by the environment variable the launcher is started with.
FLASK_ONLY = "BENCH_FLASK_ONLY"  # every change through Flask's request context (no web/fast.py)
WRITER_QUEUE = "BENCH_WRITER_QUEUE"  # every change handed to the writer thread (no Service._here)
STREAM_THREADS = "BENCH_STREAM_THREADS"  # each stream's own thread writes it (no send_now)

# What each what-if takes out, by label (the report's table of what earns its keep).
TAKEN_OUT = {
    "flask": "`web/fast.py`: an ordinary change answered beside Flask's request context",
    "writer-queue": "`Service._here`: a change run on the request's own thread when the "
    "writer is free",
    "stream-threads": "`TableTask.send_now` (`web/server.py`): every stream written by the "
    "thread that makes the change",
}

# The companions a round measures, by label: the product as built, then each what-if, so
# that each optimisation's worth is measured in the same run as the product.
VARIANTS: dict[str, dict[str, str]] = {
    "companion": {},
    "flask": {FLASK_ONLY: "1"},
    "writer-queue": {WRITER_QUEUE: "1"},
    "stream-threads": {STREAM_THREADS: "1"},
}


CPU_FILE = "BENCH_CPU_FILE"  # where the server adds a line with its CPU time per change
WARM_UP = 10  # the harness's unmeasured changes (companion_http.py --warmup)


def count_cpu(path: str) -> None:
    """At exit, add to ``path`` one JSON line: this process's own CPU time per change
    (``time.process_time``, every thread) from the change after the warm-up to the last
    one, the idle time between them included (the idle server's is kept near none)."""
    import web

    made = web.create_app
    marks: list[float] = []

    def create_app(*args, **kwargs):
        app = made(*args, **kwargs)
        inner = app.wsgi_app

        def counted(environ, start_response):
            if environ.get("REQUEST_METHOD") == "POST" and environ.get("PATH_INFO", "").endswith(
                ("/actions", "/undo")
            ):
                marks.append(time.process_time())
            return inner(environ, start_response)

        app.wsgi_app = counted  # type: ignore[method-assign]
        return app

    def write() -> None:
        measured = marks[WARM_UP:]
        if len(measured) >= 2:
            per_change = (measured[-1] - measured[0]) / (len(measured) - 1)
            line = {"changes": len(measured) - 1, "cpu_ms": per_change * 1000}
            with open(path, "a", encoding="utf-8") as out:
                out.write(json.dumps(line) + "\n")

    web.create_app = create_app  # type: ignore[assignment]
    atexit.register(write)


def cpu_lines(path: Path) -> list[float]:
    """The CPU time per change (ms) of each server that wrote to ``path``, in order."""
    if not path.exists():
        return []
    return [json.loads(line)["cpu_ms"] for line in path.read_text(encoding="utf-8").splitlines()]


def take_out(environ: dict[str, str]) -> None:
    """Take out of this process the optimisations ``environ`` names (:data:`VARIANTS`)."""
    if environ.get(FLASK_ONLY):
        import web.fast

        web.fast.install = lambda app: None
    if environ.get(WRITER_QUEUE):
        from companion.writer.service import Service

        Service._here = lambda self, task: (False, None)  # type: ignore[method-assign]
    if environ.get(STREAM_THREADS):
        from web.server import SEND_NOW, TableTask

        made = TableTask.get_environment

        def without_send_now(self):
            environ = made(self)
            environ.pop(SEND_NOW, None)
            return environ

        TableTask.get_environment = without_send_now  # type: ignore[method-assign]


def main(argv: list[str]) -> int:
    argv = list(argv)
    if "--config" in argv:
        at = argv.index("--config") + 1
        argv[at] = str(merged_config(Path(argv[at])))
    take_out(dict(os.environ))
    if os.environ.get(CPU_FILE):
        count_cpu(os.environ[CPU_FILE])
    from companion.app.cli import main as companion_main

    return companion_main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
