"""What LightGBM prints while it trains, in the synthesiser's abstract run.

A LightGBM fit writes to the terminal unless told to be quiet: an `[Info]`
block describing the data (rows, features, bins, the starting score), then,
with the `early_stopping` and `log_evaluation` callbacks, one line per logged
round (`[100]\tvalid_0's binary_logloss: 0.123456`) and the best iteration.
This module writes those lines for `lgb.train(...)` and for the scikit-learn
API's `LGBMClassifier/LGBMRegressor.fit(...)`, with the data's real shape and
validation values that end at the predicted metric.

The number of rounds before early stopping is a guess from the learning rate
(slower learning, more rounds); the values are a smooth curve to the metric.

Not here: the cost of the fit (learning.py) or the rest of the library model.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from mleworld.world.terminal.values import Column, ColumnInfo, Estimator, Table

if TYPE_CHECKING:
    from mleworld.world.terminal.walk import Walker

__all__ = ["callback", "sklearn_fit_log", "train_log"]

_MAX_ROUND_LINES = 30
_HIGHER_BETTER = ("auc", "ndcg", "map", "average_precision")
_HIGHER_FUNCS = (
    *("roc_auc_score", "accuracy_score", "f1_score", "r2_score", "balanced_accuracy_score"),
    *("precision_score", "recall_score", "cohen_kappa_score", "average_precision_score"),
)
_LOWER_FUNCS = ("log_loss", "mean_squared_error", "mean_absolute_error", "root_mean_squared")
_METRIC_ALIASES = {
    "mse": "l2",
    "regression": "l2",
    "mean_squared_error": "l2",
    "rmse": "rmse",
    "root_mean_squared_error": "rmse",
    "mae": "l1",
    "mean_absolute_error": "l1",
    "regression_l1": "l1",
    "logloss": "binary_logloss",
    "binary": "binary_logloss",
    "multiclass": "multi_logloss",
    "softmax": "multi_logloss",
    "error": "binary_error",
}


def callback(leaf: str, args: list[Any], kwargs: dict[str, Any]) -> Estimator:
    """`lgb.early_stopping(50)` / `lgb.log_evaluation(100)` as a value the fit reads."""
    params = dict(kwargs)
    if args:
        key = "stopping_rounds" if leaf == "early_stopping" else "period"
        params.setdefault(key, args[0])
    return Estimator(leaf, f"lightgbm.{leaf}", params)


def train_log(
    w: Walker,
    params: dict[str, Any],
    train_set: Any,
    valid_sets: list[Any],
    valid_names: list[str] | None,
    callbacks: list[Any],
    rounds: int,
) -> dict[str, Any]:
    """The lines `lgb.train` prints; returns the booster's attributes (best_iteration)."""
    data = train_set.params.get("data") if isinstance(train_set, Estimator) else None
    label = train_set.params.get("label") if isinstance(train_set, Estimator) else None
    objective = str(params.get("objective", "regression"))
    names = []
    for i, valid in enumerate(valid_sets):
        if valid_names and i < len(valid_names):
            names.append(str(valid_names[i]))
        else:
            names.append("training" if valid is train_set else f"valid_{i}")
    metrics = _metrics(params.get("metric"), objective)
    return _log(w, params, data, label, objective, names, metrics, callbacks, rounds)


def sklearn_fit_log(
    w: Walker, est: Estimator, args: list[Any], kwargs: dict[str, Any]
) -> dict[str, Any]:
    """The lines `LGBMClassifier(...).fit(X, y, eval_set=..., callbacks=...)` prints."""
    data = args[0] if args else kwargs.get("X")
    label = args[1] if len(args) > 1 else kwargs.get("y")
    if "Classifier" in est.cls:
        classes = _classes(label)
        objective = "binary" if classes == 2 else "multiclass"
    elif "Ranker" in est.cls:
        objective = "lambdarank"
    else:
        objective = str(est.params.get("objective", "regression"))
    eval_set = kwargs.get("eval_set") or []
    names = []
    for i, pair in enumerate(eval_set if isinstance(eval_set, list) else []):
        first = pair[0] if isinstance(pair, tuple) and pair else None
        names.append("training" if first is data else f"valid_{i}")
    eval_names = kwargs.get("eval_names")
    if isinstance(eval_names, list):
        names = [str(n) for n in eval_names][: len(names)] + names[len(eval_names) :]
    metrics = _metrics(kwargs.get("eval_metric", est.params.get("metric")), objective)
    callbacks = kwargs.get("callbacks") or []
    rounds = est.params.get("n_estimators", 100)
    rounds = rounds if isinstance(rounds, int) and rounds > 0 else 100
    return _log(w, est.params, data, label, objective, names, metrics, callbacks, rounds)


def _log(
    w: Walker,
    params: dict[str, Any],
    data: Any,
    label: Any,
    objective: str,
    names: list[str],
    metrics: list[str],
    callbacks: Any,
    rounds: int,
) -> dict[str, Any]:
    verbosity = params.get("verbosity", params.get("verbose", 1))
    if not (isinstance(verbosity, (int, float)) and verbosity < 0):
        for line in _info_block(data, label, objective):
            w.emit(line)
    stopping, period = None, None
    for cb in callbacks if isinstance(callbacks, (list, tuple)) else []:
        if isinstance(cb, Estimator) and cb.cls == "early_stopping":
            n = cb.params.get("stopping_rounds")
            stopping = n if isinstance(n, int) and n > 0 else None
            if cb.params.get("verbose", True) is False:
                stopping = -abs(stopping or 1)
        elif isinstance(cb, Estimator) and cb.cls == "log_evaluation":
            p = cb.params.get("period", 1)
            period = p if isinstance(p, int) and p > 0 else None
    lr = params.get("learning_rate", params.get("eta", 0.1))
    lr = lr if isinstance(lr, (int, float)) and lr > 0 else 0.1
    best = min(rounds, max(10, round(8 / lr)))
    last = rounds
    quiet = stopping is not None and stopping < 0  # early_stopping(..., verbose=False)
    if stopping and names:
        stopping = abs(stopping)
        if not quiet:
            w.emit(f"Training until validation scores don't improve for {stopping} rounds")
        last = min(rounds, best + stopping)
    final = w.score()
    if period and names or stopping:
        final = _final_value(metrics[0], final, _higher_better_program(w))
    if period and names:
        shown = [i for i in range(period, last + 1, period)]
        for i in shown[:_MAX_ROUND_LINES]:
            w.emit(_round_line(i, names, metrics, final, best))
    if stopping and names and not quiet:
        head = (
            "Early stopping, best iteration is:"
            if last < rounds
            else ("Did not meet early stopping. Best iteration is:")
        )
        w.emit(head)
        w.emit(_round_line(best if last < rounds else rounds, names, metrics, final, best))
    return {"best_iteration": best if stopping else 0, "best_iteration_": best if stopping else 0}


def _info_block(data: Any, label: Any, objective: str) -> list[str]:
    rows = data.rows if isinstance(data, (Table, Column)) else None
    cols = data.cols if isinstance(data, Table) else 1 if isinstance(data, Column) else None
    rows = rows if rows is not None else 1000
    cols = cols if cols is not None else 10
    lines = []
    if objective == "binary":
        positive = round(rows * 0.37)
        lines.append(
            f"[LightGBM] [Info] Number of positive: {positive}, number of negative: {rows - positive}"
        )
    lines += [
        "[LightGBM] [Info] Auto-choosing col-wise multi-threading, the overhead of testing was "
        "0.000731 seconds.",
        "You can set `force_col_wise=true` to remove the overhead.",
        f"[LightGBM] [Info] Total Bins {_bins(data, cols)}",
        f"[LightGBM] [Info] Number of data points in the train set: {rows}, "
        f"number of used features: {cols}",
    ]
    if objective == "binary":
        lines.append(
            "[LightGBM] [Info] [binary:BoostFromScore]: pavg=0.370000 -> initscore=-0.532217"
        )
        lines.append("[LightGBM] [Info] Start training from score -0.532217")
    elif objective.startswith("multiclass") or objective == "softmax":
        classes = _classes(label) or 3
        score = -math.log(classes)
        lines += [f"[LightGBM] [Info] Start training from score {score:.6f}"] * classes
    elif objective not in ("lambdarank", "rank_xendcg"):
        lines.append("[LightGBM] [Info] Start training from score 0.500000")
    return lines


def _bins(data: Any, cols: int) -> int:
    if isinstance(data, Table) and data.columns and data.info:
        total = 0
        for name in data.columns:
            unique = (data.info.get(name) or ColumnInfo("", None)).unique
            total += min(unique or 255, 255)
        return total
    return cols * 120


def _classes(label: Any) -> int | None:
    if isinstance(label, Column) and label.info is not None and label.info.unique:
        return label.info.unique
    return None


def _metrics(value: Any, objective: str) -> list[str]:
    names = value if isinstance(value, (list, tuple)) else [value] if value else []
    out = [_METRIC_ALIASES.get(str(n), str(n)) for n in names if isinstance(n, str)]
    if not out:
        if objective == "binary":
            out = ["binary_logloss"]
        elif objective.startswith("multiclass") or objective == "softmax":
            out = ["multi_logloss"]
        elif objective in ("lambdarank", "rank_xendcg"):
            out = ["ndcg@1"]
        else:
            out = ["l2"]
    return out


def _round_line(i: int, names: list[str], metrics: list[str], final: float, best: int) -> str:
    parts = []
    for name in names:
        for metric in metrics:
            value = _curve(metric, final, i, best, name == "training")
            parts.append(f"{name}'s {metric}: {value:g}")
    return f"[{i}]\t" + "\t".join(parts)


def _higher_better_program(w: Walker) -> bool | None:
    """Whether the program scores itself with a higher-is-better metric (AUC, accuracy, ...)."""
    text = "\n".join(w.source)
    if any(name in text for name in _HIGHER_FUNCS):
        return True
    if any(name in text for name in _LOWER_FUNCS):
        return False
    return None


def _final_value(metric: str, score: float, higher_program: bool | None) -> float:
    """The logged metric's value at the best round, from the predicted score.

    The score is in the program's own metric; when LightGBM logs a loss while the
    program reports AUC or accuracy, the loss is read off the score instead.
    """
    if any(metric.startswith(h) for h in _HIGHER_BETTER):
        return score if 0.5 < score <= 1.0 else 0.9
    if higher_program and 0.0 < score <= 1.0:
        if metric.endswith("error"):
            return 1.0 - score
        if metric.endswith("logloss"):
            scale = 1.5 if metric.startswith("multi") else 1.0
            return max(0.02, scale * 0.69 * (2.0 * (1.0 - score)) ** 0.6)
    if metric == "l2" and score > 0 and higher_program is False:
        return score * score
    return score


def _curve(metric: str, final: float, i: int, best: int, training: bool) -> float:
    """A validation curve through `final` at the best iteration: fast gains, then a plateau."""
    floor = math.exp(-3.0)
    progress = max(0.0, (math.exp(-3.0 * i / max(best, 1)) - floor) / (1 - floor))
    if any(metric.startswith(h) for h in _HIGHER_BETTER):
        value = final - 0.05 * progress
        if training:
            value = min(1.0, value + 0.3 * (1 - final))
        return round(max(0.0, min(value, 1.0)), 6)
    value = abs(final) * (1 + 1.5 * progress)
    if i > best:
        value *= 1 + 0.002 * (i - best) / max(best, 1)
    if training:
        value *= 0.6
    return round(value, 6)
