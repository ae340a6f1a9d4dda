"""Shared by the harness tests: a fake world model as a predict function, run configs,
and reading a run's trajectory events by kind."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mleworld.agent.config import build_config
from mleworld.agent.loop import node_id_for
from mleworld.agent.node import Node
from mleworld.tasks.task import Task


def fake_predict(node: Node, time_limit_s: float) -> dict[str, Any]:
    """Predicts a crash for programs that raise, a clean run printing 0.5 otherwise."""
    crash = "raise " in node.code
    exc = "ValueError" if crash else "None"
    return {
        "exc_type": exc,
        "exc_probs": {exc: 0.9, "KeyError" if crash else "ValueError": 0.1},
        "p_max": 0.9,
        "p_clean": 0.1 if crash else 0.9,
        "uncertainty": 0.1,
        "term_out": "Traceback ...\nValueError: bad" if crash else "Validation accuracy: 0.5",
        "metric": None if crash else 0.5,
        "submission": not crash,
        "runtime_s": 0.2,
        "backend": "fake",
        "latency_ms": 0.1,
        "evidence": [],
    }


def config_for(task: Task, steps: int = 10, **codegen: Any) -> Any:
    return build_config(
        {"task": str(task.path), "seed": 3, "agent": {"steps": steps}, "codegen": codegen or {}}
    )


def node_ids(task: Task, count: int, seed: int = 3) -> list[str]:
    return [node_id_for(task.id, seed, i) for i in range(count)]


def events(run_dir: Path, kind: str | None = None) -> list[dict[str, Any]]:
    lines = (run_dir / "trajectory.jsonl").read_text().splitlines()
    found = [json.loads(line) for line in lines]
    return [e for e in found if kind is None or e["event"] == kind]


def tool_results(run_dir: Path) -> list[tuple[str, dict[str, Any]]]:
    """(tool name, parsed result) for every tool message, in order."""
    out = []
    for event in events(run_dir, "message"):
        if event["message"]["role"] == "tool":
            out.append((event["meta"].get("tool", ""), json.loads(event["message"]["content"])))
    return out
