"""The progress displays: plain lines off a terminal, a live panel on one, nothing when quiet."""

from __future__ import annotations

import io

from rich.console import Console

from mleworld.agent.journal import Journal
from mleworld.agent.node import Node
from mleworld.agent.progress import (
    LogProgress,
    QuietProgress,
    RichProgress,
    Snapshot,
    make_progress,
)


def _snap(step: int, best: float | None) -> Snapshot:
    return Snapshot(
        step=step,
        steps_total=10,
        stage="draft",
        best_metric=best,
        lower_is_better=True,
        exec_time_s=75.0,
        wall_time_s=90.0,
        time_left_s=3725.0,
        executed=step,
        buggy=1,
    )


def _node() -> Node:
    return Node(id="abc", step=0, stage="draft", metric=0.25, is_buggy=False, executed=True)


def test_plain_lines_name_step_stage_best_and_time_left() -> None:
    stream = io.StringIO()
    progress = make_progress(quiet=False, stream=stream)
    assert isinstance(progress, LogProgress)
    progress.start("toy", "runs/x", Journal(True), _snap(0, None))
    progress.step_done(_node(), _snap(1, 0.25))
    progress.finish({"stop_reason": "steps"})
    lines = stream.getvalue().splitlines()
    assert "run toy -> runs/x" in lines[0]
    assert "step 0 draft: clean metric=0.25" in lines[1]
    assert "best 0.25 (lower is better)" in lines[1]
    assert "exec 1m15s" in lines[1] and "left 1h02m" in lines[1]
    assert "stopped: steps" in lines[2]


def test_quiet_shows_nothing() -> None:
    assert isinstance(make_progress(quiet=True), QuietProgress)


def test_live_panel_on_a_terminal() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=100)
    progress = RichProgress(console=console)
    progress.start("toy", "runs/x", Journal(True), _snap(0, None))
    progress.step_started(0, "draft", None)
    progress.step_done(_node(), _snap(1, 0.25))
    progress.finish({"stop_reason": "steps"})
    text = out.getvalue()
    for expected in ("mleworld run toy", "best verified", "0.25", "time left", "1h02m"):
        assert expected in text
