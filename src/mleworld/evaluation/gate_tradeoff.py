"""The confidence gate's trade-off on a holdout (paper appendix M, figure 9).

The gate trusts a prediction, skipping the real run, when p_max >= gamma; it
runs the program when p_max < gamma. Predicted successes and predicted failures
are gated separately (gamma_s, gamma_f) because their runs cost very different
amounts of time, and predicted timeouts are never run, so they are not gated.
For each kind and each gamma from 0 to 1 this module measures

* the share of that kind's real runtime the gate would skip (runtime of the
  skipped programs over runtime of all programs predicted that way), and
* the error among the skipped predictions: a skipped success is an error when
  the run did not finish cleanly or its metric is more than 5% off; a skipped
  failure is an error when the exception class or the cause to fix differs
  (scoring.ProgramScore.gate_error).

As gamma rises the gate skips fewer programs, so skipped runtime never grows.
`suggest` picks, for a target error, the gamma that skips the most runtime
while keeping the skipped error at or under the target.

Not here: scoring a program (scoring.py), drawing the curves (plots.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from mleworld.evaluation.scoring import ProgramScore

__all__ = [
    "GAMMA_FAILURE",
    "GAMMA_SUCCESS",
    "GATE_STAGES",
    "KINDS",
    "TARGET_ERROR",
    "gamma_grid",
    "gate_point",
    "gate_tradeoff",
    "suggest",
]

GAMMA_SUCCESS = 0.50  # DESIGN.md: the configured gamma_s
GAMMA_FAILURE = 0.56  # DESIGN.md: the configured gamma_f
GATE_STAGES: tuple[str, ...] = ("improve", "debug")  # figure 9 gates Improve and Debug programs
TARGET_ERROR = 0.15
KINDS: dict[str, str] = {"success": "clean", "failure": "crash"}  # kind -> predicted outcome


def gamma_grid(step: float = 0.01, extra: Iterable[float] = ()) -> list[float]:
    """0, step, ..., 1 plus the `extra` values, sorted and rounded to 4 places."""
    count = round(1.0 / step)
    values = {round(i * step, 4) for i in range(count + 1)} | {round(float(g), 4) for g in extra}
    return sorted(v for v in values if 0.0 <= v <= 1.0)


def _members(
    scores: Iterable[ProgramScore], kind: str, stages: Sequence[str] | None
) -> list[ProgramScore]:
    outcome = KINDS[kind]
    return [
        s
        for s in scores
        if s.gate_eligible
        and s.predicted_outcome == outcome
        and (stages is None or s.stage in stages)
    ]


def gate_point(members: Sequence[ProgramScore], gamma: float) -> dict[str, Any]:
    """What a gate at `gamma` would skip among `members`, and how often it would be wrong."""
    total_runtime = sum(s.runtime_s for s in members)
    skipped = [s for s in members if s.p_max is not None and s.p_max >= gamma]
    errors = sum(1 for s in skipped if s.gate_error)
    runtime = sum(s.runtime_s for s in skipped)
    if total_runtime > 0:
        runtime_share = runtime / total_runtime
    else:  # no runtime recorded: the share of programs stands in
        runtime_share = len(skipped) / len(members) if members else 0.0
    return {
        "gamma": gamma,
        "skipped": len(skipped),
        "skipped_share": len(skipped) / len(members) if members else 0.0,
        "skipped_runtime_s": runtime,
        "skipped_runtime_share": runtime_share,
        "errors": errors,
        "error": errors / len(skipped) if skipped else None,
    }


def suggest(curve: Sequence[dict[str, Any]], target_error: float) -> dict[str, Any] | None:
    """The point skipping the most runtime with error <= target (ties: the higher gamma).

    None when no gamma skips anything at or under the target error.
    """
    ok = [p for p in curve if p["error"] is not None and p["error"] <= target_error + 1e-12]
    if not ok:
        return None
    return max(ok, key=lambda p: (p["skipped_runtime_share"], -p["error"], p["gamma"]))


def gate_tradeoff(
    scores: Sequence[ProgramScore],
    *,
    gamma_success: float = GAMMA_SUCCESS,
    gamma_failure: float = GAMMA_FAILURE,
    stages: Sequence[str] | None = GATE_STAGES,
    target_error: float = TARGET_ERROR,
    step: float = 0.01,
) -> dict[str, Any] | None:
    """The success and failure curves for one model, its configured points and suggestions.

    `stages` limits the programs to those a gate sees (figure 9: Improve and
    Debug); None takes every stage. None when the model gives no p_max.
    """
    if not any(s.p_max is not None for s in scores):
        return None
    configured = {"success": gamma_success, "failure": gamma_failure}
    out: dict[str, Any] = {
        "stages": list(stages) if stages is not None else None,
        "target_error": target_error,
    }
    for kind in KINDS:
        members = _members(scores, kind, stages)
        curve = [gate_point(members, g) for g in gamma_grid(step, extra=[configured[kind]])]
        out[kind] = {
            "n": len(members),
            "runtime_s": sum(s.runtime_s for s in members),
            "gamma": configured[kind],
            "configured": gate_point(members, configured[kind]),
            "suggested": suggest(curve, target_error),
            "curve": curve,
        }
    return out
