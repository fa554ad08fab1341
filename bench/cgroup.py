"""A CPU quota for one server process: a cgroup of its own holding it to a share of one core
(a Pi-class budget), so that the clients timing it run free.

cgroup v1 (``/sys/fs/cgroup/cpu``: ``cpu.cfs_period_us`` and ``cpu.cfs_quota_us``) or v2
(``/sys/fs/cgroup`` with the ``cpu`` controller: ``cpu.max`` = "QUOTA PERIOD"), whichever
this machine has; it needs root (or a delegated subtree). When neither can be made,
:func:`unavailable` says why, and the section that needed it is reported as not run.

A quota is not a slower clock: what runs, runs at the machine's full speed, and once the
group has used its ``quota_us`` in a period it waits for the next one. A change that costs
more CPU than one period allows waits whole periods, so CPU per change shows as latency.
"""

from __future__ import annotations

import os
from pathlib import Path

PERIOD_US = 10_000  # 10 ms
V1 = Path("/sys/fs/cgroup/cpu")
V2 = Path("/sys/fs/cgroup")


def _kind() -> tuple[str, Path] | str:
    """("v1" | "v2", the folder to make groups in), or why there is none."""
    if (V1 / "cpu.cfs_quota_us").exists():
        return "v1", V1
    controllers = V2 / "cgroup.controllers"
    if controllers.exists():
        if "cpu" not in controllers.read_text().split():
            return "cgroup v2 without the cpu controller at /sys/fs/cgroup"
        return "v2", V2
    return "neither cgroup v1's cpu controller nor cgroup v2 is mounted at /sys/fs/cgroup"


class CpuQuota:
    """``with CpuQuota(10) as quota: quota.add(pid)``: the group exists for the ``with``;
    on leaving, whatever is still in it is moved back to the parent and the group removed.
    ``percent`` of one core, over periods of :data:`PERIOD_US`."""

    def __init__(self, percent: float, name: str = "") -> None:
        kind = _kind()
        if isinstance(kind, str):
            raise OSError(kind)
        self.kind, parent = kind
        self.percent = percent
        self.quota_us = int(PERIOD_US * percent / 100)
        self.parent = parent
        self.path = parent / (name or f"bench-pi-{os.getpid()}-{int(percent)}")
        self.path.mkdir(exist_ok=True)
        try:
            if self.kind == "v1":
                (self.path / "cpu.cfs_period_us").write_text(str(PERIOD_US))
                (self.path / "cpu.cfs_quota_us").write_text(str(self.quota_us))
            else:
                subtree = parent / "cgroup.subtree_control"
                if "cpu" not in subtree.read_text().split():
                    subtree.write_text("+cpu")
                (self.path / "cpu.max").write_text(f"{self.quota_us} {PERIOD_US}")
        except OSError:
            self.path.rmdir()
            raise

    def add(self, pid: int) -> None:
        (self.path / "cgroup.procs").write_text(str(pid))

    def pids(self) -> list[int]:
        return [int(p) for p in (self.path / "cgroup.procs").read_text().split()]

    def throttled(self) -> dict[str, int]:
        """The kernel's own count of periods and of those in which the group was held."""
        stat = dict(
            line.split() for line in (self.path / "cpu.stat").read_text().splitlines() if line
        )
        return {key: int(value) for key, value in stat.items()}

    def close(self) -> None:
        if not self.path.exists():
            return
        for pid in self.pids():  # a process left behind goes back to the parent, unthrottled
            try:
                (self.parent / "cgroup.procs").write_text(str(pid))
            except OSError:  # it ended meanwhile
                pass
        self.path.rmdir()

    def __enter__(self) -> CpuQuota:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def unavailable() -> str | None:
    """Why no quota can be made here, or None when one can (it makes and removes one)."""
    try:
        CpuQuota(50, f"bench-pi-probe-{os.getpid()}").close()
    except OSError as error:
        return f"no CPU quota can be made: {error}"
    return None
