"""Seattle weather type: RandomForest tuned with RandomizedSearchCV over forward time splits."""
import argparse
import json
import logging
from dataclasses import dataclass, asdict
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from scipy.stats import randint
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import accuracy_score, classification_report
from sklearn.model_selection import RandomizedSearchCV, TimeSeriesSplit

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
log = logging.getLogger("seattle-rf")


@dataclass
class Config:
    input_dir: str = "input"
    output_dir: str = "submission"
    holdout_frac: float = 0.2
    n_iter: int = 12
    n_splits: int = 3
    seed: int = 17


class FeatureBuilder:
    def __init__(self, windows=(2, 5)):
        self.windows = windows

    def transform(self, df):
        df = df.sort_values("date").reset_index(drop=True)
        f = df[["precipitation", "temp_max", "temp_min", "wind"]].copy()
        f["trange"] = df["temp_max"] - df["temp_min"]
        f["tmean"] = (df["temp_max"] + df["temp_min"]) / 2
        f["rainy"] = (df["precipitation"] > 0).astype(int)
        for w in self.windows:
            f[f"precip_sum{w}"] = df["precipitation"].rolling(w, min_periods=1).sum()
            f[f"wind_mean{w}"] = df["wind"].rolling(w, min_periods=1).mean()
        f["tmax_diff"] = df["temp_max"].diff().fillna(0)
        f["month"] = df["date"].dt.month
        f["doy"] = df["date"].dt.day_of_year
        return df, f


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--input-dir", default=Config.input_dir)
    ap.add_argument("--output-dir", default=Config.output_dir)
    ap.add_argument("--n-iter", type=int, default=Config.n_iter)
    a = ap.parse_args()
    cfg = Config(input_dir=a.input_dir, output_dir=a.output_dir, n_iter=a.n_iter)
    np.random.seed(cfg.seed)

    root = Path(cfg.input_dir)
    full = pd.concat([pd.read_csv(root / "train.csv", parse_dates=["date"]),
                      pd.read_csv(root / "test.csv", parse_dates=["date"])], ignore_index=True)
    full, F = FeatureBuilder().transform(full)
    lab = full["weather"].notna().to_numpy()
    Xtr, ytr = F[lab].reset_index(drop=True), full.loc[lab, "weather"].to_numpy()
    Xte, ids = F[~lab], full.loc[~lab, "id"].astype(int).to_numpy()

    n_hold = int(len(Xtr) * cfg.holdout_frac)
    Xfit, yfit, Xho, yho = Xtr.iloc[:-n_hold], ytr[:-n_hold], Xtr.iloc[-n_hold:], ytr[-n_hold:]

    space = {"n_estimators": randint(150, 400), "max_depth": [3, 4, 6, 8, None],
             "min_samples_leaf": randint(1, 20), "max_features": ["sqrt", 0.5, 0.8],
             "class_weight": [None, "balanced_subsample"]}
    search = RandomizedSearchCV(RandomForestClassifier(random_state=cfg.seed, n_jobs=1), space,
                                n_iter=cfg.n_iter, cv=TimeSeriesSplit(n_splits=cfg.n_splits),
                                scoring="accuracy", random_state=cfg.seed, n_jobs=1)
    search.fit(Xfit, yfit)
    log.info("best %s  cv=%.4f", search.best_params_, search.best_score_)
    ho = search.best_estimator_.predict(Xho)
    acc = accuracy_score(yho, ho)
    print(classification_report(yho, ho, zero_division=0))
    print(f"Holdout accuracy: {acc:.4f}")

    final = RandomForestClassifier(random_state=cfg.seed, n_jobs=1, **search.best_params_).fit(Xtr, ytr)
    out = Path(cfg.output_dir)
    out.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": ids, "weather": final.predict(Xte)}).to_csv(out / "submission.csv", index=False)
    joblib.dump(final, out / "rf_model.joblib")
    with open(out / "search.json", "w") as fh:
        json.dump({"best_params": {k: (v if not isinstance(v, np.integer) else int(v)) for k, v in search.best_params_.items()},
                   "cv_accuracy": float(search.best_score_), "holdout_accuracy": float(acc), "config": asdict(cfg)},
                  fh, indent=2)


if __name__ == "__main__":
    main()
