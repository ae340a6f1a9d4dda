import argparse
import json
import os

import lightgbm as lgb
import numpy as np
import pandas as pd


def get_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--leaves", type=int, default=15)
    ap.add_argument("--rounds", type=int, default=1000)
    ap.add_argument("--nfold", type=int, default=5)
    return ap.parse_args()


def featurize(df):
    dt = pd.to_datetime(df["date"], format="%Y-%m-%d")
    feats = pd.DataFrame({
        "precipitation": df["precipitation"],
        "temp_max": df["temp_max"],
        "temp_min": df["temp_min"],
        "wind": df["wind"],
        "temp_mid": (df["temp_max"] + df["temp_min"]) / 2,
        "temp_range": df["temp_max"] - df["temp_min"],
        "month": dt.dt.month,
        "week": dt.dt.isocalendar().week.astype(int),
        "wet": (df["precipitation"] > 0.5).astype(int),
    })
    return feats


def main():
    args = get_args()
    train = pd.read_csv("input/train.csv")
    test = pd.read_csv("input/test.csv")

    classes = sorted(train["weather"].unique())
    cls2id = {c: i for i, c in enumerate(classes)}
    y = train["weather"].map(cls2id).to_numpy()

    X = featurize(train)
    Xt = featurize(test)

    params = {
        "objective": "multiclass",
        "metric": "multi_error",
        "learning_rate": args.lr,
        "num_leaves": args.leaves,
        "min_data_in_leaf": 12,
        "feature_fraction": 0.8,
        "lambda_l2": 1.0,
        "num_threads": 1,
        "verbosity": -1,
        "seed": 3,
    }
    dset = lgb.Dataset(X, label=y, free_raw_data=False)
    cv = lgb.cv(
        params,
        dset,
        num_boost_round=args.rounds,
        nfold=args.nfold,
        stratified=True,
        seed=3,
        callbacks=[lgb.early_stopping(50), lgb.log_evaluation(50)],
    )
    key = [k for k in cv if k.endswith("multi_error-mean")][0]
    best_rounds = len(cv[key])
    err = cv[key][-1]
    print(f"CV accuracy: {1 - err:.4f} (rounds={best_rounds})")

    booster = lgb.train(params, dset, num_boost_round=best_rounds)
    proba = booster.predict(Xt)
    pred = [classes[i] for i in np.argmax(proba, axis=1)]

    os.makedirs("submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "weather": pred}).to_csv("submission/submission.csv", index=False)
    with open("cv_log.json", "w") as fh:
        json.dump({"best_rounds": best_rounds, "cv_accuracy": 1 - err, "params": params}, fh)
    print("submission written")


if __name__ == "__main__":
    main()
