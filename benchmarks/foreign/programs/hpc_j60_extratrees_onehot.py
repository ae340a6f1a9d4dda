"""hpc-jobs: extra trees on one-hot encoded protocol/day with engineered size features."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.metrics import f1_score
from sklearn.model_selection import StratifiedKFold, cross_val_predict

logger = logging.getLogger("hpc.extratrees")

DUMMY_COLS = ["protocol", "day"]


def parse_args() -> argparse.Namespace:
    ap = argparse.ArgumentParser(description="ExtraTrees on hpc-jobs")
    ap.add_argument("--data", type=Path, default=Path("input"))
    ap.add_argument("--output", type=Path, default=Path("submission"))
    ap.add_argument("--artifacts", type=Path, default=Path("artifacts"))
    ap.add_argument("--trees", type=int, default=250)
    ap.add_argument("--max-features", type=float, default=0.6)
    ap.add_argument("--folds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=11)
    return ap.parse_args()


def engineer(df: pd.DataFrame) -> pd.DataFrame:
    """Numeric size features plus one-hot columns for the categorical fields."""
    feats = pd.DataFrame(index=df.index)
    feats["log_compounds"] = np.log1p(df["compounds"])
    feats["log_fields"] = np.log1p(df["input_fields"])
    feats["log_pending"] = np.log1p(df["num_pending"])
    feats["iterations"] = df["iterations"]
    feats["hour"] = df["hour"]
    feats["hour_sin"] = np.sin(2 * np.pi * df["hour"] / 24.0)
    feats["hour_cos"] = np.cos(2 * np.pi * df["hour"] / 24.0)
    feats["weekend"] = df["day"].isin(["Sat", "Sun"]).astype(int)
    dummies = pd.get_dummies(df[DUMMY_COLS], prefix=DUMMY_COLS, dtype=np.uint8)
    return pd.concat([feats, dummies], axis=1)


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO,
                        format="%(asctime)s | %(levelname)-7s | %(message)s")
    args = parse_args()
    config = {key: str(val) if isinstance(val, Path) else val for key, val in vars(args).items()}
    args.artifacts.mkdir(parents=True, exist_ok=True)
    with (args.artifacts / "config.json").open("w") as fh:
        json.dump(config, fh, indent=2)

    train = pd.read_csv(args.data / "train.csv")
    test = pd.read_csv(args.data / "test.csv")

    X_train = engineer(train).to_numpy(dtype=np.float32)
    X_test = engineer(test).to_numpy(dtype=np.float32)
    y = train["class"].to_numpy()
    logger.info("feature matrix train=%s test=%s", X_train.shape, X_test.shape)

    model = ExtraTreesClassifier(
        n_estimators=args.trees,
        max_features=args.max_features,
        min_samples_leaf=1,
        class_weight="balanced",
        n_jobs=2,
        random_state=args.seed,
    )
    cv = StratifiedKFold(n_splits=args.folds, shuffle=True, random_state=args.seed)
    oof = cross_val_predict(model, X_train, y, cv=cv, n_jobs=1)
    score = f1_score(y, oof, average="macro")
    per_class = f1_score(y, oof, average=None, labels=sorted(set(y)))
    logger.info("per-class f1: %s", dict(zip(sorted(set(y)), np.round(per_class, 4))))
    logger.info("CV f1_macro: %.4f", score)

    model.fit(X_train, y)
    joblib.dump(model, args.artifacts / "extratrees.joblib")
    with (args.artifacts / "metrics.json").open("w") as fh:
        json.dump({"cv_f1_macro": float(score)}, fh, indent=2)

    predictions = model.predict(X_test)
    args.output.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test["id"], "class": predictions}).to_csv(
        args.output / "submission.csv", index=False
    )
    logger.info("done")


if __name__ == "__main__":
    main()
