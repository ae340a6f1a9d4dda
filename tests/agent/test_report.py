"""report.html: self-contained, every node present, and it renders in a real browser."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from mleworld.agent.config import build_config
from mleworld.agent.journal import Journal
from mleworld.agent.node import Node
from mleworld.agent.report import render_report, write_report
from mleworld.execution.outcome import Outcome
from mleworld.tasks.task import Task


def _journal() -> Journal:
    def ran(step: int, parent: str | None, stage: str, outcome: Outcome, **kw: object) -> Node:
        metric = outcome.metric
        return Node(
            id=f"node{step}",
            step=step,
            stage=stage,
            parent_id=parent,
            plan=f"plan <b>{step}</b>",
            code=f"print('step {step}')\n",
            outcome=outcome.to_dict(),
            metric=metric,
            is_buggy=outcome.is_buggy or metric is None,
            executed=True,
            **kw,  # type: ignore[arg-type]
        )

    clean = Outcome("None", "Validation accuracy: 0.8", 0.8, submission=True, submission_valid=True)
    crash = Outcome(
        "ValueError", "Traceback ...\nValueError: <script>alert(1)</script>", exit_code=1
    )
    slow = Outcome("TimeoutError", "", timed_out=True, exit_code=-9)
    better = Outcome(
        "None", "Validation accuracy: 0.9", 0.9, submission=True, submission_valid=True
    )
    nodes = [
        ran(0, None, "draft", clean),
        ran(1, None, "draft", crash),
        ran(2, "node1", "debug", slow),
        Node(id="node3", step=3, stage="draft", error="ModelResponseError: no code block"),
        ran(4, "node0", "improve", better, prediction={"exc_type": "None", "metric": 0.85}),
        Node(
            id="node5",
            step=5,
            stage="improve",
            parent_id="node4",
            code="print(1)",
            gate="trusted",
            prediction={"exc_type": "None", "metric": 0.95, "submission": True, "p_max": 0.9},
            metric=0.95,
            is_buggy=False,
        ),
    ]
    return Journal(False, nodes)


def _task(tmp_path: Path) -> Task:
    return Task(tmp_path, "toy", "accuracy", "id", ("y",), name="toy task")


def _summary(journal: Journal) -> dict[str, object]:
    return {
        "best_metric": journal.best_node().metric,
        "steps": len(journal),
        "used": {"executed": 4, "exec_time_s": 3.0, "wall_time_s": 5.0},
        "budgets": {"steps": 6},
        "stop_reason": "steps",
        "grade": {"score": 0.88, "percentile": 71.5, "medal": "bronze", "valid": True},
    }


def test_report_is_self_contained_and_holds_every_node(tmp_path: Path) -> None:
    journal = _journal()
    page = render_report(journal, _task(tmp_path), build_config({"task": "toy"}), _summary(journal))
    assert len(re.findall(r'<section class="node ', page)) == len(journal)
    assert len(re.findall(r'<g class="tree-node"', page)) == len(journal)
    for status in ("clean", "buggy", "timeout", "error", "trusted"):
        assert f'data-status="{status}"' in page
    # The best *verified* node is marked, not the better trusted prediction.
    assert re.search(r'class="node status-clean best-node" id="node-node4"', page)
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)" in page
    assert "plan &lt;b&gt;0&lt;/b&gt;" in page
    # Every node has a predicted-output slot; only nodes with a prediction fill it.
    assert page.count('data-filled="false"') == 4 and page.count('data-filled="true"') == 2
    assert 'id="metric-chart"' in page and "<polyline" in page
    assert "percentile" in page and "bronze" in page
    # No network: nothing is loaded from elsewhere.
    assert not re.search(r'(src|href)="(https?:)?//', page)


def test_report_of_an_empty_run(tmp_path: Path) -> None:
    page = render_report(Journal(False), _task(tmp_path), build_config({"task": "t"}), {})
    assert "No nodes yet" in page and '<section class="node' not in page


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.browser
@pytest.mark.skipif(
    _chromium() is None,
    reason="headless chromium is not installed (apt-get install -y chromium)",
)
def test_report_renders_in_headless_chromium(tmp_path: Path) -> None:
    journal = _journal()
    path = write_report(
        tmp_path / "report.html",
        journal,
        _task(tmp_path),
        build_config({"task": "toy"}),
        _summary(journal),
    )
    result = subprocess.run(
        [
            _chromium(),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--dump-dom",
            path.resolve().as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    dom = result.stdout
    assert "<body>" in dom, result.stderr[-2000:]
    assert len(re.findall(r'<section class="node ', dom)) == len(journal)
    assert len(re.findall(r'class="tree-node"', dom)) == len(journal)
    assert re.search(r'<span id="node-count">6</span>', dom)
    assert "<svg" in dom and 'id="metric-chart"' in dom
