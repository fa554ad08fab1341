"""What several test files share: ``BAD_FRENCH``, ``CATALOG``, ``RAW_KEY``, ``SEAT_PARAM``,
``UNGROUPED``, ``samples``."""

from __future__ import annotations

import re

from web.i18n import Catalog
from web.wording import PLACEHOLDER

CATALOG = Catalog()


SEAT_PARAM = re.compile(
    r"^(seat|player|players|opponent|target|victim|defender|attacker|shooter|owner|lender|"
    r"borrower|payer|payee|rival|ranch|by|first|challenger|seller|winner|loser|faction|name|"
    r"names|bandit|to|from)$|_seat$"
)


RAW_KEY = re.compile(
    r"\b(?:error|ui|action|param|value|option|field|die|game|new|home|"
    r"device|verb|final|export)\.[a-z_]"
)


UNGROUPED = re.compile(r"(?<![\d#])\d{4,}")


BAD_FRENCH = re.compile(r" [:;!?»]|« |\w'\w")


def samples(text: str, number: int) -> dict:
    """A value for each placeholder: a name for people, else ``number`` (an id is small)."""
    out = {}
    for match in PLACEHOLDER.finditer(text):
        name, spec = match.group(1), match.group(2)
        out[name] = "Éloïse" if SEAT_PARAM.search(name) else (7 if spec == "id" else number)
    return out
