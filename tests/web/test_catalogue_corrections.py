"""The 108 Outlaws catalogue is never a dead end: a wrong entry is corrected from the play
(``fix_card``), a Heaven card's scoring rule typed once is kept for the next game, a
numbered card is never kept without icons, and a score typed at the end is marked typed."""

from __future__ import annotations


def new_table(tablet):
    made = tablet.post("/api/tables", {"game": "outlaws108", "players": ["Ann", "Bob"]}).json
    return made["id"]


def play(number, realm="earth", icons=(), **more):
    field = "heaven_icons" if realm == "heaven" else "icons"
    action = {"type": f"play_{realm}", "seat": 0, field: list(icons), "number": number}
    return {**action, "upside_down": [], **more}


def entries(tablet, tid):
    return tablet.get(f"/api/tables/{tid}/catalogue").json["entries"]


def first_card(tablet, tid):
    return tablet.get(f"/api/tables/{tid}").json["state"]["areas"][0]["outlaws"][0]


def test_a_wrong_catalogue_entry_is_corrected_from_the_play(tablet):
    """The issue's loop: No. 90 played as Navy, undone, played as Scout → refused; the way
    out is to play it as the catalogue says and put it right with "Correct a played card"."""
    tid = new_table(tablet)
    assert tablet.act(tid, play(90, icons=["navy"])).status_code == 200
    assert tablet.post(f"/api/tables/{tid}/undo").status_code == 200
    refused = tablet.act(tid, play(90, icons=["scout"]))
    assert refused.json["error"]["code"] == "outlaws108.catalogue_differs"
    assert "Correct a played card" in refused.json["error"]["message"]
    assert tablet.act(tid, play(90)).status_code == 200  # the catalogue's Navy
    fix = {"type": "fix_card", "seat": None, "player": "Ann", "place": 1, "number": 90}
    fix = {**fix, "icons": ["scout"], "upside_down": [], "navy_as": []}
    assert tablet.act(tid, fix).status_code == 200  # not refused by the entry it corrects
    assert first_card(tablet, tid)["icons"] == ["scout"]
    assert entries(tablet, tid)["90"]["icons"] == ["scout"]
    other = new_table(tablet)
    assert tablet.act(other, play(90)).status_code == 200
    assert first_card(tablet, other)["icons"] == ["scout"]


def test_a_numbered_card_is_never_kept_without_icons(tablet):
    tid = new_table(tablet)
    refused = tablet.act(tid, play(46))  # a Strategist whose icons the rulebook does not print
    assert refused.status_code == 422
    assert refused.json["error"]["code"] == "outlaws108.icons_needed"
    assert refused.json["error"]["message"].startswith("Card No. 46 is new to the catalogue")
    assert "46" not in entries(tablet, tid)
    # an entry kept with no icons by an older companion is no entry: the play is not blocked
    shared = {"format": "table-companion-catalogue", "version": 1, "game": "outlaws108"}
    imported = tablet.post(
        f"/api/tables/{tid}/catalogue", {"file": {**shared, "entries": {"46": {"icons": []}}}}
    )
    assert imported.status_code == 422  # and an import refuses one, as before
    assert tablet.act(tid, play(46, icons=["navy", "scout"])).status_code == 200
    assert entries(tablet, tid)["46"]["icons"] == ["navy", "scout"]


def heaven_turns(tablet, tid, heaven_icons):
    """Ann plays No. 40 (Support), both pass a turn, Ann plays No. 3 paid with No. 40."""
    for action in (
        play(40, icons=["support"]),
        {"type": "end_turn", "seat": 0},
        {"type": "draw", "seat": 1, "cards": "earth_2"},
        {"type": "end_turn", "seat": 1},
        play(3, "heaven", heaven_icons, exhaust=[1], navy_as=[]),
    ):
        assert tablet.act(tid, action).status_code == 200, action


def describing(tablet, tid):
    return [
        t for t in tablet.get(f"/api/tables/{tid}").json["legal"] if t["type"] == "describe_heaven"
    ]


def test_a_heaven_scoring_rule_typed_once_is_kept_for_the_next_game(tablet):
    """[Heaven Cards] "No. 3 Wu Yong will score 8 points for your 5 Support icons": typed
    once with ``describe_heaven``, the catalogue keeps it beside the card's icons, and the
    next game does not ask again."""
    tid = new_table(tablet)
    heaven_turns(tablet, tid, ["support"])
    assert entries(tablet, tid)["3"]["scoring"] is None  # learned at the play, rule unknown
    sets = {
        f"set_{icon}": 0
        for icon in ("leadership", "navy", "infantry", "cavalry", "scout", "campaign")
    }
    rule = {"type": "describe_heaven", "seat": None, "number": 3, "points": 8, "set_support": 5}
    assert tablet.act(tid, {**rule, **sets}).status_code == 200
    assert entries(tablet, tid)["3"]["scoring"] == {"set": {"support": 5}, "points": 8}
    other = new_table(tablet)
    heaven_turns(tablet, other, [])  # the number alone
    assert describing(tablet, other) == []
    card = tablet.get(f"/api/tables/{other}").json["state"]["areas"][0]["outlaws"][1]
    assert card["scoring"] == {"set": {"support": 5}, "points": 8}
