"""A Prediction without a metric takes the one its predicted terminal output shows."""

from __future__ import annotations

import math

import pytest

from mleworld.world.prediction import Prediction

LOG = "Fold 1: auc = 0.8100\nFold 2: auc = 0.8300\nMean CV AUC: 0.8200\n"
CRASH = (
    "Validation RMSE: 12.5\n"
    "Traceback (most recent call last):\n"
    '  File "runfile.py", line 9, in <module>\n'
    "KeyError: 'price'\n"
)


def test_a_missing_metric_is_read_from_the_output_headline() -> None:
    prediction = Prediction(exc_type="None", term_out=LOG)
    assert prediction.metric == pytest.approx(0.82)


def test_a_predicted_metric_is_kept_over_what_the_output_shows() -> None:
    assert Prediction(exc_type="None", term_out=LOG, metric=0.9).metric == 0.9


def test_a_crash_keeps_the_score_printed_before_it_as_the_executor_does() -> None:
    assert Prediction(exc_type="KeyError", term_out=CRASH).metric == pytest.approx(12.5)


def test_an_output_without_a_score_leaves_the_metric_empty() -> None:
    bare = "Traceback (most recent call last):\nKeyError: 'auc: 0.91'\n"
    assert Prediction(exc_type="KeyError", term_out=bare).metric is None
    assert Prediction(exc_type="None").metric is None


def test_the_json_round_trip_keeps_the_metric_read_from_the_output() -> None:
    first = Prediction(exc_type="None", term_out="val accuracy: 91.5%\n")
    again = Prediction.from_dict(first.to_dict())
    assert math.isclose(first.metric or 0, 0.915) and again.metric == first.metric
