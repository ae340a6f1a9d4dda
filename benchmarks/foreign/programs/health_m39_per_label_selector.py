"""Health-insurance multilabel (health / limit / insurance), one binary model per label.

For every label, each registered candidate is cross-validated and the one with the
best out-of-fold AUC is refitted on all rows.  The score is the mean of the column AUCs.
"""
from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Literal, TypedDict

import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.base import ClassifierMixin, clone
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, SplineTransformer, StandardScaler

IN = Path("input")
OUT = Path("submission/submission.csv")
LABELS: tuple[str, ...] = ("health", "limit", "insurance")
CATEGORICAL = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
NUMERIC = ["age", "family"]

Label = Literal["health", "limit", "insurance"]


class LabelReport(TypedDict):
    label: Label
    scores: dict[str, float]
    chosen: str


CANDIDATES: dict[str, Callable[[], ClassifierMixin]] = {}


def candidate(name: str):
    def deco(fn: Callable[[], ClassifierMixin]) -> Callable[[], ClassifierMixin]:
        CANDIDATES[name] = fn
        return fn
    return deco


@candidate("spline_logreg")
def spline_logreg() -> Pipeline:
    pre = ColumnTransformer([
        ("age", SplineTransformer(n_knots=5, degree=3), ["age"]),
        ("fam", StandardScaler(), ["family"]),
        ("cat", OneHotEncoder(handle_unknown="ignore"), CATEGORICAL),
    ])
    return Pipeline([("pre", pre), ("lr", LogisticRegression(C=0.3, max_iter=2000))])


@candidate("lgbm")
def lgbm() -> Pipeline:
    pre = ColumnTransformer([
        ("num", "passthrough", NUMERIC),
        ("cat", OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATEGORICAL),
    ])
    clf = LGBMClassifier(n_estimators=250, learning_rate=0.03, num_leaves=8,
                         min_child_samples=50, colsample_bytree=0.8, reg_lambda=5.0,
                         n_jobs=1, verbose=-1, random_state=0)
    return Pipeline([("pre", pre), ("gbm", clf)])


@contextmanager
def took(what: str) -> Iterator[None]:
    t0 = time.perf_counter()
    yield
    print(f"    {what} took {time.perf_counter() - t0:.1f}s")


def splits(y: np.ndarray, k: int, seed: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    yield from StratifiedKFold(k, shuffle=True, random_state=seed).split(y.reshape(-1, 1), y)


def oof_proba(make: Callable[[], ClassifierMixin], X: pd.DataFrame, y: np.ndarray,
              k: int, seed: int) -> np.ndarray:
    oof = np.zeros(len(y))
    proto = make()
    for tr, va in splits(y, k, seed):
        model = clone(proto).fit(X.iloc[tr], y[tr])
        oof[va] = model.predict_proba(X.iloc[va])[:, 1]
    return oof


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=17)
    args = ap.parse_args(argv)

    train = pd.read_csv(IN / "train.csv")
    test = pd.read_csv(IN / "test.csv")
    print(f"train {train.shape}, test {test.shape}")
    print("label rates:", {lab: round(train[lab].mean(), 3) for lab in LABELS})

    X, X_test = train[NUMERIC + CATEGORICAL], test[NUMERIC + CATEGORICAL]
    sub = pd.DataFrame({"id": test["id"]})
    reports: list[LabelReport] = []

    for label in LABELS:
        y = train[label].to_numpy()
        print(f"[{label}]")
        scores: dict[str, float] = {}
        for cand_name, cand in CANDIDATES.items():
            with took(cand_name):
                scores[cand_name] = roc_auc_score(y, oof_proba(cand, X, y, args.folds, args.seed))
            print(f"    {cand_name:<14} AUC {scores[cand_name]:.4f}")
        best = max(scores, key=scores.get)
        reports.append(LabelReport(label=label, scores=scores, chosen=best))
        final = CANDIDATES[best]().fit(X, y)
        sub[label] = final.predict_proba(X_test)[:, 1]

    print("\nper-label choice:")
    for r in reports:
        print(f"  {r['label']:<10} -> {r['chosen']:<14} ({r['scores'][r['chosen']]:.4f})")
    mean_auc = np.mean([r["scores"][r["chosen"]] for r in reports])
    print(f"Validation mean column AUC: {mean_auc:.4f}")

    OUT.parent.mkdir(parents=True, exist_ok=True)
    sub.to_csv(OUT, index=False)
    print(f"wrote {OUT} {sub.shape}")


if __name__ == "__main__":
    main()
