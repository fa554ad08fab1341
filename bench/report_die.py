"""The die-to-screen part of bench/README.md (split from :mod:`bench.report` for size),
and the small formatting helpers both use."""

from __future__ import annotations

from collections.abc import Callable

# what a results.json from an older or broken run may throw at the report: caught per
# section (or per summary row) and reported as "not reported", never a crash
MALFORMED = (KeyError, IndexError, TypeError, ValueError, ZeroDivisionError, AttributeError)

SERVERS = (
    ("companion", "companion, as shipped"),
    ("per_view", "companion, public part made per view (before)"),
    ("tmpfs", "companion, journal on tmpfs"),
    ("floor", "floor: bare waitress SSE"),
)
STAGES = (
    ("pty_to_service", "pty → event posted to the service (pyserial, parse, ACK)"),
    (
        "service_to_journal",
        "writer picks it up → journal append starts (prompt, `roll` event out, rules)",
    ),
    (
        "journal_commit",
        "journal append: INSERT + COMMIT (fsync)",
    ),
    ("commit_and_views", "commit returned → the views made and queued"),
    ("views_to_last_screen", "queued → state event read by the last client"),
)


def ms(value: float, digits: int = 2) -> str:
    return "n/a" if value != value else f"{value:.{digits}f}"


def mb(kib: float) -> str:
    return f"{kib * 1024 / 1e6:.1f} MB"


def verdict(ok: bool | None) -> str:
    return "—" if ok is None else ("**pass**" if ok else "**MISS**")


def last_line(text: str, limit: int = 240) -> str:
    """The last non-empty line of a traceback: what went wrong, in one line."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    line = lines[-1] if lines else "unknown error"
    return line if len(line) <= limit else line[:limit] + "…"


class Page:
    """The Markdown being written and the results it is written from; the base of every
    part of :class:`bench.report.Report`."""

    def __init__(self, results: dict) -> None:
        self.r = results
        self.lines: list[str] = []

    def add(self, *lines: str) -> None:
        self.lines.extend(lines)

    def table(self, head: list[str], rows: list[list[str]]) -> None:
        self.add("| " + " | ".join(head) + " |", "|" + "---|" * len(head))
        for row in rows:  # an error message quoted in a cell must not split the row
            self.add("| " + " | ".join(str(cell).replace("|", "\\|") for cell in row) + " |")
        self.add("")


class DieReport(Page):
    """Mixed into :class:`bench.report.Report`."""

    def die_rows(self, die: dict) -> list[list[str]]:
        def sse_row(count: str) -> Callable[[str], list[str]]:
            return lambda label: self.die_row(label, die["sse"][count], strict=count == "8")

        wanted = [
            (
                f"Die → screen, {count} SSE client{'s' if count != '1' else ''}: p50 / p99",
                sse_row(count),
            )
            for count in ("1", "8", "32")
            if die.get("sse", {}).get(count)
        ]
        if die.get("browser"):
            wanted.append(
                (
                    "Die → DOM of a Chromium dashboard: p50 / p99",
                    lambda label: self.die_row(label, die["browser"], strict=False),
                )
            )
        if die.get("sse", {}).get("8", {}).get("companion", {}).get("roll_event_every_screen"):
            wanted.append(
                (
                    "Faces on screen (`roll` event, sent before the journal), 8 SSE "
                    "clients: p50 / p99",
                    lambda label: self.roll_row(label, die),
                )
            )
        rows = []
        for label, make in wanted:  # one malformed case costs its own row, not the others
            try:
                rows.append(make(label))
            except MALFORMED as error:
                rows.append(
                    [
                        "1",
                        f"{label}: measured, but could not be reported "
                        f"({type(error).__name__}: {error})",
                        "—",
                        "",
                        "",
                        "",
                        "**not reported**",
                    ]
                )
        return rows

    @staticmethod
    def roll_row(label: str, die: dict) -> list[str]:
        """Informational: the faces reach the screens before the journal's fsync."""
        case = die["sse"]["8"]
        roll, floor = case["companion"]["roll_event_every_screen"], case["floor"]["every_screen"]
        return [
            "1",
            label,
            f"{ms(roll['p50'])} / {ms(roll['p99'])} ms",
            f"{ms(floor['p50'])} / {ms(floor['p99'])} ms",
            f"{roll['p50'] / floor['p50']:.1f}× / {roll['p99'] / floor['p99']:.1f}×",
            "— (the target is read on `state`)",
            "—",
        ]

    def die_row(self, label: str, case: dict, strict: bool) -> list[str]:
        c, fl = case["companion"]["every_screen"], case["floor"]["every_screen"]
        ratio50 = c["p50"] / fl["p50"] if fl["p50"] else float("nan")
        ratio99 = c["p99"] / fl["p99"] if fl["p99"] else float("nan")
        ok = ratio50 <= 2 and ratio99 <= 2 and (c["p99"] < 5 if strict else True)
        target = "p99 < 5 ms; ≤ 2× floor" if strict else "≤ 2× floor"
        return [
            "1",
            label,
            f"{ms(c['p50'])} / {ms(c['p99'])} ms",
            f"{ms(fl['p50'])} / {ms(fl['p99'])} ms",
            f"{ratio50:.1f}× / {ratio99:.1f}×",
            target,
            verdict(ok),
        ]

    # -- details -------------------------------------------------------------------------
    def die_details(self) -> None:
        die = self.r["die"]
        self.add(
            "### 1. Die to screen",
            "",
            f"Abilene, 4 players; each roll is the five dice in one `ROLL` frame, which "
            f"becomes the prompted `throw` action. {self.r['rolls']} measured rolls per "
            "server and client count (after 10 warm-up rolls), servers in turns roll by "
            "roll, 30 ms rest between rolls. Clients are, in turn, the tablet (admin), "
            "the four phones (seat tokens) and a public page. *Each screen*: every "
            "(roll, client) arrival. *`roll` event*: the transient event with the faces, "
            "which the companion sends **before** it journals the action. The what-if "
            "server carries one bench-only patch that puts back what this pass changed "
            "(`bench/host.py` `PublicPerView`: Abilene's public part of a view made "
            "again for every viewer, instead of once per state). Each throw's `MOVING` "
            "frame goes 20 ms before its `ROLL` and the clock starts at the `ROLL`, as "
            "with the real reader, which sends `ROLL` once the dice have been calm "
            "600 ms.",
            "",
        )
        rows = []
        for count, case in die.get("sse", {}).items():
            for key, label in SERVERS:
                if key not in case:
                    continue
                v = case[key]
                roll = v.get("roll_event_every_screen")
                rows.append(
                    [
                        count,
                        label,
                        f"{ms(v['every_screen']['p50'])} / {ms(v['every_screen']['p99'])}"
                        f" / {ms(v['every_screen']['max'], 1)}",
                        f"{ms(v['each_screen']['p50'])} / {ms(v['each_screen']['p99'])}",
                        f"{ms(roll['p50'])} / {ms(roll['p99'])}" if roll else "—",
                    ]
                )
        self.table(
            [
                "Clients",
                "Server",
                "Every screen p50 / p99 / max (ms)",
                "Each screen p50 / p99 (ms)",
                "`roll` event, every screen p50 / p99 (ms)",
            ],
            rows,
        )
        self.stage_tables(die)
        alone = die.get("reader_alone")
        if alone:
            self.add(
                f"The die reader alone (simulator → pty → pyserial → `DieReader` → a `post` "
                f"that only notes the time; no service, no streams): p50 "
                f"{ms(alone['p50'])} ms, p99 {ms(alone['p99'])} ms over {alone['n']} "
                "throws.",
                "",
            )
        self.game_length(die)
        self.variant_notes(die)
        if die.get("browser"):
            self.browser_table(die["browser"])

    def stage_tables(self, die: dict) -> None:
        for count in ("8", "32"):
            case = die.get("sse", {}).get(count, {})
            if "stages" not in case.get("companion", {}):
                continue
            self.add(
                f"Where the time goes, {count} clients (p50 / p99 in ms; probes wrapped "
                "around `Service.post`, `Journal.append` and `Hub.send` in the "
                "server process):",
                "",
            )
            rows = []
            for key, label in STAGES:
                cells = [label]
                for server in ("companion", "per_view", "tmpfs"):
                    stage = case.get(server, {}).get("stages", {}).get(key)
                    cells.append(f"{ms(stage['p50'])} / {ms(stage['p99'])}" if stage else "—")
                rows.append(cells)
            self.table(
                ["Stage", "as shipped", "public part per view (before)", "journal on tmpfs"], rows
            )

    def variant_notes(self, die: dict) -> None:
        failed = {
            f"{count}/{name}": v["variants_failed"]
            for count, case in die.get("sse", {}).items()
            for name, v in case.items()
            if v.get("variants_failed")
        }
        if failed:
            self.add(
                f"**What-if patches that did not take effect** (the product changed "
                f"under them; that server ran as shipped): {failed}.",
                "",
            )
        stats = {
            f"{count} client{'s' if count != '1' else ''}": case["per_view"]["variant_stats"][
                "public-per-view"
            ]
            for count, case in die.get("sse", {}).items()
            if "public-per-view" in case.get("per_view", {}).get("variant_stats", {})
        }
        if stats:
            self.add(
                "What the what-if patch did (public parts of a view made, one per viewer "
                "and state): "
                + "; ".join(f"{k}: {v['public_parts_made']}" for k, v in stats.items())
                + ".",
                "",
            )

    def browser_table(self, b: dict) -> None:
        c, fl = b["companion"], b["floor"]
        self.add(
            f"Chromium ({self.r['browser_rolls']} rolls per server): the write to the "
            "moment a `MutationObserver` sees the log line's `<li data-version>` in "
            "the DOM; the page clock is mapped onto the host's by the fastest of 60 "
            "round trips (error ≤ "
            f"{max(c['clock_error_ms'], fl['clock_error_ms']):.2f} ms). The tablet's "
            "page and the floor's one-line page; Chromium shares the 2 cores with "
            "the server here, unlike a real tablet.",
            "",
        )
        self.table(
            ["Page", "Write → DOM p50 / p99 (ms)", "SSE event → DOM, in page, p50 / p99 (ms)"],
            [
                [
                    "companion dashboard (admin)",
                    f"{ms(c['every_screen']['p50'])} / {ms(c['every_screen']['p99'])}",
                    f"{ms(c['in_page']['p50'])} / {ms(c['in_page']['p99'])}",
                ],
                [
                    "floor page",
                    f"{ms(fl['every_screen']['p50'])} / {ms(fl['every_screen']['p99'])}",
                    f"{ms(fl['in_page']['p50'])} / {ms(fl['in_page']['p99'])}",
                ],
            ],
        )

    def game_length(self, die: dict) -> None:
        """The same figures over the first and the last fifth of the rolls: the game grows
        (journal, log, charts) while it is measured."""
        rows = []
        for count, case in die.get("sse", {}).items():
            v = case.get("companion", {})
            if "first_fifth" not in v:
                continue
            views = (
                f"{ms(v['views_first_fifth']['p50'])} → {ms(v['views_last_fifth']['p50'])}"
                if "views_first_fifth" in v
                else "—"
            )
            fl = case.get("floor", {})
            control = (
                f"{ms(fl['first_fifth']['p50'])} → {ms(fl['last_fifth']['p50'])}"
                if "first_fifth" in fl
                else "—"
            )
            frames = v.get("frame_bytes")
            rows.append(
                [
                    f"{count} SSE client{'s' if count != '1' else ''}",
                    f"{v['versions'][0]} → {v['versions'][1]}",
                    f"{frames[0] / 1e3:.1f} → {frames[1] / 1e3:.1f}" if frames else "—",
                    f"{ms(v['first_fifth']['p50'])} → {ms(v['last_fifth']['p50'])}",
                    views,
                    control,
                    "—",
                ]
            )
        b = die.get("browser", {}).get("companion", {})
        bf = die.get("browser", {}).get("floor", {})
        if "first_fifth" in b:
            rows.append(
                [
                    "Chromium dashboard",
                    f"{b['versions'][0]} → {b['versions'][1]}",
                    "—",
                    f"{ms(b['first_fifth']['p50'])} → {ms(b['last_fifth']['p50'])}",
                    f"{ms(b['views_first_fifth']['p50'])} → {ms(b['views_last_fifth']['p50'])}"
                    if "views_first_fifth" in b
                    else "—",
                    f"{ms(bf['first_fifth']['p50'])} → {ms(bf['last_fifth']['p50'])}"
                    if "first_fifth" in bf
                    else "—",
                    f"{ms(b['in_page_first_fifth']['p50'])} → {ms(b['in_page_last_fifth']['p50'])}",
                ]
            )
        if rows:
            self.add(
                "The game grows while it is measured (two journal entries per roll). "
                "p50 over the first fifth of the rolls → the last fifth, companion as "
                "shipped; the floor, whose work does not grow, is the control for a "
                "machine that got busier meanwhile:",
                "",
            )
            self.table(
                [
                    "Screens",
                    "Table version",
                    "State frame to the tablet (KB)",
                    "Every screen (ms)",
                    "Table commit + views (ms)",
                    "Floor, every screen (ms)",
                    "SSE event → DOM in page (ms)",
                ],
                rows,
            )
