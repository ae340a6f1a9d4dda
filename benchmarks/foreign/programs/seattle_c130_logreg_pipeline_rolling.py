"""Seattle weather type: scaled multinomial logistic regression + rolling features, TimeSeriesSplit CV."""
import argparse
import json
import time
from dataclasses import dataclass, asdict
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import TimeSeriesSplit, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler


@dataclass
class ExpConfig:
    input_dir: str = "input"
    submission: str = "submission/submission.csv"
    results_root: str = "results"
    run_name: str = "logreg_rolling"
    n_splits: int = 5
    C: float = 0.5
    windows: tuple = (3, 7, 14)
    seed: int = 1


class RollingWeatherFeatures:
    base = ["precipitation", "temp_max", "temp_min", "wind"]

    def __init__(self, windows):
        self.windows = windows

    def transform(self, df):
        df = df.sort_values("date").reset_index(drop=True)
        X = df[self.base].copy()
        X["log_precip"] = np.log1p(df["precipitation"])
        X["trange"] = df["temp_max"] - df["temp_min"]
        for w in self.windows:
            for c in ["precipitation", "temp_max", "wind"]:
                X[f"{c}_r{w}"] = df[c].rolling(w, min_periods=1).mean()
        X["precip_prev"] = df["precipitation"].shift(1).fillna(0)
        X["precip_next"] = df["precipitation"].shift(-1).fillna(0)
        doy = df["date"].dt.day_of_year
        X["s1"], X["c1"] = np.sin(2 * np.pi * doy / 365.25), np.cos(2 * np.pi * doy / 365.25)
        return df, X


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--input-dir", default=ExpConfig.input_dir)
    ap.add_argument("--run-name", default=ExpConfig.run_name)
    ap.add_argument("--C", type=float, default=ExpConfig.C)
    ap.add_argument("--n-splits", type=int, default=ExpConfig.n_splits)
    a = ap.parse_args()
    cfg = ExpConfig(input_dir=a.input_dir, run_name=a.run_name, C=a.C, n_splits=a.n_splits)
    np.random.seed(cfg.seed)
    t0 = time.time()

    root = Path(cfg.input_dir)
    train = pd.read_csv(root / "train.csv", parse_dates=["date"])
    test = pd.read_csv(root / "test.csv", parse_dates=["date"])
    full = pd.concat([train, test], ignore_index=True)
    full, X = RollingWeatherFeatures(cfg.windows).transform(full)
    is_tr = full["weather"].notna().to_numpy()
    Xtr, ytr, Xte = X[is_tr], full.loc[is_tr, "weather"].to_numpy(), X[~is_tr]

    pipe = Pipeline([("scale", StandardScaler()),
                     ("clf", LogisticRegression(C=cfg.C, max_iter=2000, class_weight=None))])
    scores = cross_val_score(pipe, Xtr, ytr, cv=TimeSeriesSplit(n_splits=cfg.n_splits), scoring="accuracy")
    for i, s in enumerate(scores):
        print(f"fold {i}  acc={s:.4f}")
    print(f"CV accuracy = {scores.mean():.4f} +/- {scores.std():.4f}")

    pipe.fit(Xtr, ytr)
    pred = pipe.predict(Xte)
    sub = pd.DataFrame({"id": full.loc[~is_tr, "id"].astype(int).to_numpy(), "weather": pred})
    Path(cfg.submission).parent.mkdir(parents=True, exist_ok=True)
    sub.to_csv(cfg.submission, index=False)
    print(sub["weather"].value_counts().to_string())

    run_dir = Path(cfg.results_root) / cfg.run_name
    coefs = pd.DataFrame(pipe[-1].coef_, index=pipe[-1].classes_, columns=Xtr.columns)
    with open(run_dir / "metrics.json", "w") as f:
        json.dump({"cv_accuracy": scores.tolist(), "mean": float(scores.mean()), "config": asdict(cfg),
                   "elapsed_s": round(time.time() - t0, 2)}, f, indent=2)
    coefs.to_csv(run_dir / "coefficients.csv")


if __name__ == "__main__":
    main()
