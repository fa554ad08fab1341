"""Requests to a companion served by waitress (``tests.browser.conftest.LiveServer``), as a
script or a phone would send them: a bearer token and the viewer's language."""

from __future__ import annotations

import json
import urllib.error
import urllib.request


def call(live, method: str, path: str, token: str, data=None, lang: str = "en") -> tuple[int, dict]:
    """``(status, JSON reply)``; an error status is returned, not raised."""
    request = urllib.request.Request(
        live.url + path,
        method=method,
        data=None if data is None else json.dumps(data).encode(),
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {token}",
            "Accept-Language": lang,
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())
