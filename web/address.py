"""The address the phones can reach: what the join links and their QR codes point to.

A tablet may open the companion as ``localhost`` (a browser on the Pi itself, or an
address typed by hand); a link built from that request would send every phone to itself.
So a join link never names a loopback host: it names the address ``companion serve``
prints (the Pi's LAN address when it listens on every interface, else the address it
listens on), with the port the tablet used. Only when the companion listens on loopback
alone, where no phone can reach it anyway, does the link keep the host it was asked on.
"""

from __future__ import annotations

import socket
import subprocess
from urllib.parse import urlsplit, urlunsplit

from flask import url_for

from web.context import config

EVERY_INTERFACE = ("0.0.0.0", "::", "")


def lan_address() -> str:
    """This machine's first non-loopback IPv4 address, for the URL the tablet opens."""
    try:
        shown = subprocess.run(
            ["hostname", "-I"], capture_output=True, text=True, timeout=2, check=False
        ).stdout.split()
    except (OSError, subprocess.SubprocessError):
        shown = []
    for address in shown:
        if "." in address and not address.startswith("127."):
            return address
    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"
    return "127.0.0.1" if address.startswith("127.") else address


def served_address(host: str) -> str:
    """The address to give out for a server listening on ``host``."""
    return lan_address() if host in EVERY_INTERFACE else host


def is_loopback(host: str) -> bool:
    host = host.strip("[]").lower()
    return host == "localhost" or host.startswith("127.") or host == "::1"


def reachable(url: str, listening_on: str) -> str:
    """``url`` with a loopback host replaced by the address phones can reach."""
    parts = urlsplit(url)
    if not is_loopback(parts.hostname or ""):
        return url
    address = served_address(listening_on)
    if is_loopback(address):
        return url  # listening on loopback only (or no network): nothing better to give
    if ":" in address:
        address = f"[{address}]"
    netloc = address if parts.port is None else f"{address}:{parts.port}"
    return urlunsplit(parts._replace(netloc=netloc))


def join_url(table_id: str, code: str) -> str:
    """A seat's join link, as a phone can open it."""
    url = url_for("pages.join", table_id=table_id, code=code, _external=True)
    return reachable(url, config().server.host)
