"""Fewer malloc arenas for the service's threads.

glibc gives a thread that allocates while another holds the main arena an arena of its own,
up to eight per core, and keeps what was freed in it mapped. The companion's waitress
workers, stream writers and device threads each end up with one, though the rules run on
one thread at a time (``companion/writer/service.py``): the arenas are resident memory that does
no work. Two are enough; ``bench/`` (footprint, "after 2,000 stream connects") measures the
difference. An operator's own ``MALLOC_ARENA_MAX`` is left as it is, and a C library
without ``mallopt`` (musl) is left alone.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os

M_ARENA_MAX = -8  # glibc's malloc.h
ARENAS = 2


def few_arenas(count: int = ARENAS) -> bool:
    """Cap the arenas at ``count``; True when the C library took it."""
    if "MALLOC_ARENA_MAX" in os.environ:
        return False
    try:
        mallopt = ctypes.CDLL(ctypes.util.find_library("c")).mallopt
    except (OSError, AttributeError, TypeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    return bool(mallopt(M_ARENA_MAX, count))
