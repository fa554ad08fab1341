"""waitress, set up for a table (docs/reliability.md).

Each SSE stream holds a thread, so there are enough threads for a table (48 by default);
``channel_request_lookahead=1`` lets waitress notice a client that vanished mid-stream.
"""

from __future__ import annotations

import threading

from flask import Flask
from waitress.server import create_server

from companion.config import Config


def make_server(app: Flask, config: Config, **overrides):
    settings = dict(host=config.server.host, port=config.server.port,
                    threads=config.server.threads, channel_request_lookahead=1,
                    clear_untrusted_proxy_headers=True, ident="companion")
    settings.update(overrides)
    return create_server(app, **settings)


class ServerThread:
    """Runs a waitress server's loop on its own thread and stops it without a traceback.

    waitress's own ``run()`` has no stop; closing its sockets from another thread races
    with its ``select``. Here the loop turns in short slices and, once asked to stop,
    closes every channel on its own thread, then the worker threads are joined. Close the
    hub first, so no SSE stream holds a worker.
    """

    def __init__(self, server) -> None:
        self.server = server
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="waitress", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        server = self.server
        try:
            while not self._stop.is_set():
                server.asyncore.loop(timeout=0.25, map=server._map, count=1,
                                     use_poll=server.adj.asyncore_use_poll)
        finally:
            for channel in list(server._map.values()):
                channel.handle_close()

    def stop(self, timeout: float = 5.0) -> None:
        if self._stop.is_set():
            return
        self._stop.set()
        self._thread.join(timeout=timeout)
        self.server.task_dispatcher.shutdown(timeout=timeout)
