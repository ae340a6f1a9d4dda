"""Digits: LightGBM multiclass with lgb.train, stratified 5-fold CV, fold-averaged test probabilities."""
import os

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score, log_loss
from sklearn.model_selection import StratifiedKFold
from tqdm import tqdm

SEED = 42
N_FOLDS = 5
NUM_CLASS = 10


def add_image_features(df: pd.DataFrame) -> pd.DataFrame:
    """Append row/column ink sums of the 8x8 image as extra features."""
    df = df.copy()
    pix = df[[f"pixel_{r}_{c}" for r in range(8) for c in range(8)]].to_numpy().reshape(-1, 8, 8)
    for r in range(8):
        df[f"row_sum_{r}"] = pix[:, r, :].sum(axis=1)
    for c in range(8):
        df[f"col_sum_{c}"] = pix[:, :, c].sum(axis=1)
    df["ink_total"] = pix.sum(axis=(1, 2))
    return df


def main():
    np.random.seed(SEED)
    train = add_image_features(pd.read_csv("./input/train.csv"))
    test = add_image_features(pd.read_csv("./input/test.csv"))

    feature_cols = [c for c in train.columns if c != "digit"]
    X = train[feature_cols]
    y = train["digit"].to_numpy()
    X_test = test.drop(columns=["id"])
    print(f"Training on {X.shape[1]} features, {len(X)} rows")

    params = {
        "objective": "multiclass",
        "num_class": NUM_CLASS,
        "metric": "multi_logloss",
        "learning_rate": 0.05,
        "num_leaves": 15,
        "min_data_in_leaf": 10,
        "feature_fraction": 0.7,
        "bagging_fraction": 0.8,
        "bagging_freq": 1,
        "seed": SEED,
        "num_threads": 1,
        "verbose": -1,
    }

    skf = StratifiedKFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)
    oof = np.zeros((len(X), NUM_CLASS))
    boosters = []
    for fold, (tr, va) in enumerate(tqdm(list(skf.split(X, y)), desc="folds")):
        dtr = lgb.Dataset(X.iloc[tr], y[tr])
        dva = lgb.Dataset(X.iloc[va], y[va], reference=dtr)
        booster = lgb.train(params, dtr, num_boost_round=1000, valid_sets=[dva],
                            callbacks=[lgb.early_stopping(50, verbose=False),
                                       lgb.log_evaluation(0)])
        oof[va] = booster.predict(X.iloc[va], num_iteration=booster.best_iteration)
        boosters.append(booster)
        acc = accuracy_score(y[va], oof[va].argmax(axis=1))
        tqdm.write(f"Fold {fold}: accuracy={acc:.4f}, best_iter={booster.best_iteration}")

    print(f"OOF logloss: {log_loss(y, oof):.4f}")
    print(f"OOF accuracy: {accuracy_score(y, oof.argmax(axis=1)):.4f}")

    test_proba = np.mean([b.predict(X_test, num_iteration=b.best_iteration) for b in boosters], axis=0)
    os.makedirs("./submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "digit": test_proba.argmax(axis=1)}).to_csv(
        "./submission/submission.csv", index=False)
    print("Submission written.")


if __name__ == "__main__":
    main()
