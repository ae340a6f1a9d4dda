"""The reference solutions of a factory task: the models, how they fit, what they predict.

About a dozen real solutions of increasing strength: a random guess,
regularised linear models, k-nearest neighbours, decision trees of depth
2/4/8, small and large random forests, extra trees, LightGBM with defaults and
LightGBM tuned on a holdout of train (`model_specs`, `tuned_lgbm`,
`random_guess`). `Problem` puts a task's targets in the form the models fit and
turns their predictions back into submission columns. Everything is seeded and
single-threaded (LightGBM `deterministic=True`, `n_jobs=1`).

This module does not build features (reference_features.py), grade
predictions or build the ladder (reference.py).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from scipy import sparse

from mleworld.tasks.encoding import BINARY, LABEL, MULTILABEL, NUMBER, ONEHOT, Encoding

__all__ = [
    "JointOutput",
    "ModelSpec",
    "Problem",
    "aligned_proba",
    "fit_joint",
    "fit_one",
    "lgbm_params",
    "model_specs",
    "random_guess",
    "tuned_lgbm",
]

_PROB_FLOOR = 1e-3  # how far a reference solution keeps probabilities from 0 and 1


def lgbm_params(seed: int) -> dict[str, Any]:
    return {
        "n_jobs": 1,
        "deterministic": True,
        "force_row_wise": True,
        "random_state": seed,
        "verbose": -1,
    }


@dataclass(frozen=True)
class ModelSpec:
    """One reference model: its name, how to build it, and what it fits on."""

    name: str
    build: Callable[[bool, int], Any]  # (is_classifier, seed) -> unfitted estimator
    matrix: str = "dense"  # which Features matrix it fits on: dense | wide | boost
    multi_output: bool = False  # fits all label columns at once (trees, forests, k-NN)


def model_specs() -> list[ModelSpec]:
    from lightgbm import LGBMClassifier, LGBMRegressor
    from sklearn.ensemble import (
        ExtraTreesClassifier,
        ExtraTreesRegressor,
        RandomForestClassifier,
        RandomForestRegressor,
    )
    from sklearn.linear_model import LogisticRegression, Ridge
    from sklearn.neighbors import KNeighborsClassifier, KNeighborsRegressor
    from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

    def linear(c: float, alpha: float) -> Callable[[bool, int], Any]:
        return lambda clf, seed: (
            LogisticRegression(C=c, max_iter=200, tol=1e-3) if clf else Ridge(alpha=alpha)
        )

    def knn(k: int) -> Callable[[bool, int], Any]:
        return lambda clf, seed: (
            KNeighborsClassifier(n_neighbors=k) if clf else KNeighborsRegressor(n_neighbors=k)
        )

    def tree(depth: int) -> Callable[[bool, int], Any]:
        return lambda clf, seed: (
            DecisionTreeClassifier(max_depth=depth, random_state=seed)
            if clf
            else DecisionTreeRegressor(max_depth=depth, random_state=seed)
        )

    def forest(kind: str, n: int, depth: int | None, leaf: int) -> Callable[[bool, int], Any]:
        def make(clf: bool, seed: int) -> Any:
            cls: Any = {
                ("rf", True): RandomForestClassifier,
                ("rf", False): RandomForestRegressor,
                ("et", True): ExtraTreesClassifier,
                ("et", False): ExtraTreesRegressor,
            }[(kind, clf)]
            return cls(
                n_estimators=n,
                max_depth=depth,
                min_samples_leaf=leaf,
                max_features="sqrt" if clf else 0.4,
                n_jobs=1,
                random_state=seed,
            )

        return make

    def lgbm(clf: bool, seed: int) -> Any:
        return (LGBMClassifier if clf else LGBMRegressor)(
            n_estimators=100, max_bin=63, **lgbm_params(seed)
        )

    return [
        ModelSpec("linear-strong-penalty", linear(0.01, 100.0), "wide"),
        ModelSpec("linear", linear(1.0, 1.0), "wide"),
        ModelSpec("knn-50", knn(50), multi_output=True),
        ModelSpec("knn-10", knn(10), multi_output=True),
        ModelSpec("tree-depth-2", tree(2), multi_output=True),
        ModelSpec("tree-depth-4", tree(4), multi_output=True),
        ModelSpec("tree-depth-8", tree(8), multi_output=True),
        ModelSpec("forest-small", forest("rf", 20, 6, 1), multi_output=True),
        ModelSpec("forest", forest("rf", 40, None, 2), multi_output=True),
        ModelSpec("extra-trees", forest("et", 40, None, 2), multi_output=True),
        ModelSpec("lightgbm", lgbm, "boost"),
    ]


class Problem:
    """Targets in the form the models fit, and predictions back to submission columns."""

    def __init__(self, encoding: Encoding, train_raw: pd.DataFrame) -> None:
        self.encoding = encoding
        self.mode = encoding.mode
        self.is_clf = self.mode != NUMBER
        labels = encoding.train_labels(train_raw)
        self.log_target = encoding.metric.name in ("rmsle", "rmsle_columnwise")
        if self.mode == NUMBER:
            y = labels.to_numpy(dtype=float)
            self.y = [
                np.log1p(np.maximum(y[:, j], 0)) if self.log_target else y[:, j]
                for j in range(y.shape[1])
            ]
        elif self.mode in (BINARY, MULTILABEL):
            self.y = [labels[c].to_numpy(dtype=np.int64) for c in labels.columns]
        elif self.mode == LABEL:
            self.y = [labels[c].to_numpy() for c in labels.columns]
        else:
            assert self.mode == ONEHOT
            self.y = [labels.iloc[:, 0].to_numpy()]
        # sklearn and LightGBM order a classifier's classes the same way: sorted.
        self.classes = [np.unique(y) for y in self.y] if self.is_clf else []

    def constant_columns(self, values: dict[str, Any], n: int) -> dict[str, np.ndarray]:
        return {
            c: np.repeat(np.asarray([values[c]], dtype=object), n)
            for c in self.encoding.target_columns
        }

    def raw(self, model: Any, j: int, x: Any) -> np.ndarray:
        """A fitted model's output for label column `j`: numbers (in the space the model fits,
        log1p for log-error metrics), or class probabilities over `classes[j]`."""
        if not self.is_clf:
            return np.asarray(model.predict(x), dtype=float)
        return aligned_proba(model.predict_proba(x), list(model.classes_), self.classes[j])

    def columns(self, raws: list[np.ndarray]) -> dict[str, np.ndarray]:
        """Submission columns from one raw output per label column (see `raw`)."""
        enc = self.encoding
        out: dict[str, np.ndarray] = {}
        for j, col in enumerate(enc.label_columns):
            raw = raws[j]
            if self.mode == NUMBER:
                pred = np.expm1(raw) if self.log_target else raw
                if enc.metric.nonnegative:
                    pred = np.maximum(pred, 0.0)
                out[col] = np.asarray(pred, dtype=float)
            elif self.mode == LABEL:
                out[col] = self.classes[j][np.argmax(raw, axis=1)]
            elif self.mode == ONEHOT:
                full = aligned_proba(raw, list(self.classes[j]), np.asarray(enc.classes))
                full = np.clip(full, _PROB_FLOOR, 1.0)
                full /= full.sum(axis=1, keepdims=True)
                for k, name in enumerate(enc.target_columns):
                    out[name] = full[:, k]
            else:
                out[col] = np.clip(self.positive(raw, j), _PROB_FLOOR, 1 - _PROB_FLOOR)
        return out

    def predict(self, model_for: Callable[[int], Any], x: Any) -> dict[str, np.ndarray]:
        """Submission columns from one fitted model per label column (`model_for(j)`)."""
        return self.columns([self.raw(model_for(j), j, x) for j in range(len(self.y))])

    def positive(self, raw: np.ndarray, j: int) -> np.ndarray:
        """P(label 1) from class probabilities of a 0/1 column."""
        classes = list(self.classes[j])
        return raw[:, classes.index(1)] if 1 in classes else np.zeros(raw.shape[0])

    def score(self, j: int, raw: np.ndarray, rows: np.ndarray | None = None) -> float:
        """The task metric (or the closest per-column proxy) of a raw output for column `j`
        against train labels (`rows` of them), in the metric's own direction."""
        y = self.y[j] if rows is None else self.y[j][rows]
        metric = self.encoding.metric
        if self.mode == NUMBER:
            if self.log_target:  # y is already log1p, so RMSE here is the RMSLE
                return float(np.sqrt(np.mean((raw - y) ** 2)))
            return float(metric(y[:, None], raw[:, None]))
        if self.mode == LABEL:
            labels = self.classes[j][np.argmax(raw, axis=1)]
            return float(metric(y[:, None], labels[:, None]))
        if self.mode == ONEHOT:
            idx = np.searchsorted(self.classes[j], y)
            proba = np.clip(raw, _PROB_FLOOR, 1.0)
            ll = -float(np.mean(np.log(proba[np.arange(len(y)), idx] / proba.sum(axis=1))))
            return -ll if metric.higher_is_better else ll
        from sklearn.metrics import roc_auc_score

        p = self.positive(raw, j)
        if len(np.unique(y)) < 2:
            return float("nan")
        if metric.name == "logloss":
            p = np.clip(p, _PROB_FLOOR, 1 - _PROB_FLOOR)
            return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
        return float(roc_auc_score(y, p))


def aligned_proba(proba: np.ndarray, have: list[Any], want: np.ndarray) -> np.ndarray:
    """Class probabilities over `have` rearranged to the classes `want` (0 for a missing one)."""
    out = np.zeros((proba.shape[0], len(want)))
    for k, cls in enumerate(want):
        if cls in have:
            out[:, k] = proba[:, have.index(cls)]
    return out


def fit_one(est: Any, x: Any, y: np.ndarray) -> Any:
    """Fit, or fall back to a constant when y has a single class in train."""
    from sklearn.dummy import DummyClassifier

    if hasattr(est, "predict_proba") and len(np.unique(y.astype(str))) < 2:
        return DummyClassifier(strategy="most_frequent").fit(x, y)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return est.fit(x, y)


def fit_joint(est: Any, x: Any, ys: list[np.ndarray]) -> Any:
    """One model for all label columns (sklearn's native multi-output)."""
    y = np.column_stack([np.asarray(v, dtype=object) if v.dtype == object else v for v in ys])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return est.fit(x, y)


class JointOutput:
    """Output `j` of a multi-output model, seen as a single-output one."""

    def __init__(self, model: Any, j: int, cache: dict[str, Any]) -> None:
        self.model, self.j, self.cache = model, j, cache

    @property
    def classes_(self) -> Any:
        return self.model.classes_[self.j]

    def predict(self, x: Any) -> np.ndarray:
        if "predict" not in self.cache:  # k-NN predictions are costly: one pass for all outputs
            self.cache["predict"] = self.model.predict(x)
        return self.cache["predict"][:, self.j]

    def predict_proba(self, x: Any) -> np.ndarray:
        if "proba" not in self.cache:
            self.cache["proba"] = self.model.predict_proba(x)
        return self.cache["proba"][self.j]


_TUNING = (
    {"learning_rate": 0.1, "num_leaves": 15, "min_child_samples": 20, "max_bin": 63},
    {
        "learning_rate": 0.08,
        "max_bin": 63,
        "num_leaves": 63,
        "min_child_samples": 5,
        "subsample": 0.8,
        "subsample_freq": 1,
        "colsample_bytree": 0.6,
        "reg_lambda": 1.0,
    },
)
_TUNING_ROUNDS = 300


def tuned_lgbm(problem: Problem, j: int, x: sparse.csr_matrix, seed: int) -> Any:
    """LightGBM with the config and rounds that do best on a holdout of train, refitted on all."""
    import lightgbm as lgb

    y = problem.y[j]
    if problem.is_clf and len(np.unique(y.astype(str))) < 2:
        return fit_one(lgb.LGBMClassifier(**lgbm_params(seed)), x, y)
    rng = np.random.default_rng(seed + 17)
    idx = rng.permutation(x.shape[0])
    cut = max(1, int(len(idx) * 0.8))
    fit_idx, val_idx = np.sort(idx[:cut]), np.sort(idx[cut:])
    cls = lgb.LGBMClassifier if problem.is_clf else lgb.LGBMRegressor
    metric = problem.encoding.metric
    # Multi-class boosting grows one tree per class per round; bound the total trees.
    n_classes = len(np.unique(y.astype(str))) if problem.is_clf else 1
    max_rounds = _TUNING_ROUNDS if n_classes <= 2 else max(60, 3 * _TUNING_ROUNDS // n_classes)
    best: tuple[float, dict[str, Any], int] | None = None
    for config in _TUNING:
        model = cls(n_estimators=max_rounds, **config, **lgbm_params(seed))
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                model.fit(
                    x[fit_idx],
                    y[fit_idx],
                    eval_set=[(x[val_idx], y[val_idx])],
                    callbacks=[lgb.early_stopping(20, verbose=False)],
                )
            rounds = max(20, int(model.best_iteration_ or max_rounds))
            score = problem.score(j, problem.raw(model, j, x[val_idx]), val_idx)
        except ValueError:  # e.g. a class missing from the fit part
            continue
        if not np.isfinite(score):
            continue
        key = score if metric.higher_is_better else -score
        if best is None or key > best[0]:
            best = (key, config, rounds)
    config, rounds = (best[1], best[2]) if best else (_TUNING[0], 100)
    model = cls(n_estimators=int(rounds * 1.1), **config, **lgbm_params(seed))
    return fit_one(model, x, y)


def random_guess(problem: Problem, n: int, seed: int) -> dict[str, np.ndarray]:
    """Guesses drawn from the training distribution, no features used."""
    rng = np.random.default_rng(seed + 1)
    enc = problem.encoding
    out: dict[str, np.ndarray] = {}
    if problem.mode == NUMBER:
        for col, y in zip(enc.label_columns, problem.y, strict=True):
            draw = rng.choice(y, size=n)
            out[col] = np.expm1(draw) if problem.log_target else draw
    elif problem.mode == LABEL:
        for col, y in zip(enc.label_columns, problem.y, strict=True):
            out[col] = rng.choice(y, size=n)
    elif problem.mode == ONEHOT:
        p = rng.dirichlet(np.ones(len(enc.classes)), size=n)
        p = np.clip(p, _PROB_FLOOR, 1.0)
        p /= p.sum(axis=1, keepdims=True)
        for k, name in enumerate(enc.target_columns):
            out[name] = p[:, k]
    else:
        for col in enc.label_columns:
            out[col] = rng.uniform(_PROB_FLOOR, 1 - _PROB_FLOOR, size=n)
    return out
