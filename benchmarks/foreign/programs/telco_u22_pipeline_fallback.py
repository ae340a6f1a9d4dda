#!/usr/bin/env python
"""Telco churn -- predict P(churn=1), metric ROC AUC.

Primary model: one-hot + scaled logistic regression inside a sklearn Pipeline.
Fallback model: LightGBM on the raw frame (handles NaN itself).
"""
import os
import time
import warnings
from datetime import datetime

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

warnings.filterwarnings("ignore", category=UserWarning)

CFG = {
    "input": "input",
    "out": "submission/submission.csv",
    "target": "churn",
    "id": "id",
    "folds": 5,
    "seed": 2024,
}


def log(msg):
    print(f"{datetime.now():%Y-%m-%d %H:%M:%S} | {msg}", flush=True)


def read_inputs():
    tr = pd.read_csv(os.path.join(CFG["input"], "train.csv"))
    te = pd.read_csv(os.path.join(CFG["input"], "test.csv"))
    ss = pd.read_csv(os.path.join(CFG["input"], "sample_submission.csv"))
    log(f"loaded train={tr.shape} test={te.shape} sample={ss.shape}")
    assert CFG["target"] in tr.columns
    assert list(ss.columns) == [CFG["id"], CFG["target"]], ss.columns.tolist()
    assert set(tr.columns) - set(te.columns) == {CFG["target"]}
    log(f"target rate: {tr[CFG['target']].mean():.4f}")
    return tr, te, ss


def add_features(df):
    df = df.copy()
    df["total_charges"] = pd.to_numeric(df["total_charges"], errors="coerce")
    df["charges_per_month"] = df["total_charges"] / df["tenure"].replace(0, np.nan)
    df["charge_gap"] = df["monthly_charges"] - df["charges_per_month"]
    svc = ["online_security", "online_backup", "device_protection",
           "tech_support", "streaming_tv", "streaming_movies"]
    df["n_services"] = (df[svc] == "Yes").sum(axis=1)
    df["is_m2m"] = (df["contract"] == "Month-to-month").astype(int)
    return df


def split_columns(df):
    cat_cols = [c for c in df.columns if df[c].dtype == object]
    num_cols = [c for c in df.columns if c not in cat_cols]
    log(f"{len(num_cols)} numeric / {len(cat_cols)} categorical columns")
    assert len(num_cols) + len(cat_cols) == df.shape[1]
    return num_cols, cat_cols


def logreg_pipeline(num_cols, cat_cols):
    pre = ColumnTransformer([
        ("num", Pipeline([("imp", SimpleImputer(strategy="median")),
                          ("sc", StandardScaler())]), num_cols),
        ("cat", OneHotEncoder(handle_unknown="ignore"), cat_cols),
    ])
    return Pipeline([("pre", pre),
                     ("lr", LogisticRegression(C=0.3, max_iter=3000))])


def run_cv(make_model, X, y, X_test, name, prep=None):
    skf = StratifiedKFold(n_splits=CFG["folds"], shuffle=True, random_state=CFG["seed"])
    oof = np.zeros(len(X))
    test_pred = np.zeros(len(X_test))
    if prep is not None:
        X, X_test = prep(X), prep(X_test)
    for k, (tr, va) in enumerate(skf.split(X, y)):
        t = time.time()
        m = make_model()
        m.fit(X.iloc[tr], y.iloc[tr])
        oof[va] = m.predict_proba(X.iloc[va])[:, 1]
        test_pred += m.predict_proba(X_test)[:, 1] / CFG["folds"]
        log(f"[{name}] fold {k}: auc={roc_auc_score(y.iloc[va], oof[va]):.5f} ({time.time() - t:.1f}s)")
    auc = roc_auc_score(y, oof)
    log(f"[{name}] OOF AUC: {auc:.5f}")
    return auc, test_pred


def main():
    t0 = time.time()
    train, test, sample = read_inputs()
    y = train[CFG["target"]].astype(int)
    X = add_features(train.drop(columns=[CFG["id"], CFG["target"]]))
    X_test = add_features(test.drop(columns=[CFG["id"]]))
    assert X.shape[1] == X_test.shape[1], (X.shape, X_test.shape)
    log(f"features: {X.shape[1]}  NaNs in train: {int(X.isna().sum().sum())}")

    num_cols, cat_cols = split_columns(X)

    try:
        auc, pred = run_cv(lambda: logreg_pipeline(num_cols, cat_cols), X, y, X_test, "logreg")
    except Exception as e:
        log(f"logreg pipeline failed: {type(e).__name__}: {e}")
        log("falling back to LightGBM on raw features")
        import lightgbm as lgb

        def to_cat(df):
            df = df.copy()
            for c in cat_cols:
                df[c] = df[c].astype("category")
            return df

        auc, pred = run_cv(
            lambda: lgb.LGBMClassifier(n_estimators=400, learning_rate=0.03, num_leaves=15,
                                       min_child_samples=40, colsample_bytree=0.7,
                                       random_state=CFG["seed"], verbose=-1, n_jobs=2),
            X, y, X_test, "lgbm", prep=to_cat)

    log(f"validation AUC = {auc:.5f}")
    sub = pd.DataFrame({CFG["id"]: test[CFG["id"]].values, CFG["target"]: pred})
    assert len(sub) == len(sample) and sub[CFG["target"]].between(0, 1).all()
    os.makedirs(os.path.dirname(CFG["out"]), exist_ok=True)
    sub.to_csv(CFG["out"], index=False)
    log(f"saved {CFG['out']} rows={len(sub)} mean={sub[CFG['target']].mean():.4f}")
    log(f"total time {time.time() - t0:.1f}s")


if __name__ == "__main__":
    main()
