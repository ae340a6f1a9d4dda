"""The strong top of a factory task's reference ladder: cross-validated models and a blend.

Each model here is fitted once per fold of a seeded K-fold split of train
(stratified on the first label column when every class has K rows), so it has
an out-of-fold prediction for every train row, and its test prediction is the
mean over the fold models:

- `lightgbm-cv`: LightGBM on the engineered features (reference_features.py),
  early stopped on each fold, with the depth/leaves configuration of a small
  grid that scores best on the first fold's held-out rows;
- `hist-gbm-cv`: scikit-learn's HistGradientBoosting, a second boosting
  implementation (always installed with scikit-learn; xgboost and catboost
  are not dependencies, and a ladder that changed with what happens to be
  installed would break byte-identical rebuilds), reading the categorical
  codes natively, early stopped on each fold; on MAE tasks it fits the
  absolute error while LightGBM keeps the squared error, two views for the blend;
- `linear-cv`: logistic or ridge regression with the penalty chosen the same way;
- `forest-oob`: a random forest fitted once on all of train, whose out-of-bag
  predictions stand in for out-of-fold ones;
- `blend`: per label column, greedy forward selection with replacement over
  the out-of-fold outputs of the four (Caruana et al., ICML 2004), stopped at
  the round that scores best out of fold; its weights mix the test outputs.

Outputs are raw (`Problem.raw`): numbers in the space the models fit, or class
probabilities. A mean of raw outputs is again a raw output, which is what lets
folds average and the blend mix. Everything is seeded and single-threaded.

This module does not build features (reference_features.py), define the
classic references (reference_models.py), grade or build the ladder
(reference.py).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from mleworld.tasks.reference_models import Problem, aligned_proba, lgbm_params

__all__ = ["FOLDS", "OutOfFold", "blend", "fold_indices", "strong_references"]

FOLDS = 5
_BLEND_ROUNDS = 20
_LGBM_ROUNDS = 1500
_LGBM_PATIENCE = 50
_LEARNING_RATE = 0.05
_TREE_BUDGET = 1500  # trees per multi-class fit
_LGBM_SHARED = {
    "subsample": 0.8,
    "subsample_freq": 1,
    "colsample_bytree": 0.7,
    "max_bin": 127,
}
# Shallow, default-sized and deep trees; the first fold picks one per label column.
_LGBM_GRID = (
    {"num_leaves": 7, "max_depth": 3, "min_child_samples": 10},
    {"num_leaves": 31, "min_child_samples": 20},
    {"num_leaves": 127, "max_depth": 10, "min_child_samples": 5, "reg_lambda": 2.0},
)
_LINEAR_C = (0.05, 0.5, 5.0)
_RIDGE_ALPHA = (100.0, 10.0, 1.0)


@dataclass(frozen=True)
class OutOfFold:
    """A reference with raw outputs per label column: out of fold on train, and on test."""

    name: str
    oof: list[np.ndarray]
    test: list[np.ndarray]


Fold = tuple[np.ndarray, np.ndarray]


def fold_indices(problem: Problem, n_rows: int, seed: int, k: int = FOLDS) -> list[Fold]:
    """(fit rows, held-out rows) of each of the `k` folds of train."""
    from sklearn.model_selection import KFold, StratifiedKFold

    base = np.zeros(n_rows)
    if problem.is_clf:
        labels = problem.y[0].astype(str)
        _, counts = np.unique(labels, return_counts=True)
        if counts.min() >= k:
            split = StratifiedKFold(n_splits=k, shuffle=True, random_state=seed)
            return list(split.split(base, labels))
    return list(KFold(n_splits=k, shuffle=True, random_state=seed).split(base))


def strong_references(
    problem: Problem,
    matrices: tuple[dict[str, Any], dict[str, Any]],
    code_columns: list[int],
    seed: int,
) -> list[OutOfFold]:
    """The cross-validated references, then their blend (train and test matrices given)."""
    train, test = matrices
    folds = fold_indices(problem, train["dense"].shape[0], seed)
    engineered = (train["engineered"], test["engineered"])
    dense_engineered = (engineered[0].toarray(), engineered[1].toarray())
    parts = [
        _cross_fit(
            "lightgbm-cv",
            problem,
            folds,
            engineered,
            lambda j, f, c: _lgbm_fold(problem, j, f, _LGBM_GRID[c], seed),
            candidates=len(_LGBM_GRID),
        ),
        _cross_fit(
            "hist-gbm-cv",
            problem,
            folds,
            dense_engineered,
            lambda j, f, c: _hgb_fold(problem, j, f, code_columns, seed),
        ),
        _cross_fit(
            "linear-cv",
            problem,
            folds,
            (train["wide"], test["wide"]),
            lambda j, f, c: _linear_fold(problem, j, f, _LINEAR_C[c], _RIDGE_ALPHA[c]),
            candidates=len(_LINEAR_C),
        ),
        _forest_oob(problem, train["dense"], test["dense"], seed),
    ]
    return [*parts, blend(problem, parts)]


# -- cross-fitting ----------------------------------------------------------------


FoldData = tuple[Any, np.ndarray, Any, np.ndarray, Any]  # x_fit, y_fit, x_held, y_held, x_test


def _cross_fit(
    name: str,
    problem: Problem,
    folds: list[Fold],
    x: tuple[Any, Any],
    fold_fit: Callable[[int, FoldData, int], tuple[np.ndarray, np.ndarray]],
    candidates: int = 1,
) -> OutOfFold:
    """Out-of-fold and fold-averaged test outputs of a model, per label column.

    `fold_fit(j, fold, c)` fits configuration `c` on one fold and returns its (held-out raw,
    test raw) outputs. All `candidates` configurations are fitted on the first fold; the
    one that scores best on its held-out rows is then fitted on the other folds (choosing
    on one fold costs a third of choosing on all five, and the grid is small).
    """
    x_train, x_test = x
    oof_cols, test_cols = [], []
    for j, y in enumerate(problem.y):
        if problem.is_clf and len(problem.classes[j]) < 2:
            oof_cols.append(np.ones((x_train.shape[0], 1)))
            test_cols.append(np.ones((x_test.shape[0], 1)))
            continue

        def data(fold: Fold, y: np.ndarray = y) -> FoldData:
            fit_rows, held_rows = fold
            return x_train[fit_rows], y[fit_rows], x_train[held_rows], y[held_rows], x_test

        first = [fold_fit(j, data(folds[0]), c) for c in range(candidates)]
        keys = [_key(problem, problem.score(j, held, folds[0][1])) for held, _ in first]
        best = int(np.argmax(keys))  # the first of equal candidates: deterministic
        outputs = [first[best]] + [fold_fit(j, data(fold), best) for fold in folds[1:]]
        held0 = outputs[0][0]
        oof = np.zeros((x_train.shape[0], *held0.shape[1:]))
        test = np.zeros((x_test.shape[0], *held0.shape[1:]))
        for (_, held_rows), (held, on_test) in zip(folds, outputs, strict=True):
            oof[held_rows] = held
            test += on_test / len(folds)
        oof_cols.append(oof)
        test_cols.append(test)
    return OutOfFold(name, oof_cols, test_cols)


def _key(problem: Problem, score: float) -> float:
    """Higher is better whatever the metric's direction; NaN ranks last."""
    if not np.isfinite(score):
        return -np.inf
    return score if problem.encoding.metric.higher_is_better else -score


def _known(y_fit: np.ndarray, y_held: np.ndarray, problem: Problem) -> np.ndarray:
    """Held-out rows whose class the fit part has (an early-stopping set may hold no other)."""
    if not problem.is_clf:
        return np.ones(len(y_held), dtype=bool)
    return np.isin(y_held, np.unique(y_fit))


def _fit_quietly(model: Any, *args: Any, **kwargs: Any) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return model.fit(*args, **kwargs)


def _budget(problem: Problem, j: int) -> tuple[int, float]:
    """Boosting rounds and learning rate: multi-class boosting grows one tree per class per
    round, so it gets fewer, larger steps for about the same number of trees."""
    n_classes = len(problem.classes[j]) if problem.is_clf else 1
    if n_classes <= 2:
        return _LGBM_ROUNDS, _LEARNING_RATE
    return max(100, _TREE_BUDGET // n_classes), 2 * _LEARNING_RATE


def _lgbm_fold(
    problem: Problem, j: int, fold: FoldData, config: dict[str, Any], seed: int
) -> tuple[np.ndarray, np.ndarray]:
    import lightgbm as lgb

    x_fit, y_fit, x_held, y_held, x_test = fold
    cls = lgb.LGBMClassifier if problem.is_clf else lgb.LGBMRegressor
    rounds, rate = _budget(problem, j)
    model = cls(
        n_estimators=rounds,
        **{**_LGBM_SHARED, "learning_rate": rate},
        **config,
        **lgbm_params(seed),
    )
    known = _known(y_fit, y_held, problem)
    if len(np.unique(y_fit.astype(str))) < 2 or not known.any():
        _fit_quietly(model, x_fit, y_fit)
    else:
        _fit_quietly(
            model,
            x_fit,
            y_fit,
            eval_set=[(x_held[known], y_held[known])],
            callbacks=[lgb.early_stopping(_LGBM_PATIENCE, verbose=False)],
        )
    return problem.raw(model, j, x_held), problem.raw(model, j, x_test)


def _hgb_fold(
    problem: Problem, j: int, fold: FoldData, code_columns: list[int], seed: int
) -> tuple[np.ndarray, np.ndarray]:
    from sklearn.ensemble import HistGradientBoostingClassifier, HistGradientBoostingRegressor
    from threadpoolctl import threadpool_limits

    x_fit, y_fit, x_held, y_held, x_test = fold
    rounds, rate = _budget(problem, j)
    settings: dict[str, Any] = {
        "learning_rate": rate,
        "max_iter": min(rounds, 1000),
        "max_leaf_nodes": 31,
        "min_samples_leaf": 20,
        "l2_regularization": 1.0,
        "categorical_features": code_columns or None,
        "random_state": seed,
    }
    if problem.is_clf:
        model: Any = HistGradientBoostingClassifier(**settings)
    else:
        loss = "absolute_error" if problem.encoding.metric.name == "mae" else "squared_error"
        model = HistGradientBoostingRegressor(loss=loss, **settings)
    known = _known(y_fit, y_held, problem)
    with threadpool_limits(limits=1):
        if len(np.unique(y_fit.astype(str))) < 2:
            from sklearn.dummy import DummyClassifier

            model = DummyClassifier(strategy="most_frequent")
            _fit_quietly(model, x_fit, y_fit)
        elif known.sum() >= 2:
            model.set_params(early_stopping=True, n_iter_no_change=30)
            _fit_quietly(model, x_fit, y_fit, X_val=x_held[known], y_val=y_held[known])
        else:
            model.set_params(early_stopping=False, max_iter=200)
            _fit_quietly(model, x_fit, y_fit)
        return problem.raw(model, j, x_held), problem.raw(model, j, x_test)


def _linear_fold(
    problem: Problem, j: int, fold: FoldData, c: float, alpha: float
) -> tuple[np.ndarray, np.ndarray]:
    from sklearn.dummy import DummyClassifier
    from sklearn.linear_model import LogisticRegression, Ridge

    x_fit, y_fit, x_held, _, x_test = fold
    if not problem.is_clf:
        model: Any = Ridge(alpha=alpha)
    elif len(np.unique(y_fit.astype(str))) < 2:
        model = DummyClassifier(strategy="most_frequent")
    else:
        model = LogisticRegression(C=c, max_iter=300, tol=1e-3)
    _fit_quietly(model, x_fit, y_fit)
    return problem.raw(model, j, x_held), problem.raw(model, j, x_test)


def _forest_oob(problem: Problem, x: np.ndarray, x_test: np.ndarray, seed: int) -> OutOfFold:
    from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor

    oof_cols, test_cols = [], []
    for j, y in enumerate(problem.y):
        if problem.is_clf and len(problem.classes[j]) < 2:
            oof_cols.append(np.ones((x.shape[0], 1)))
            test_cols.append(np.ones((x_test.shape[0], 1)))
            continue
        common = {"n_estimators": 150, "oob_score": True, "n_jobs": 1, "random_state": seed}
        if problem.is_clf:
            model: Any = RandomForestClassifier(max_features="sqrt", min_samples_leaf=1, **common)
        else:
            model = RandomForestRegressor(max_features=0.4, min_samples_leaf=2, **common)
        _fit_quietly(model, x, y)
        if problem.is_clf:
            raw = np.asarray(model.oob_decision_function_, dtype=float)
            prior = np.mean(raw[np.isfinite(raw).all(axis=1)], axis=0)
            raw = np.where(np.isfinite(raw), raw, prior)  # a row no tree left out
            oof = aligned_proba(raw, list(model.classes_), problem.classes[j])
        else:
            oof = np.asarray(model.oob_prediction_, dtype=float)
            oof = np.where(np.isfinite(oof), oof, float(np.mean(y)))
        oof_cols.append(oof)
        test_cols.append(problem.raw(model, j, x_test))
    return OutOfFold("forest-oob", oof_cols, test_cols)


# -- the blend --------------------------------------------------------------------


def blend(problem: Problem, parts: list[OutOfFold], rounds: int = _BLEND_ROUNDS) -> OutOfFold:
    """Greedy forward selection with replacement over `parts`, per label column."""
    oof_cols, test_cols = [], []
    for j in range(len(problem.y)):
        total = np.zeros_like(parts[0].oof[j])
        counts = np.zeros(len(parts))
        best_key, best_counts = -np.inf, None
        for r in range(1, rounds + 1):
            keys = [_key(problem, problem.score(j, (total + p.oof[j]) / r)) for p in parts]
            pick = int(np.argmax(keys))  # the first of equal candidates: deterministic
            total += parts[pick].oof[j]
            counts[pick] += 1
            if keys[pick] > best_key:
                best_key, best_counts = keys[pick], counts.copy()
        chosen = best_counts if best_counts is not None else counts
        weights = chosen / chosen.sum()
        oof_cols.append(sum(w * p.oof[j] for w, p in zip(weights, parts, strict=True)))
        test_cols.append(sum(w * p.test[j] for w, p in zip(weights, parts, strict=True)))
    return OutOfFold("blend", oof_cols, test_cols)
