"""Every metric against scikit-learn or a hand computation, plus direction and lookup."""

from __future__ import annotations

import math

import numpy as np
import pytest
from sklearn import metrics as skm

from mleworld.errors import MleWorldError
from mleworld.tasks.metrics import LOGLOSS_EPS, METRICS, get_metric

RNG = np.random.default_rng(7)
N = 200


def _col(a: np.ndarray) -> np.ndarray:
    return np.asarray(a).reshape(-1, 1)


@pytest.fixture(scope="module")
def labels() -> tuple[np.ndarray, np.ndarray]:
    truth = RNG.integers(0, 4, N)
    pred = np.where(RNG.random(N) < 0.6, truth, RNG.integers(0, 4, N))
    return truth, pred


@pytest.fixture(scope="module")
def binary() -> tuple[np.ndarray, np.ndarray]:
    truth = RNG.integers(0, 2, N)
    prob = np.clip(0.35 * truth + RNG.random(N) * 0.65, 0.01, 0.99)
    return truth, prob


@pytest.fixture(scope="module")
def regression() -> tuple[np.ndarray, np.ndarray]:
    truth = RNG.gamma(2.0, 3.0, (N, 3))
    pred = np.abs(truth + RNG.normal(0, 1.5, (N, 3)))
    return truth, pred


def test_accuracy_matches_sklearn(labels: tuple[np.ndarray, np.ndarray]) -> None:
    truth, pred = labels
    assert get_metric("accuracy")(_col(truth), _col(pred)) == pytest.approx(
        skm.accuracy_score(truth, pred)
    )


def test_labels_compare_across_int_float_and_text() -> None:
    truth = np.array([[1], [2], [3], ["cat"]], dtype=object)
    pred = np.array([[1.0], ["2"], [4], ["cat"]], dtype=object)
    assert get_metric("accuracy")(truth, pred) == pytest.approx(0.75)


def test_balanced_accuracy_matches_sklearn_and_averages_columns(
    labels: tuple[np.ndarray, np.ndarray],
) -> None:
    truth, pred = labels
    metric = get_metric("balanced_accuracy")
    assert metric(_col(truth), _col(pred)) == pytest.approx(
        skm.balanced_accuracy_score(truth, pred)
    )
    other_truth, other_pred = truth[::-1], np.roll(pred, 3)
    both = metric(np.column_stack([truth, other_truth]), np.column_stack([pred, other_pred]))
    expected = (
        skm.balanced_accuracy_score(truth, pred)
        + skm.balanced_accuracy_score(other_truth, other_pred)
    ) / 2
    assert both == pytest.approx(expected)


def test_f1_macro_matches_sklearn(labels: tuple[np.ndarray, np.ndarray]) -> None:
    truth, pred = labels
    assert get_metric("f1_macro")(_col(truth), _col(pred)) == pytest.approx(
        skm.f1_score(truth, pred, average="macro")
    )


def test_f1_macro_with_text_labels_matches_sklearn() -> None:
    truth = np.array(["a", "b", "c", "a", "b", "c", "a"])
    pred = np.array(["a", "b", "b", "a", "c", "c", "b"])
    assert get_metric("f1_macro")(_col(truth), _col(pred)) == pytest.approx(
        skm.f1_score(truth, pred, average="macro")
    )


def test_qwk_matches_sklearn_and_rounds_float_ratings(
    labels: tuple[np.ndarray, np.ndarray],
) -> None:
    truth, pred = labels
    expected = skm.cohen_kappa_score(truth, pred, weights="quadratic")
    metric = get_metric("qwk")
    assert metric(_col(truth), _col(pred)) == pytest.approx(expected)
    assert metric(_col(truth), _col(pred + 0.3)) == pytest.approx(expected)
    assert metric.needs_numeric  # ratings are numbers even though scored as labels


def test_auc_matches_sklearn(binary: tuple[np.ndarray, np.ndarray]) -> None:
    truth, prob = binary
    assert get_metric("auc")(_col(truth), _col(prob)) == pytest.approx(
        skm.roc_auc_score(truth, prob)
    )


def test_auc_refuses_several_columns(binary: tuple[np.ndarray, np.ndarray]) -> None:
    truth, prob = binary
    with pytest.raises(MleWorldError, match="auc_columnwise"):
        get_metric("auc")(np.column_stack([truth, truth]), np.column_stack([prob, prob]))


def test_auc_columnwise_is_mean_of_column_aucs() -> None:
    truth = RNG.integers(0, 2, (N, 3))
    prob = np.clip(0.4 * truth + 0.6 * RNG.random((N, 3)), 0, 1)
    per_column = [skm.roc_auc_score(truth[:, j], prob[:, j]) for j in range(3)]
    got = get_metric("auc_columnwise")(truth, prob)
    assert got == pytest.approx(np.mean(per_column))
    assert got == pytest.approx(skm.roc_auc_score(truth, prob, average="macro"))


def test_binary_logloss_matches_sklearn(binary: tuple[np.ndarray, np.ndarray]) -> None:
    truth, prob = binary
    assert get_metric("logloss")(_col(truth), _col(prob)) == pytest.approx(
        skm.log_loss(truth, prob)
    )


def test_multiclass_logloss_matches_sklearn() -> None:
    classes = RNG.integers(0, 3, N)
    onehot = np.eye(3)[classes]
    raw = RNG.random((N, 3)) + 0.8 * onehot
    prob = raw / raw.sum(axis=1, keepdims=True)
    assert get_metric("logloss")(onehot, prob) == pytest.approx(
        skm.log_loss(classes, prob, labels=[0, 1, 2])
    )


def test_logloss_clips_certain_mistakes_like_kaggle() -> None:
    # a confident wrong answer costs -log(1e-15), not infinity
    binary = get_metric("logloss")(np.array([[1], [0]]), np.array([[0.0], [0.0]]))
    assert binary == pytest.approx(-math.log(LOGLOSS_EPS) / 2)
    multi = get_metric("logloss")(np.array([[1, 0], [0, 1]]), np.array([[0.0, 1.0], [0.0, 1.0]]))
    # row 1: p(true) clipped to 1e-15 then renormalised by (1e-15 + (1 - 1e-15)) = 1
    expected = (-math.log(LOGLOSS_EPS) - math.log(1 - LOGLOSS_EPS)) / 2
    assert multi == pytest.approx(expected)


def test_multiclass_logloss_renormalises_rows() -> None:
    onehot = np.array([[1, 0, 0], [0, 0, 1]])
    scaled = np.array([[0.2, 0.1, 0.1], [0.3, 0.3, 0.6]])  # rows sum to 0.4 and 1.2
    expected = -(math.log(0.5) + math.log(0.5)) / 2
    assert get_metric("logloss")(onehot, scaled) == pytest.approx(expected)


def test_rmse_matches_sklearn(regression: tuple[np.ndarray, np.ndarray]) -> None:
    truth, pred = regression
    got = get_metric("rmse")(truth[:, :1], pred[:, :1])
    assert got == pytest.approx(skm.root_mean_squared_error(truth[:, 0], pred[:, 0]))


def test_rmsle_matches_sklearn(regression: tuple[np.ndarray, np.ndarray]) -> None:
    truth, pred = regression
    got = get_metric("rmsle")(truth[:, :1], pred[:, :1])
    assert got == pytest.approx(skm.root_mean_squared_log_error(truth[:, 0], pred[:, 0]))


def test_rmsle_by_hand() -> None:
    got = get_metric("rmsle")(np.array([[0.0], [np.e - 1]]), np.array([[np.e - 1], [0.0]]))
    assert got == pytest.approx(1.0)  # each row is off by exactly 1 in log(1 + x)


def test_rmsle_columnwise_is_mean_of_column_rmsles(
    regression: tuple[np.ndarray, np.ndarray],
) -> None:
    truth, pred = regression
    per_column = [skm.root_mean_squared_log_error(truth[:, j], pred[:, j]) for j in range(3)]
    assert get_metric("rmsle_columnwise")(truth, pred) == pytest.approx(np.mean(per_column))
    pooled = get_metric("rmsle")(truth, pred)
    assert pooled != pytest.approx(np.mean(per_column))  # the two variants really differ


def test_mae_matches_sklearn(regression: tuple[np.ndarray, np.ndarray]) -> None:
    truth, pred = regression
    assert get_metric("mae")(truth[:, :1], pred[:, :1]) == pytest.approx(
        skm.mean_absolute_error(truth[:, 0], pred[:, 0])
    )


def test_r2_matches_sklearn_for_one_and_several_outputs(
    regression: tuple[np.ndarray, np.ndarray],
) -> None:
    truth, pred = regression
    metric = get_metric("r2")
    assert metric(truth[:, :1], pred[:, :1]) == pytest.approx(skm.r2_score(truth[:, 0], pred[:, 0]))
    assert metric(truth, pred) == pytest.approx(skm.r2_score(truth, pred))


def test_one_dimensional_inputs_are_one_column(regression: tuple[np.ndarray, np.ndarray]) -> None:
    truth, pred = regression
    assert get_metric("mae")(truth[:, 0], pred[:, 0]) == get_metric("mae")(
        truth[:, :1], pred[:, :1]
    )


def test_shape_mismatch_is_a_clear_error() -> None:
    with pytest.raises(MleWorldError, match=r"metric rmse: answers have shape \(3, 1\)"):
        get_metric("rmse")(np.zeros((3, 1)), np.zeros((2, 1)))


EXPECTED_DIRECTION = {
    "accuracy": True,
    "balanced_accuracy": True,
    "f1_macro": True,
    "qwk": True,
    "auc": True,
    "auc_columnwise": True,
    "logloss": False,
    "rmse": False,
    "rmsle": False,
    "rmsle_columnwise": False,
    "mae": False,
    "r2": True,
}


def test_every_metric_has_the_expected_direction() -> None:
    assert set(METRICS) == set(EXPECTED_DIRECTION)
    for name, higher in EXPECTED_DIRECTION.items():
        metric = get_metric(name)
        assert metric.higher_is_better is higher, name
        assert metric.direction == ("maximize" if higher else "minimize")


def _truth_and_noisy(name: str) -> tuple[np.ndarray, np.ndarray]:
    metric = get_metric(name)
    if metric.prediction == "label":
        truth = _col(RNG.integers(0, 3, 60))
        noisy = truth.copy()
        noisy[::3] = (noisy[::3] + 1) % 3
        return truth, noisy
    if metric.prediction == "probability":
        width = 3 if name == "auc_columnwise" else 1
        truth = RNG.integers(0, 2, (60, width))
        truth[:2] = [[0] * width, [1] * width]  # both classes in every column
        return truth.astype(float), np.clip(
            truth * 0.5 + 0.25 + RNG.normal(0, 0.2, truth.shape), 0, 1
        )
    truth = RNG.gamma(2.0, 2.0, (60, 1))
    return truth, truth + np.abs(RNG.normal(0, 1, truth.shape))


@pytest.mark.parametrize("name", sorted(EXPECTED_DIRECTION))
def test_perfect_predictions_beat_noisy_ones_in_the_metric_direction(name: str) -> None:
    metric = get_metric(name)
    truth, noisy = _truth_and_noisy(name)
    perfect = metric.best_possible(truth)
    worse = metric(truth, noisy)
    if metric.higher_is_better:
        assert perfect > worse
    else:
        assert perfect < worse


def test_prediction_kinds_drive_validation_flags() -> None:
    assert get_metric("logloss").rows_sum_to_one
    assert get_metric("rmsle").nonnegative and get_metric("rmsle_columnwise").nonnegative
    assert not get_metric("accuracy").needs_numeric
    assert not get_metric("f1_macro").needs_numeric
    for name in ("auc", "auc_columnwise", "logloss", "rmse", "mae", "r2"):
        assert get_metric(name).needs_numeric, name


def test_unknown_metric_lists_the_known_ones() -> None:
    with pytest.raises(MleWorldError) as info:
        get_metric("rmsqe")
    message = str(info.value)
    assert "'rmsqe'" in message and "\n" not in message
    for name in METRICS:
        assert name in message
