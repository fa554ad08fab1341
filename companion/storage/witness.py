"""The witness: the last link of every table's chain, kept in a small file beside the
database (``companion.sqlite.heads``), so that a journal that lost its end is noticed.

A torn or missing WAL makes SQLite open an *earlier* commit without a word: every chain
in it is whole, only shorter. The witness says how long each chain was. It is rewritten
after every commit (write, then rename: either the old file or the new one, never half),
without an fsync of its own: the commit it follows was fsynced first, so the witness can
lag the database after a power cut but never lead it. Ahead of the database means
acknowledged actions are gone.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

Heads = dict[str, tuple[int, str]]  # table id -> (version, hash of that entry)


@dataclass(frozen=True)
class Read:
    state: str  # "ok", "absent" or "unreadable"
    heads: Heads


class Witness:
    def __init__(self, path: str | Path | None) -> None:
        self.path = Path(path) if path is not None else None

    def read(self) -> Read:
        if self.path is None:
            return Read("absent", {})
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
            heads = {
                str(table): (int(pair[0]), str(pair[1])) for table, pair in raw["tables"].items()
            }
        except FileNotFoundError:
            return Read("absent", {})
        except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError):
            return Read("unreadable", {})
        return Read("ok", heads)

    def write(self, heads: Heads) -> None:
        if self.path is None:
            return
        text = json.dumps(
            {"tables": {t: list(pair) for t, pair in sorted(heads.items())}}, separators=(",", ":")
        )
        temporary = self.path.with_name(self.path.name + ".new")
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, self.path)
