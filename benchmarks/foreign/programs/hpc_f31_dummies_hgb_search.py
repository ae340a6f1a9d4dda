"""
HPC jobs - HistGradientBoosting with a RandomizedSearchCV.

Plan:
  1. one-hot protocol and day with pd.get_dummies (simple, keeps a plain numeric frame)
  2. numeric features: raw + logs, hour as sin/cos (cyclic)
  3. RandomizedSearchCV (few iterations, 3-fold, f1_macro) over HGB params
  4. fit best on all rows, predict test
"""
import os

import numpy as np
import pandas as pd
from scipy.stats import loguniform, randint
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import RandomizedSearchCV, StratifiedKFold

CONFIG = {
    "data_dir": "./input",
    "submission_path": "./submission/submission.csv",
    "target": "class",
    "seed": 21,
    "n_iter": 4,
    "cv": 3,
}


def load_data(cfg):
    train = pd.read_csv(os.path.join(cfg["data_dir"], "train.csv"))
    test = pd.read_csv(os.path.join(cfg["data_dir"], "test.csv"))
    print(f"train={train.shape} test={test.shape}")
    return train, test


def build_features(df):
    X = df.drop(columns=["id", "class"], errors="ignore").copy()
    X = pd.get_dummies(X, columns=["protocol", "day"], dtype=float)
    for c in ["compounds", "input_fields", "num_pending"]:
        X[c] = np.log1p(X[c])
    X["hour_sin"] = np.sin(2 * np.pi * X["hour"] / 24)
    X["hour_cos"] = np.cos(2 * np.pi * X["hour"] / 24)
    return X


def make_model(cfg):
    base = HistGradientBoostingClassifier(
        max_iter=120, early_stopping=False, class_weight="balanced", random_state=cfg["seed"])
    dist = {
        "learning_rate": loguniform(0.03, 0.2),
        "max_leaf_nodes": randint(15, 48),
        "min_samples_leaf": randint(5, 40),
        "l2_regularization": loguniform(1e-3, 1.0),
    }
    cv = StratifiedKFold(n_splits=cfg["cv"], shuffle=True, random_state=cfg["seed"])
    return RandomizedSearchCV(base, dist, n_iter=cfg["n_iter"], scoring="f1_macro", cv=cv,
                              random_state=cfg["seed"], n_jobs=1)


def evaluate(search):
    res = pd.DataFrame(search.cv_results_).sort_values("rank_test_score")
    for _, r in res.iterrows():
        print(f"  f1_macro={r['mean_test_score']:.4f}  lr={r['param_learning_rate']:.3f} "
              f"leaves={r['param_max_leaf_nodes']} min_leaf={r['param_min_samples_leaf']}")
    return search.best_score_


def main():
    cfg = CONFIG
    train, test = load_data(cfg)
    X = build_features(train)
    y = train[cfg["target"]]
    feature_cols = list(X.columns)
    print(f"{len(feature_cols)} features")

    search = make_model(cfg)
    search.fit(X, y)
    score = evaluate(search)
    print(f"CV macro F1: {score:.4f}")

    X_test = build_features(test)[feature_cols]
    pred = search.predict(X_test)
    os.makedirs(os.path.dirname(cfg["submission_path"]), exist_ok=True)
    pd.DataFrame({"id": test["id"], "class": pred}).to_csv(cfg["submission_path"], index=False)
    print("submission written")


if __name__ == "__main__":
    main()
