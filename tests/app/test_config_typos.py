"""A typo costs one line, never the evening: every key of the config, misspelt or given a
value of the wrong kind, is left out and named with its file, line, table and the nearest
known name; everything else applies, and nothing written in the file stops the service
with a status its systemd unit will not restart (hardware/table-companion.service)."""

from __future__ import annotations

import configparser
import dataclasses
from pathlib import Path

import pytest

from companion.app.config import Config, ConfigError, load

DEFAULTS = Config()


def every_key():
    """``(section, key, default)`` for every key a file can set, tables included."""
    for field in dataclasses.fields(Config):
        if not field.metadata.get("from_file", True):
            continue
        value = getattr(DEFAULTS, field.name)
        if dataclasses.is_dataclass(value):
            for inner in dataclasses.fields(value):
                yield field.name, inner.name, getattr(value, inner.name)
        else:
            yield "", field.name, value


KEYS = list(every_key())


def typos(name: str):
    """The slips a hand makes: two letters swapped, one dropped, one doubled."""
    out = set()
    for i in range(len(name) - 1):
        out.add(name[:i] + name[i + 1] + name[i] + name[i + 2 :])
    for i in range(len(name)):
        out.add(name[:i] + name[i + 1 :])
        out.add(name[:i] + name[i] + name[i:])
    return sorted(t for t in out if t != name and t)


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"


def written(tmp_path: Path, section: str, body: str) -> tuple[Path, int]:
    """A file with ``body`` in ``section`` and one good line elsewhere (checked by
    :func:`rest_applies`); returns the path and the line ``body`` is on."""
    path = tmp_path / "companion.toml"
    good = "[ble_dice]\nenabled = true\n" if section == "wifi" else '[wifi]\nssid = "Saloon"\n'
    if section:
        text, line = f"# the table's config\n{good}[{section}]\n{body}", 5
    else:
        text, line = f"# the table's config\n{body}{good}", 2
    path.write_text(text, "utf-8")
    return path, line


def rest_applies(config) -> bool:
    return config.wifi.ssid == "Saloon" or config.ble_dice.enabled is True


@pytest.mark.parametrize("section, key, default", KEYS, ids=[f"{s}.{k}" for s, k, _ in KEYS])
def test_every_typo_of_every_key_costs_that_line_only(tmp_path, section, key, default):
    others = [k for s, k, _ in KEYS if s == section and k != key]
    for typo in typos(key):
        if typo in others:
            continue  # a typo that is another key's name is that key
        path, line = written(tmp_path, section, f"{typo} = {toml_value(default)}\n")
        config = load(path)  # never raises
        assert rest_applies(config)
        assert len(config.problems) == 1, (typo, config.problems)
        problem = config.problems[0]
        assert problem.where == f"{path} line {line}"
        assert (problem.section, problem.key) == (section, typo)
        said = str(problem)
        assert said.startswith(f"{path} line {line}: ")
        assert (f"[{section}] " in said) == bool(section)
        assert f"unknown key (did you mean {key}?), left out" in said, said


def wrong_kind(default):
    if isinstance(default, bool):
        return '"yes"'
    if isinstance(default, (int, float)):
        return '"12"'
    if isinstance(default, str):
        return "12"
    return "12"  # a table given a number


@pytest.mark.parametrize("section, key, default", KEYS, ids=[f"{s}.{k}" for s, k, _ in KEYS])
def test_a_value_of_the_wrong_kind_keeps_the_default_and_is_named(tmp_path, section, key, default):
    path, _ = written(tmp_path, section, f"{key} = {wrong_kind(default)}\n")
    config = load(path)
    assert rest_applies(config)
    here = getattr(config, section) if section else config
    assert getattr(here, key) == default
    assert len(config.problems) == 1 and config.problems[0].key == key
    assert "the default stands" in config.problems[0].reason


def test_a_whole_table_misspelt_is_named_with_its_line_and_the_nearest_table(tmp_path):
    path = tmp_path / "companion.toml"
    path.write_text('[card_readr]\nenabled = true\n\n[wifi]\nssid = "Saloon"\n', "utf-8")
    config = load(path)
    assert config.wifi.ssid == "Saloon" and config.card_reader.enabled is False
    assert [str(p) for p in config.problems] == [
        f"{path} line 1: card_readr: unknown key (did you mean card_reader?), left out"
    ]


def test_a_line_toml_cannot_read_costs_that_line(tmp_path):
    path = tmp_path / "companion.toml"
    path.write_text(
        '[server]\nport = 8081\nhost = 127.0.0.1\n[wifi]\nssid = "Saloon\n[ble_dice]\n'
        "enabled = true\n",
        "utf-8",
    )
    config = load(path)
    assert config.server.port == 8081 and config.ble_dice.enabled is True
    assert config.server.host == DEFAULTS.server.host and config.wifi.ssid == ""
    assert [p.where for p in config.problems] == [f"{path} line 3", f"{path} line 5"]


@pytest.mark.parametrize(
    "body",
    [
        b"\xff\xfe\x00[",
        b"[server",
        b"port = ",
        b"[[server]]\nport = 1\n",
        b"server = 3\n",
        b"[buttons]\npins = 5\n",
        b'language = "fr"\nlanguage = "en"\n',
        b"[data]\ndir = { a = 1 }\n",
        b"\n" * 3 + b"=\n" * 200,
    ],
)
def test_nothing_written_in_the_file_makes_loading_fail(tmp_path, body):
    path = tmp_path / "companion.toml"
    path.write_bytes(body)
    config = load(path)
    assert config.problems and all(str(p).startswith(str(path)) for p in config.problems)


def test_only_an_unreadable_file_is_a_config_error_and_the_unit_restarts_everything_else(
    tmp_path,
):
    with pytest.raises(ConfigError):
        load(tmp_path / "missing.toml")
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.read(Path(__file__).resolve().parents[2] / "hardware" / "table-companion.service")
    assert unit["Service"]["Restart"] == "always"
    kept_down = unit["Service"]["RestartPreventExitStatus"].split()
    from companion.app import journal_care

    assert str(journal_care.EXIT_CONFIG) in kept_down  # an unreadable file: restarting cannot help


NUMBERS = [(s, k, d) for s, k, d in KEYS if isinstance(d, (int, float)) and not isinstance(d, bool)]


def allowed(dotted: str, value: float) -> bool:
    """What docs/configuration.md says a number may be: a count or a duration is above 0;
    a port 0 (any free one) to 65535; a BCM pin -1 (none) to 27; and so on (``LIMITS``)."""
    from companion.app.config import LIMITS

    low, high = LIMITS.get(dotted, (0, float("inf")))
    return low <= value <= high and (dotted in LIMITS or value > 0)


@pytest.mark.parametrize("section, key, default", NUMBERS, ids=[f"{s}.{k}" for s, k, _ in NUMBERS])
@pytest.mark.parametrize("value", [-1, 0, 99999, 10**12])
def test_a_number_the_key_cannot_take_keeps_the_default_and_is_named(
    tmp_path, section, key, default, value
):
    """threads = 0 served nothing, port = 99999 listened on 34463 (99999 - 65536)."""
    path, line = written(tmp_path, section, f"{key} = {value}\n")
    config = load(path)
    assert rest_applies(config)
    here = getattr(config, section)
    if allowed(f"{section}.{key}", value):
        assert getattr(here, key) == value and config.problems == []
        return
    assert getattr(here, key) == default
    assert [(p.where, p.key) for p in config.problems] == [(f"{path} line {line}", key)]
    assert "the default stands" in config.problems[0].reason
    assert f"not {value:g}" in config.problems[0].reason


def test_the_limits_name_only_keys_that_exist():
    from companion.app.config import LIMITS

    assert set(LIMITS) <= {f"{s}.{k}" for s, k, _ in NUMBERS}


@pytest.mark.parametrize("host", ["0.0.0.O", "10.255.255.254", "table..local", "::g"])
def test_an_address_this_machine_cannot_listen_on_is_named_and_the_default_used(tmp_path, host):
    """A typo, or a fixed address the Wi-Fi no longer hands the Pi: the service exited with
    status 1 and systemd restarted it into the same failure every 2 s all evening."""
    from companion.app.cli import listening_host

    path, line = written(tmp_path, "server", f'host = "{host}"\n')
    config = load(path)
    assert listening_host(config) == DEFAULTS.server.host
    [problem] = config.problems
    assert (problem.where, problem.section, problem.key) == (
        f"{path} line {line}",
        "server",
        "host",
    )
    assert f"cannot listen on {host!r}" in problem.reason
    assert problem.reason.endswith(f"listening on {DEFAULTS.server.host}")


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "0.0.0.0"])
def test_an_address_this_machine_has_is_kept(tmp_path, host):
    from companion.app.cli import listening_host

    path, _ = written(tmp_path, "server", f'host = "{host}"\n')
    config = load(path)
    assert listening_host(config) == host and config.problems == []


def test_the_real_service_runs_with_its_numbers_and_keys_mistyped(tmp_path):
    """``companion serve`` itself, as systemd starts it: a file with a thread count of 0, a
    body limit below zero and a misspelt key answers on its port, and its health names every
    line that was left out (the Devices panel shows it)."""
    from tests.support.reliability.server import CompanionProcess

    config = tmp_path / "companion.toml"
    config.write_text(
        "[server]\nthreads = 0\nmax_body_bytes = -3\n[card_reader]\nenabeld = true\n", "utf-8"
    )
    process = CompanionProcess(tmp_path / "data", config)
    try:
        client = process.start()
        health = client.get("/api/health")
        assert health.status == 200
        said = health.json()["devices"]["config"]
        assert said["state"] == "fault"
        for where in (
            f"{config} line 2: [server] threads",
            f"{config} line 3: [server] max_body_bytes",
            f"{config} line 5: [card_reader] enabeld",
        ):
            assert where in said["detail"], said["detail"]
    finally:
        process.close()
