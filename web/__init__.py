"""The web edge: ``create_app(config, service)`` builds the Flask app; nothing is created at
import time. Blueprints: ``api`` (JSON), ``stream`` (SSE), ``pages`` (HTML)."""

from __future__ import annotations

from flask import Flask
from werkzeug.routing import IntegerConverter

from companion.config import Config
from companion.service import Service
from web import api, errors, guard, pages, replay, stream
from web.i18n import Catalog


class AsciiInt(IntegerConverter):
    """``<int:seat>`` in a URL is ASCII digits: ``١`` is a digit to Python's regular
    expressions and to ``int()``, and must not become seat 1."""

    regex = r"[0-9]{1,9}"


def create_app(config: Config, service: Service, clock=None) -> Flask:
    app = Flask(__name__)
    app.url_map.converters["int"] = AsciiInt
    app.config["MAX_CONTENT_LENGTH"] = config.server.max_body_bytes
    app.config["JSON_SORT_KEYS"] = False
    app.extensions["companion"] = {
        "config": config, "service": service, "catalog": Catalog(),
        "limiter": guard.RateLimiter(config.server.requests_per_minute, clock),
        "replies": replay.Replies(),
    }
    guard.init_app(app)
    errors.init_app(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(stream.bp)
    app.register_blueprint(pages.bp)
    return app
