"""
HPC job run-time class (VF / F / M / L) - LightGBM multiclass.

Plan:
  * categorical protocol/day -> pandas category (same categories for train and test)
  * log-transform the size features, add a couple of interactions
  * manual StratifiedKFold, LGBMClassifier with early stopping callback on the
    validation fold; class_weight="balanced" because the metric is macro F1
  * OOF macro F1, then average the fold models' probabilities on test
"""
import os

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import f1_score
from sklearn.model_selection import StratifiedKFold

CONFIG = {
    "data_dir": "./input",
    "out_file": "./submission/submission.csv",
    "target": "class",
    "cat_cols": ["protocol", "day"],
    "n_splits": 4,
    "seed": 99,
    "params": {
        "objective": "multiclass",
        "n_estimators": 600,
        "learning_rate": 0.05,
        "num_leaves": 31,
        "min_child_samples": 10,
        "colsample_bytree": 0.8,
        "subsample": 0.8,
        "subsample_freq": 1,
        "class_weight": "balanced",
        "n_jobs": 2,
        "verbose": -1,
    },
    "early_stopping": 50,
}


def load_data(cfg):
    train = pd.read_csv(os.path.join(cfg["data_dir"], "train.csv"))
    test = pd.read_csv(os.path.join(cfg["data_dir"], "test.csv"))
    print(f"train {train.shape}, test {test.shape}")
    print(f"class counts: {train[cfg['target']].value_counts().to_dict()}")
    return train, test


def build_features(df, cfg, categories):
    X = df.drop(columns=["id", cfg["target"]], errors="ignore").copy()
    for c in cfg["cat_cols"]:
        X[c] = pd.Categorical(X[c], categories=categories[c])
    for c in ["compounds", "input_fields", "num_pending"]:
        X[f"log_{c}"] = np.log1p(X[c])
    X["work"] = np.log1p(X["compounds"] * X["input_fields"])
    X["fields_per_compound"] = X["input_fields"] / X["compounds"]
    X["is_weekend"] = X["day"].isin(["Sat", "Sun"]).astype(int)
    return X


def make_model(cfg):
    return lgb.LGBMClassifier(random_state=cfg["seed"], **cfg["params"])


def evaluate(X, y, X_test, cfg):
    n_cls = len(np.unique(y))
    oof = np.zeros((len(X), n_cls))
    test_proba = np.zeros((len(X_test), n_cls))
    skf = StratifiedKFold(n_splits=cfg["n_splits"], shuffle=True, random_state=cfg["seed"])
    for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y), 1):
        model = make_model(cfg)
        model.fit(
            X.iloc[tr_idx], y[tr_idx],
            eval_set=[(X.iloc[va_idx], y[va_idx])],
            callbacks=[lgb.early_stopping(cfg["early_stopping"], verbose=False)],
        )
        oof[va_idx] = model.predict_proba(X.iloc[va_idx])
        test_proba += model.predict_proba(X_test) / cfg["n_splits"]
        f1 = f1_score(y[va_idx], oof[va_idx].argmax(1), average="macro")
        print(f"fold {fold}: best_iter={model.best_iteration_} macro-F1={f1:.4f}")
    return oof, test_proba


def main():
    cfg = CONFIG
    train, test = load_data(cfg)
    categories = {c: sorted(train[c].unique()) for c in cfg["cat_cols"]}
    X = build_features(train, cfg, categories)
    X_test = build_features(test, cfg, categories)

    classes = np.array(sorted(train[cfg["target"]].unique()))
    y = np.searchsorted(classes, train[cfg["target"]].to_numpy())

    oof, test_proba = evaluate(X, y, X_test, cfg)
    print(f"OOF macro F1: {f1_score(y, oof.argmax(1), average='macro'):.4f}")

    sub = pd.DataFrame({"id": test["id"], "class": classes[test_proba.argmax(1)]})
    os.makedirs(os.path.dirname(cfg["out_file"]), exist_ok=True)
    sub.to_csv(cfg["out_file"], index=False)
    print(f"prediction distribution: {sub['class'].value_counts().to_dict()}")


if __name__ == "__main__":
    main()
