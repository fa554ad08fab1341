"""waitress, set up for a table (DESIGN.md, "Web").

Each SSE stream holds a thread, so there are enough threads for a table (48 by default);
``channel_request_lookahead=1`` lets waitress notice a client that vanished mid-stream.
"""

from __future__ import annotations

from flask import Flask
from waitress.server import create_server

from companion.config import Config


def make_server(app: Flask, config: Config, **overrides):
    settings = dict(host=config.server.host, port=config.server.port,
                    threads=config.server.threads, channel_request_lookahead=1,
                    clear_untrusted_proxy_headers=True, ident="companion")
    settings.update(overrides)
    return create_server(app, **settings)
