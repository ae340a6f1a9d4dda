"""Seattle weather type (sun/rain/fog/drizzle/snow) from daily measurements.

Models live in a small registry filled by the @register decorator; pick one with
--model.  Validation is a time-ordered hold-out (the test set is the later period).
"""
from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from functools import wraps
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.base import ClassifierMixin
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, classification_report
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

INPUT = Path("input")
SUBMISSION = Path("submission")

ModelFactory = Callable[..., ClassifierMixin]
MODELS: dict[str, ModelFactory] = {}


def register(name: str) -> Callable[[ModelFactory], ModelFactory]:
    def wrap(factory: ModelFactory) -> ModelFactory:
        MODELS[name] = factory
        return factory
    return wrap


def timed(fn):
    @wraps(fn)
    def wrapper(*args, **kwargs):
        t = time.perf_counter()
        res = fn(*args, **kwargs)
        print(f"[{fn.__name__}: {time.perf_counter() - t:.2f}s]")
        return res
    return wrapper


@register("random_forest")
def random_forest(seed: int = 0) -> ClassifierMixin:
    return RandomForestClassifier(n_estimators=300, min_samples_leaf=3, max_features=0.5,
                                  class_weight="balanced_subsample", random_state=seed, n_jobs=1)


@register("hist_gbm")
def hist_gbm(seed: int = 0) -> ClassifierMixin:
    return HistGradientBoostingClassifier(learning_rate=0.05, max_iter=200, max_depth=4,
                                          l2_regularization=1.0, random_state=seed)


@register("logreg")
def logreg(seed: int = 0) -> ClassifierMixin:
    return make_pipeline(StandardScaler(), LogisticRegression(C=1.0, max_iter=3000))


def add_features(df: pd.DataFrame) -> pd.DataFrame:
    """Calendar + lagged measurements.  Lags are computed on the concatenated,
    date-sorted frame so the first test day sees the last train day."""
    out = df.sort_values("date").copy()
    doy = out["date"].dt.day_of_year
    out["doy_sin"] = np.sin(2 * np.pi * doy / 365.25)
    out["doy_cos"] = np.cos(2 * np.pi * doy / 365.25)
    out["month"] = out["date"].dt.month
    out["temp_range"] = out["temp_max"] - out["temp_min"]
    out["wet"] = (out["precipitation"] > 0).astype(int)
    for col in ("precipitation", "temp_max", "temp_min", "wind"):
        out[f"{col}_lag1"] = out[col].shift(1)
        out[f"{col}_lead1"] = out[col].shift(-1)
    out["precip_3d"] = out["precipitation"].rolling(3, min_periods=1).sum()
    return out.bfill().ffill()


@timed
def load() -> tuple[pd.DataFrame, pd.DataFrame]:
    train = pd.read_csv(INPUT / "train.csv", parse_dates=["date"])
    test = pd.read_csv(INPUT / "test.csv", parse_dates=["date"])
    both = pd.concat([train.assign(_part="train"), test.assign(_part="test")], ignore_index=True)
    both = add_features(both)
    return both[both["_part"] == "train"].copy(), both[both["_part"] == "test"].copy()


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="random_forrest", help=f"one of {sorted(MODELS)}")
    ap.add_argument("--holdout", type=float, default=0.2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)

    train, test = load()
    print(f"train {train.shape}, test {test.shape}")
    print(train["weather"].value_counts(normalize=True).round(3).to_dict())

    features = [c for c in train.columns if c not in {"id", "date", "weather", "_part"}]
    print(f"{len(features)} features")

    cut = int(len(train) * (1 - args.holdout))
    fit_part, valid_part = train.iloc[:cut], train.iloc[cut:]
    print(f"hold-out from {valid_part['date'].min():%Y-%m-%d}: {len(fit_part)} / {len(valid_part)} rows")

    factory = MODELS.get(args.model)
    model = factory(seed=args.seed)
    model.fit(fit_part[features], fit_part["weather"])
    pred = model.predict(valid_part[features])
    print(classification_report(valid_part["weather"], pred, zero_division=0))
    print(f"Validation accuracy: {accuracy_score(valid_part['weather'], pred):.4f}")

    final = factory(seed=args.seed).fit(train[features], train["weather"])
    SUBMISSION.mkdir(exist_ok=True)
    sub = pd.DataFrame({"id": test["id"].to_numpy(), "weather": final.predict(test[features])})
    sub = sub.sort_values("id")
    sub.to_csv(SUBMISSION / "submission.csv", index=False)
    print(sub["weather"].value_counts().to_dict())


if __name__ == "__main__":
    main()
