"""The benchmarks' pieces that decide what a figure says (no timing is asserted here): the
CPU quota's files, the first-come-first-served count, and a section that could not run."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import cgroup
from bench.report import Report
from bench.report_pi import PiReport
from bench.slow import out_of_order


@pytest.mark.parametrize(
    ("sent", "committed", "apart", "expected"),
    [
        ([0.0, 1.0, 2.0], [1, 2, 3], 0.5, {"pairs": 3, "swapped": 0}),
        ([0.0, 1.0, 2.0], [2, 1, 3], 0.5, {"pairs": 3, "swapped": 1}),
        ([0.0, 1.0, 2.0], [3, 2, 1], 0.5, {"pairs": 3, "swapped": 3}),
        # sent closer together than ``apart``: their order on arrival is nobody's promise
        ([0.0, 0.0001, 2.0], [2, 1, 3], 0.5, {"pairs": 2, "swapped": 0}),
    ],
)
def test_out_of_order_counts_pairs_the_journal_committed_the_other_way_round(
    sent: list[float], committed: list[int], apart: float, expected: dict
) -> None:
    assert out_of_order(sent, committed, apart) == expected


def fake_hierarchy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, version: int) -> Path:
    v1, v2 = tmp_path / "cpu", tmp_path / "unified"
    monkeypatch.setattr(cgroup, "V1", v1)
    monkeypatch.setattr(cgroup, "V2", v2)
    if version == 1:
        v1.mkdir()
        (v1 / "cpu.cfs_quota_us").write_text("-1")
        return v1
    v2.mkdir()
    (v2 / "cgroup.controllers").write_text("cpuset cpu io memory pids\n")
    (v2 / "cgroup.subtree_control").write_text("memory\n")
    return v2


def test_a_v1_quota_is_a_quota_and_a_period(monkeypatch, tmp_path) -> None:
    parent = fake_hierarchy(monkeypatch, tmp_path, 1)
    quota = cgroup.CpuQuota(10, "q")
    assert quota.kind == "v1"
    assert (parent / "q" / "cpu.cfs_period_us").read_text() == "10000"
    assert (parent / "q" / "cpu.cfs_quota_us").read_text() == "1000"


def test_a_v2_quota_is_cpu_max_with_the_controller_enabled_above_it(monkeypatch, tmp_path) -> None:
    """cgroup v2's ``cpu.max`` is "$MAX $PERIOD" (the kernel's
    Documentation/admin-guide/cgroup-v2.rst, "cpu.max"), and a controller's files appear
    in a child only once the parent's ``cgroup.subtree_control`` enables it."""
    parent = fake_hierarchy(monkeypatch, tmp_path, 2)
    quota = cgroup.CpuQuota(25, "q")
    assert quota.kind == "v2"
    assert (parent / "q" / "cpu.max").read_text() == "2500 10000"
    assert (parent / "cgroup.subtree_control").read_text() == "+cpu"


def test_no_quota_says_why(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(cgroup, "V1", tmp_path / "cpu")
    monkeypatch.setattr(cgroup, "V2", tmp_path / "unified")
    why = cgroup.unavailable()
    assert why is not None and "neither cgroup v1" in why


def test_a_section_that_could_not_run_says_so_in_the_summary_and_its_section() -> None:
    pi = {"not_run": "no CPU quota can be made: denied"}
    results = {"sections": ["pi"], "pi": pi}
    rows = PiReport.pi_rows(pi)
    assert rows[0][-1] == "**not run**" and "denied" in rows[0][1]
    page = Report(results).build()
    assert "**Not run**: no CPU quota can be made: denied." in page
