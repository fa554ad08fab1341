"""The 108 Outlaws catalogue editor's routes: only the table's tablet fixes or deletes an
entry (a phone or a stranger gets a 403 in its own language), every value is checked as an
imported entry is and a bad one changes nothing, and every change — a card's first play, a
correction during play, an import, an edit, a delete — is kept in the history."""

from __future__ import annotations

import pytest

from tests.support.web.clients import join

FILE = {"format": "table-companion-catalogue", "version": 1, "game": "outlaws108"}


@pytest.fixture
def outlaws(tablet):
    made = tablet.post("/api/tables", {"game": "outlaws108", "players": ["Ann", "Bob"]}).json
    return made


def play(number, icons=()):
    return {
        "type": "play_earth",
        "seat": 0,
        "icons": list(icons),
        "number": number,
        "upside_down": [],
    }


def entries(tablet, tid):
    return tablet.get(f"/api/tables/{tid}/catalogue").json["entries"]


def history(tablet, tid):
    reply = tablet.get(f"/api/tables/{tid}/catalogue/history")
    assert reply.status_code == 200, reply.json
    return reply.json["history"]


@pytest.mark.parametrize(
    "lang,words",
    [("en", "Only the table's tablet"), ("fr", "Seule la tablette de la table")],
)
def test_only_the_tablet_changes_the_catalogue_or_reads_its_history(
    tablet, device, outlaws, lang, words
):
    tid = outlaws["id"]
    tablet.post(f"/api/tables/{tid}/catalogue/40", {"entry": {"icons": ["cavalry"]}})
    phone = join(device(), outlaws, 0)
    stranger = device()
    said = {"Accept-Language": lang}
    for who, code in ((phone, "catalogue_tablet_only"), (stranger, "needs_token")):
        for path, data in (
            (f"/api/tables/{tid}/catalogue/40", {"entry": {"icons": ["navy"]}}),
            (f"/api/tables/{tid}/catalogue/40/delete", {}),
        ):
            reply = who.post(path, data, headers=said)
            assert reply.status_code == 403 and reply.json["error"]["code"] == code
        seen = who.get(f"/api/tables/{tid}/catalogue/history", headers=said)
        assert seen.status_code == 403 and seen.json["error"]["code"] == code
    assert (
        phone.post(f"/api/tables/{tid}/catalogue/40/delete", {}, headers=said)
        .json["error"]["message"]
        .startswith(words)
    )
    assert entries(tablet, tid) == {"40": {"icons": ["cavalry"], "navy_as": None, "scoring": None}}
    # a seat reads the card facts (nothing in 108 is secret), never the history
    assert set(phone.get(f"/api/tables/{tid}/catalogue").json) == {
        "format",
        "version",
        "game",
        "entries",
    }


@pytest.mark.parametrize(
    "key,entry,because",
    [
        ("40", {"icons": []}, "not the game's icons"),
        ("40", {"icons": ["gold"]}, "not the game's icons"),
        ("40", {"icons": ["navy"], "price": 3}, "has only icons"),
        ("40", {"icons": ["navy"], "scoring": {"set": {"navy": 1}, "points": 2}}, "Heaven"),
        ("3", {"icons": ["support"], "scoring": {"set": {"navy": 9}, "points": 2}}, "1 to 8"),
        ("109", {"icons": ["navy"]}, "1 to 108"),
        ("²", {"icons": ["navy"]}, "digits 0 to 9"),
        ("40", "navy", "has only icons"),
        ("40", None, "has only icons"),
    ],
)
def test_a_bad_value_is_refused_and_changes_nothing(tablet, outlaws, key, entry, because):
    tid = outlaws["id"]
    tablet.post(f"/api/tables/{tid}/catalogue/40", {"entry": {"icons": ["cavalry"]}})
    before, lines = entries(tablet, tid), len(history(tablet, tid))
    reply = tablet.post(f"/api/tables/{tid}/catalogue/{key}", {"entry": entry})
    assert reply.status_code == 422 and reply.json["error"]["code"] == "catalogue_bad_edit"
    assert because in reply.json["error"]["message"]  # the reason, in words
    assert entries(tablet, tid) == before and len(history(tablet, tid)) == lines


def test_a_key_is_kept_as_its_card_number(tablet, outlaws):
    tid = outlaws["id"]
    fixed = tablet.post(f"/api/tables/{tid}/catalogue/040", {"entry": {"icons": ["scout"]}})
    assert fixed.json == {
        "key": "40",
        "entry": {"icons": ["scout"], "navy_as": None, "scoring": None},
    }
    gone = tablet.post(f"/api/tables/{tid}/catalogue/%EF%BC%94%EF%BC%90/delete", {})  # "４０"
    assert gone.json == {"key": "40", "deleted": True}
    missing = tablet.post(f"/api/tables/{tid}/catalogue/40/delete", {})
    assert missing.status_code == 404 and missing.json["error"]["code"] == "catalogue_no_entry"
    assert "40" in missing.json["error"]["message"]


def test_every_change_is_in_the_history_and_a_deleted_card_is_asked_again(tablet, outlaws):
    tid = outlaws["id"]
    assert tablet.act(tid, play(40, ["navy"])).status_code == 200  # Ann's play teaches it
    fix = {"type": "fix_card", "seat": None, "player": "Ann", "place": 1, "number": 40}
    fix = {**fix, "icons": ["scout"], "upside_down": [], "navy_as": []}
    assert tablet.act(tid, fix).status_code == 200  # a correction during play
    imported = tablet.post(
        f"/api/tables/{tid}/catalogue", {"file": {**FILE, "entries": {"41": {"icons": ["navy"]}}}}
    )
    assert imported.status_code == 200
    assert (
        tablet.post(f"/api/tables/{tid}/catalogue/41", {"entry": {"icons": ["infantry"]}})
    ).status_code == 200
    again = tablet.post(f"/api/tables/{tid}/catalogue/41", {"entry": {"icons": ["infantry"]}})
    assert again.status_code == 200  # the same entry again: nothing changed, no line
    assert tablet.post(f"/api/tables/{tid}/catalogue/40/delete", {}).status_code == 200
    lines = history(tablet, tid)
    assert [(line["key"], line["source"], line["by"]) for line in lines] == [
        ("40", "delete", None),
        ("41", "edit", None),
        ("41", "import", None),
        ("40", "correction", None),
        ("40", "learned", "Ann"),
    ]
    assert all(line["table"] == tid and line["at"] for line in lines)
    assert lines[0]["before"]["icons"] == ["scout"] and lines[0]["after"] is None
    assert lines[1]["before"]["icons"] == ["navy"] and lines[1]["after"]["icons"] == ["infantry"]
    assert lines[3]["before"]["icons"] == ["navy"] and lines[3]["after"]["icons"] == ["scout"]
    assert lines[4]["before"] is None
    assert "40" not in entries(tablet, tid)
    # the deleted card is new again: its next play asks for its icons
    other = tablet.post("/api/tables", {"game": "outlaws108", "players": ["Cy", "Di"]}).json["id"]
    asked = tablet.act(other, play(40))
    assert asked.status_code == 422 and asked.json["error"]["code"] == "outlaws108.icons_needed"
    assert tablet.act(other, play(41)).json.get("version") == 1  # the edited one is known
    view = tablet.get(f"/api/tables/{other}").json
    assert view["state"]["areas"][0]["outlaws"][0]["icons"] == ["infantry"]


def test_a_campaign_cost_typed_once_is_kept_exported_and_imported(tablet):
    costs = {f"cost_{i}": 0 for i in ("leadership", "infantry", "cavalry", "scout", "support")}
    minor = {"type": "campaign", "seat": 0, "tier": "minor", "points": 3, "exhaust": [1]}
    minor = {**minor, **costs, "waived": 0}
    tables = []
    for cost_navy in (1, 0):  # typed at the first table, not at the second
        tid = tablet.post("/api/tables", {"game": "outlaws108", "players": ["A", "B"]}).json["id"]
        assert tablet.act(tid, play(40, ["navy"])).status_code == 200
        assert tablet.act(tid, {**minor, "cost_navy": cost_navy}).status_code == 200
        view = tablet.get(f"/api/tables/{tid}").json
        assert view["state"]["areas"][0]["campaigns"][0]["cost"] == ["navy"]
        tables.append(tid)
    # another Minor Campaign worth 3, with another cost: the catalogue keeps both
    tid = tablet.post("/api/tables", {"game": "outlaws108", "players": ["A", "B"]}).json["id"]
    assert tablet.act(tid, play(42, ["scout"])).status_code == 200
    assert tablet.act(tid, {**minor, "cost_navy": 0, "cost_scout": 1}).status_code == 200
    assert entries(tablet, tid)["minor-3"] == {"costs": [["navy"], ["scout"]]}
    exported = tablet.get(f"/api/tables/{tables[1]}/catalogue").json
    assert exported["entries"]["minor-3"] == {"costs": [["navy"], ["scout"]]}
    assert list(exported["entries"]) == [
        "40",
        "42",
        "minor-3",
    ]  # the cards by number, then campaigns
    learned = [line for line in history(tablet, tables[1]) if line["key"] == "minor-3"]
    assert [(line["source"], line["table"]) for line in learned] == [
        ("learned", tid),
        ("learned", tables[0]),
    ]
    gone = tablet.post(f"/api/tables/{tables[1]}/catalogue/minor-3/delete", {})
    assert gone.status_code == 200
    again = tablet.post(f"/api/tables/{tables[1]}/catalogue", {"file": exported})
    assert again.json == {"imported": 3, "replaced": 2}
    assert entries(tablet, tables[1])["minor-3"] == {"costs": [["navy"], ["scout"]]}
