"""Shop sales forecaster: merges stores/products/weather, lag features, LightGBM (lgb.train)."""
import argparse
import json
import logging
from dataclasses import dataclass, asdict, field
from pathlib import Path

import numpy as np
import pandas as pd
import lightgbm as lgb

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("shop")


@dataclass
class Config:
    input_dir: str = "input"
    output_dir: str = "submission"
    valid_frac: float = 0.2
    seed: int = 42
    learning_rate: float = 0.05
    num_leaves: int = 31
    num_boost_round: int = 2000
    early_stopping: int = 100
    lags: list = field(default_factory=lambda: [7, 14, 28])


class TableMerger:
    """Attach store, product and weather attributes to the transaction rows."""

    def __init__(self, cfg: Config):
        d = Path(cfg.input_dir)
        self.stores = pd.read_csv(d / "stores.csv", parse_dates=["opened"])
        self.products = pd.read_csv(d / "products.csv")
        self.weather = pd.read_csv(d / "weather.csv", parse_dates=["date"])

    def transform(self, df: pd.DataFrame) -> pd.DataFrame:
        out = df.merge(self.stores, on="store_id", how="left")
        out = out.merge(self.products, on="product_id", how="left")
        out = out.merge(self.weather, on=["date", "city"], how="left")
        out["store_age_days"] = (out["date"] - out["opened"]).dt.days
        out["discount"] = 1.0 - out["price"] / out["base_price"]
        return out.drop(columns=["opened"])


class CalendarFeatures:
    def transform(self, df: pd.DataFrame) -> pd.DataFrame:
        df = df.copy()
        df["dow"] = df["date"].dt.dayofweek
        df["month"] = df["date"].dt.month
        df["dom"] = df["date"].dt.day
        df["weekofyear"] = df["date"].dt.isocalendar().week.astype(int)
        df["is_weekend"] = (df["dow"] >= 5).astype(int)
        return df


class WeatherLagFeatures:
    """Rolling weather per city (weather is known for the whole period)."""

    def __init__(self, weather: pd.DataFrame, windows=(3, 7)):
        w = weather.sort_values(["city", "date"]).copy()
        g = w.groupby("city")
        for win in windows:
            w[f"temp_roll{win}"] = g["temp_c"].transform(lambda s: s.rolling(win, min_periods=1).mean())
            w[f"rain_roll{win}"] = g["rain_mm"].transform(lambda s: s.rolling(win, min_periods=1).sum())
        self.table = w.drop(columns=["temp_c", "rain_mm"])

    def transform(self, df):
        return df.merge(self.table, on=["date", "city"], how="left")


class HistoryFeatures:
    """Product/store level demand history, computed only from rows before a cutoff date."""

    def __init__(self, lags):
        self.lags = lags

    def fit(self, hist: pd.DataFrame):
        daily = hist.groupby(["product_id", "date"])["units"].mean().rename("u").reset_index()
        self.daily = daily
        self.prod_mean = hist.groupby("product_id")["units"].mean()
        self.store_mean = hist.groupby("store_id")["units"].mean()
        self.ps_mean = hist.groupby(["product_id", "store_id"])["units"].mean()
        self.last_date = hist["date"].max()
        return self

    def transform(self, df):
        df = df.copy()
        df["prod_mean"] = df["product_id"].map(self.prod_mean)
        df["store_mean"] = df["store_id"].map(self.store_mean)
        key = pd.MultiIndex.from_arrays([df["product_id"], df["store_id"]])
        df["ps_mean"] = self.ps_mean.reindex(key).to_numpy()
        for lag in self.lags:
            recent = self.daily[self.daily["date"] > self.last_date - pd.Timedelta(days=lag)]
            df[f"prod_mean_last{lag}"] = df["product_id"].map(recent.groupby("product_id")["u"].mean())
        return df


def build(cfg, train, test):
    merger = TableMerger(cfg)
    cal = CalendarFeatures()
    wlag = WeatherLagFeatures(merger.weather)
    frames = []
    for df in (train, test):
        df = merger.transform(df)
        df = cal.transform(df)
        df = wlag.transform(df)
        frames.append(df)
    return frames


def to_model_matrix(df, cat_cols):
    X = df.drop(columns=["id", "date", "units"], errors="ignore").copy()
    for c in cat_cols:
        X[c] = X[c].astype("category")
    return X


def rmsle(y, p):
    return float(np.sqrt(np.mean((np.log1p(np.clip(p, 0, None)) - np.log1p(y)) ** 2)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--input-dir", default="input")
    ap.add_argument("--output-dir", default="submission")
    ap.add_argument("--valid-frac", type=float, default=0.2)
    ap.add_argument("--learning-rate", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=42)
    args = ap.parse_args()
    cfg = Config(input_dir=args.input_dir, output_dir=args.output_dir, valid_frac=args.valid_frac,
                 learning_rate=args.learning_rate, seed=args.seed)
    np.random.seed(cfg.seed)

    d = Path(cfg.input_dir)
    train = pd.read_csv(d / "train.csv", parse_dates=["date"])
    test = pd.read_csv(d / "test.csv", parse_dates=["date"])
    train, test = build(cfg, train, test)
    train = train.sort_values("date").reset_index(drop=True)

    cut = train["date"].quantile(1 - cfg.valid_frac)
    tr, va = train[train["date"] < cut], train[train["date"] >= cut]
    log.info("time split at %s: %d train / %d valid", cut.date(), len(tr), len(va))

    hist = HistoryFeatures(cfg.lags).fit(tr)
    tr_f, va_f = hist.transform(tr), hist.transform(va)
    cat_cols = ["product_id", "store_type", "city", "category"]
    Xtr, Xva = to_model_matrix(tr_f, cat_cols), to_model_matrix(va_f, cat_cols)
    for c in cat_cols:
        Xva[c] = pd.Categorical(Xva[c], categories=Xtr[c].cat.categories)

    params = dict(objective="regression", learning_rate=cfg.learning_rate, num_leaves=cfg.num_leaves,
                  min_data_in_leaf=20, feature_fraction=0.8, bagging_fraction=0.8, bagging_freq=1,
                  seed=cfg.seed, verbose=-1, num_threads=1)
    dtr = lgb.Dataset(Xtr, np.log1p(tr["units"]))
    dva = lgb.Dataset(Xva, np.log1p(va["units"]), reference=dtr)
    booster = lgb.train(params, dtr, num_boost_round=cfg.num_boost_round, valid_sets=[dtr, dva],
                        valid_names=["train", "valid"],
                        callbacks=[lgb.early_stopping(cfg.early_stopping), lgb.log_evaluation(100)])
    pva = np.expm1(booster.predict(Xva, num_iteration=booster.best_iteration))
    score = rmsle(va["units"].to_numpy(), pva)
    print(f"Validation RMSLE: {score:.4f} (best_iter={booster.best_iteration})")

    # refit on the full history with the tuned number of rounds
    hist_full = HistoryFeatures(cfg.lags).fit(train)
    full_f, te_f = hist_full.transform(train), hist_full.transform(test)
    Xfull, Xte = to_model_matrix(full_f, cat_cols), to_model_matrix(te_f, cat_cols)
    for c in cat_cols:
        Xte[c] = pd.Categorical(Xte[c], categories=Xfull[c].cat.categories)
    n_rounds = max(50, int(booster.best_iteration * 1.1))
    final = lgb.train(params, lgb.Dataset(Xfull, np.log1p(train["units"])), num_boost_round=n_rounds)
    pred = np.clip(np.expm1(final.predict(Xte)), 0, None)

    out = Path(cfg.output_dir)
    out.mkdir(parents=True, exist_ok=True)
    sub = pd.DataFrame({"id": test["id"], "units": pred})
    sub.to_csv(out / "submission.csv", index=False)
    imp = dict(zip(Xfull.columns, final.feature_importance("gain").round(1).tolist()))
    results = {"config": asdict(cfg), "valid_rmsle": score, "best_iteration": booster.best_iteration,
               "n_rounds_full": n_rounds, "importance_gain": imp}
    (out / "results.json").write_text(json.dumps(results, indent=2, default=str))
    log.info("wrote %d predictions", len(sub))


if __name__ == "__main__":
    main()
