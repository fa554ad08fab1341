"""Configuration from a TOML file; every key has a default, so no file is needed to try it.

See ``docs/configuration.md`` for each key. Unknown keys are refused with their name, so a
typo in the file is found at start-up instead of silently ignored.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, fields, is_dataclass
from pathlib import Path
from typing import Any

from companion.errors import ConfigError


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


def load(path: str | Path | None = None, overrides: dict | None = None) -> Config:
    raw: dict = {}
    if path is not None:
        try:
            raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as error:
            raise ConfigError(f"cannot read config {path}: {error}") from error
    for section, values in (overrides or {}).items():
        raw.setdefault(section, {}).update(values)
    return _build(Config, raw, "")


def _build(kind: type, raw: dict, where: str) -> Any:
    if not isinstance(raw, dict):
        raise ConfigError(f"[{where}] must be a table")
    known = {f.name: f for f in fields(kind)}
    unknown = set(raw) - set(known)
    if unknown:
        raise ConfigError(f"unknown config key(s) {sorted(unknown)} in [{where or 'top'}]")
    made = kind()
    for name, value in raw.items():
        current = getattr(made, name)
        if is_dataclass(current):
            setattr(made, name, _build(type(current), value, name))
        elif isinstance(current, bool) != isinstance(value, bool) or (
            not isinstance(value, type(current))
            and not (isinstance(current, float) and isinstance(value, int))
        ):
            raise ConfigError(f"{where}.{name} should be {type(current).__name__}")
        else:
            setattr(made, name, value)
    return made
