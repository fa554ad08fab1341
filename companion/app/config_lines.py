"""Where each key of a TOML config file is written, and the known name nearest a typo.

``tomllib`` gives values, not positions; a config file is short and plain (tables and
``key = value`` lines), so a line scan finds each key's line well enough to name it: a key
inside an inline table or a multi-line value is named by the line of the key it is in.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

_HEADER = re.compile(r"^\s*\[\s*([^\[\]#]+?)\s*\]")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-.\" ]+?)\s*=")
_AT_LINE = re.compile(r"at line (\d+)")


def key_lines(text: str) -> dict[str, int]:
    """``{"buttons.pins.digit0": 14, "buttons.pins": 13, …}``: each key's first line."""
    out: dict[str, int] = {}
    table = ""
    for number, line in enumerate(text.splitlines(), 1):
        header = _HEADER.match(line)
        if header:
            table = _dotted(header.group(1))
            out.setdefault(table, number)
            continue
        key = _KEY.match(line)
        if key:
            out.setdefault(f"{table}.{_dotted(key.group(1))}".strip("."), number)
    return out


def _dotted(name: str) -> str:
    return ".".join(part.strip().strip('"') for part in name.split("."))


def line_of(lines: dict[str, int], dotted: str) -> int | None:
    """The line of ``dotted`` (``"buttons.pins.digti0"``), else of the nearest table it is
    in; ``None`` when the file does not show it (an override from the command line)."""
    parts = dotted.split(".")
    while parts:
        found = lines.get(".".join(parts))
        if found is not None:
            return found
        parts.pop()
    return None


def error_line(message: str) -> int | None:
    """The line a ``tomllib.TOMLDecodeError`` names ("… (at line 3, column 7)")."""
    found = _AT_LINE.search(message)
    return int(found.group(1)) if found else None


def nearest(name: str, known: Iterable[str]) -> str | None:
    """The known name a typo most looks like (``difflib``), or ``None``."""
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return close[0] if close else None
