"""Per-program scoring: is each predicted field of y right for one held-out program?

The fields of Table 1 (paper section 6.1, appendix G):

* exception class: exact match of the predicted class with the observed one;
* terminal output: the judge's verdict (judge.py) on predicted vs observed log;
* crash class: on programs that both crash and are predicted to crash (a
  timeout is not a crash), whether the judge's debugging cores of the two logs
  are equivalent, i.e. the prediction sends the agent to the same repair;
* metric within 5%: on programs whose observed metric is a finite number, the
  predicted metric within 5% relative error (a missing prediction is wrong);
* metric recall: on the same programs, whether any metric was predicted;
* submission flag: exact match (a missing flag is wrong).

A field that does not apply to a program is None, so means over a field skip
it. This module also owns the two gate-error rules of appendix M (whether a
trusted prediction would have misled the agent). Aggregating programs into
accuracies with standard errors is bootstrap.py's job.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from mleworld.evaluation.judge import Judge, RuleJudge
from mleworld.evaluation.judge_core import compare_cores
from mleworld.evaluation.judge_evidence import read_side
from mleworld.world.prediction import Prediction
from mleworld.world.vocab import CLEAN, TIMEOUT, leaf_name

__all__ = [
    "FIELDS",
    "METRIC_TOLERANCE",
    "OUTCOMES",
    "ProgramScore",
    "crash_cause_match",
    "metric_within",
    "observed_class",
    "outcome_of_class",
    "relative_error",
    "score_program",
]

FIELDS: tuple[str, ...] = (
    "exception_class",
    "terminal_output",
    "crash_class",
    "metric_within_5pct",
    "metric_recall",
    "submission",
)
OUTCOMES: tuple[str, ...] = ("clean", "crash", "timeout")
METRIC_TOLERANCE = 0.05
_EPS = 1e-12  # exactly 5% passes despite float noise
_INTERRUPT = "KeyboardInterrupt"


@dataclass
class ProgramScore:
    """One model's prediction for one held-out program, scored field by field."""

    uid: str
    task_id: str
    stage: str
    outcome: str  # observed: clean | crash | timeout
    observed_class: str
    predicted_class: str
    predicted_outcome: str  # clean | crash | timeout
    p_max: float | None
    runtime_s: float  # the real run's
    latency_ms: float
    exception_class: bool
    terminal_output: bool
    crash_class: bool | None  # None unless both crash
    metric_within_5pct: bool | None  # None without a numeric observed metric
    metric_recall: bool | None
    submission: bool
    observed_metric: float | None
    predicted_metric: float | None
    metric_error: float | None  # relative error, when both are numbers
    cause_match: bool | None  # debugging cores equivalent (both logs fatal); None otherwise
    judge_branch: str
    judge_reason: str

    def field(self, name: str) -> bool | None:
        return getattr(self, name)

    @property
    def gate_eligible(self) -> bool:
        """A prediction the gate may trust: predicted timeouts are never run, so never gated."""
        return self.p_max is not None and self.predicted_outcome != "timeout"

    @property
    def gate_error(self) -> bool:
        """Would trusting this prediction mislead the agent (appendix M)?

        A predicted success misleads when the run does not finish cleanly or its
        metric is more than 5% off (or present on one side only); a predicted
        failure misleads when the class differs or the cause to fix differs.
        """
        if self.predicted_outcome == "clean":
            if self.outcome != "clean":
                return True
            if self.observed_metric is None and self.predicted_metric is None:
                return False
            return not metric_within(self.predicted_metric, self.observed_metric)
        return self.predicted_class != self.observed_class or self.cause_match is not True

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for key in ("observed_metric", "predicted_metric", "metric_error", "p_max"):
            value = data[key]
            if isinstance(value, float) and not math.isfinite(value):
                data[key] = str(value)
        return data


def outcome_of_class(cls: str) -> str:
    """clean, crash or timeout for an exception class as the vocabulary spells it."""
    if cls == CLEAN:
        return "clean"
    if cls in (TIMEOUT, _INTERRUPT):
        return "timeout"
    return "crash"


def observed_class(record: Any) -> str:
    """The class a record's run ended with; a run killed at the time limit is a timeout."""
    cls = leaf_name(record.y.exc_type)
    if bool(getattr(record, "timed_out", False)) or cls == _INTERRUPT:
        return TIMEOUT
    return cls


def relative_error(predicted: float, observed: float) -> float:
    """|predicted - observed| / |observed|; an observed 0 allows only an exact 0."""
    if not (math.isfinite(predicted) and math.isfinite(observed)):
        return math.inf
    if observed == 0:
        return 0.0 if predicted == 0 else math.inf
    return abs(predicted - observed) / abs(observed)


def metric_within(
    predicted: float | None, observed: float | None, tolerance: float = METRIC_TOLERANCE
) -> bool:
    """Both numbers, and the prediction within `tolerance` relative error of the observed."""
    if predicted is None or observed is None:
        return False
    return relative_error(predicted, observed) <= tolerance + _EPS


def crash_cause_match(predicted_term_out: str, observed_term_out: str) -> bool | None:
    """Whether two logs fail for the same reason to fix (the judge's debugging-core test).

    None when either log shows no fatal event the judge can read; the caller
    decides what that means (for a predicted crash it means no cause was given).
    """
    p = read_side(predicted_term_out)
    g = read_side(observed_term_out)
    if not (p.is_fatal and g.is_fatal) or p.core is None or g.core is None:
        return None
    ok, _missing, _contradictions = compare_cores(p.core, g.core)
    return ok


def _is_number(value: float | None) -> bool:
    return value is not None and math.isfinite(value)


def score_program(
    record: Any, prediction: Prediction, *, judge: Judge | None = None
) -> ProgramScore:
    """Score one prediction against the record of the real run."""
    judge = judge or RuleJudge()
    obs_cls = observed_class(record)
    pred_cls = leaf_name(prediction.exc_type)
    outcome = outcome_of_class(obs_cls)
    predicted_outcome = outcome_of_class(pred_cls)
    observed_log = record.y.term_out or ""
    predicted_log = prediction.term_out or ""
    verdict = judge.judge(predicted_log, observed_log)

    cause = crash_class = None
    if predicted_outcome == "crash" and outcome == "crash":
        cause = crash_cause_match(predicted_log, observed_log)
        crash_class = cause is True

    observed_metric = record.y.metric
    predicted_metric = prediction.metric
    within = recall = None
    error = None
    if _is_number(observed_metric):
        recall = predicted_metric is not None
        within = metric_within(predicted_metric, observed_metric)
    if predicted_metric is not None and observed_metric is not None:
        error = relative_error(predicted_metric, observed_metric)

    return ProgramScore(
        uid=record.uid,
        task_id=record.task_id,
        stage=record.stage,
        outcome=outcome,
        observed_class=obs_cls,
        predicted_class=pred_cls,
        predicted_outcome=predicted_outcome,
        p_max=prediction.p_max,
        runtime_s=float(record.runtime_s or 0.0),
        latency_ms=float(prediction.latency_ms or 0.0),
        exception_class=pred_cls == obs_cls,
        terminal_output=bool(verdict.match),
        crash_class=crash_class,
        metric_within_5pct=within,
        metric_recall=recall,
        submission=prediction.submission is not None
        and bool(prediction.submission) == bool(record.y.submission),
        observed_metric=observed_metric,
        predicted_metric=predicted_metric,
        metric_error=error,
        cause_match=cause,
        judge_branch=verdict.branch,
        judge_reason=verdict.reason,
    )
