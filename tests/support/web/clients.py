"""What several test files share: ``Device``, ``join``."""

from __future__ import annotations


class Device:
    """A Flask test client that keeps its cookies and sends the CSRF header like shell.js."""

    def __init__(self, app) -> None:
        self.client = app.test_client()
        self.client.get("/api/health")  # receive the CSRF and device cookies

    def csrf(self) -> str:
        cookie = self.client.get_cookie("tc_csrf")
        return cookie.value if cookie else ""

    def get(self, path, **kw):
        return self.client.get(path, **kw)

    def post(self, path, json=None, **kw):
        headers = {"X-CSRF-Token": self.csrf(), **kw.pop("headers", {})}
        return self.client.post(path, json=json if json is not None else {}, headers=headers, **kw)

    def act(self, table_id, action, **extra):
        return self.post(f"/api/tables/{table_id}/actions", {"action": action, **extra})


def join(device, table, seat):
    code = table["seats"][seat]["join_code"]
    reply = device.client.post(f"/join/{table['id']}/{code}")
    assert reply.status_code == 303
    return device
