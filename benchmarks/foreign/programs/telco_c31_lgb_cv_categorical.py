#!/usr/bin/env python
"""Telco churn: LightGBM native categoricals, lgb.cv for rounds, multi-seed refit."""
import pickle
from pathlib import Path

import lightgbm as lgb
import matplotlib
import numpy as np
import pandas as pd

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

IN = Path("./input")
SUB = Path("./submission")
ART = Path("./work")
SEEDS = [0, 1, 2]


def prepare(df: pd.DataFrame, cat_levels: dict | None = None):
    df = df.copy()
    cat_cols = df.select_dtypes(include=["object", "string"]).columns.tolist()
    if cat_levels is None:
        cat_levels = {c: sorted(df[c].dropna().unique()) for c in cat_cols}
    for c in cat_cols:
        df[c] = pd.Categorical(df[c], categories=cat_levels[c])
    df["charges_gap"] = df["total_charges"] - df["monthly_charges"] * df["tenure"]
    df["tenure_years"] = df["tenure"] // 12
    svc = ["online_security", "online_backup", "device_protection", "tech_support",
           "streaming_tv", "streaming_movies"]
    df["n_addons"] = sum((df[c] == "Yes").astype(int) for c in svc)
    return df, cat_levels


def main():
    train = pd.read_csv(IN / "train.csv")
    test = pd.read_csv(IN / "test.csv")
    y = train.pop("churn")
    train_ids = train.pop("id")
    test_ids = test.pop("id")

    X, levels = prepare(train)
    X_test, _ = prepare(test, levels)
    cats = list(levels)
    print("categorical:", cats)

    params = {
        "objective": "binary",
        "metric": "auc",
        "learning_rate": 0.02,
        "num_leaves": 12,
        "min_data_in_leaf": 40,
        "feature_fraction": 0.7,
        "bagging_fraction": 0.8,
        "bagging_freq": 1,
        "lambda_l2": 3.0,
        "cat_smooth": 20,
        "num_threads": 1,
        "verbose": -1,
    }
    dtrain = lgb.Dataset(X, y, categorical_feature=cats, free_raw_data=False)
    cv_res = lgb.cv(
        params, dtrain, num_boost_round=3000, nfold=5, stratified=True, seed=42,
        callbacks=[lgb.early_stopping(200, verbose=True), lgb.log_evaluation(100)],
    )
    auc_mean = cv_res["valid auc-mean"]
    auc_std = cv_res["valid auc-stdv"]
    n_best = int(np.argmax(auc_mean)) + 1
    print(f"CV AUC = {auc_mean[n_best - 1]:.4f} +/- {auc_std[n_best - 1]:.4f} at {n_best} rounds")

    preds = np.zeros(len(X_test))
    importances = pd.Series(0.0, index=X.columns)
    boosters = []
    for s in SEEDS:
        p = dict(params, seed=s, bagging_seed=s, feature_fraction_seed=s)
        b = lgb.train(p, dtrain, num_boost_round=n_best)
        preds += b.predict(X_test) / len(SEEDS)
        importances += pd.Series(b.feature_importance("gain"), index=X.columns) / len(SEEDS)
        boosters.append(b.model_to_string())

    ART.mkdir(parents=True, exist_ok=True)
    with open(ART / "boosters.pkl", "wb") as fh:
        pickle.dump({"models": boosters, "n_best": n_best, "levels": levels}, fh)
    imp = importances.sort_values()
    fig, ax = plt.subplots(figsize=(6, 7))
    imp.plot.barh(ax=ax)
    ax.set_title("LightGBM gain importance")
    fig.tight_layout()
    fig.savefig(ART / "importance.png", dpi=90)

    SUB.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test_ids, "churn": preds}).to_csv(SUB / "submission.csv", index=False)
    print(f"train ids {len(train_ids)}, wrote {len(preds)} predictions")


if __name__ == "__main__":
    main()
