"""The web edge: ``create_app(config, service)`` builds the Flask app; nothing is created at
import time. Blueprints: ``api`` (JSON), ``after`` (exports, rematch, history), ``catalogue`` (the
card catalogue's JSON), ``stream`` (SSE),
``pages`` (HTML)."""

from __future__ import annotations

import secrets

from flask import Flask
from werkzeug.routing import IntegerConverter

from companion.app.config import Config
from companion.writer.service import Service
from web import after, api, catalogue, errors, fast, guard, pages, replay, stream
from web.devices import DeviceIds
from web.i18n import Catalog


class AsciiInt(IntegerConverter):
    """``<int:seat>`` in a URL is ASCII digits: ``١`` is a digit to Python's regular
    expressions and to ``int()``, and must not become seat 1."""

    regex = r"[0-9]{1,9}"


def create_app(
    config: Config, service: Service, clock=None, device_key: bytes | None = None
) -> Flask:
    """``device_key`` signs device ids (``web/devices.py``); the CLI passes the one kept in
    the data folder. Without one (tests) the app makes its own, valid while it lives."""
    app = Flask(__name__)
    app.url_map.converters["int"] = AsciiInt
    app.config["MAX_CONTENT_LENGTH"] = config.server.max_body_bytes
    app.config["JSON_SORT_KEYS"] = False
    app.extensions["companion"] = {
        "config": config,
        "service": service,
        "catalog": Catalog(),
        "limiter": guard.Limits(config.server, clock),
        "devices": DeviceIds(device_key or secrets.token_bytes(32)),
        "replies": replay.Replies(),
    }
    guard.init_app(app)
    errors.init_app(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(catalogue.bp)
    app.register_blueprint(after.bp)
    app.register_blueprint(stream.bp)
    app.register_blueprint(pages.bp)
    fast.install(app)  # an ordinary table change skips Flask's request context
    return app
