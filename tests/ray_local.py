"""One local Ray instance for a test module: `num_cpus=2`, no dashboard (CI has 2 cores).

Test modules that need Ray wrap `local_ray()` in a module-scoped fixture, so Ray
starts (seconds) once per module and is shut down after it. A new local
instance every time (``address="local"``), never a cluster that `ray start`
left running on the machine. (tests/execution/test_ray.py lets RayExecutor
start its own instead, which is the path it tests.)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest


@contextmanager
def local_ray() -> Iterator[Any]:
    ray = pytest.importorskip("ray")
    if ray.is_initialized():
        ray.shutdown()
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()
