"""``companion``: the composition root, the one place that wires core, hardware and web.

``companion serve`` runs the service, the web server and the devices. With no die reader
configured (or ``--sim``) it runs a simulated reader on a pty and mock GPIO pins, so a
newcomer sees the whole path working at once.
"""

from __future__ import annotations

import argparse
import logging
import signal
import socket
import sys
import threading
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

from companion.app import journal_care, malloc_arenas
from companion.app.config import Config, ConfigError, ConfigProblem, ServerConfig, load
from companion.errors import CompanionError
from companion.known_games import registry
from companion.storage.backups import BackupTimer
from companion.storage.journal import Journal, JournalError
from companion.writer.hub import Hub
from companion.writer.service import Service

if TYPE_CHECKING:
    from firmware_bridge.follower import TableFollower  # imported when a follower starts

log = logging.getLogger("companion")


def sim_dice() -> tuple[str, ...]:
    """The simulated reader holds every kind of die the games declare, as many of each as a
    game's reader box holds: ``A:d6 B:d6 R1:root12 …`` (a kind without a letter is lettered
    A, B, …)."""
    labels = []
    for kind in registry.die_kinds().values():
        for i in range(kind.on_table):
            name = f"{kind.label}{i + 1}" if kind.label else chr(ord("A") + i)
            labels.append(f"{name}:{kind.name}")
    return tuple(labels)


def start_devices(config: Config, service: Service, stack: ExitStack, sim: bool) -> dict:
    """Open the die reader (real or simulated), the buttons and lights, the card reader and
    the Bluetooth dice; a device that cannot start is shown faulted and the rest go on
    (``firmware_bridge/startup.py``). Returns what was made, by name."""
    from firmware_bridge import startup

    hookup = startup.Hookup(
        service.post,
        service.devices.add_probe,
        JournalFrames(service.journal),
        handle_now=service.handle_now,
    )
    made = startup.start(config, hookup, stack, sim, Path(config.data.dir), sim_dice())
    made["reader"] = made.get("die-reader")
    return made


class JournalFrames:
    """The die reader's memory of the frames it dealt with, kept in the journal."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal

    def recall(self, device_id: str, boot: str) -> list[int]:
        return self.journal.reader_frames(device_id, boot)

    def remember(self, device_id: str, boot: str, seq: int) -> None:
        self.journal.remember_frame(device_id, boot, seq)


def table_signals(service: Service) -> Callable[[], dict]:
    """What the devices follow: whose turn it is at the active table, and the dice its
    prompt asks for (None when it asks for none)."""

    def signals() -> dict:
        def task() -> dict:
            table = service.tables.get(service.active_table_id() or "")
            prompt = service.inputs.dice_prompt(table) if table is not None else None
            return {
                "seat": table.current_seat() if table is not None else None,
                "dice": list(prompt["dice"]) if prompt else None,
            }

        return service.call(task)

    return signals


def follower(service: Service, devices: dict, every_s: float = 0.5) -> TableFollower:
    from firmware_bridge.follower import TableFollower

    return TableFollower(
        table_signals(service),
        devices.get("reader"),
        devices.get("lights"),
        service.post,
        every_s,
        closing=(CompanionError,),
    )


def serve(config: Config, sim: bool, stop: threading.Event | None = None) -> int:
    from web import create_app
    from web.devices import load_key
    from web.server import ServerThread, make_server

    stop = stop or threading.Event()
    malloc_arenas.few_arenas()  # before the server's and the devices' threads start
    with ExitStack() as stack:
        stack.enter_context(journal_care.holding(config.data.dir))
        journal, service = journal_care.open_checked(
            config,
            hub=Hub(
                config.streams.per_device, config.streams.max_streams, config.streams.per_address
            ),
        )
        stack.callback(journal.close)
        stack.enter_context(service)
        for line in journal.inspection.lines():
            print(line, flush=True)
        timer = stack.enter_context(
            BackupTimer(
                journal,
                journal_care.backup_folder(config),
                config.backups.keep,
                config.backups.every_minutes * 60,
            )
        )
        if config.backups.at_game_end:
            service.game_ended = timer.ask
        config.server.host = listening_host(config)
        devices = start_devices(config, service, stack, sim)
        stack.enter_context(follower(service, devices))
        app = create_app(config, service, device_key=load_key(config.data.device_key))
        server = make_server(app, config)
        port = server.effective_port
        runner = ServerThread(server)
        stack.callback(runner.stop)
        stack.callback(service.hub.close)  # first: ends the streams holding threads
        announce(config.server.host, port, sim or not config.die_reader.url)
        for signum in (signal.SIGINT, signal.SIGTERM):
            if threading.current_thread() is threading.main_thread():
                signal.signal(signum, lambda *_: stop.set())
        stop.wait()
        log.info("stopping")
    return 0


def listening_host(config: Config) -> str:
    """The configured address to listen on if this machine has it; else the default one,
    with the line reported (a typo, or a fixed address the Wi-Fi no longer gives) rather
    than a service that exits and is restarted into the same failure all evening."""
    host = config.server.host
    default = ServerConfig().host
    if host == default:
        return host
    try:
        family = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)[0][0]
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.bind((host, 0))
    except (OSError, UnicodeError) as error:
        reason = f"this machine cannot listen on {host!r} ({error}): listening on {default}"
        config.problems.append(ConfigProblem(config.where("server.host"), "server", "host", reason))
        return default
    return host


def announce(host: str, port: int, simulated: bool) -> None:
    from web.address import served_address  # the address the join links give out too

    address = served_address(host)
    url = f"http://{address}:{port}/"
    print(f"Table Companion is running. Open {url} on the tablet.", flush=True)
    if address != "127.0.0.1":
        print(f"(On this machine: http://localhost:{port}/)", flush=True)
    if simulated:
        print(
            "Die reader: simulated. GPIO: mock pins. (Roll on the dashboard throws "
            "virtual dice from the table's seed.)",
            flush=True,
        )
    try:
        import segno

        segno.make(url).terminal(compact=True)
    except (ImportError, OSError, UnicodeEncodeError):
        pass
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    """Exit statuses: ``companion/app/journal_care.py`` (0 fine, 2 config, 3 journal refused, 4 the
    data folder is in use)."""
    parser = argparse.ArgumentParser(prog="companion", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", help="run the companion")
    run.add_argument("--sim", action="store_true", help="simulated die reader, mock GPIO")
    run.add_argument("--host", help="address to listen on (default 0.0.0.0)")
    run.add_argument("--port", type=int, help="port (default 8080; 0 picks a free one)")
    checking = commands.add_parser("check", help="the integrity report, without serving")
    checking.add_argument(
        "--accept-loss",
        action="store_true",
        help="accept a journal that lost its end, as it is now",
    )
    checking.add_argument("--export", metavar="FILE", help="check an export's chain")
    restoring = commands.add_parser("restore", help="put the newest good backup in place")
    restoring.add_argument("--from", dest="chosen", metavar="FILE", help="this backup")
    exporting = commands.add_parser("export", help="a table's journal with its chain")
    exporting.add_argument("table", help="the table's id")
    exporting.add_argument("--out", metavar="FILE", help="write here (default: stdout)")
    verifying = commands.add_parser("verify", help="re-derive every random draw of a table")
    verifying.add_argument(
        "table", help="the table's id, or a file `companion export` wrote (with --seed)"
    )
    verifying.add_argument(
        "--seed",
        action="append",
        default=[],
        help="a published seed (hex), in order; default: the journal's own",
    )
    for command in (run, checking, restoring, exporting, verifying):
        command.add_argument("--config", help="a TOML config file (every key has a default)")
        command.add_argument("--data", help="folder for the database (default ./data)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    try:
        config = load(args.config, _overrides(args))
        if args.command == "check":
            return journal_care.check(config, args.accept_loss, args.export)
        if args.command == "restore":
            return journal_care.restore(config, args.chosen)
        if args.command == "export":
            return journal_care.export(config, args.table, args.out)
        if args.command == "verify":
            from companion.app.verify_draws import main as verify

            return verify(config.data.database, args.table, args.seed)
        return serve(config, args.sim)
    except journal_care.InUse as error:
        print(f"companion: {error}", file=sys.stderr)
        return journal_care.EXIT_IN_USE
    except JournalError as error:
        said = " ".join(str(error).split())  # one line, whatever SQLite said
        print(
            f"companion: refusing to start: {said}"
            if args.command == "serve"
            else f"companion: {said}",
            file=sys.stderr,
        )
        return journal_care.EXIT_REFUSED
    except (ConfigError, ValueError) as error:
        print(f"companion: {error}", file=sys.stderr)
        return journal_care.EXIT_CONFIG


def _overrides(args: argparse.Namespace) -> dict:
    overrides: dict = {"server": {}, "data": {}}
    if getattr(args, "host", None):
        overrides["server"]["host"] = args.host
    if getattr(args, "port", None) is not None:
        overrides["server"]["port"] = args.port
    if args.data:
        overrides["data"]["dir"] = args.data
    if getattr(args, "sim", False):
        overrides["buttons"] = {"pin_factory": "mock"}
    return overrides


if __name__ == "__main__":
    sys.exit(main())
