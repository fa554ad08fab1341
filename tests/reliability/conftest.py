"""The journal image the storage-fault tests share (made once per run)."""

from __future__ import annotations

import pytest

from tests.support.reliability.images import write_image


@pytest.fixture(scope="session")
def written(tmp_path_factory):
    """(image database path, every table's entries, every table's admin token)."""
    return write_image(tmp_path_factory.mktemp("torn"))
