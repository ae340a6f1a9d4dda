"""Per-program scoring of each predicted field (Table 1 definitions) and the gate-error rules."""

from __future__ import annotations

import math

import pytest
from evalkit import (
    clean_log,
    key_error_log,
    make_record,
    syntax_error_log,
    timeout_log,
    value_error_log,
)

from mleworld.evaluation.scoring import (
    crash_cause_match,
    metric_within,
    observed_class,
    relative_error,
    score_program,
)
from mleworld.world.prediction import Prediction


def predict(
    exc: str,
    log: str = "",
    metric: float | None = None,
    submission: bool | None = None,
    p: float = 0.9,
) -> Prediction:
    probs = {exc: p, "Other": 1 - p} if exc != "Other" else {"Other": 1.0}
    return Prediction(
        exc_type=exc, exc_probs=probs, term_out=log, metric=metric, submission=submission
    )


def test_exact_prediction_scores_every_field_right() -> None:
    rec = make_record(1, task_id="t", stage="improve", outcome="clean", metric=0.8123)
    s = score_program(rec, predict("None", clean_log(0.8123), 0.8123, True))
    assert (s.exception_class, s.terminal_output, s.submission) == (True, True, True)
    assert s.metric_within_5pct is True and s.metric_recall is True
    assert s.crash_class is None  # not a crash
    assert s.outcome == "clean" and s.predicted_outcome == "clean"
    assert s.metric_error == 0.0


def test_exception_class_is_exact_and_dotted_names_are_leaves() -> None:
    rec = make_record(2, task_id="t", stage="debug", outcome="keyerror")
    assert score_program(
        rec, predict("pandas.errors.KeyError", key_error_log("Age"))
    ).exception_class
    assert not score_program(rec, predict("ValueError", key_error_log("Age"))).exception_class
    assert not score_program(rec, predict("LookupError", key_error_log("Age"))).exception_class


def test_crash_class_needs_the_same_cause_and_applies_only_to_joint_crashes() -> None:
    rec = make_record(3, task_id="t", stage="debug", outcome="keyerror", column="Age")
    same = score_program(rec, predict("KeyError", key_error_log("Age")))
    assert same.crash_class is True and same.cause_match is True
    other_column = score_program(rec, predict("KeyError", key_error_log("Fare")))
    assert other_column.crash_class is False and other_column.exception_class is True
    # The class alone, with no traceback to read a cause from, names no repair.
    bare = score_program(rec, predict("KeyError", ""))
    assert bare.crash_class is False
    # Predicted clean: not a joint crash, so the field does not apply.
    assert score_program(rec, predict("None", clean_log(0.8))).crash_class is None
    # Observed timeout vs predicted crash: not a joint crash either.
    timeout = make_record(4, task_id="t", stage="debug", outcome="timeout")
    assert score_program(timeout, predict("KeyError", key_error_log("Age"))).crash_class is None


def test_crash_cause_match_reads_both_logs() -> None:
    assert crash_cause_match(syntax_error_log(), syntax_error_log()) is True
    assert crash_cause_match(value_error_log(), key_error_log("Age")) is False
    assert crash_cause_match(clean_log(0.9), key_error_log("Age")) is None


@pytest.mark.parametrize(
    ("predicted", "observed", "ok"),
    [
        (0.95, 1.0, True),  # exactly 5% passes
        (1.05, 1.0, True),
        (0.949, 1.0, False),
        (-0.95, -1.0, True),
        (0.0, 0.0, True),
        (1e-9, 0.0, False),  # an observed 0 allows only 0
        (None, 1.0, False),
        (float("nan"), 1.0, False),
    ],
)
def test_metric_within_five_percent(predicted: float | None, observed: float, ok: bool) -> None:
    assert metric_within(predicted, observed) is ok


def test_relative_error_is_relative_to_the_observed_value() -> None:
    assert relative_error(90.0, 100.0) == pytest.approx(0.1)
    assert relative_error(100.0, 90.0) == pytest.approx(10 / 90)
    assert math.isinf(relative_error(float("inf"), 1.0))


def test_metric_fields_apply_only_with_a_numeric_observed_metric() -> None:
    rec = make_record(5, task_id="t", stage="draft", outcome="clean", metric=0.8)
    # An output that shows no score: a Prediction reads a missing metric from its output.
    missing = score_program(rec, predict("None", "Saved submission\n", None, True))
    assert missing.metric_within_5pct is False and missing.metric_recall is False
    far = score_program(rec, predict("None", clean_log(0.8), 0.7, True))
    assert far.metric_within_5pct is False and far.metric_recall is True
    crash = make_record(6, task_id="t", stage="draft", outcome="valueerror")
    s = score_program(crash, predict("ValueError", value_error_log(), 0.8))
    assert s.metric_within_5pct is None and s.metric_recall is None


def test_a_missing_submission_flag_is_wrong() -> None:
    rec = make_record(7, task_id="t", stage="draft", outcome="clean")
    assert score_program(rec, predict("None", submission=True)).submission is True
    assert score_program(rec, predict("None", submission=False)).submission is False
    assert score_program(rec, predict("None", submission=None)).submission is False


def test_a_run_killed_at_the_limit_is_a_timeout_whatever_class_it_printed() -> None:
    rec = make_record(8, task_id="t", stage="improve", outcome="timeout")
    rec.y.exc_type = "KeyboardInterrupt"
    assert observed_class(rec) == "TimeoutError"
    s = score_program(rec, predict("TimeoutError", timeout_log()))
    assert s.exception_class and s.outcome == "timeout" and s.predicted_outcome == "timeout"
    assert not s.gate_eligible  # predicted timeouts are never run, so never gated


def test_gate_error_for_predicted_successes() -> None:
    rec = make_record(9, task_id="t", stage="improve", outcome="clean", metric=0.8)
    assert not score_program(rec, predict("None", metric=0.82)).gate_error
    assert score_program(rec, predict("None", metric=0.7)).gate_error
    assert score_program(rec, predict("None", metric=None)).gate_error
    crashed = make_record(10, task_id="t", stage="improve", outcome="keyerror")
    assert score_program(crashed, predict("None", metric=0.8)).gate_error


def test_gate_error_for_predicted_failures_needs_class_and_cause() -> None:
    rec = make_record(11, task_id="t", stage="debug", outcome="keyerror", column="Age")
    assert not score_program(rec, predict("KeyError", key_error_log("Age"))).gate_error
    assert score_program(rec, predict("KeyError", key_error_log("Fare"))).gate_error
    assert score_program(rec, predict("ValueError", value_error_log())).gate_error
    clean = make_record(12, task_id="t", stage="debug", outcome="clean")
    assert score_program(clean, predict("KeyError", key_error_log("Age"))).gate_error


def test_scores_serialise_with_non_finite_numbers_as_text() -> None:
    rec = make_record(13, task_id="t", stage="draft", outcome="clean", metric=0.8)
    data = score_program(rec, predict("None", metric=float("inf"))).to_dict()
    assert data["predicted_metric"] == "inf" and data["metric_error"] == "inf"
