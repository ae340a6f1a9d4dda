"""Fixtures of the serve tests: a suite task copied into a data root."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture(scope="module")
def task_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from serverkit import data_root

    from mleworld.tasks.suite import prepare_suite_task

    return data_root(tmp_path_factory.mktemp("serve"), prepare_suite_task("penguins"))
