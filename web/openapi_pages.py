"""The routes of the OpenAPI document (``web/openapi.py``) that are not JSON: the pages a
browser opens, the QR codes, the join form a phone posts, the static files. Listed so the
document names every route the app serves (a test compares it with Flask's URL map)."""

from __future__ import annotations

TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}


def _path(name: str) -> dict:
    return {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}


def _get(summary: str, media: str, *params: dict) -> dict:
    return {
        "get": {
            "summary": summary,
            "parameters": list(params),
            "responses": {
                "200": {"description": summary, "content": {media: {}}},
                "404": {"description": "no such table or file"},
            },
        }
    }


HTML, SVG = "text/html", "image/svg+xml"
JOIN_CODE = _path("code")

PAGES: dict[str, dict] = {
    "/": _get("The home page: the tables, and a new game", HTML),
    "/new": _get("The new-game page", HTML),
    "/table/{table_id}": _get("A table's dashboard (the tablet's, or anyone's)", HTML, TABLE_ID),
    "/seat/{table_id}": _get("A seat's private page (its phone)", HTML, TABLE_ID),
    "/join/{table_id}/{code}": {
        **_get("The join page behind a seat's QR code: asks before it spends the code", HTML),
        "post": {
            "summary": "Spend the join code (a same-site form post): 303 to the seat page "
            "with the seat cookie; the same code again from the device that spent it is "
            "answered the same way; anyone else 403",
            "parameters": [TABLE_ID, JOIN_CODE],
            "responses": {
                "303": {"description": "joined"},
                "403": {
                    "description": "the code is spent (the page that says so, as the GET "
                    "gives it), or a cross-site form"
                },
            },
        },
    },
    "/join/{table_id}/seat-{seat}.svg": _get(
        "(tablet) a seat's join QR code",
        SVG,
        TABLE_ID,
        {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer"}},
    ),
    "/qr/wifi.svg": _get("The table's Wi-Fi as a QR code (when configured)", SVG),
    "/qr/table/{table_id}.svg": _get("The dashboard's address as a QR code", SVG, TABLE_ID),
    "/manifest.webmanifest": _get("The web app manifest", "application/manifest+json"),
    "/static/{filename}": _get("The pages' scripts, styles and icons", "*/*", _path("filename")),
    "/static/games/{game}/{name}": _get(
        "A game's board script or style, from its folder", "*/*", _path("game"), _path("name")
    ),
}
PAGES["/join/{table_id}/{code}"]["get"]["parameters"] = [TABLE_ID, JOIN_CODE]
PAGES["/join/{table_id}/{code}"]["get"]["responses"]["403"] = {
    "description": "a code that joins nobody (used, replaced, never made): a page that says "
    "so and where a new one is, naming no seat",
    "content": {HTML: {}},
}
