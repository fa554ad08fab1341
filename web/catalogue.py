"""The card catalogue's routes (``companion/catalogue.py``): the tablet exports it as a
JSON file and imports one a club shares. Asked through a table, whose game it is."""

from __future__ import annotations

from flask import Blueprint, jsonify

from companion import catalogue
from web.api import body, kept
from web.context import service, viewer
from web.replay import once

bp = Blueprint("catalogue", __name__, url_prefix="/api")


@bp.get("/tables/<table_id>/catalogue")
def export(table_id):
    data = catalogue.export_for(service(), table_id, viewer(table_id))
    reply = jsonify(data)
    reply.headers["Content-Disposition"] = f'attachment; filename="{data["game"]}-catalogue.json"'
    return reply


@bp.post("/tables/<table_id>/catalogue")
def import_(table_id):
    data = body()
    return once(
        kept(data),
        lambda: jsonify(
            catalogue.import_for(service(), table_id, data.get("file"), viewer(table_id))
        ),
    )
