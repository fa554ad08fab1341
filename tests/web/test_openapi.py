"""The OpenAPI document names every route the app serves, with every method, and nothing
it does not serve: compared with Flask's own URL map (the outside truth of what answers)."""

from __future__ import annotations

import re

HTTP_METHODS = {"get", "post", "put", "patch", "delete"}


def served(app) -> set[tuple[str, str]]:
    out = set()
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule)
        out |= {(m.lower(), path) for m in rule.methods - {"HEAD", "OPTIONS"}}
    return out


def documented(spec: dict) -> set[tuple[str, str]]:
    return {
        (method, path)
        for path, operations in spec["paths"].items()
        for method in operations
        if method in HTTP_METHODS
    }


def test_the_document_lists_every_route_and_only_those(app, tablet):
    """Before: ``/api/i18n/{lang}.json``, the catalogue routes, the document itself and
    every page were missing."""
    spec = tablet.get("/api/openapi.json").json
    assert documented(spec) == served(app)


def test_every_path_parameter_is_declared(tablet):
    spec = tablet.get("/api/openapi.json").json
    for path, operations in spec["paths"].items():
        wanted = set(re.findall(r"{([a-z_]+)}", path))
        for method, operation in operations.items():
            declared = {p["name"] for p in operation.get("parameters", []) if p["in"] == "path"}
            assert declared == wanted, (method, path)
