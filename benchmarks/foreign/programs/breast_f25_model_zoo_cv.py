"""
Breast cancer diagnosis - small model zoo, pick the best by CV AUC.

Plan:
  1. load train/test
  2. candidate models (all sklearn Pipelines):
       - logistic regression on standardized features
       - random forest
       - gradient boosting
  3. cross_validate each with StratifiedKFold(5), scoring roc_auc (+ accuracy for info)
  4. refit the winner on all training rows, predict_proba -> submission
"""
import os

import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

CONFIG = {
    "train_path": "./input/train.csv",
    "test_path": "./input/test.csv",
    "submission_path": "./submission/submission.csv",
    "target": "diagnosis",
    "seed": 11,
    "n_folds": 5,
}


def load_data(cfg):
    train = pd.read_csv(cfg["train_path"])
    test = pd.read_csv(cfg["test_path"])
    print(f"Train shape: {train.shape}  Test shape: {test.shape}")
    return train, test


def build_features(df):
    X = df.drop(columns=["id", "diagnosis"], errors="ignore")
    # log-transform the heavy tailed size-type features
    for col in ["mean_area", "worst_area", "area_error", "perimeter_error", "radius_error"]:
        X[col] = np.log1p(X[col])
    return X


def make_models(cfg):
    return {
        "logreg": Pipeline([
            ("scale", StandardScaler()),
            ("lr", LogisticRegression(C=0.5, max_iter=5000)),
        ]),
        "rf": Pipeline([
            ("rf", RandomForestClassifier(n_estimators=200, max_features="auto",
                                          min_samples_leaf=2, n_jobs=2,
                                          random_state=cfg["seed"])),
        ]),
        "gb": Pipeline([
            ("gb", GradientBoostingClassifier(n_estimators=150, max_depth=2,
                                              learning_rate=0.1, subsample=0.8,
                                              random_state=cfg["seed"])),
        ]),
    }


def evaluate(models, X, y, cfg):
    cv = StratifiedKFold(n_splits=cfg["n_folds"], shuffle=True, random_state=cfg["seed"])
    summary = {}
    for name, model in models.items():
        res = cross_validate(model, X, y, cv=cv, scoring=["roc_auc", "accuracy"], n_jobs=1)
        auc, acc = res["test_roc_auc"], res["test_accuracy"]
        summary[name] = auc.mean()
        print(f"{name:8s} AUC {auc.mean():.5f} (+/- {auc.std():.5f})  acc {acc.mean():.4f}  "
              f"fit {res['fit_time'].sum():.1f}s")
    return summary


def main():
    cfg = CONFIG
    train, test = load_data(cfg)
    X, y = build_features(train), train[cfg["target"]]
    X_test = build_features(test)

    models = make_models(cfg)
    summary = evaluate(models, X, y, cfg)
    best_name = max(summary, key=summary.get)
    print(f"Best model: {best_name}")
    print(f"Validation AUC: {summary[best_name]:.5f}")

    best = models[best_name].fit(X, y)
    pred = best.predict_proba(X_test)[:, 1]
    os.makedirs(os.path.dirname(cfg["submission_path"]), exist_ok=True)
    pd.DataFrame({"id": test["id"], "diagnosis": pred}).to_csv(cfg["submission_path"], index=False)
    print(f"Saved {cfg['submission_path']}")


if __name__ == "__main__":
    main()
