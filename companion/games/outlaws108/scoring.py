"""108 Outlaws: end-of-game scoring (rulebook, "End of the Game and Scoring").

All outlaws are revived; each Heaven card and each Campaign scores the points the table
enters (the Heaven scoring texts are not known to the companion; campaign points are taken
down when the campaign is embarked on and may be corrected here). The most points wins; a tie
goes to the player with fewer outlaws, then to the player later in turn order. Each score is
compared to the rulebook's rank table.
"""

from __future__ import annotations

from companion.rules import ranking

#: (highest score of the band, title key) in the rulebook's order; above the last: 108+.
RANK_TABLE = [
    (30, "li_kui"),
    (40, "yang_zhi"),
    (50, "wu_song"),
    (60, "lu_junyi"),
    (70, "zhu_wu"),
    (80, "song_jiang"),
    (107, "wu_yong"),
]
TOP_RANK = "gongsun_sheng"


def rank_title(score: int) -> str:
    """The title key for ``score``: 30 or less Li Kui … 81–107 Wu Yong, 108+ Gongsun Sheng."""
    for highest, title in RANK_TABLE:
        if score <= highest:
            return title
    return TOP_RANK


def revive_all(areas: list[dict]) -> list[dict]:
    """Every outlaw straightened, so Heaven cards score with all icons."""
    return [
        {
            **a,
            "outlaws": [
                o if not o["exhausted"] else {**o, "exhausted": False} for o in a["outlaws"]
            ],
        }
        for a in areas
    ]


def unscored(areas: list[dict]) -> int:
    return sum(
        1 for a in areas for o in a["outlaws"] if o["realm"] == "heaven" and o["points"] is None
    )


def score_line(area: dict) -> dict:
    heaven = sum(o["points"] or 0 for o in area["outlaws"] if o["realm"] == "heaven")
    campaigns = sum(c["points"] for c in area["campaigns"])
    return {
        "heaven": heaven,
        "campaigns": campaigns,
        "total": heaven + campaigns,
        "outlaws": len(area["outlaws"]),
    }


def standings(players: list[str], areas: list[dict], order: list[int]) -> list[dict]:
    """The final table, best first: place, totals, outlaws and the rank title of each."""
    lines = [
        {"seat": seat, "name": players[seat], **score_line(areas[seat])}
        for seat in range(len(players))
    ]
    # Most points; then fewer outlaws; then later in turn order (never a tie after that).
    keys = [(-line["total"], line["outlaws"], -order.index(line["seat"])) for line in lines]
    ranked = ranking.order_by(keys)
    out: list[dict] = []
    for place, seat in enumerate(ranked, start=1):
        line = {
            **lines[seat],
            "place": place,
            "rank": rank_title(lines[seat]["total"]),
            "behind_by": None,
        }
        if out and out[-1]["total"] == line["total"]:
            # why the tie went to the player above: fewer outlaws, else later in turn order
            line["behind_by"] = "outlaws" if out[-1]["outlaws"] != line["outlaws"] else "turn_order"
        out.append(line)
    return out
