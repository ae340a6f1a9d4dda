import argparse
import json
import os

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.model_selection import KFold

TARGETS = ["visits", "ovisits", "emergency", "hospital"]


def get_args():
    p = argparse.ArgumentParser(description="LightGBM tweedie per target")
    p.add_argument("--lr", type=float, default=0.03)
    p.add_argument("--leaves", type=int, default=12)
    p.add_argument("--power", type=float, default=1.3)
    p.add_argument("--nfold", type=int, default=5)
    return p.parse_args()


def build_features(train, test):
    both = pd.concat([train.drop(columns=TARGETS), test], ignore_index=True)
    yes_no = ["afam", "married", "employed", "insurance", "medicaid"]
    for c in yes_no:
        both[c] = (both[c] == "yes").astype(int)
    both["adl"] = (both["adl"] == "limited").astype(int)
    both["gender"] = (both["gender"] == "male").astype(int)
    both["health"] = both["health"].map({"poor": 0, "average": 1, "excellent": 2})
    # frequency encoding for region, plus plain codes
    both["region_freq"] = both["region"].map(both["region"].value_counts(normalize=True))
    both["region"] = both["region"].astype("category").cat.codes
    both["income_rank"] = both["income"].rank(pct=True)
    both["chronic_per_age"] = both["chronic"] / both["age"]
    both["public_cover"] = both["medicaid"] | (both["insurance"] == 0)
    both["public_cover"] = both["public_cover"].astype(int)
    feats = [c for c in both.columns if c != "id"]
    n = len(train)
    return both.loc[: n - 1, feats].reset_index(drop=True), both.loc[n:, feats].reset_index(drop=True)


def rmsle(y, p):
    return float(np.sqrt(np.mean((np.log1p(np.maximum(p, 0)) - np.log1p(y)) ** 2)))


def main():
    args = get_args()
    train = pd.read_csv("input/train.csv")
    test = pd.read_csv("input/test.csv")
    X, X_te = build_features(train, test)
    print("X", X.shape, "X_te", X_te.shape)

    params = {
        "objective": "tweedie",
        "tweedie_variance_power": args.power,
        "metric": "rmse",
        "learning_rate": args.lr,
        "num_leaves": args.leaves,
        "min_data_in_leaf": 25,
        "feature_fraction": 0.8,
        "bagging_fraction": 0.8,
        "bagging_freq": 1,
        "lambda_l2": 2.0,
        "num_threads": 1,
        "verbose": -1,
        "seed": 17,
    }

    folds = list(KFold(n_splits=args.nfold, shuffle=True, random_state=17).split(X))
    preds, summary = [], {}
    for t in TARGETS:
        y = train[t].to_numpy(float)
        ds = lgb.Dataset(X, label=y, categorical_feature=["region"], free_raw_data=False)
        cv = lgb.cv(
            params, ds, num_boost_round=1500, folds=folds, return_cvbooster=True,
            callbacks=[lgb.early_stopping(80, verbose=False)],
        )
        n_best = len(cv["valid rmse-mean"])
        cvb = cv["cvbooster"]
        # out-of-fold predictions from the fold boosters, scored on the competition metric
        oof = np.zeros(len(y))
        for b, (_, va) in zip(cvb.boosters, folds):
            oof[va] = b.predict(X.iloc[va], num_iteration=cvb.best_iteration)
        summary[t] = {"rounds": n_best, "oof_rmsle": round(rmsle(y, oof), 4)}
        print(f"{t:10s} rounds={n_best:4d} cv rmse={cv['valid rmse-mean'][-1]:.4f} "
              f"oof rmsle={summary[t]['oof_rmsle']:.4f}")

        booster = lgb.train(params, ds, num_boost_round=n_best)
        preds.append(booster.predict(X_te))

    print(f"OOF columnwise RMSLE: {np.mean([v['oof_rmsle'] for v in summary.values()]):.4f}")
    with open("lgb_summary.json", "w") as fh:
        json.dump(summary, fh, indent=1)

    pred_df = pd.DataFrame(np.array(preds), columns=TARGETS).clip(lower=0)
    sub = pd.concat([test[["id"]], pred_df], axis=1)
    os.makedirs("submission", exist_ok=True)
    sub.to_csv("submission/submission.csv", index=False)
    print("wrote", sub.shape)


if __name__ == "__main__":
    main()
