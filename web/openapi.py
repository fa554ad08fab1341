"""The API as OpenAPI 3.0, served at ``/api/openapi.json`` (prose in ``docs/api.md``)."""

from __future__ import annotations

from typing import Any

from companion.known_games import registry
from web.openapi_pages import PAGES

ERROR = {"$ref": "#/components/schemas/Error"}


def _reply(description: str, schema: dict | None = None) -> dict:
    out: dict = {"description": description}
    if schema is not None:
        out["content"] = {"application/json": {"schema": schema}}
    return out


def _errors(*codes: int) -> dict:
    return {str(code): _reply("error", ERROR) for code in codes}


def _body(schema: dict) -> dict:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


TABLE_ID = {
    "name": "table_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "maxLength": 40},
}
CATALOGUE_KEY = {
    "name": "key",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "maxLength": 12},
}
SEAT = {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 0}}
CHANGE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "expected_version": {"type": "integer", "minimum": 0},
        "idempotency_key": {"type": "string", "minLength": 8, "maxLength": 80},
    },
}


def spec() -> dict:
    change_errors = _errors(400, 403, 404, 409, 413, 415, 422, 429)
    return {
        "openapi": "3.0.3",
        "info": {"title": "Table Companion", "version": "1"},
        "components": {
            "schemas": {
                "Error": {
                    "type": "object",
                    "required": ["error"],
                    "properties": {
                        "error": {
                            "type": "object",
                            "required": ["code", "message"],
                            "properties": {
                                "code": {"type": "string"},
                                "message": {"type": "string"},
                                "params": {"type": "object"},
                            },
                        }
                    },
                },
                "Action": {
                    "type": "object",
                    "required": ["type"],
                    "properties": {
                        "type": {"type": "string"},
                        "seat": {"type": "integer", "nullable": True},
                    },
                    "additionalProperties": True,
                },
            }
        },
        "paths": {
            "/api/games": {
                "get": {
                    "summary": "The games and their options",
                    "responses": {"200": _reply("games")},
                }
            },
            "/api/tables": {
                "post": {
                    "summary": "Create a table; the caller becomes its admin (tablet)",
                    "requestBody": _body(
                        {
                            "type": "object",
                            "required": ["game", "players"],
                            "properties": {
                                "game": {"type": "string"},
                                "players": {"type": "array", "items": {"type": "string"}},
                                "options": {"type": "object"},
                            },
                        }
                    ),
                    "responses": {"201": _reply("created"), **change_errors},
                }
            },
            "/api/tables/{table_id}": {
                "get": {
                    "summary": "The view for whoever asks",
                    "parameters": [TABLE_ID],
                    "responses": {"200": _reply("view"), **_errors(404)},
                }
            },
            "/api/tables/{table_id}/actions": {
                "post": {
                    "summary": "Submit one action",
                    "parameters": [TABLE_ID],
                    "requestBody": _body(
                        {
                            **CHANGE,
                            "required": ["action"],
                            "properties": {
                                **CHANGE["properties"],
                                "action": {"$ref": "#/components/schemas/Action"},
                            },
                        }
                    ),
                    "responses": {"200": _reply("applied"), **change_errors},
                }
            },
            "/api/tables/{table_id}/undo": {
                "post": {
                    "summary": "Undo the last action (tablet only)",
                    "parameters": [TABLE_ID],
                    "requestBody": _body(CHANGE),
                    "responses": {"200": _reply("undone"), **change_errors},
                }
            },
            "/api/tables/{table_id}/dice": {
                "post": {
                    "summary": "Dice thrown or typed: the same path as a hardware roll",
                    "parameters": [TABLE_ID],
                    "requestBody": _body(
                        {
                            "type": "object",
                            "required": ["dice"],
                            "properties": {
                                "dice": {
                                    "type": "array",
                                    "maxItems": 6,
                                    "items": {
                                        "type": "object",
                                        "required": ["die", "face"],
                                        "properties": {
                                            "die": {
                                                "type": "string",
                                                "enum": list(registry.die_kinds()),
                                            },
                                            "face": {"type": "integer"},
                                        },
                                    },
                                },
                                # the prompt's moment: dice for one that passed are refused
                                "expected_version": {"type": "integer", "minimum": 0},
                            },
                        }
                    ),
                    "responses": {"200": _reply("routed"), **change_errors},
                }
            },
            "/api/tables/{table_id}/correct": {
                "post": {
                    "summary": "Fix a misread roll: the last action again with these faces",
                    "parameters": [TABLE_ID],
                    "requestBody": _body(
                        {
                            **CHANGE,
                            "required": ["dice"],
                            "properties": {
                                **CHANGE["properties"],
                                "dice": {
                                    "type": "array",
                                    "maxItems": 6,
                                    "items": {"type": "integer"},
                                },
                            },
                        }
                    ),
                    "responses": {"200": _reply("corrected"), **change_errors},
                }
            },
            "/api/tables/{table_id}/roll": {
                "post": {
                    "summary": "Virtual dice for the prompt, drawn from the table's seed",
                    "parameters": [TABLE_ID],
                    "requestBody": _body({"type": "object"}),
                    "responses": {
                        "202": _reply("throwing"),
                        "200": _reply("a retry of a throw already made: its first answer"),
                        **change_errors,
                    },
                }
            },
            "/api/tables/{table_id}/close": {
                "post": {
                    "summary": "(tablet) close the game that is over: its seed is published",
                    "parameters": [TABLE_ID],
                    "requestBody": _body(CHANGE),
                    "responses": {"200": _reply("closed"), **change_errors},
                }
            },
            "/api/tables/{table_id}/log": {
                "get": {
                    "summary": "The journal as this viewer may read it",
                    "parameters": [
                        TABLE_ID,
                        {
                            "name": "after",
                            "in": "query",
                            "schema": {"type": "integer", "minimum": 0},
                        },
                    ],
                    "responses": {"200": _reply("log"), **_errors(400, 404)},
                }
            },
            "/api/tables/{table_id}/events": {
                "get": {
                    "summary": "Server-Sent Events; Last-Event-ID resumes",
                    "parameters": [TABLE_ID],
                    "responses": {"200": {"description": "text/event-stream"}},
                }
            },
            "/api/tables/{table_id}/seats": {
                "get": {
                    "summary": "Seats and their join links (tablet only)",
                    "parameters": [TABLE_ID],
                    "responses": {"200": _reply("seats"), **_errors(403, 404)},
                }
            },
            "/api/tables/{table_id}/seats/{seat}/reissue": {
                "post": {
                    "summary": "A new join code for a seat; the old device loses access",
                    "parameters": [TABLE_ID, SEAT],
                    "requestBody": _body({"type": "object"}),
                    "responses": {"200": _reply("reissued"), **change_errors},
                }
            },
            "/api/tables/{table_id}/seats/{seat}/pin": {
                "post": {
                    "summary": "(tablet) keep a seat on the tablet behind a PIN",
                    "parameters": [TABLE_ID, SEAT],
                    "requestBody": _body(
                        {
                            "type": "object",
                            "required": ["pin"],
                            "properties": {"pin": {"type": "string", "pattern": "^[0-9]{4,8}$"}},
                        }
                    ),
                    "responses": {"200": _reply("kept"), **change_errors},
                }
            },
            "/api/tables/{table_id}/seats/{seat}/unlock": {
                "post": {
                    "summary": "(tablet only) open a seat's private page with its PIN",
                    "parameters": [TABLE_ID, SEAT],
                    "requestBody": _body(
                        {
                            "type": "object",
                            "required": ["pin"],
                            "properties": {"pin": {"type": "string"}},
                        }
                    ),
                    "responses": {"200": _reply("unlocked"), **change_errors},
                }
            },
            "/api/tables/{table_id}/lock": {
                "post": {
                    "summary": "End a private session on the tablet",
                    "parameters": [TABLE_ID],
                    "requestBody": _body({"type": "object"}),
                    "responses": {"200": _reply("locked"), **change_errors},
                }
            },
            "/api/tables/{table_id}/cards": {
                "post": {
                    "summary": "Name an unknown card tag",
                    "parameters": [TABLE_ID],
                    "requestBody": _body(
                        {
                            "type": "object",
                            "required": ["uid", "card"],
                            "properties": {"uid": {"type": "string"}, "card": {"type": "string"}},
                        }
                    ),
                    "responses": {"200": _reply("remembered"), **change_errors},
                }
            },
            "/api/tables/{table_id}/dice-owners": {
                "post": {
                    "summary": "Give a die (a Bluetooth die, by device name) to a seat, or to "
                    "the table with seat null (tablet only)",
                    "parameters": [TABLE_ID],
                    "requestBody": _body(
                        {
                            "type": "object",
                            "required": ["device"],
                            "properties": {
                                "device": {"type": "string"},
                                "seat": {"type": "integer", "nullable": True},
                            },
                        }
                    ),
                    "responses": {"200": _reply("given"), **change_errors},
                }
            },
            "/api/tables/{table_id}/active": {
                "post": {
                    "summary": "(tablet) send hardware input to this table: moved if this "
                    "request steers it (or nothing has it), else the tablet it feeds is asked",
                    "parameters": [TABLE_ID],
                    "requestBody": _body({"type": "object"}),
                    "responses": {
                        "200": _reply("moved: {active}"),
                        "202": _reply("asked: {asked}"),
                        **change_errors,
                    },
                }
            },
            "/api/tables/{table_id}/active/asks": {
                "get": {
                    "summary": "(tablet of the table the hardware feeds) the tables asking for it",
                    "parameters": [TABLE_ID],
                    "responses": {"200": _reply("asks"), **_errors(404)},
                }
            },
            "/api/tables/{table_id}/active/give": {
                "post": {
                    "summary": "(tablet of the table the hardware feeds) give it to a table "
                    "that asked",
                    "parameters": [TABLE_ID],
                    "requestBody": _body(
                        {
                            "type": "object",
                            "required": ["table"],
                            "properties": {"table": {"type": "string"}},
                        }
                    ),
                    "responses": {"200": _reply("given: {active}"), **change_errors},
                }
            },
            "/api/tables/{table_id}/export.json": {
                "get": {
                    "summary": "The play as the table saw it: players, journal, standings, seed",
                    "parameters": [TABLE_ID],
                    "responses": {"200": _reply("play"), **_errors(404)},
                }
            },
            "/api/tables/{table_id}/export.bgstats.json": {
                "get": {
                    "summary": "The play in the format the BG Stats app imports",
                    "parameters": [TABLE_ID],
                    "responses": {"200": _reply("play"), **_errors(404)},
                }
            },
            "/api/tables/{table_id}/bgstats": {
                "get": {
                    "summary": "The same play as a link that opens BG Stats' import dialog",
                    "parameters": [TABLE_ID],
                    "responses": {
                        "302": {"description": "to bgstats://app.bgstatsapp.com/createPlay.html"},
                        **_errors(404),
                    },
                }
            },
            "/api/tables/{table_id}/rematch": {
                "post": {
                    "summary": "(tablet) a new table: same game, players and options, fresh seed",
                    "parameters": [TABLE_ID],
                    "requestBody": _body({"type": "object"}),
                    "responses": {"201": _reply("created"), **change_errors},
                }
            },
            "/api/tables/{table_id}/archive": {
                "post": {
                    "summary": "(tablet) list a past game apart, or back",
                    "parameters": [TABLE_ID],
                    "requestBody": _body(
                        {"type": "object", "properties": {"archived": {"type": "boolean"}}}
                    ),
                    "responses": {"200": _reply("archived"), **change_errors},
                }
            },
            "/api/tables/{table_id}/delete": {
                "post": {
                    "summary": "(tablet) forget a game entirely",
                    "parameters": [TABLE_ID],
                    "requestBody": _body({"type": "object"}),
                    "responses": {"200": _reply("deleted"), **change_errors},
                }
            },
            "/api/tables/{table_id}/catalogue": {
                "get": {
                    "summary": "(tablet or a seat) the card catalogue of the table's game, "
                    "as a file",
                    "parameters": [TABLE_ID],
                    "responses": {"200": _reply("catalogue"), **_errors(403, 404)},
                },
                "post": {
                    "summary": "(tablet) import a catalogue file: every entry checked, then "
                    "all kept",
                    "parameters": [TABLE_ID],
                    "requestBody": _body(
                        {"type": "object", "required": ["file"], "properties": {"file": {}}}
                    ),
                    "responses": {"200": _reply("imported"), **change_errors},
                },
            },
            "/api/tables/{table_id}/catalogue/history": {
                "get": {
                    "summary": "(tablet) the catalogue's changes, the latest first: each "
                    "entry's before and after, when, from which table and why",
                    "parameters": [TABLE_ID],
                    "responses": {"200": _reply("history"), **_errors(403, 404)},
                },
            },
            "/api/tables/{table_id}/catalogue/{key}": {
                "post": {
                    "summary": "(tablet) fix or add one entry, checked as an imported one",
                    "parameters": [TABLE_ID, CATALOGUE_KEY],
                    "requestBody": _body(
                        {"type": "object", "required": ["entry"], "properties": {"entry": {}}}
                    ),
                    "responses": {"200": _reply("the entry as kept"), **change_errors},
                },
            },
            "/api/tables/{table_id}/catalogue/{key}/delete": {
                "post": {
                    "summary": "(tablet) delete one entry: the card is asked for again",
                    "parameters": [TABLE_ID, CATALOGUE_KEY],
                    "requestBody": _body(CHANGE),
                    "responses": {"200": _reply("deleted"), **change_errors},
                },
            },
            "/api/i18n/{lang}.json": {
                "get": {
                    "summary": "The words the pages use (?game=: that game's too)",
                    "parameters": [
                        {
                            "name": "lang",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "string", "enum": ["en", "fr"]},
                        },
                        {"name": "game", "in": "query", "schema": {"type": "string"}},
                    ],
                    "responses": {"200": _reply("words"), **_errors(404)},
                }
            },
            "/api/openapi.json": {
                "get": {
                    "summary": "This document",
                    "responses": {"200": _reply("the OpenAPI document")},
                }
            },
            "/api/health": {
                "get": {
                    "summary": "Devices and their state",
                    "responses": {"200": _reply("health")},
                }
            },
            "/api/language": {
                "post": {
                    "summary": "Remember this device's language",
                    "requestBody": _body(
                        {
                            "type": "object",
                            "required": ["lang"],
                            "properties": {"lang": {"type": "string", "enum": ["en", "fr"]}},
                        }
                    ),
                    "responses": {"200": _reply("set"), **_errors(400, 403, 415)},
                }
            },
            **PAGES,
        },
    }
