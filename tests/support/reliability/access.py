"""What several test files share: ``bearer_device``."""

from __future__ import annotations

from tests.support.web.clients import Device


def bearer_device(app, token: str) -> Device:
    """A script holding a token in a header and no cookies at all."""
    device = Device(app)
    device.client._cookies.clear()
    device.client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return device
