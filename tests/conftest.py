"""Suite-wide test setup: caches go to a per-session temporary MLEWORLD_HOME."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def _mleworld_home(tmp_path_factory: pytest.TempPathFactory) -> None:
    if "MLEWORLD_HOME" not in os.environ:
        os.environ["MLEWORLD_HOME"] = str(tmp_path_factory.mktemp("mleworld_home"))
