"""Execution windows of a harness trajectory and their rewards (WIRL, MLExpert section 4.2,
appendix C.2).

A window is the model's decisions between two successive experiment results: the
assistant messages after the previous real `run` result up to and including the one
whose `run` call produced the next result. The window takes that experiment's reward
(the `medal_absolute_v1` shape; the constants are ours and configurable):

- the program crashed or timed out: `error` (-1.0);
- it ran but left no scorable submission (none, invalid against the sample, or its
  hidden grade invalid): `unscorable` (-0.5);
- a valid submission: `valid` (0.5) plus a medal bonus from the task's thresholds
  (`bronze` 0.25, `silver` 0.5, `gold` 1.0), plus the local trend
  `trend` x (q - q_prev), where q is this submission's normalised score and q_prev the
  previous valid submission's in the trajectory (no term for the first one),
  clipped to [-`trend_clip`, `trend_clip`].

Windows without trusted execution feedback are excluded: decisions after the last
result, a `run` call refused as a tool error, one a resume found interrupted, or one
whose outcome the trajectory does not record. The experiment's outcome is read from
the node event the run wrote (never from the possibly truncated tool message), and its
hidden grade from `grade_of(node_id)` (for a run directory: its kept submission graded
against the task's answers).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from mleworld.harness.trajectory import Trajectory
from mleworld.trajectories.selection import submission_quality

GradeOf = Callable[[str], dict[str, Any] | None]


class RewardConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    error: float = -1.0
    unscorable: float = -0.5
    valid: float = 0.5
    bronze: float = 0.25
    silver: float = 0.5
    gold: float = 1.0
    trend: float = 1.0
    trend_clip: float = Field(1.0, ge=0.0)


@dataclass
class Window:
    """The decisions (assistant message indices) that led to one experiment result."""

    index: int
    messages: list[int]  # assistant message indices, in order
    node_id: str
    result_index: int  # the tool message with the run's result
    outcome: dict[str, Any]
    grade: dict[str, Any] | None = None
    reward: float = 0.0
    terms: dict[str, float] = field(default_factory=dict)
    kind: str = ""  # error | unscorable | valid

    @property
    def start(self) -> int:
        return self.messages[0]


def _run_calls(message: dict[str, Any]) -> list[tuple[str, str | None]]:
    out = []
    for call in message.get("tool_calls") or []:
        function = call.get("function") or {}
        if function.get("name") == "run":
            try:
                node_id = json.loads(function.get("arguments") or "{}").get("node_id")
            except (ValueError, AttributeError):
                node_id = None
            out.append((str(call.get("id")), node_id))
    return out


def _outcomes(traj: Trajectory) -> dict[str, dict[str, Any]]:
    """The recorded real outcome of every node that ran."""
    found: dict[str, dict[str, Any]] = {}
    for event in traj.events:
        if event["event"] == "node" and (event["node"].get("outcome") is not None):
            found[event["node"]["id"]] = event["node"]["outcome"]
    return found


def split_windows(traj: Trajectory) -> list[Window]:
    """The trajectory's execution windows that end in trusted execution feedback."""
    results = {
        m.get("tool_call_id"): (i, traj.meta[i])
        for i, m in enumerate(traj.messages)
        if m.get("role") == "tool"
    }
    outcomes = _outcomes(traj)
    windows: list[Window] = []
    pending: list[int] = []
    for index, message in enumerate(traj.messages):
        if message.get("role") != "assistant":
            continue
        pending.append(index)
        for call_id, node_id in _run_calls(message):
            result = results.get(call_id)
            if result is None or node_id is None:
                continue
            result_index, meta = result
            trusted = meta.get("ok") is True and not meta.get("synthetic")
            if trusted and node_id in outcomes:
                windows.append(
                    Window(len(windows), pending, node_id, result_index, outcomes[node_id])
                )
                pending = []
                break
    return windows


def score_windows(
    windows: list[Window], grade_of: GradeOf, config: RewardConfig | None = None
) -> list[Window]:
    """Each window's reward and its terms, in order (the trend needs the one before)."""
    config = config or RewardConfig()
    previous: float | None = None
    for window in windows:
        outcome = window.outcome
        if outcome.get("exc_type") not in (None, "None") or outcome.get("timed_out"):
            window.kind, window.terms = "error", {"error": config.error}
        else:
            window.grade = grade_of(window.node_id) if outcome.get("submission") else None
            scorable = (
                outcome.get("submission")
                and outcome.get("submission_valid") is not False
                and window.grade is not None
                and window.grade.get("valid")
            )
            if not scorable:
                window.kind, window.terms = "unscorable", {"unscorable": config.unscorable}
            else:
                window.kind = "valid"
                medal = window.grade.get("medal")  # type: ignore[union-attr]
                terms = {"valid": config.valid}
                if medal in ("bronze", "silver", "gold"):
                    terms[medal] = getattr(config, medal)
                quality = submission_quality(window.grade)
                if quality is not None and previous is not None:
                    delta = config.trend * (quality - previous)
                    terms["trend"] = max(-config.trend_clip, min(config.trend_clip, delta))
                if quality is not None:
                    previous = quality
                window.terms = terms
        window.reward = round(sum(window.terms.values()), 6)
    return windows


def grader_for(run_dir: Path, task: Any) -> GradeOf:
    """`grade_of` for a harness run: the node's kept submission graded by the task."""
    from mleworld.agent.report import SUBMISSIONS_DIR
    from mleworld.errors import MleWorldError
    from mleworld.tasks.grading import grade_file

    def grade_of(node_id: str) -> dict[str, Any] | None:
        path = Path(run_dir) / SUBMISSIONS_DIR / f"{node_id}.csv"
        if not path.is_file() or not task.has_private:
            return None
        try:
            return grade_file(task, path).to_dict()
        except MleWorldError:
            return None

    return grade_of
