"""What several test files share: ``make_table``."""

from __future__ import annotations


def make_table(page, live, game="tally", players=("Ann", "Bruno")):
    """Create a table from the browser itself, so it holds the admin cookie like a tablet."""
    page.goto(live.url + "/")
    made = page.evaluate(
        """async ([game, players]) => {
        const csrf = document.cookie.split('; ').find(c => c.startsWith('tc_csrf=')).slice(8);
        const r = await fetch('/api/tables', {method: 'POST', headers: {
            'Content-Type': 'application/json', 'X-CSRF-Token': csrf},
            body: JSON.stringify({game, players})});
        return r.json();
    }""",
        [game, list(players)],
    )
    return made
