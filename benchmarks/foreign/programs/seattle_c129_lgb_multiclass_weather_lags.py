"""Seattle weather type: lgb.train multiclass on lag/rolling weather features, chronological holdout."""
import argparse
import json
from dataclasses import dataclass, asdict
from pathlib import Path

import numpy as np
import pandas as pd
import lightgbm as lgb


@dataclass
class Config:
    input_dir: str = "input"
    output_dir: str = "submission"
    valid_frac: float = 0.2
    lags: tuple = (1, 2, 3)
    windows: tuple = (3, 7)
    learning_rate: float = 0.03
    num_leaves: int = 15
    seed: int = 5


class LagFeatureBuilder:
    """Lags and rolling stats of the observed measurements (features only, never the label)."""

    COLS = ["precipitation", "temp_max", "temp_min", "wind"]

    def __init__(self, lags, windows):
        self.lags, self.windows = lags, windows

    def transform(self, df):
        df = df.sort_values("date").copy()
        df["temp_range"] = df["temp_max"] - df["temp_min"]
        for c in self.COLS + ["temp_range"]:
            for L in self.lags:
                df[f"{c}_lag{L}"] = df[c].shift(L)
                df[f"{c}_lead{L}"] = df[c].shift(-L)
            for w in self.windows:
                df[f"{c}_roll{w}"] = df[c].rolling(w, min_periods=1).mean()
        df["wet"] = (df["precipitation"] > 0).astype(int)
        df["dry_streak"] = df["wet"].groupby((df["wet"] == 1).cumsum()).cumcount()
        df["month"] = df["date"].dt.month
        df["doy_sin"] = np.sin(2 * np.pi * df["date"].dt.day_of_year / 365.25)
        df["doy_cos"] = np.cos(2 * np.pi * df["date"].dt.day_of_year / 365.25)
        df["year"] = df["date"].dt.year
        return df


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--input-dir", default=Config.input_dir)
    ap.add_argument("--output-dir", default=Config.output_dir)
    ap.add_argument("--valid-frac", type=float, default=Config.valid_frac)
    ap.add_argument("--learning-rate", type=float, default=Config.learning_rate)
    a = ap.parse_args()
    cfg = Config(input_dir=a.input_dir, output_dir=a.output_dir, valid_frac=a.valid_frac, learning_rate=a.learning_rate)
    np.random.seed(cfg.seed)

    root = Path(cfg.input_dir)
    train = pd.read_csv(root / "train.csv", parse_dates=["date"])
    test = pd.read_csv(root / "test.csv", parse_dates=["date"])
    full = pd.concat([train.assign(split="train"), test.assign(split="test")], ignore_index=True)
    full = LagFeatureBuilder(cfg.lags, cfg.windows).transform(full)

    classes = sorted(train["weather"].unique())
    cmap = {c: i for i, c in enumerate(classes)}
    feats = [c for c in full.columns if c not in ("id", "date", "weather", "split", "year")]
    tr = full[full["split"] == "train"].reset_index(drop=True)
    te = full[full["split"] == "test"]
    y = tr["weather"].map(cmap).to_numpy()

    n_val = int(len(tr) * cfg.valid_frac)
    fit_i, val_i = np.arange(len(tr) - n_val), np.arange(len(tr) - n_val, len(tr))
    params = {"objective": "multiclass", "num_class": len(classes), "learning_rate": cfg.learning_rate,
              "num_leaves": cfg.num_leaves, "min_data_in_leaf": 15, "feature_fraction": 0.7,
              "bagging_fraction": 0.8, "bagging_freq": 1, "lambda_l2": 1.0, "seed": cfg.seed,
              "verbose": -1, "num_threads": 1}
    dtr = lgb.Dataset(tr.loc[fit_i, feats], y[fit_i])
    dva = lgb.Dataset(tr.loc[val_i, feats], y[val_i], reference=dtr)
    bst = lgb.train(params, dtr, num_boost_round=2000, valid_sets=[dva], valid_names=["valid"],
                    callbacks=[lgb.early_stopping(100), lgb.log_evaluation(100)])
    proba = bst.predict(tr.loc[val_i, feats], num_iteration=bst.best_iteration)
    acc = float((proba.argmax(1) == y[val_i]).mean())
    print(f"Validation accuracy: {acc:.4f}")
    per_class = {c: float((proba.argmax(1)[y[val_i] == k] == k).mean()) if (y[val_i] == k).any() else None
                 for c, k in cmap.items()}

    final = lgb.train(params, lgb.Dataset(tr[feats], y), num_boost_round=max(bst.best_iteration, 50))
    pred = final.predict(te[feats]).argmax(1)
    out = Path(cfg.output_dir)
    out.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": te["id"].to_numpy(), "weather": np.array(classes)[pred]}).to_csv(out / "submission.csv", index=False)
    json.dump({"valid_accuracy": acc, "per_class_recall": per_class, "best_iteration": bst.best_iteration,
               "config": asdict(cfg)}, open(out / "results.json", "w"), indent=2)


if __name__ == "__main__":
    main()
