"""Create a table and play a few steps from a script, as docs/api.md walks through it.

    python docs/examples/play_by_script.py http://companion.local:8080

Standard library only. Step 1 shows the CSRF double submit a cookie-holding client needs;
from step 2 on the script uses the admin token as a bearer token, which needs no CSRF header.
"""

from __future__ import annotations

import http.cookiejar
import json
import sys
import urllib.error
import urllib.request


def main(base: str) -> dict:
    # 0. Any GET hands out the tc_csrf cookie (and a device cookie).
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    browser.open(base + "/api/health").read()
    csrf = next(cookie.value for cookie in jar if cookie.name == "tc_csrf")

    # 1. Create the table: with cookies, send the cookie's value back in X-CSRF-Token.
    made = send(
        browser,
        base + "/api/tables",
        {"game": "lawless", "players": ["Ann", "Bruno", "Claudia"]},
        {"X-CSRF-Token": csrf},
    )
    table, admin = made["id"], made["admin_token"]
    print("table", table, "seed commitment", made["seed_hash"])

    # 2. From here on, the admin token as a bearer token (not ambient: no CSRF header).
    plain = urllib.request.build_opener()
    bearer = {"Authorization": "Bearer " + admin}
    view = get(plain, f"{base}/api/tables/{table}", bearer)
    print("the table waits for:", view["prompt"]["why"]["key"])
    print("legal:", [t["type"] for t in view["legal"]])

    # 3. Act: name the first player. expected_version refuses a stale screen (409), and an
    #    Idempotency-Key makes a retry after a lost reply safe (answered once).
    done = send(
        plain,
        f"{base}/api/tables/{table}/actions",
        {
            "action": {"type": "first_player", "seat": None, "player": "Ann"},
            "expected_version": view["table"]["version"],
        },
        {**bearer, "Idempotency-Key": "script-first-player-1"},
    )
    print("now at version", done["version"])

    # 4. A refused action says why, in the device's language, naming the field by its label.
    try:
        send(
            plain,
            f"{base}/api/tables/{table}/actions",
            {"action": {"type": "first_player", "seat": None}},
            bearer,
        )
    except urllib.error.HTTPError as error:
        print("refused:", json.loads(error.read())["error"]["message"])

    # 5. Read the journal as the table sees it.
    log = get(plain, f"{base}/api/tables/{table}/log", bearer)["log"]
    print("journal:", [(line["version"], line["line"]["key"]) for line in log])
    return {"table": table, "version": done["version"], "log": log}


def send(opener, url: str, data: dict, headers: dict) -> dict:
    request = urllib.request.Request(
        url,
        data=json.dumps(data).encode(),
        method="POST",
        headers={"Content-Type": "application/json", **headers},
    )
    with opener.open(request, timeout=10) as reply:
        return json.loads(reply.read())


def get(opener, url: str, headers: dict) -> dict:
    with opener.open(urllib.request.Request(url, headers=headers), timeout=10) as reply:
        return json.loads(reply.read())


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080")
