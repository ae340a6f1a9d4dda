"""Shop sales: HistGradientBoosting on merged tables with rolling demand/weather features."""
import argparse
import json
import logging
from dataclasses import dataclass, asdict
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.metrics import mean_squared_log_error

logging.basicConfig(level=logging.INFO, format="%(levelname)s | %(message)s")
logger = logging.getLogger(__name__)


@dataclass
class RunConfig:
    data: Path = Path("input")
    out: Path = Path("submission")
    holdout_days: int = 60
    max_iter: int = 400
    learning_rate: float = 0.05
    max_leaf_nodes: int = 31
    seed: int = 7


class StoreProductJoiner:
    def __init__(self, data: Path):
        self.stores = pd.read_csv(data / "stores.csv")
        self.products = pd.read_csv(data / "products.csv")

    def __call__(self, df):
        df = df.merge(self.stores, on="store_id", how="left")
        df = df.merge(self.products, on="product_id", how="left")
        df["rel_price"] = df["price"] / df["base_price"]
        return df


class WeatherJoiner:
    def __init__(self, data: Path, windows=(3, 7, 14)):
        w = pd.read_csv(data / "weather.csv", parse_dates=["date"])
        w = w.sort_values(["city", "date"])
        w["temp_c"] = w.groupby("city")["temp_c"].transform(lambda s: s.interpolate(limit_direction="both"))
        for k in windows:
            w[f"temp_mean_{k}d"] = w.groupby("city")["temp_c"].transform(lambda s: s.rolling(k, min_periods=1).mean())
            w[f"rain_sum_{k}d"] = w.groupby("city")["rain_mm"].transform(lambda s: s.rolling(k, min_periods=1).sum())
        self.weather = w

    def __call__(self, df):
        return df.merge(self.weather, on=["date", "city"], how="left")


class DemandLags:
    """Weekly category/store demand, shifted so that only past weeks are used."""

    def __init__(self, lags=(1, 2, 4, 8)):
        self.lags = lags

    def __call__(self, full):
        full = full.copy()
        full["week"] = pd.to_datetime(full["date"]).dt.to_period("W").dt.start_time
        wk = (full.dropna(subset=["units"]).groupby(["category", "week"])["units"].mean()
              .rename("cat_units").reset_index())
        weeks = pd.DataFrame({"week": np.sort(full["week"].unique())})
        grid = weeks.merge(pd.DataFrame({"category": full["category"].unique()}), how="cross")
        grid = grid.merge(wk, on=["category", "week"], how="left").sort_values(["category", "week"])
        g = grid.groupby("category")["cat_units"]
        for L in self.lags:
            grid[f"cat_lag{L}w"] = g.shift(L)
        grid["cat_roll4w"] = g.transform(lambda s: s.shift(1).rolling(4, min_periods=1).mean())
        grid = grid.groupby("category", group_keys=False).apply(lambda x: x.ffill())
        return full.merge(grid.drop(columns=["cat_units"]), on=["category", "week"], how="left")


def calendar(df):
    d = pd.to_datetime(df["date"])
    df["dow"] = d.dt.weekday
    df["month"] = d.dt.month
    df["day"] = d.dt.day
    df["doy"] = d.dt.dayofyear
    return df


def encode(df, cols):
    for c in cols:
        df[c] = df[c].astype("category").cat.codes
    return df


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--data", type=Path, default=Path("input"))
    p.add_argument("--out", type=Path, default=Path("submission"))
    p.add_argument("--holdout-days", type=int, default=60)
    p.add_argument("--max-iter", type=int, default=400)
    return p.parse_args()


def main():
    a = parse_args()
    cfg = RunConfig(data=a.data, out=a.out, holdout_days=a.holdout_days, max_iter=a.max_iter)
    np.random.seed(cfg.seed)

    train = pd.read_csv(cfg.data / "train.csv")
    test = pd.read_csv(cfg.data / "test.csv")
    full = pd.concat([train.assign(is_test=0), test.assign(is_test=1)], ignore_index=True)

    full = StoreProductJoiner(cfg.data)(full)
    full = WeatherJoiner(cfg.data)(full)
    full = DemandLags()(full)
    full = calendar(full)
    full = encode(full, ["product_id", "store_type", "city", "category"])

    feats = [c for c in full.columns if c not in ("id", "date", "units", "is_test", "week", "opened")]
    logger.info("%d features", len(feats))

    tr = full[full["is_test"] == 0].copy()
    te = full[full["is_test"] == 1].copy()
    tr["date"] = pd.to_datetime(tr["date"])
    cutoff = tr["date"].max() - pd.Timedelta(days=cfg.holdout_days)
    fit_m, val_m = tr["date"] <= cutoff, tr["date"] > cutoff

    model = HistGradientBoostingRegressor(max_iter=cfg.max_iter, learning_rate=cfg.learning_rate,
                                          max_leaf_nodes=cfg.max_leaf_nodes, random_state=cfg.seed,
                                          early_stopping=False)
    model.fit(tr.loc[fit_m, feats], np.log1p(tr.loc[fit_m, "units"]))
    pv = np.clip(np.expm1(model.predict(tr.loc[val_m, feats])), 0, None)
    score = float(np.sqrt(mean_squared_log_error(tr.loc[val_m, "units"], pv)))
    print(f"Holdout RMSLE (last {cfg.holdout_days} days): {score:.4f}")

    model.fit(tr[feats], np.log1p(tr["units"]))
    pred = np.clip(np.expm1(model.predict(te[feats])), 0, None)
    cfg.out.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": te["id"].astype(int), "units": pred}).to_csv(cfg.out / "submission.csv", index=False)
    with open(cfg.out / "metrics.json", "w") as fh:
        json.dump({"holdout_rmsle": score, "n_features": len(feats), **{k: str(v) for k, v in asdict(cfg).items()}}, fh, indent=2)


if __name__ == "__main__":
    main()
