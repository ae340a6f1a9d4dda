"""Running candidate programs for real, and reading their outcome.

`execute`, `Limits`, `ExecutorError`, `isolation_status`, `hidden_paths` (the
installed dataset dirs programs may not read) and the executors are
loaded on first use, so importing the Outcome record stays cheap and free of
import cycles.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from mleworld.execution.outcome import CLEAN, TIMEOUT, Outcome

_LAZY = {
    "execute": "mleworld.execution.sandbox",
    "Limits": "mleworld.execution.limits",
    "ExecutorError": "mleworld.execution.isolation",
    "isolation_status": "mleworld.execution.isolation",
    "hidden_paths": "mleworld.execution.pyenv",
    "Job": "mleworld.execution.executors",
    "Executor": "mleworld.execution.executors",
    "LocalExecutor": "mleworld.execution.executors",
    "RayExecutor": "mleworld.execution.executors",
    "get_executor": "mleworld.execution.executors",
}

__all__ = ["CLEAN", "TIMEOUT", "Outcome", *_LAZY]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'mleworld.execution' has no attribute {name!r}")
