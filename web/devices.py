"""Device ids that mean something: issued and signed by the server.

A device is what the rate limits and the stream caps count. Its id lives in the
``tc_device`` cookie as ``<id>.<signature>``, the signature an HMAC-SHA256 of the id under
a key kept in the data folder (``device.key``, made on first start, readable by the
companion's user only), so ids survive a restart and only this server can make them.

A request without a valid cookie — none, made up, unsigned, signed by another key — is
*anonymous*: every anonymous request from one address is one device with the tightest
limits (``requests_per_minute_anonymous``, ``[streams] per_anonymous``), and it is offered a
fresh signed id with the reply. Made-up cookies therefore buy nothing, and minting signed
ids costs anonymous requests; the caps per address bound what many ids from one address
can do.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from companion.app.config import ConfigError

KEY_BYTES = 32
ID_HEX = 16
SIGNATURE_CHARS = 22  # 128 bits of the HMAC, base64url


@dataclass(frozen=True)
class Device:
    """Who is asking, for the limits: ``key`` is what buckets and caps are counted by."""

    key: str
    address: str
    anonymous: bool


def load_key(path: str | Path) -> bytes:
    """The signing key from ``path``, made (0600, written whole) if it is not there."""
    path = Path(path)
    try:
        key = path.read_bytes()
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        fresh = secrets.token_bytes(KEY_BYTES)
        temporary = path.with_name(path.name + ".new")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "wb") as out:
            out.write(fresh)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
        return fresh
    except OSError as error:
        raise ConfigError(f"cannot read the device key {path}: {error}") from error
    if len(key) != KEY_BYTES:
        raise ConfigError(
            f"the device key {path} is damaged ({len(key)} bytes, "
            f"not {KEY_BYTES}); delete it to make a new one (every phone "
            f"then gets a new device id)"
        )
    return key


class DeviceIds:
    def __init__(self, key: bytes) -> None:
        self._key = key

    def _sign(self, device: str) -> str:
        mac = hmac.new(self._key, b"tc-device:" + device.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac).decode()[:SIGNATURE_CHARS]

    def issue(self) -> str:
        """A new cookie value."""
        device = secrets.token_hex(ID_HEX // 2)
        return f"{device}.{self._sign(device)}"

    def verify(self, cookie: str) -> str | None:
        """The id a cookie carries if this server signed it, else None."""
        device, dot, signature = cookie.partition(".")
        if not dot or len(device) != ID_HEX or len(signature) != SIGNATURE_CHARS:
            return None
        if not all(c in "0123456789abcdef" for c in device):
            return None
        if not hmac.compare_digest(signature.encode(), self._sign(device).encode()):
            return None
        return device
