"""telco-churn: native lgb.train with categorical features, early stopping per fold."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from typing import Any

import joblib
import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

LOGGER = logging.getLogger("telco_lgb")

TARGET_COL = "churn"
ID_COL = "id"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="LightGBM churn model")
    parser.add_argument("--input", type=Path, default=Path("input"))
    parser.add_argument("--output", type=Path, default=Path("submission"))
    parser.add_argument("--artifacts", type=Path, default=Path("artifacts"))
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--num-boost-round", type=int, default=2000)
    parser.add_argument("--early-stopping", type=int, default=100)
    parser.add_argument("--learning-rate", type=float, default=0.02)
    parser.add_argument("--num-leaves", type=int, default=15)
    parser.add_argument("--seed", type=int, default=2023)
    return parser.parse_args()


def to_categorical(train: pd.DataFrame, test: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame, list[str]]:
    cat_cols = [c for c in train.columns if pd.api.types.is_string_dtype(train[c])]
    for col in cat_cols:
        levels = pd.Index(sorted(train[col].dropna().unique()))
        train[col] = pd.Categorical(train[col], categories=levels)
        test[col] = pd.Categorical(test[col], categories=levels)
    return train, test, cat_cols


def lgb_params(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "objective": "binary",
        "metric": "auc",
        "learning_rate": args.learning_rate,
        "num_leaves": args.num_leaves,
        "min_data_in_leaf": 40,
        "feature_fraction": 0.7,
        "bagging_fraction": 0.8,
        "bagging_freq": 1,
        "lambda_l2": 2.0,
        "cat_smooth": 20,
        "num_threads": 2,
        "verbosity": -1,
        "seed": args.seed,
    }


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO,
                        format="%(asctime)s [%(levelname)s] %(message)s")
    args = parse_args()
    params = lgb_params(args)
    args.artifacts.mkdir(parents=True, exist_ok=True)
    run_cfg = {"cli": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
               "lgb_params": params}
    (args.artifacts / "config.json").write_text(json.dumps(run_cfg, indent=2))

    train = pd.read_csv(args.input / "train.csv")
    test = pd.read_csv(args.input / "test.csv")
    y = train.pop(TARGET_COL).to_numpy()
    features = [c for c in train.columns if c != ID_COL]
    X, X_test, cat_cols = to_categorical(train[features].copy(), test[features].copy())
    LOGGER.info("categorical: %s", cat_cols)

    oof = np.zeros(len(X))
    test_pred = np.zeros(len(X_test))
    best_iters: list[int] = []
    skf = StratifiedKFold(n_splits=args.folds, shuffle=True, random_state=args.seed)
    for fold, (tr, va) in enumerate(skf.split(X, y), start=1):
        dtrain = lgb.Dataset(X.iloc[tr], label=y[tr], categorical_feature=cat_cols)
        dvalid = lgb.Dataset(X.iloc[va], label=y[va], reference=dtrain)
        booster = lgb.train(
            params,
            dtrain,
            num_boost_round=args.num_boost_round,
            valid_sets=[dvalid],
            valid_names=["valid"],
            callbacks=[lgb.early_stopping(args.early_stopping, verbose=False),
                       lgb.log_evaluation(period=0)],
        )
        oof[va] = booster.predict(X.iloc[va], num_iteration=booster.best_iteration)
        test_pred += booster.predict(X_test, num_iteration=booster.best_iteration) / args.folds
        best_iters.append(int(booster.best_iteration))
        LOGGER.info("fold %d: best_iter=%d auc=%.4f", fold, booster.best_iteration,
                    roc_auc_score(y[va], oof[va]))
        joblib.dump(booster, args.artifacts / f"lgb_fold{fold}.joblib")

    auc = roc_auc_score(y, oof)
    LOGGER.info("OOF AUC: %.4f", auc)
    args.output.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({ID_COL: test[ID_COL], TARGET_COL: test_pred}).to_csv(
        args.output / "submission.csv", index=False)
    (args.artifacts / "metrics.json").write_text(
        json.dumps({"oof_auc": auc, "best_iterations": best_iters}, indent=2))
    print(f"Validation AUC: {auc:.4f}")


if __name__ == "__main__":
    main()
