"""The card catalogue's routes (``companion/storage/card_catalogue.py``): the tablet exports it as a
JSON file and imports one a club shares, and its editor fixes or deletes one entry and shows
the catalogue's history. Asked through a table, whose game it is."""

from __future__ import annotations

from flask import Blueprint, jsonify

from companion.writer import catalogue_requests
from web.api import body, kept
from web.context import service, viewer
from web.replay import once

bp = Blueprint("catalogue", __name__, url_prefix="/api")


@bp.get("/tables/<table_id>/catalogue")
def export(table_id):
    data = catalogue_requests.export_for(service(), table_id, viewer(table_id))
    reply = jsonify(data)
    reply.headers["Content-Disposition"] = f'attachment; filename="{data["game"]}-catalogue.json"'
    return reply


@bp.post("/tables/<table_id>/catalogue")
def import_(table_id):
    data = body()
    return once(
        kept(data),
        lambda: jsonify(
            catalogue_requests.import_for(service(), table_id, data.get("file"), viewer(table_id))
        ),
    )


@bp.get("/tables/<table_id>/catalogue/history")
def history(table_id):
    return jsonify(catalogue_requests.history_for(service(), table_id, viewer(table_id)))


@bp.post("/tables/<table_id>/catalogue/<key>")
def fix(table_id, key):
    data = body()
    return once(
        kept(data),
        lambda: jsonify(
            catalogue_requests.edit_for(
                service(), table_id, key, data.get("entry"), viewer(table_id)
            )
        ),
    )


@bp.post("/tables/<table_id>/catalogue/<key>/delete")
def delete(table_id, key):
    data = body()
    return once(
        kept(data),
        lambda: jsonify(catalogue_requests.delete_for(service(), table_id, key, viewer(table_id))),
    )
