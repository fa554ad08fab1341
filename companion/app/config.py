"""Configuration from a TOML file; every key has a default, so no file is needed to try it.

See ``docs/configuration.md`` for each key. A typo costs one line, never the evening: a
line TOML cannot read, an unknown key (or table), a value of the wrong type and a number
the key cannot take (``LIMITS``) are each left out — the default stands — and reported as
a :class:`ConfigProblem` naming the file, the line, the table and the nearest known name;
everything else applies and the service starts (``firmware_bridge/startup.py`` shows the
problems on the Devices panel). Only a file that cannot be read at all is a
``ConfigError``; a listening address this machine does not have is reported and the
default one is used (``companion.app.cli.listening_host``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, fields, is_dataclass
from pathlib import Path
from typing import Any

from companion.app.config_lines import error_line, key_lines, line_of, nearest
from companion.errors import ConfigError

NOT_A_KEY = {"from_file": False}  # a Config field no file sets


@dataclass
class ServerConfig:
    host: str = "0.0.0.0"
    port: int = 8080
    threads: int = 48
    # Host names (besides IP literals and localhost) the server answers to; anything else
    # is refused, which defeats DNS rebinding.
    allowed_hosts: list = field(default_factory=lambda: ["companion.local", "table.local"])
    max_body_bytes: int = 64 * 1024  # also waitress's max_request_body_size: refused unread
    max_header_bytes: int = 32 * 1024
    # per signed device; a misbehaving phone cannot starve the table
    requests_per_minute: int = 600
    # a client without a valid device cookie (none, forged, unsigned): all of them from
    # one address share this one, tighter, bucket
    requests_per_minute_anonymous: int = 120
    requests_per_minute_per_address: int = 3000  # every device behind one address
    connection_limit: int = 200
    connections_per_address: int = 16
    request_deadline_s: float = 5.0  # from a request's first byte to its last
    idle_timeout_s: float = 30.0  # a keep-alive connection with nothing in flight


@dataclass
class StreamConfig:
    heartbeat_s: float = 15.0
    max_age_s: float = 3600.0
    per_device: int = 4
    per_anonymous: int = 1  # a client without a valid device cookie
    per_address: int = 12
    max_streams: int = 40


@dataclass
class DataConfig:
    dir: str = "data"
    snapshot_every: int = 200

    @property
    def database(self) -> Path:
        return Path(self.dir) / "companion.sqlite"

    @property
    def device_key(self) -> Path:
        return Path(self.dir) / "device.key"


@dataclass
class BackupConfig:
    """Consistent copies of the journal (SQLite's online backup API) into ``dir``."""

    dir: str = ""  # empty: <data dir>/backups
    every_minutes: float = 10.0  # only when something changed since the last one
    keep: int = 20
    at_game_end: bool = True


@dataclass
class DieReaderConfig:
    # A pyserial URL or device path. Empty: run the simulated reader on a pty.
    url: str = ""
    heartbeat_timeout_s: float = 6.0
    backoff_min_s: float = 0.5
    backoff_max_s: float = 10.0
    confirm_rolls: bool = False  # a sensor roll waits for the confirm button


@dataclass
class ButtonsConfig:
    enabled: bool = True
    pin_factory: str = "mock"  # "mock" off the Pi; "lgpio" or "rpigpio" on it
    hold_s: float = 1.5
    bounce_s: float = 0.03
    # Role -> BCM pin number. Matches hardware/pinmap.toml. SPI0 (7-11) and GPIO25 stay
    # free for an MFRC522 card reader; the UART pins 14/15 are used (the die reader is USB).
    pins: dict = field(
        default_factory=lambda: {
            "digit0": 5,
            "digit1": 6,
            "digit2": 13,
            "digit3": 19,
            "digit4": 26,
            "digit5": 16,
            "digit6": 20,
            "confirm": 21,
            "next": 12,
            "undo": 15,
            "roll": 4,
        }
    )
    leds: dict = field(
        default_factory=lambda: {
            "reader": 17,
            "seat0": 18,
            "seat1": 27,
            "seat2": 22,
            "seat3": 23,
            "seat4": 24,
            "seat5": 14,
        }
    )


@dataclass
class BusesConfig:
    """The Pi's buses that are enabled (config.txt): their pins are not free for buttons."""

    i2c: bool = True
    spi0: bool = True
    uart: bool = False  # enable_uart=0: the die reader is on USB, so 14/15 are free


@dataclass
class CardReaderConfig:
    """An MFRC522 on SPI0 (docs/hardware.md). ``rst``/``irq`` are BCM pins, -1 for none."""

    enabled: bool = False
    bus: int = 0
    device: int = 0  # CE0
    rst: int = 25
    irq: int = -1  # polled: no pin needed
    poll_s: float = 0.1


@dataclass
class BleDiceConfig:
    """Pixels dice over Bluetooth LE (docs/protocol.md, "Pixels dice")."""

    enabled: bool = False
    scan_s: float = 5.0
    backoff_min_s: float = 1.0
    backoff_max_s: float = 30.0


@dataclass
class WifiConfig:
    """The table's Wi-Fi (the Pi's own hotspot, docs/hardware.md): the tablet shows a QR
    code to join it before the seats' codes. Empty: no Wi-Fi code is shown."""

    ssid: str = ""
    password: str = ""
    security: str = "WPA"


@dataclass
class Config:
    server: ServerConfig = field(default_factory=ServerConfig)
    streams: StreamConfig = field(default_factory=StreamConfig)
    data: DataConfig = field(default_factory=DataConfig)
    backups: BackupConfig = field(default_factory=BackupConfig)
    die_reader: DieReaderConfig = field(default_factory=DieReaderConfig)
    buttons: ButtonsConfig = field(default_factory=ButtonsConfig)
    buses: BusesConfig = field(default_factory=BusesConfig)
    card_reader: CardReaderConfig = field(default_factory=CardReaderConfig)
    ble_dice: BleDiceConfig = field(default_factory=BleDiceConfig)
    wifi: WifiConfig = field(default_factory=WifiConfig)
    language: str = "en"
    problems: list = field(default_factory=list, metadata=NOT_A_KEY)  # [ConfigProblem]
    file: str = field(default="", metadata=NOT_A_KEY)  # the file read, "" for none
    lines: dict = field(default_factory=dict, metadata=NOT_A_KEY)  # dotted key -> line

    def where(self, dotted: str) -> str:
        """``"/etc/table-companion.toml line 14"`` for a key, as the file shows it."""
        line = line_of(self.lines, dotted)
        if not self.file:
            return "the command line"
        return self.file if line is None else f"{self.file} line {line}"


@dataclass(frozen=True)
class ConfigProblem:
    """One line of the config left out, and why, in words a person can act on."""

    where: str  # file and line
    section: str  # the table, "" for the top
    key: str
    reason: str

    def __str__(self) -> str:
        table = f"[{self.section}] " if self.section else ""
        return f"{self.where}: {table}{self.key}: {self.reason}"


def load(path: str | Path | None = None, overrides: dict | None = None) -> Config:
    raw: dict = {}
    problems: list[ConfigProblem] = []
    file, lines = "", {}
    if path is not None:
        file = str(path)
        try:
            text = Path(path).read_bytes().decode("utf-8", errors="replace")
        except OSError as error:
            raise ConfigError(f"cannot read config {path}: {error}") from error
        raw, text = _parsed(text, file, problems)
        lines = key_lines(text)
    for section, values in (overrides or {}).items():
        raw.setdefault(section, {}).update(values)
    made = Config(file=file, lines=lines)
    _fill(made, raw, "", problems, made)
    made.problems = problems
    return made


def _parsed(text: str, file: str, problems: list) -> tuple[dict, str]:
    """The file's tables, each line TOML cannot read left out (and reported) in turn."""
    rows = text.splitlines()
    for _ in range(len(rows) + 1):
        try:
            return tomllib.loads("\n".join(rows)), "\n".join(rows)
        except tomllib.TOMLDecodeError as error:
            line = error_line(str(error))
            if line is None or not 0 < line <= len(rows) or not rows[line - 1].strip():
                break
            problems.append(
                ConfigProblem(f"{file} line {line}", "", rows[line - 1].strip()[:60], str(error))
            )
            rows[line - 1] = ""
    problems.append(ConfigProblem(file, "", "the whole file", "not TOML: every default stands"))
    return {}, ""


def _fill(made: Any, raw: dict, where: str, problems: list, root: Config) -> None:
    """Set ``made``'s fields from ``raw``; whatever is wrong is reported and left out."""
    known = {f.name: f for f in fields(made) if f.metadata.get("from_file", True)}
    for name, value in raw.items():
        dotted = f"{where}.{name}" if where else name
        if name not in known:
            close = nearest(name, known)
            hint = f" (did you mean {close}?)" if close else ""
            problems.append(_problem(root, where, name, f"unknown key{hint}, left out"))
            continue
        current = getattr(made, name)
        if is_dataclass(current):
            if isinstance(value, dict):
                _fill(current, value, dotted, problems, root)
            else:
                problems.append(_problem(root, where, name, "should be a [table], left out"))
        elif isinstance(current, bool) != isinstance(value, bool) or (
            not isinstance(value, type(current))
            and not (isinstance(current, float) and isinstance(value, int))
        ):
            reason = f"should be {_kind(current)}, not {_kind(value)}: the default stands"
            problems.append(_problem(root, where, name, reason))
        elif (outside := _outside(dotted, value)) is not None:
            problems.append(_problem(root, where, name, outside))
        else:
            setattr(made, name, value)


# A number a key may take: every count and duration is above 0, except these (low, high).
LIMITS: dict[str, tuple[float, float]] = {
    "server.port": (0, 65535),  # 0: any free port
    "server.threads": (1, 1024),
    "server.max_body_bytes": (1, 64 * 1024 * 1024),
    "server.max_header_bytes": (1024, 1024 * 1024),
    "streams.per_anonymous": (0, 1000),  # 0: a client without a device cookie never streams
    "buttons.bounce_s": (0, 1),
    "card_reader.bus": (0, 6),
    "card_reader.device": (0, 2),
    "card_reader.rst": (-1, 27),  # -1: none
    "card_reader.irq": (-1, 27),
}


def _outside(dotted: str, value: Any) -> str | None:
    """Why a number is not one the key can take (the default stands), or ``None``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if dotted in LIMITS:
        low, high = LIMITS[dotted]
        if low <= value <= high:
            return None
        return f"should be from {low:g} to {high:g}, not {value:g}: the default stands"
    if value > 0:
        return None
    return f"should be more than 0, not {value:g}: the default stands"


def _problem(root: Config, section: str, key: str, reason: str) -> ConfigProblem:
    dotted = f"{section}.{key}" if section else key
    return ConfigProblem(root.where(dotted), section, key, reason)


def _kind(value: Any) -> str:
    names = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}
    return names.get(type(value), "a table" if isinstance(value, dict) else type(value).__name__)
