"""Outcome-guided selection: which harness trajectories become SFT data, and how much of each.

Every submission in a trajectory carries its hidden test grade. Its quality is
the grade's normalised score, (score - constant) / (strongest reference -
constant) on the task's reference ladder; a task without a ladder falls back to
percentile / 100. Then, per trajectory (the paper's rules; the constants are
ours and configurable):

- degradation: with q* the best submission quality and q_last the final one,
  the run degraded when q* - q_last > `degradation` (default 0.05, i.e. five
  points of the normalised score). A degraded run is cut after the first
  submission reaching q* (the assistant message that submitted it and the
  tool's reply: the anchor) plus a random extension of k complete tool
  interactions, k uniform in 0..min(`max_extension`, what follows), default
  up to 10; an interaction is one assistant message with the results of its
  calls. The random draw is seeded by (seed, run) so a selection repeats.
- otherwise the run is kept up to and including its last submission.
- threshold: the kept prefix's quality (q* when cut at the best, q_last
  otherwise) must be at least `threshold` (default 0.4).

A trajectory without a scored submission is excluded with that reason.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from mleworld.harness.trajectory import Trajectory, load_trajectory

_TIE = 1e-12


class SelectionConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    threshold: float = 0.4
    degradation: float = Field(0.05, ge=0.0)
    max_extension: int = Field(10, ge=0)
    seed: int = 0


@dataclass
class Selection:
    """The verdict on one trajectory: kept up to message `cut` (inclusive), or excluded."""

    run: str
    kept: bool
    reason: str
    quality: float | None = None
    cut: int | None = None  # the last message index kept
    rule: str = ""  # "degraded" | "last_submission" | ""
    extension: int = 0  # complete interactions kept after the anchor
    qualities: list[float | None] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "run": self.run,
            "kept": self.kept,
            "reason": self.reason,
            "quality": self.quality,
            "cut": self.cut,
            "rule": self.rule,
            "extension": self.extension,
            "qualities": self.qualities,
        }


def submission_quality(grade: dict[str, Any] | None) -> float | None:
    """The normalised score of a graded submission (percentile / 100 without a ladder)."""
    if not grade or not grade.get("valid"):
        return None
    if grade.get("normalized_score") is not None:
        return float(grade["normalized_score"])
    if grade.get("percentile") is not None:
        return float(grade["percentile"]) / 100.0
    return None


def interactions(traj: Trajectory) -> list[tuple[int, int]]:
    """(first, last) message index of every interaction: an assistant message and the tool
    results after it, up to the next assistant message or synthetic summary."""
    spans: list[tuple[int, int]] = []
    for index, message in enumerate(traj.messages):
        if message.get("role") == "assistant":
            spans.append((index, index))
        elif spans and message.get("role") == "tool" and spans[-1][1] == index - 1:
            spans[-1] = (spans[-1][0], index)
    return spans


def _rng(config: SelectionConfig, run: str) -> random.Random:
    digest = hashlib.sha256(f"{config.seed}:{run}".encode()).hexdigest()
    return random.Random(digest)


def select(traj: Trajectory, config: SelectionConfig | None = None, run: str = "") -> Selection:
    config = config or SelectionConfig()
    run = run or str(traj.path.parent)
    scored = [(s, submission_quality(s.get("grade"))) for s in traj.submissions]
    qualities = [q for _, q in scored]
    valid = [(s, q) for s, q in scored if q is not None]
    if not valid:
        return Selection(run, False, "no scored submission", qualities=qualities)
    best = max(q for _, q in valid)
    last_sub, last_q = valid[-1]
    spans = interactions(traj)
    span_of = {first: i for i, (first, _) in enumerate(spans)}
    if best - last_q > config.degradation:
        anchor_sub = next(s for s, q in valid if q >= best - _TIE)
        anchor = span_of[anchor_sub["message_index"]]
        room = min(config.max_extension, len(spans) - 1 - anchor)
        extension = _rng(config, run).randint(0, room) if room > 0 else 0
        cut = spans[anchor + extension][1]
        quality, rule = best, "degraded"
        reason = (
            f"degraded by {best - last_q:.3f} after its best submission: cut at the first best "
            f"plus {extension} interaction(s)"
        )
    else:
        anchor = span_of[last_sub["message_index"]]
        cut, quality, rule, extension = spans[anchor][1], last_q, "last_submission", 0
        reason = "kept up to its last submission"
    if quality < config.threshold:
        return Selection(
            run,
            False,
            f"quality {quality:.3f} is below the threshold {config.threshold:g}",
            quality=quality,
            rule=rule,
            qualities=qualities,
        )
    return Selection(run, True, reason, quality, cut, rule, extension, qualities)


def select_runs(
    runs: list[Path], config: SelectionConfig | None = None
) -> list[tuple[Selection, Trajectory]]:
    """Each run directory's verdict, with its trajectory."""
    out = []
    for run in runs:
        traj = load_trajectory(Path(run))
        out.append((select(traj, config, run=str(run)), traj))
    return out
