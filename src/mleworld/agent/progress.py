"""How a run shows its progress: a rich live panel in a terminal, plain log lines otherwise.

The loop calls the same four hooks on any display; `make_progress` picks one.
This module only displays; the numbers come from the loop's `Budget`.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Any, Protocol, TextIO

from mleworld.agent.journal import Journal
from mleworld.agent.node import Node


@dataclass(frozen=True)
class Snapshot:
    """What every display shows after a step."""

    step: int  # steps done
    steps_total: int
    stage: str
    best_metric: float | None
    lower_is_better: bool
    exec_time_s: float
    wall_time_s: float
    time_left_s: float | None  # None: no wall-time budget
    executed: int
    buggy: int
    search: str = ""  # accounting.live_line: "ran 5/12, trusted 7"


def _fmt_s(seconds: float | None) -> str:
    if seconds is None:
        return "∞"
    seconds = max(0.0, seconds)
    if seconds < 60:
        return f"{seconds:.0f}s"
    if seconds < 3600:
        return f"{seconds // 60:.0f}m{seconds % 60:02.0f}s"
    return f"{seconds // 3600:.0f}h{(seconds % 3600) // 60:02.0f}m"


def _fmt_metric(value: float | None, lower_is_better: bool) -> str:
    if value is None:
        return "none yet"
    return f"{value:.6g} ({'lower' if lower_is_better else 'higher'} is better)"


def _node_line(node: Node) -> str:
    metric = "" if node.metric is None else f" metric={node.metric:.6g}"
    parent = f" parent={node.parent_id}" if node.parent_id else ""
    gate = (
        f" [{node.gate_reason}]" if node.gate_reason and node.gate_reason != "gate always" else ""
    )
    return f"step {node.step} {node.stage}{parent}: {node.status}{metric}{gate}"


class Progress(Protocol):
    def start(self, task_name: str, run_dir: str, journal: Journal, snap: Snapshot) -> None: ...
    def step_started(self, step: int, stage: str, parent: Node | None) -> None: ...
    def step_done(self, node: Node, snap: Snapshot) -> None: ...
    def finish(self, summary: dict[str, Any]) -> None: ...


class QuietProgress:
    def start(self, task_name: str, run_dir: str, journal: Journal, snap: Snapshot) -> None:
        pass

    def step_started(self, step: int, stage: str, parent: Node | None) -> None:
        pass

    def step_done(self, node: Node, snap: Snapshot) -> None:
        pass

    def finish(self, summary: dict[str, Any]) -> None:
        pass


class LogProgress:
    """One line per event, for logs and pipes."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr

    def _say(self, text: str) -> None:
        self.stream.write(f"[{time.strftime('%H:%M:%S')}] {text}\n")
        self.stream.flush()

    def start(self, task_name: str, run_dir: str, journal: Journal, snap: Snapshot) -> None:
        resumed = f", resuming after {len(journal)} nodes" if len(journal) else ""
        self._say(f"run {task_name} -> {run_dir}{resumed}")

    def step_started(self, step: int, stage: str, parent: Node | None) -> None:
        pass

    def step_done(self, node: Node, snap: Snapshot) -> None:
        self._say(
            f"{_node_line(node)} | best {_fmt_metric(snap.best_metric, snap.lower_is_better)}"
            f" | exec {_fmt_s(snap.exec_time_s)} | left {_fmt_s(snap.time_left_s)}"
            + (f" | {snap.search}" if snap.search else "")
        )

    def finish(self, summary: dict[str, Any]) -> None:
        self._say(f"stopped: {summary.get('stop_reason')}")


class RichProgress:
    """A live panel: step, stage, best verified metric, execution time used, time left."""

    def __init__(self, console: Any = None) -> None:
        from rich.console import Console
        from rich.live import Live

        self.console = console or Console(stderr=True)
        self.live = Live(console=self.console, refresh_per_second=4, transient=False)
        self.snap: Snapshot | None = None
        self.current = ""
        self.title = ""

    def _render(self) -> Any:
        from rich.panel import Panel
        from rich.table import Table

        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column()
        snap = self.snap
        if snap is not None:
            table.add_row("step", f"{snap.step} / {snap.steps_total}")
            table.add_row("now", self.current or "-")
            table.add_row("best verified", _fmt_metric(snap.best_metric, snap.lower_is_better))
            table.add_row("executed", f"{snap.executed} ({snap.buggy} buggy)")
            if snap.search:
                table.add_row("search", snap.search)
            table.add_row("execution time", _fmt_s(snap.exec_time_s))
            table.add_row("wall time", _fmt_s(snap.wall_time_s))
            table.add_row("time left", _fmt_s(snap.time_left_s))
        return Panel(table, title=self.title, expand=False)

    def start(self, task_name: str, run_dir: str, journal: Journal, snap: Snapshot) -> None:
        self.title = f"mleworld run {task_name}"
        self.snap = snap
        self.console.print(f"run dir: {run_dir}")
        self.live.start()
        self.live.update(self._render())

    def step_started(self, step: int, stage: str, parent: Node | None) -> None:
        self.current = f"step {step}: {stage}" + (f" of {parent.id}" if parent else "")
        self.live.update(self._render())

    def step_done(self, node: Node, snap: Snapshot) -> None:
        self.snap = snap
        self.current = ""
        self.live.console.print(_node_line(node))
        self.live.update(self._render())

    def finish(self, summary: dict[str, Any]) -> None:
        self.live.update(self._render())
        self.live.stop()


def make_progress(quiet: bool = False, stream: TextIO | None = None) -> Progress:
    """Quiet, a live panel when stderr is a terminal, else plain lines."""
    if quiet:
        return QuietProgress()
    target = stream or sys.stderr
    if stream is None and target.isatty():
        return RichProgress()
    return LogProgress(target)
