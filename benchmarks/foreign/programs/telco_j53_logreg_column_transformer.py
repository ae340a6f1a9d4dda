"""telco-churn: scaled numerics + one-hot categoricals into a logistic regression, CV AUC."""
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
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

log = logging.getLogger("telco.logreg")

TARGET = "churn"
ID = "id"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--input-dir", type=Path, default=Path("input"))
    parser.add_argument("--submission-path", type=Path, default=Path("submission") / "submission.csv")
    parser.add_argument("--artifact-dir", type=Path, default=Path("artifacts"))
    parser.add_argument("--C", type=float, default=0.5)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=42)
    return parser.parse_args()


def split_columns(df: pd.DataFrame) -> tuple[list[str], list[str]]:
    feats = [c for c in df.columns if c not in (ID, TARGET)]
    cats = [c for c in feats if df[c].dtype == object or pd.api.types.is_string_dtype(df[c])]
    nums = [c for c in feats if c not in cats]
    return nums, cats


def add_ratios(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    df["charges_per_month"] = df["total_charges"] / df["tenure"].replace(0, np.nan)
    df["log_total"] = np.log1p(df["total_charges"])
    df["new_customer"] = (df["tenure"] <= 6).astype(int)
    return df


def build(nums: list[str], cats: list[str], C: float) -> Pipeline:
    numeric = make_pipeline(SimpleImputer(strategy="median"), StandardScaler())
    categorical = OneHotEncoder(handle_unknown="ignore", drop="if_binary")
    pre = ColumnTransformer([("num", numeric, nums), ("cat", categorical, cats)])
    clf = LogisticRegression(C=C, max_iter=2000)
    return Pipeline([("pre", pre), ("clf", clf)])


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(levelname)s %(message)s")
    args = parse_args()
    cfg: dict[str, Any] = {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()}
    args.artifact_dir.mkdir(parents=True, exist_ok=True)
    (args.artifact_dir / "config.json").write_text(json.dumps(cfg, indent=2))

    train = add_ratios(pd.read_csv(args.input_dir / "train.csv"))
    test = add_ratios(pd.read_csv(args.input_dir / "test.csv"))
    nums, cats = split_columns(train)
    cfg["numeric"], cfg["categorical"] = nums, cats
    log.info("%d numeric, %d categorical features", len(nums), len(cats))

    X, y = train[nums + cats], train[TARGET].to_numpy()
    pipe = build(nums, cats, args.C)
    cv = StratifiedKFold(n_splits=args.folds, shuffle=True, random_state=args.seed)
    res = cross_validate(pipe, X, y, cv=cv, scoring="roc_auc", n_jobs=1)
    aucs = res["test_score"]
    for i, a in enumerate(aucs):
        log.info("fold %d auc %.4f", i, a)
    log.info("Validation AUC: %.4f", aucs.mean())

    pipe.fit(X, y)
    joblib.dump(pipe, args.artifact_dir / "logreg_pipeline.joblib")
    proba = pipe.predict_proba(test[nums + cats])[:, 1]

    args.submission_path.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({ID: test[ID], TARGET: proba}).to_csv(args.submission_path, index=False)
    metrics = {"cv_auc": aucs.tolist(), "cv_auc_mean": float(aucs.mean()),
               "test_mean_proba": float(proba.mean())}
    (args.artifact_dir / "metrics.json").write_text(json.dumps(metrics, indent=2))
    print(f"Validation AUC: {aucs.mean():.4f}")


if __name__ == "__main__":
    main()
