"""Shop sales: LGBMRegressor with expanding-window time folds and out-of-fold target encoding."""
import argparse
import json
import warnings
from dataclasses import dataclass, asdict
from pathlib import Path

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import lightgbm as lgb

warnings.filterwarnings("ignore", category=UserWarning)


@dataclass
class Cfg:
    input_dir: str = "input"
    out_dir: str = "submission"
    n_folds: int = 4
    smoothing: float = 20.0
    n_estimators: int = 1500
    learning_rate: float = 0.03
    num_leaves: int = 24
    seed: int = 11


class Merger:
    def __init__(self, root):
        self.stores = pd.read_csv(root / "stores.csv", parse_dates=["opened"])
        self.products = pd.read_csv(root / "products.csv")
        w = pd.read_csv(root / "weather.csv", parse_dates=["date"]).sort_values(["city", "date"])
        w["temp_c"] = w.groupby("city")["temp_c"].transform(lambda s: s.ffill().bfill())
        w["temp_7d"] = w.groupby("city")["temp_c"].transform(lambda s: s.rolling(7, min_periods=1).mean())
        w["temp_anom"] = w["temp_c"] - w["temp_7d"]
        w["rain_7d"] = w.groupby("city")["rain_mm"].transform(lambda s: s.rolling(7, min_periods=1).sum())
        self.weather = w

    def transform(self, df):
        df = df.merge(self.stores, on="store_id", how="left").merge(self.products, on="product_id", how="left")
        df = df.merge(self.weather, on=["date", "city"], how="left")
        df["age_years"] = (df["date"] - df["opened"]).dt.days / 365.25
        df["price_ratio"] = df["price"] / df["base_price"]
        df["dow"] = df["date"].dt.weekday
        df["month"] = df["date"].dt.month
        df["t"] = (df["date"] - pd.Timestamp("2022-01-01")).dt.days
        return df.drop(columns=["opened"])


class TargetEncoder:
    """Smoothed mean of log-units per key, fitted on a history frame only."""

    def __init__(self, keys, smoothing):
        self.keys, self.smoothing = keys, smoothing

    def fit(self, df, y):
        tmp = df[self.keys].copy()
        tmp["y"] = y
        self.prior = float(np.mean(y))
        self.tables = {}
        for k in self.keys:
            st = tmp.groupby(k)["y"].agg(["sum", "count"])
            self.tables[k] = (st["sum"] + self.prior * self.smoothing) / (st["count"] + self.smoothing)
        return self

    def transform(self, df):
        out = pd.DataFrame(index=df.index)
        for k in self.keys:
            out[f"te_{k}"] = df[k].map(self.tables[k]).astype(float).fillna(self.prior)
        return out


def design(df, te):
    df = df.copy()
    df["sp"] = df["store_id"].astype(str) + "_" + df["product_id"]
    enc = te.transform(df)
    X = pd.concat([df, enc], axis=1)
    for c in ["product_id", "store_type", "city", "category"]:
        X[c] = X[c].astype("category")
    return X.drop(columns=["id", "date", "units", "sp"], errors="ignore")


def main():
    p = argparse.ArgumentParser()
    for f, v in asdict(Cfg()).items():
        p.add_argument("--" + f.replace("_", "-"), type=type(v), default=v)
    cfg = Cfg(**vars(p.parse_args()))
    np.random.seed(cfg.seed)
    root, out = Path(cfg.input_dir), Path(cfg.out_dir)
    out.mkdir(parents=True, exist_ok=True)

    mg = Merger(root)
    train = mg.transform(pd.read_csv(root / "train.csv", parse_dates=["date"])).sort_values("date").reset_index(drop=True)
    test = mg.transform(pd.read_csv(root / "test.csv", parse_dates=["date"]))
    train["sp"] = train["store_id"].astype(str) + "_" + train["product_id"]
    test["sp"] = test["store_id"].astype(str) + "_" + test["product_id"]
    y = np.log1p(train["units"].to_numpy())
    te_keys = ["sp", "product_id", "store_id"]

    dates = np.sort(train["date"].unique())
    edges = np.linspace(0.5, 1.0, cfg.n_folds + 1)
    fold_rows, best_iters = [], []
    for i in range(cfg.n_folds):
        lo, hi = dates[int(edges[i] * (len(dates) - 1))], dates[int(edges[i + 1] * (len(dates) - 1))]
        tr_m = (train["date"] < lo).to_numpy()
        va_m = ((train["date"] >= lo) & (train["date"] <= hi)).to_numpy()
        te = TargetEncoder(te_keys, cfg.smoothing).fit(train.loc[tr_m], y[tr_m])
        Xtr, Xva = design(train.loc[tr_m], te), design(train.loc[va_m], te)
        m = lgb.LGBMRegressor(n_estimators=cfg.n_estimators, learning_rate=cfg.learning_rate,
                              num_leaves=cfg.num_leaves, subsample=0.8, subsample_freq=1,
                              colsample_bytree=0.8, min_child_samples=15, random_state=cfg.seed,
                              n_jobs=1, verbose=-1)
        m.fit(Xtr, y[tr_m], eval_set=[(Xva, y[va_m])], eval_metric="l2",
              callbacks=[lgb.early_stopping(100, verbose=False)])
        pv = m.predict(Xva, num_iteration=m.best_iteration_)
        s = float(np.sqrt(np.mean((pv - y[va_m]) ** 2)))
        fold_rows.append({"fold": i, "train_rows": int(tr_m.sum()), "valid_rows": int(va_m.sum()),
                          "valid_from": str(pd.Timestamp(lo).date()), "rmsle": s, "best_iter": int(m.best_iteration_)})
        best_iters.append(m.best_iteration_)
        print(f"fold {i}: train={tr_m.sum():5d} valid={va_m.sum():4d} from {pd.Timestamp(lo).date()}  "
              f"RMSLE={s:.4f}  iters={m.best_iteration_}")

    scores = np.array([r["rmsle"] for r in fold_rows])
    print(f"CV RMSLE = {scores.mean():.4f} +/- {scores.std():.4f}")

    te = TargetEncoder(te_keys, cfg.smoothing).fit(train, y)
    Xfull, Xte = design(train, te), design(test, te)
    for c in ["product_id", "store_type", "city", "category"]:
        Xte[c] = pd.Categorical(Xte[c].astype(str), categories=Xfull[c].cat.categories)
    n_est = int(np.median(best_iters) * 1.15) + 1
    final = lgb.LGBMRegressor(n_estimators=n_est, learning_rate=cfg.learning_rate, num_leaves=cfg.num_leaves,
                              subsample=0.8, subsample_freq=1, colsample_bytree=0.8, min_child_samples=15,
                              random_state=cfg.seed, n_jobs=1, verbose=-1).fit(Xfull, y)
    pred = np.expm1(final.predict(Xte)).clip(0)
    pd.DataFrame({"id": test["id"].to_numpy(), "units": pred}).to_csv(out / "submission.csv", index=False)

    imp = pd.Series(final.feature_importances_, index=Xfull.columns).sort_values()
    fig, ax = plt.subplots(figsize=(6, 7))
    imp.plot.barh(ax=ax)
    ax.set_title("split importance")
    fig.tight_layout()
    fig.savefig(out / "importance.png", dpi=80)
    json.dump({"config": asdict(cfg), "folds": fold_rows, "cv_mean": float(scores.mean()), "final_trees": n_est},
              open(out / "cv_results.json", "w"), indent=2)


if __name__ == "__main__":
    main()
