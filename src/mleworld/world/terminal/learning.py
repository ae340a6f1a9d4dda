"""What scikit-learn and the boosting libraries return in the abstract run.

The score a metric function returns (the predicted metric, a little apart per
fold), the scorer behind a `scoring=` name, the number of folds a splitter or
search yields, `train_test_split`'s shapes, `classification_report` and
`confusion_matrix` as printed, and the work a model fit costs (where a timeout
interrupts the program).

Not here: the dispatch of a call (library.py), what LightGBM prints while it
trains (boosting.py), methods of fitted models (model_methods.py).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from mleworld.world.terminal.tabular import _rows, _with_rows
from mleworld.world.terminal.values import Column, Estimator, IndexArray, Table

if TYPE_CHECKING:
    from mleworld.world.terminal.walk import Walker

# Small zero-mean offsets, in units of 1% of the metric, for successive folds.
_JITTER = (0.6, -0.5, 0.9, -0.8, 0.2, -0.3, 0.7, -0.6, 0.1, -0.4)

_SQUARED_METRICS = frozenset({"mean_squared_error", "mean_squared_log_error"})

_SCORE_FUNCS = frozenset(
    {
        *("roc_auc_score", "accuracy_score", "f1_score", "log_loss", "mean_absolute_error"),
        *("r2_score", "balanced_accuracy_score", "precision_score", "recall_score"),
        *("average_precision_score", "cohen_kappa_score", "matthews_corrcoef"),
        *("median_absolute_error", "mean_absolute_percentage_error"),
        *("root_mean_squared_error", "root_mean_squared_log_error", "jaccard_score"),
        *("top_k_accuracy_score", "explained_variance_score", "brier_score_loss"),
        *(
            "hamming_loss",
            "zero_one_loss",
            "fbeta_score",
            "mean_pinball_loss",
            "d2_absolute_error_score",
        ),
    }
)

_SPLITTERS = frozenset(
    {
        *("KFold", "StratifiedKFold", "GroupKFold", "StratifiedGroupKFold", "TimeSeriesSplit"),
        *("RepeatedKFold", "RepeatedStratifiedKFold", "ShuffleSplit", "StratifiedShuffleSplit"),
        "MultilabelStratifiedKFold",
    }
)

_CV_RUNNERS = frozenset({"cross_val_score", "cross_validate", "cross_val_predict"})

_SEARCHES = frozenset({"GridSearchCV", "RandomizedSearchCV", "HalvingGridSearchCV"})

_BOOSTERS = ("LGBM", "XGB", "CatBoost", "GradientBoosting", "HistGradientBoosting")

_FORESTS = ("RandomForest", "ExtraTrees")

# scikit-learn scorer names as the scoring function they call.
_SCORING_CALLS = {
    "roc_auc": "roc_auc_score",
    "roc_auc_ovr": "roc_auc_score",
    "roc_auc_ovo": "roc_auc_score",
    "average_precision": "average_precision_score",
    "accuracy": "accuracy_score",
    "balanced_accuracy": "balanced_accuracy_score",
    "neg_log_loss": "log_loss",
    "neg_brier_score": "brier_score_loss",
    "neg_root_mean_squared_error": "root_mean_squared_error",
    "neg_mean_squared_error": "mean_squared_error",
    "neg_mean_absolute_error": "mean_absolute_error",
    "neg_median_absolute_error": "median_absolute_error",
    "neg_mean_squared_log_error": "mean_squared_log_error",
    "neg_root_mean_squared_log_error": "root_mean_squared_log_error",
    "neg_mean_absolute_percentage_error": "mean_absolute_percentage_error",
    "r2": "r2_score",
}


def scoring_call(scoring: Any, model: Any) -> str:
    """The scoring function behind a `scoring=` argument (or the estimator's own score)."""
    if isinstance(scoring, str):
        if scoring.startswith(("f1", "precision", "recall", "jaccard")):
            return scoring.split("_")[0] + "_score"
        return _SCORING_CALLS.get(scoring, "accuracy_score")
    cls = getattr(model, "cls", "") or ""
    return (
        "r2_score"
        if "Regress" in cls or cls.endswith(("SVR", "Lasso", "Ridge"))
        else ("accuracy_score")
    )


# Leading positional parameters of the classes programs construct with them.
def _classes_of(labels: Any, kwargs: dict[str, Any]) -> list[str]:
    names = kwargs.get("target_names", kwargs.get("labels"))
    if isinstance(names, (list, tuple)) and names:
        return [str(n) for n in names]
    info = labels.info if isinstance(labels, Column) else None
    if info is not None and info.top and info.dtype in ("object", "str", "string", "category"):
        return sorted(info.top)
    count = info.unique if info is not None and info.unique and info.unique <= 50 else 2
    return [str(i) for i in range(count)]


def _classification_report(w: Walker, args: list[Any], kwargs: dict[str, Any]) -> str:
    """scikit-learn's text report, laid out as `classification_report` lays it out."""
    y_true = args[0] if args else kwargs.get("y_true")
    classes = _classes_of(y_true, kwargs)
    rows = _rows(y_true) or 100 * len(classes)
    digits = kwargs.get("digits", 2)
    digits = digits if isinstance(digits, int) and 0 <= digits <= 10 else 2
    score = w.score("accuracy_score")
    level = score if 0.3 <= score <= 1.0 else 0.85
    supports = [
        rows // len(classes) + (1 if i < rows % len(classes) else 0) for i in range(len(classes))
    ]
    width = max(len("weighted avg"), *(len(c) for c in classes), digits)
    head = f"{'':>{width}} " + "".join(
        f" {h:>9}" for h in ("precision", "recall", "f1-score", "support")
    )
    lines = [head, ""]
    spreads = (0.02, -0.03, 0.01, -0.015, 0.025, -0.01)
    for i, (name, support) in enumerate(zip(classes, supports, strict=False)):
        p = min(1.0, max(0.0, level + spreads[i % len(spreads)]))
        r = min(1.0, max(0.0, level - spreads[(i + 1) % len(spreads)]))
        f = 2 * p * r / (p + r) if p + r else 0.0
        lines.append(
            f"{name:>{width}} "
            + "".join(f" {v:>9.{digits}f}" for v in (p, r, f))
            + f" {support:>9}"
        )
    lines.append("")
    total = sum(supports)
    lines.append(f"{'accuracy':>{width}} " + f" {'':>9}" * 2 + f" {level:>9.{digits}f} {total:>9}")
    for name in ("macro avg", "weighted avg"):
        lines.append(
            f"{name:>{width}} "
            + "".join(f" {level:>9.{digits}f}" for _ in range(3))
            + f" {total:>9}"
        )
    return "\n".join(lines) + "\n"


def _confusion_matrix(args: list[Any], kwargs: dict[str, Any]) -> Any:
    y_true = args[0] if args else kwargs.get("y_true")
    k = len(_classes_of(y_true, kwargs))
    rows = _rows(y_true) or 100 * k
    per = rows // k
    return _Matrix([[per - 2 * (k - 1) if i == j else 2 for j in range(k)] for i in range(k)])


class _Matrix(list):  # type: ignore[type-arg]
    """A small integer matrix that prints as numpy prints it."""

    def __str__(self) -> str:
        width = max(len(str(v)) for row in self for v in row)
        body = "\n ".join("[" + " ".join(f"{v:>{width}}" for v in row) + "]" for row in self)
        return f"[{body}]"


def _train_test_split(args: list[Any], kwargs: dict[str, Any]) -> list[Any]:
    test_size = kwargs.get("test_size")
    train_size = kwargs.get("train_size")
    out: list[Any] = []
    for arr in args:
        rows = _rows(arr)
        test_rows: int | None = None
        if rows is not None:
            if isinstance(test_size, float) and 0 < test_size < 1:
                test_rows = math.ceil(rows * test_size)
            elif isinstance(test_size, int) and not isinstance(test_size, bool):
                test_rows = test_size
            elif isinstance(train_size, float) and 0 < train_size < 1:
                test_rows = rows - math.floor(rows * train_size)
            else:
                test_rows = math.ceil(rows * 0.25)
        train_rows = None if rows is None or test_rows is None else rows - test_rows
        out.append(_with_rows(arr, train_rows))
        out.append(_with_rows(arr, test_rows))
    return out


def _search_size(est: Estimator) -> int:
    grid = est.params.get("param_grid", est.params.get("param_distributions"))
    if est.cls.startswith("Randomized"):
        n = est.params.get("n_iter", 10)
        return n if isinstance(n, int) and n > 0 else 10
    if isinstance(grid, dict):
        size = 1
        for values in grid.values():
            size *= len(values) if isinstance(values, (list, tuple)) else 1
        return max(size, 1)
    return 10


def _n_splits(est: Estimator) -> int:
    n = est.params.get("n_splits", 5)
    n = n if isinstance(n, int) and not isinstance(n, bool) and n > 1 else 5
    if est.cls.startswith("Repeated"):
        repeats = est.params.get("n_repeats", 10)
        n *= repeats if isinstance(repeats, int) and repeats > 0 else 10
    if "Shuffle" in est.cls:
        splits = est.params.get("n_splits", 10)
        n = splits if isinstance(splits, int) and splits > 0 else 10
    return n


def _rows_of(value: Any) -> int | None:
    if isinstance(value, Estimator) and value.cls == "Dataset":
        value = value.params.get("data")
    if isinstance(value, (Table, Column, IndexArray)):
        return value.rows
    return None


def _fit_weight(model: Any, rows: int | None) -> float:
    size = max(1.0, (rows or 1000) / 1000.0)
    cls = getattr(model, "cls", "") or ""
    params = getattr(model, "params", {}) or {}
    if any(b in cls for b in _BOOSTERS):
        rounds = params.get("n_estimators", params.get("max_iter", params.get("iterations", 100)))
        rounds = rounds if isinstance(rounds, (int, float)) and rounds > 0 else 100
        return 0.5 * size * rounds / 100.0
    if any(f in cls for f in _FORESTS):
        trees = params.get("n_estimators", 100)
        trees = trees if isinstance(trees, (int, float)) and trees > 0 else 100
        return 0.4 * size * trees / 100.0
    if cls.startswith(("SVC", "SVR", "KNeighbors", "MLP")):
        return 1.0 * size * size
    if cls.endswith(("Scaler", "Encoder", "Imputer", "Vectorizer", "Transformer")):
        return 0.01 * size
    return 0.2 * size


def _mean_jitter(count: int, seed: int) -> float:
    n = min(count, len(_JITTER))
    return sum(_JITTER[(i + seed) % len(_JITTER)] for i in range(n)) / n
