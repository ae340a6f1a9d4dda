"""agent layer: the journal (tree of nodes), AIDE's search loop, run reports.

Public API::

    from mleworld.agent import RunConfig, build_config, start, resume
    summary = start(build_config({"task": "penguins", "agent": {"steps": 10}}), Path("runs/x"))

Submodules: node (Node, MetricValue), journal (Journal, journal.jsonl), config
(RunConfig and its parts), search (AIDE's policy, the Policy/Gate seam), loop
(the step loop, budgets, resume, the run directory), report (report.html),
progress (the live display).
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "Journal",
    "MetricValue",
    "Node",
    "RunConfig",
    "build_config",
    "load_journal",
    "resume",
    "start",
]

_EXPORTS = {
    "Journal": "mleworld.agent.journal",
    "load_journal": "mleworld.agent.journal",
    "MetricValue": "mleworld.agent.node",
    "Node": "mleworld.agent.node",
    "RunConfig": "mleworld.agent.config",
    "build_config": "mleworld.agent.config",
    "start": "mleworld.agent.loop",
    "resume": "mleworld.agent.loop",
}


def __getattr__(name: str) -> Any:
    # Lazy, so `import mleworld.agent.node` does not pull in the loop and its layers.
    if name in _EXPORTS:
        import importlib

        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'mleworld.agent' has no attribute {name!r}")
