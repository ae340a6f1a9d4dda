"""A run's budgets (steps, active wall time, real execution time) and the seeds and ids
every step derives from (seed, step), so a resumed run continues where it stopped.

Used by the step (step.py), the run (loop.py) and the harness.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field

from mleworld.agent.accounting import live_line
from mleworld.agent.journal import Journal
from mleworld.agent.progress import Snapshot

MIN_EXEC_S = 1.0  # a step needs at least this much budget left to start


def derive_seed(seed: int, step: int, purpose: str) -> int:
    """A 31-bit seed for one purpose at one step; independent of any global RNG state."""
    digest = hashlib.sha256(f"{seed}:{step}:{purpose}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def node_id_for(task_id: str, seed: int, step: int) -> str:
    return hashlib.sha256(f"{task_id}:{seed}:{step}".encode()).hexdigest()[:12]


@dataclass
class Budget:
    """Steps, active wall time and real execution time: limits and what is used."""

    steps: int
    time_budget_s: float | None
    exec_budget_s: float | None
    wall_offset_s: float = 0.0  # active time of earlier sessions of this run
    started: float = field(default_factory=time.monotonic)
    step_exec_s: float = 0.0  # real execution of the step in flight (not yet in the journal)

    def wall_time_s(self) -> float:
        return self.wall_offset_s + time.monotonic() - self.started

    @staticmethod
    def exec_time_s(journal: Journal) -> float:
        return sum(node.exec_time_s for node in journal)

    def time_left_s(self) -> float | None:
        return None if self.time_budget_s is None else self.time_budget_s - self.wall_time_s()

    def exec_left_s(self, journal: Journal) -> float | None:
        if self.exec_budget_s is None:
            return None
        return self.exec_budget_s - self.exec_time_s(journal) - self.step_exec_s

    def stop_reason(self, journal: Journal) -> str | None:
        if len(journal) >= self.steps:
            return "steps"
        left = self.time_left_s()
        if left is not None and left < MIN_EXEC_S:
            return "time_budget"
        left = self.exec_left_s(journal)
        if left is not None and left < MIN_EXEC_S:
            return "exec_budget"
        return None

    def time_limit(self, task_limit_s: float, journal: Journal) -> float:
        """The task's limit, cut to what the budgets have left, so a run ends on time."""
        limits = [task_limit_s, self.time_left_s(), self.exec_left_s(journal)]
        return max(MIN_EXEC_S, min(x for x in limits if x is not None))

    def snapshot(self, journal: Journal, stage: str = "") -> Snapshot:
        best = journal.best_node()
        executed = [n for n in journal if n.executed]
        return Snapshot(
            step=len(journal),
            steps_total=self.steps,
            stage=stage,
            best_metric=best.metric if best else None,
            lower_is_better=journal.lower_is_better,
            exec_time_s=self.exec_time_s(journal),
            wall_time_s=self.wall_time_s(),
            time_left_s=self.time_left_s(),
            executed=len(executed),
            buggy=sum(n.is_buggy for n in executed),
            search=live_line(journal.nodes),
        )
