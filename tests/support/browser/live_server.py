"""What several test files share: ``LiveServer``."""

from __future__ import annotations

import json
import urllib.request
from contextlib import ExitStack
from pathlib import Path

from companion.app.cli import start_devices
from companion.app.config import load
from companion.storage.journal import Journal
from companion.writer.service import Service
from web import create_app
from web.devices import load_key
from web.server import ServerThread, make_server


class LiveServer:
    def __init__(self, tmp_path: Path, port: int = 0) -> None:
        self.tmp_path = tmp_path
        self.stack = ExitStack()
        self.config = load(
            overrides={
                "data": {"dir": str(tmp_path)},
                "server": {
                    "host": "127.0.0.1",
                    "port": port,
                    "requests_per_minute": 100_000,
                    "requests_per_minute_anonymous": 100_000,
                    "requests_per_minute_per_address": 100_000,
                    # every page and client here is 127.0.0.1
                    "connections_per_address": 256,
                },
            }
        )
        self.journal = self.stack.enter_context(Journal(self.config.data.database))
        self.service = self.stack.enter_context(Service(self.journal))
        self.devices = start_devices(self.config, self.service, self.stack, sim=True)
        # the device key kept in the data folder, as `companion serve` loads it: a restart
        # here is the real service's restart, phones keep the device ids it signed
        app = create_app(
            self.config, self.service, device_key=load_key(self.config.data.device_key)
        )
        self.server = make_server(app, self.config)
        self.port = int(self.server.effective_port)
        self.url = f"http://127.0.0.1:{self.port}"
        self.runner = ServerThread(self.server)

    def api(self, method: str, path: str, data=None, token: str | None = None) -> dict:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(
            self.url + path,
            method=method,
            headers=headers,
            data=None if data is None else json.dumps(data).encode(),
        )
        with urllib.request.urlopen(request, timeout=10) as reply:
            return json.loads(reply.read())

    def restart(self) -> LiveServer:
        """Stop everything (as a power cut would, minus the kill) and start again on the
        same port and database."""
        self.close()
        return LiveServer(self.tmp_path, self.port)

    def close(self) -> None:
        if getattr(self, "closed", False):
            return
        self.closed = True
        self.service.hub.close()  # ends the SSE streams that hold waitress threads
        self.runner.stop()
        self.stack.close()
