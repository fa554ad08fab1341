"""Every count in every message agrees with its number, in both languages: each message is
rendered (Babel, as the server does) with every count set to 0, 1, 2, 21 and 1,000, and a
noun or participle left in the plural after "1" (or, in French, after "0" and "1", which
take the singular: CLDR's plural rules for ``fr``), or a plural article before them, is a
count made by hand where ``{n:plural:one=…;other=…}`` should pick the form ("1 hits",
"only 1 are left", « Les 1 dé de cow-boy sont joués »)."""

from __future__ import annotations

import re

import pytest

from tests.support.web.messages import CATALOG, SEAT_PARAM
from web.i18n import LANGUAGES
from web.wording import PLACEHOLDER, render

COUNTS = (0, 1, 2, 21, 1000)
# Parameters that name a thing by its number (a clearing, a card, a turn): not counts.
NAMING = re.compile(
    r"^(clearing|clearings|slot|number|place|offer|loan|turn|round|version|herd|terrain|"
    r"campaign|outlaw|card|killer|first|second|face|die|roll|high|low|from|to|"
    r"cattle1|cattle2|cowboy1|cowboy2|cowboy3|challenger_die|opponent_die|distance|seed|"
    r"hash|step|slots|position|row|column|icon|mine|total_slots)$"
)
# Words ending in -s (-x) that are no plural: English verbs and words, French invariables.
NOT_PLURAL = {
    "en": {"s", "is", "was", "has", "its", "plus", "this", "us", "as", "less", "frees", "doves"},
    "fr": {
        "s",
        "fois",
        "pas",
        "plus",
        "sous",
        "vers",
        "dans",
        "sans",
        "après",
        "puis",
        "près",
        "très",
        "mois",
        "prix",
        "choix",
        "hors",
        "mais",
        "temps",
        "cas",
        "dos",
    },
}
SINGULAR_COUNTS = {"en": (1,), "fr": (0, 1)}


def samples(text: str, count: int) -> dict:
    out: dict[str, object] = {}
    for match in PLACEHOLDER.finditer(text):
        name, spec = match.group(1), match.group(2)
        if SEAT_PARAM.search(name) or name in ("seats", "holder"):
            out[name] = "Éloïse"
        elif spec == "id" or NAMING.match(name):
            out[name] = 7
        else:
            out[name] = count
    return out


def disagreements(lang: str, text: str) -> list[str]:
    found = []
    for count in COUNTS:
        out = render(lang, text, samples(text, count))
        if count not in SINGULAR_COUNTS[lang]:
            continue
        for word in re.findall(rf"(?<![\d.,\u202f\u00a0]){count} (\w+)", out):
            lower = word.lower()
            plural = lower.endswith("s") or (lang == "fr" and lower.endswith("x"))
            if (plural and lower not in NOT_PLURAL[lang]) or lower in ("are", "were"):
                found.append(out)
        article = r"\b(?:les|des|ces)" if lang == "fr" else r"\b(?:these|those)"
        if re.search(rf"{article} {count}(?![\d\u202f\u00a0]*[\u00a0 ]?\$)\b", out, re.I):
            found.append(out)
    return sorted(set(found))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_count_agrees_with_its_number(lang):
    bad = {key: disagreements(lang, text) for key, text in CATALOG.words[lang].items()}
    assert {key: found for key, found in bad.items() if found} == {}


@pytest.mark.parametrize(
    "lang, text, bad",
    [
        ("en", "{hits} hits left", True),
        ("en", "{hits:plural:one=# hit;other=# hits} left", False),
        ("en", "This costs {cost} action points and only {left} are left", True),
        ("fr", "Les {stops} dés de cow-boy sont joués", True),
        ("fr", "{stops:plural:one=Le # dé est joué;other=Les # dés sont joués}", False),
        ("en", "Clearing {clearing} is pacified", False),
    ],
)
def test_the_check_tells_a_hand_made_count_from_a_plural_form(lang, text, bad):
    assert bool(disagreements(lang, text)) is bad


def test_a_correction_line_does_not_say_correction_again():
    """The log marks a correction itself ("Correction — …", ``core.fix``): its own line
    does not start with the word again (« Correction — Correction : … »)."""
    from companion.known_games import registry

    doubled = []
    for name in registry.found():
        game = registry.game(name)
        for lang in LANGUAGES:
            mark = CATALOG.words[lang]["core.fix"].lower()
            for key, text in CATALOG.words[lang].items():
                kind = key.split(".")[2] if key.startswith(f"{name}.log.") else ""
                fix = kind.startswith("fix_") or kind in getattr(game, "CORRECTIONS", ())
                if fix and text.lower().startswith(mark):
                    doubled.append(f"{lang} {key}: {text}")
    assert doubled == []


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "Duel, 4 against 1: the challenger wins"),
        ("fr", "Duel, 4 contre 1\u00a0: l’attaquant gagne"),
    ],
)
def test_a_duel_line_has_one_colon(lang, said):
    text = CATALOG.words[lang]["abilene.log.duel_challenger_wins"]
    assert render(lang, text, {"challenger_die": 4, "opponent_die": 1}) == said


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "The cattle die has faces 0 to 5: 123456789 is not one."),
        ("fr", "Le dé de bétail a les faces 0 à 5\u00a0: 123456789 n’en est pas une."),
    ],
)
def test_a_face_refused_names_the_faces_and_the_whole_face(tablet, lang, said):
    """Not "no face 12345678": the face as thrown, and the faces the die has."""
    made = tablet.post("/api/tables", {"game": "abilene", "players": ["Ann", "Bruno"]}).json
    reply = tablet.post(
        f"/api/tables/{made['id']}/dice",
        {"dice": [{"die": "cattle", "face": 123456789}]},
        headers={"Accept-Language": lang},
    )
    assert reply.status_code == 422 and reply.json["error"]["message"] == said
