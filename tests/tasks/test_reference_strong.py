"""The strong references: folds that hold every row out once, cross-validated boosters and
a blend weighted on out-of-fold predictions, on small real problems."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from mleworld.tasks.encoding import make_encoding
from mleworld.tasks.metrics import get_metric
from mleworld.tasks.reference_features import Features
from mleworld.tasks.reference_models import Problem
from mleworld.tasks.reference_strong import (
    FOLDS,
    OutOfFold,
    blend,
    fold_indices,
    strong_references,
)


def frame(n: int, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    x1, x2 = rng.normal(size=n), rng.normal(size=n)
    shop = rng.choice(["north", "south", "east", "west", "rare"], n, p=[0.4, 0.3, 0.2, 0.09, 0.01])
    signal = 1.5 * x1 - x2 + (shop == "north")
    label = np.where(signal + rng.normal(0, 1, n) > 0.3, "yes", "no")
    amount = np.exp(1 + 0.4 * x1 + 0.2 * (shop == "east")) + rng.uniform(0, 0.3, n)
    band = np.select([x1 + 0.3 * x2 < -0.5, x1 + 0.3 * x2 < 0.5], ["low", "mid"], "high")
    return pd.DataFrame(
        {"x1": x1, "x2": x2, "shop": shop, "label": label, "amount": amount, "band": band}
    )


def problem_for(data: pd.DataFrame, target: str, metric: str) -> Problem:
    encoding = make_encoding(data, (target,), get_metric(metric), "id", None)
    return Problem(encoding, data)


def test_folds_hold_every_row_out_exactly_once_and_stratify() -> None:
    data = frame(203)
    problem = problem_for(data, "label", "auc")
    folds = fold_indices(problem, len(data), seed=0)
    assert len(folds) == FOLDS
    held = np.concatenate([h for _, h in folds])
    assert sorted(held) == list(range(len(data)))
    for fit, out in folds:
        assert set(fit).isdisjoint(out)
    share = np.mean(problem.y[0])
    assert all(abs(np.mean(problem.y[0][h]) - share) < 0.05 for _, h in folds)


def test_blend_is_at_least_as_good_out_of_fold_as_its_best_part() -> None:
    data = frame(400)
    problem = problem_for(data, "label", "auc")
    y = problem.y[0]
    rng = np.random.default_rng(1)

    def part(name: str, noise: float) -> OutOfFold:
        p = np.clip(y * 0.6 + 0.2 + rng.normal(0, noise, len(y)), 0.01, 0.99)
        test = np.full((5, 2), 0.5) if name == "weak" else np.tile([0.2, 0.8], (5, 1))
        return OutOfFold(name, [np.column_stack([1 - p, p])], [test])

    parts = [part("weak", 0.9), part("good", 0.35), part("other-good", 0.35)]
    mixed = blend(problem, parts)
    scores = [problem.score(0, p.oof[0]) for p in parts]
    assert problem.score(0, mixed.oof[0]) >= max(scores)
    assert problem.score(0, mixed.oof[0]) > max(scores[1:]), "two noisy views beat either"
    # The test output is the same weighted mix; the weak part gets little or no weight.
    weight_good = (mixed.test[0][0, 1] - 0.5) / (0.8 - 0.5)
    assert weight_good >= 0.75


@pytest.mark.parametrize(
    ("target", "metric"), [("label", "auc"), ("amount", "rmsle"), ("band", "accuracy")]
)
def test_strong_references_fit_out_of_fold_and_beat_chance(target: str, metric: str) -> None:
    train, test = frame(360, seed=2), frame(120, seed=3)
    features = ["x1", "x2", "shop"]
    problem = problem_for(train, target, metric)
    feats = Features(features, 0).fit(train)
    parts = strong_references(
        problem, (feats.transform(train), feats.transform(test)), feats.code_columns, 0
    )
    assert [p.name for p in parts] == [
        "lightgbm-cv",
        "hist-gbm-cv",
        "linear-cv",
        "forest-oob",
        "blend",
    ]
    for p in parts:
        assert len(p.oof[0]) == len(train) and len(p.test[0]) == len(test)
        assert np.isfinite(p.oof[0]).all() and np.isfinite(p.test[0]).all()
    best = parts[-1]
    score = problem.score(0, best.oof[0])
    if metric == "rmsle":
        constant = problem.score(0, np.full(len(train), np.mean(problem.y[0])))
        assert score < 0.8 * constant
    else:
        majority = pd.Series(problem.y[0]).value_counts().iloc[0] / len(train)
        constant = 0.5 if metric == "auc" else float(majority)
        assert score > constant + 0.1
    columns = problem.columns(best.test)
    assert set(columns) == set(problem.encoding.target_columns)
