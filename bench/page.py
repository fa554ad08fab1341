"""5. The page: what a tablet downloads for the first view of a dashboard, whether anything
goes to another host, and how soon it paints.

``companion serve --sim`` runs as a subprocess; a new Abilene table is made as the tablet
makes it (its seats not joined yet, so the dashboard shows the four seat QR codes, as it
does at the start of every game). Each run is a fresh browser context (empty cache) holding
the admin cookie. Bytes are what Chromium's network layer counts on the wire for every
response, headers included, via the DevTools protocol; the SSE stream, which Chromium
reports message by message, counts each frame's text plus its response head. The first view is
done when the actions are drawn and every QR image has loaded, plus 0.5 s. Then the tablet
sits through a few actions (a roll, the end of a turn) and what it downloads for each is
counted too.

Chromium is started with every host name but 127.0.0.1 unresolvable and a dead proxy for
anything not on loopback, so nothing can leave the machine; requests are still counted.
"""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import urlsplit

from bench.common import HOST, PLAYERS, median
from bench.serve import Serve

GAME = "abilene"
LOCAL_SCHEMES = ("data", "blob", "about", "chrome", "devtools")

READY_SCRIPT = """
window.__page = {};
new MutationObserver(() => {
  if (window.__page.actions === undefined && document.querySelector("#actions [data-action]"))
    window.__page.actions = performance.now();
}).observe(document, {childList: true, subtree: true});
"""


class Wire:
    """Bytes per request from the DevTools protocol's Network domain."""

    def __init__(self, context, page) -> None:
        self.urls: dict[str, str] = {}
        self.head: dict[str, int] = {}
        self.body: dict[str, int] = {}
        self.finished: dict[str, int] = {}
        self.failed: set[str] = set()
        self.cdp = context.new_cdp_session(page)
        self.cdp.on("Network.requestWillBeSent", self._sent)
        self.cdp.on("Network.responseReceived", self._response)
        self.cdp.on("Network.dataReceived", self._data)
        self.cdp.on("Network.eventSourceMessageReceived", self._event_source)
        self.cdp.on("Network.loadingFinished", self._finished)
        self.cdp.on("Network.loadingFailed", lambda e: self.failed.add(e["requestId"]))
        self.cdp.send("Network.enable")

    def _sent(self, event) -> None:
        key = event["requestId"]
        if key in self.urls:  # a redirect: same id, new request
            key = f"{key}#{len(self.urls)}"
        self.urls[key] = event["request"]["url"]

    def _response(self, event) -> None:
        self.head[event["requestId"]] = int(event["response"].get("encodedDataLength", 0))

    def _data(self, event) -> None:
        key = event["requestId"]
        self.body[key] = self.body.get(key, 0) + int(event.get("encodedDataLength", 0))

    def _event_source(self, event) -> None:
        """SSE messages are not reported as data chunks: count each frame as sent."""
        ident = f"id: {event['eventId']}\n" if event.get("eventId") else ""
        size = len(f"{ident}event: {event['eventName']}\ndata: {event['data']}\n\n".encode())
        key = event["requestId"]
        self.body[key] = self.body.get(key, 0) + size

    def _finished(self, event) -> None:
        self.finished[event["requestId"]] = int(event["encodedDataLength"])

    def total(self) -> int:
        """Finished responses as counted by Chromium; open ones (the SSE stream) so far."""
        keys = set(self.urls) | set(self.finished)
        return sum(self.finished.get(k, self.head.get(k, 0) + self.body.get(k, 0)) for k in keys)

    def requests(self) -> int:
        return sum(1 for url in self.urls.values() if not url.startswith(LOCAL_SCHEMES))

    def foreign(self) -> list[str]:
        return sorted(
            {
                url
                for url in self.urls.values()
                if not url.startswith(LOCAL_SCHEMES) and urlsplit(url).hostname != HOST
            }
        )

    def by_url(self) -> list[tuple[str, int]]:
        keys = set(self.urls)
        return sorted(
            (
                (
                    urlsplit(self.urls[k]).path,
                    self.finished.get(k, self.head.get(k, 0) + self.body.get(k, 0)),
                )
                for k in keys
            ),
            key=lambda item: -item[1],
        )


def first_views(browser, folder: Path, runs: int = 5, later_actions: int = 6) -> dict:
    with Serve(folder / "page", label="serve-page") as serve:
        made = serve.create_table(GAME, PLAYERS)
        table_id, admin = made["id"], made["admin_token"]
        url = f"http://{HOST}:{serve.port}/table/{table_id}"
        views = []
        for run in range(runs):
            views.append(
                _one_view(
                    browser, serve, url, table_id, admin, later_actions if run == runs - 1 else 0
                )
            )
    last = views[-1]
    return {
        "bytes_median": median([v["bytes"] for v in views]),
        "requests_median": median([v["requests"] for v in views]),
        "foreign_requests": max(len(v["foreign"]) for v in views),
        "foreign_urls": sorted({u for v in views for u in v["foreign"]}),
        "fcp_ms_median": median([v["fcp_ms"] for v in views]),
        "fcp_ms_max": max(v["fcp_ms"] for v in views),
        "dashboard_ms_median": median([v["dashboard_ms"] for v in views]),
        "by_url": last["by_url"],
        "per_action": last["per_action"],
        "runs": runs,
    }


def _one_view(browser, serve, url: str, table_id: str, admin: str, later: int) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_cookies(
        [{"name": f"tc_admin_{table_id}", "value": admin, "url": f"http://{HOST}:{serve.port}"}]
    )
    context.add_init_script(READY_SCRIPT)
    page = context.new_page()
    wire = Wire(context, page)
    try:
        page.goto(url, wait_until="load")
        page.wait_for_selector("#actions [data-action]", timeout=15_000)
        page.wait_for_function(
            """() => { const imgs = [...document.querySelectorAll('.seat-chip img')];
            return imgs.length >= 4 && imgs.every((i) => i.complete); }""",
            timeout=15_000,
        )
        page.wait_for_timeout(500)
        fcp = page.evaluate("""() => {
            const e = performance.getEntriesByName('first-contentful-paint')[0];
            return e ? e.startTime : null; }""")
        out = {
            "bytes": wire.total(),
            "requests": wire.requests(),
            "foreign": wire.foreign(),
            "fcp_ms": fcp if fcp is not None else float("nan"),
            "dashboard_ms": page.evaluate("window.__page.actions"),
            "by_url": wire.by_url(),
            "per_action": None,
        }
        if later:
            out["per_action"] = _later_actions(page, wire, serve, table_id, admin, later)
        return out
    finally:
        context.close()


def _later_actions(page, wire: Wire, serve, table_id: str, admin: str, count: int) -> dict:
    """Bytes and requests the open dashboard takes for each further action."""
    bytes_before, requests_before = wire.total(), wire.requests()
    for _ in range(count // 2):
        view = serve.api("GET", f"/api/tables/{table_id}", token=admin)
        seat, version = view["prompt"]["seat"], view["table"]["version"]
        serve.api("POST", f"/api/tables/{table_id}/roll", {}, token=admin)
        page.wait_for_selector(f"#log li[data-version='{version + 1}']", timeout=10_000)
        serve.api(
            "POST",
            f"/api/tables/{table_id}/actions",
            {"action": {"type": "end_turn", "seat": seat}},
            token=admin,
        )
        page.wait_for_selector(f"#log li[data-version='{version + 2}']", timeout=10_000)
    page.wait_for_timeout(500)
    time.sleep(0.1)
    return {
        "actions": count,
        "bytes": (wire.total() - bytes_before) / count,
        "requests": (wire.requests() - requests_before) / count,
    }
