"""Shop unit sales: join stores / products / weather, LightGBM on log1p(units).

Validation mimics the test set (it comes after the training period): an
expanding-window generator yields (train up to month m, validate month m+1)
splits over the last months of train.csv.
"""
from __future__ import annotations

import argparse
import time
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from pathlib import Path
from typing import Iterator, Sequence

import lightgbm as lgb
import numpy as np
import pandas as pd

INPUT = Path("input")
SUBMISSION = Path("submission") / "submission.csv"
WORKING = Path("working")
CATS = ["store_id", "product_id", "category", "store_type", "city"]


class Target(str, Enum):
    """How the target is transformed before fitting (str mixin: prints as its value)."""
    LOG1P = "log1p"
    RAW = "raw"


@dataclass(frozen=True)
class Window:
    cutoff: pd.Timestamp
    end: pd.Timestamp

    def __str__(self) -> str:
        return f"train < {self.cutoff:%Y-%m-%d} | valid < {self.end:%Y-%m-%d}"


@contextmanager
def timer(name: str) -> Iterator[None]:
    t0 = time.perf_counter()
    yield
    print(f"[{name}] {time.perf_counter() - t0:.1f}s")


@lru_cache(maxsize=None)
def _read(name: str) -> pd.DataFrame:
    return pd.read_csv(INPUT / f"{name}.csv")


def read(name: str) -> pd.DataFrame:
    # hand out copies: callers add columns and must not touch the cached frame
    return _read(name).copy()


def assemble(base: pd.DataFrame) -> pd.DataFrame:
    stores, products, weather = read("stores"), read("products"), read("weather")
    df = base.copy()
    df["date"] = pd.to_datetime(df["date"], format="%Y-%m-%d")
    weather["date"] = pd.to_datetime(weather["date"], format="%Y-%m-%d")
    stores["opened"] = pd.to_datetime(stores["opened"], format="%Y-%m-%d")

    df = df.merge(stores, on="store_id", how="left", validate="many_to_one")
    df = df.merge(products, on="product_id", how="left", validate="many_to_one")
    df = df.merge(weather, on=["date", "city"], how="left", validate="many_to_one")

    df["dow"] = df["date"].dt.dayofweek
    df["month"] = df["date"].dt.month
    df["doy"] = df["date"].dt.dayofyear
    df["weekend"] = (df["dow"] >= 5).astype(int)
    df["store_age_days"] = (df["date"] - df["opened"]).dt.days
    df["price_ratio"] = df["price"] / df["base_price"]
    df["discount"] = 1.0 - df["price_ratio"]
    for col in CATS:
        df[col] = df[col].astype("category")
    return df


def windows(dates: pd.Series, n: int = 3) -> Iterator[Window]:
    last = dates.max().to_period("M")
    for k in range(n, 0, -1):
        cutoff = (last - k + 1).to_timestamp()
        end = (last - k + 2).to_timestamp()
        yield Window(cutoff, end)


def make_model(seed: int) -> lgb.LGBMRegressor:
    return lgb.LGBMRegressor(
        n_estimators=600,
        learning_rate=0.03,
        num_leaves=31,
        min_child_samples=15,
        subsample=0.85,
        subsample_freq=1,
        colsample_bytree=0.8,
        random_state=seed,
        n_jobs=1,
        verbose=-1,
    )


def rmsle(y_true: np.ndarray, y_pred: np.ndarray) -> float:
    return float(np.sqrt(np.mean((np.log1p(y_pred) - np.log1p(y_true)) ** 2)))


def to_fit(y: pd.Series, how: Target) -> np.ndarray:
    return np.log1p(y.to_numpy()) if how is Target.LOG1P else y.to_numpy(dtype=float)


def from_fit(p: np.ndarray, how: Target) -> np.ndarray:
    return np.clip(np.expm1(p) if how is Target.LOG1P else p, 0, None)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--target", type=Target, default=Target.LOG1P)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)

    with timer("assemble"):
        train = assemble(read("train"))
        test = assemble(read("test"))
    print(f"train {train.shape} {train['date'].min():%Y-%m-%d}..{train['date'].max():%Y-%m-%d}")
    print(f"test  {test.shape} {test['date'].min():%Y-%m-%d}..{test['date'].max():%Y-%m-%d}")
    print(f"missing temp_c after merge: train {train['temp_c'].isna().sum()}, test {test['temp_c'].isna().sum()}")

    features = [c for c in train.columns if c not in {"id", "date", "units", "opened"}]
    print(f"{len(features)} features; target transform = {args.target.value}")

    scores = []
    with timer("backtest"):
        for w in windows(train["date"]):
            tr = train[train["date"] < w.cutoff]
            va = train[(train["date"] >= w.cutoff) & (train["date"] < w.end)]
            if va.empty:
                continue
            m = make_model(args.seed).fit(tr[features], to_fit(tr["units"], args.target))
            s = rmsle(va["units"].to_numpy(), from_fit(m.predict(va[features]), args.target))
            scores.append((len(va), s))
            print(f"  {w}: n_valid={len(va):4d} rmsle={s:.4f}")
    n = np.array([k for k, _ in scores])
    s = np.array([v for _, v in scores])
    print(f"Validation RMSLE: {np.sqrt(np.sum(n * s**2) / n.sum()):.4f}")

    with timer("final fit"):
        model = make_model(args.seed).fit(train[features], to_fit(train["units"], args.target))
    pred = from_fit(model.predict(test[features]), args.target)

    WORKING.mkdir(exist_ok=True)
    imp = pd.Series(model.feature_importances_, index=features).sort_values(ascending=False)
    imp.to_csv(WORKING / "importance.csv", header=["gain_splits"])
    print("top features:", ", ".join(imp.index[:6]))

    SUBMISSION.parent.mkdir(exist_ok=True)
    sub = pd.DataFrame({"id": test["id"], "units": pred})
    sample = read("sample_submission")
    sub = sample[["id"]].merge(sub, on="id", how="left")
    sub.to_csv(SUBMISSION, index=False)
    print(f"submission {sub.shape}, mean units {sub['units'].mean():.2f}")


if __name__ == "__main__":
    main()
