"""seattle-weather: random forest on weather readings + calendar features, time-ordered holdout."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from typing import Any

import joblib
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import accuracy_score, confusion_matrix

logger = logging.getLogger("seattle_rf")

READINGS = ["precipitation", "temp_max", "temp_min", "wind"]


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--input-dir", type=Path, default=Path("input"))
    parser.add_argument("--output-dir", type=Path, default=Path("submission"))
    parser.add_argument("--artifacts-dir", type=Path, default=Path("artifacts"))
    parser.add_argument("--valid-frac", type=float, default=0.2)
    parser.add_argument("--n-estimators", type=int, default=300)
    parser.add_argument("--max-depth", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    return parser.parse_args()


def calendar_features(df: pd.DataFrame) -> pd.DataFrame:
    out = df.copy()
    out["date"] = pd.to_datetime(out["date"], format="%Y-%m-%d")
    doy = out["date"].dt.dayofyear
    out["doy_sin"] = np.sin(2 * np.pi * doy / 365.25)
    out["doy_cos"] = np.cos(2 * np.pi * doy / 365.25)
    out["month"] = out["date"].dt.month
    out["temp_range"] = out["temp_max"] - out["temp_min"]
    out["wet"] = (out["precipitation"] > 0).astype(int)
    out["log_precip"] = np.log1p(out["precipitation"])
    return out


def feature_list() -> list[str]:
    return READINGS + ["doy_sin", "doy_cos", "month", "temp_range", "wet", "log_precip"]


def new_model(cfg: dict[str, Any]) -> RandomForestClassifier:
    return RandomForestClassifier(
        n_estimators=cfg["n_estimators"],
        max_depth=cfg["max_depth"],
        min_samples_leaf=3,
        n_jobs=2,
        random_state=cfg["seed"],
    )


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    args = parse_args()
    cfg = {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()}
    cfg["features"] = feature_list()
    args.artifacts_dir.mkdir(parents=True, exist_ok=True)
    (args.artifacts_dir / "config.json").write_text(json.dumps(cfg, indent=2))

    train = calendar_features(pd.read_csv(args.input_dir / "train.csv")).sort_values("date")
    test = calendar_features(pd.read_csv(args.input_dir / "test.csv"))
    feats = cfg["features"]

    cut = int(len(train) * (1 - args.valid_frac))
    fit_part, valid_part = train.iloc[:cut], train.iloc[cut:]
    logger.info("time split at %s: %d fit / %d valid",
                valid_part["date"].min().date(), len(fit_part), len(valid_part))

    model = new_model(cfg).fit(fit_part[feats], fit_part["weather"])
    valid_pred = model.predict(valid_part[feats])
    acc = accuracy_score(valid_part["weather"], valid_pred)
    labels = sorted(train["weather"].unique())
    cm = pd.DataFrame(confusion_matrix(valid_part["weather"], valid_pred, labels=labels),
                      index=labels, columns=labels)
    logger.info("confusion matrix (rows = truth):\n%s", cm.to_string())
    logger.info("holdout accuracy = %.4f", acc)

    final = new_model(cfg).fit(train[feats], train["weather"])
    joblib.dump(final, args.artifacts_dir / "rf_weather.joblib")
    args.output_dir.mkdir(parents=True, exist_ok=True)
    sub = pd.DataFrame({"id": test["id"], "weather": final.predict(test[feats])})
    sub.to_csv(args.output_dir / "submission.csv", index=False)
    (args.artifacts_dir / "metrics.json").write_text(json.dumps(
        {"holdout_accuracy": acc, "test_pred_counts": sub["weather"].value_counts().to_dict()}, indent=2))
    print(f"accuracy = {acc:.4f}")


if __name__ == "__main__":
    main()
