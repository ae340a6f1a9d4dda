"""seattle-weather: LGBMClassifier with previous-day lag features over the joined timeline."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.metrics import accuracy_score

LOG = logging.getLogger("seattle.lgbm")

BASE = ["precipitation", "temp_max", "temp_min", "wind"]
DATE_FMT = "%Y-%d-%m"


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser()
    p.add_argument("--data-dir", type=Path, default=Path("input"))
    p.add_argument("--submission-file", type=Path, default=Path("submission/submission.csv"))
    p.add_argument("--artifacts", type=Path, default=Path("artifacts"))
    p.add_argument("--n-estimators", type=int, default=200)
    p.add_argument("--learning-rate", type=float, default=0.03)
    p.add_argument("--num-leaves", type=int, default=7)
    p.add_argument("--valid-days", type=int, default=240)
    p.add_argument("--seed", type=int, default=3)
    return p.parse_args()


def build_timeline(train: pd.DataFrame, test: pd.DataFrame) -> pd.DataFrame:
    """Stack train and test on one calendar so that lags cross the split boundary."""
    full = pd.concat([train.assign(part="train"), test.assign(part="test")], ignore_index=True)
    full["date"] = pd.to_datetime(full["date"], format=DATE_FMT)
    full = full.sort_values("date").reset_index(drop=True)
    for col in BASE:
        full[f"{col}_lag1"] = full[col].shift(1)
        full[f"{col}_roll3"] = full[col].rolling(3, min_periods=1).mean()
    full["month"] = full["date"].dt.month
    full["dayofyear"] = full["date"].dt.dayofyear
    full["spread"] = full["temp_max"] - full["temp_min"]
    return full


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s: %(message)s")
    args = parse_args()
    cfg = {k: v.as_posix() if isinstance(v, Path) else v for k, v in vars(args).items()}
    cfg["date_format"] = DATE_FMT
    args.artifacts.mkdir(parents=True, exist_ok=True)
    (args.artifacts / "run_config.json").write_text(json.dumps(cfg, indent=2))

    train = pd.read_csv(args.data_dir / "train.csv")
    test = pd.read_csv(args.data_dir / "test.csv")
    LOG.info("train %s test %s; class counts %s", train.shape, test.shape,
             train["weather"].value_counts().to_dict())

    full = build_timeline(train, test)
    features = [c for c in full.columns if c not in ("id", "date", "weather", "part")]
    hist = full[full["part"] == "train"]
    fut = full[full["part"] == "test"]

    fit_part, valid_part = hist.iloc[:-args.valid_days], hist.iloc[-args.valid_days:]
    params = dict(n_estimators=args.n_estimators, learning_rate=args.learning_rate,
                  num_leaves=args.num_leaves, min_child_samples=15, class_weight="balanced",
                  random_state=args.seed, n_jobs=2, verbose=-1)
    clf = LGBMClassifier(**params).fit(fit_part[features], fit_part["weather"])
    acc = accuracy_score(valid_part["weather"], clf.predict(valid_part[features]))
    LOG.info("accuracy on last %d days: %.4f", args.valid_days, acc)

    final = LGBMClassifier(**params).fit(hist[features], hist["weather"])
    joblib.dump(final, args.artifacts / "lgbm_weather.joblib")
    (args.artifacts / "metrics.json").write_text(json.dumps({"valid_accuracy": acc}, indent=2))

    args.submission_file.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": fut["id"], "weather": final.predict(fut[features])}).to_csv(
        args.submission_file, index=False)
    print(f"accuracy = {acc:.4f}")


if __name__ == "__main__":
    main()
