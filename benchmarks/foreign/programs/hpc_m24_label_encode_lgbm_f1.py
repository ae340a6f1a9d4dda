"""HPC job class (VF/F/M/L) - LightGBM multiclass, macro-F1.

Debug step: the previous run stopped at model.fit with
    ValueError: pandas dtypes must be int, float or bool.
    Fields with bad pandas dtypes: protocol: str, day: str
-> label-encode the two text columns before training.
Also added class weights since M and L are rare and macro-F1 punishes that.
"""
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.preprocessing import LabelEncoder
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import f1_score

IN_DIR = "./input"
OUT_FILE = "./submission/submission.csv"
TARGET = "class"
SEED = 11


def add_features(df):
    df = df.copy()
    for c in ["compounds", "input_fields", "iterations", "num_pending"]:
        if c in df.columns:
            df[c] = pd.to_numeric(df[c], errors="coerce").fillna(0)
            df[f"log_{c}"] = np.log1p(df[c].clip(lower=0))
    df["hour"] = pd.to_numeric(df["hour"], errors="coerce").fillna(12.0)
    df["work_hours"] = ((df["hour"] >= 8) & (df["hour"] <= 18)).astype(int)
    df["cmp_x_fields"] = df["log_compounds"] * df["log_input_fields"]
    df["pending_flag"] = (df["num_pending"] > 0).astype(int)
    return df


def main():
    train = pd.read_csv(os.path.join(IN_DIR, "train.csv"))
    test = pd.read_csv(os.path.join(IN_DIR, "test.csv"))
    print(f"train: {train.shape} | test: {test.shape}")
    print(train[TARGET].value_counts().to_string())

    train = add_features(train)
    test = add_features(test)

    # fix: LightGBM rejects str columns -> label encode protocol and day
    encoders = {}
    for col in ["protocol", "day"]:
        le = LabelEncoder()
        train[col] = le.fit_transform(train[col].astype(str))
        encoders[col] = le
    print(f"encoded columns: {list(encoders)}")

    features = [c for c in train.columns if c not in ("id", TARGET)]
    X = train[features]
    y = train[TARGET].astype(str).values
    X_test = test[features]
    print(f"using {len(features)} features")

    params = dict(
        objective="multiclass",
        n_estimators=300,
        learning_rate=0.05,
        num_leaves=31,
        min_child_samples=10,
        colsample_bytree=0.8,
        class_weight="balanced",
        random_state=SEED,
        verbose=-1,
    )

    skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
    oof = np.empty(len(X), dtype=object)
    for k, (tr, va) in enumerate(skf.split(X, y)):
        clf = lgb.LGBMClassifier(**params)
        clf.fit(X.iloc[tr], y[tr])
        oof[va] = clf.predict(X.iloc[va])
        print(f"fold {k}: macro-F1 = {f1_score(y[va], oof[va], average='macro'):.4f}")

    print(f"CV macro-F1: {f1_score(y, oof.astype(str), average='macro'):.4f}")

    final = lgb.LGBMClassifier(**params)
    final.fit(X, y)
    preds = final.predict(X_test)

    sub = pd.read_csv(os.path.join(IN_DIR, "sample_submission.csv"))
    pred_map = dict(zip(test["id"].values, preds))
    sub[TARGET] = sub["id"].map(pred_map).fillna("VF")
    os.makedirs(os.path.dirname(OUT_FILE), exist_ok=True)
    sub.to_csv(OUT_FILE, index=False)
    print(f"submission written: {sub.shape}")
    print(sub[TARGET].value_counts().to_string())


if __name__ == "__main__":
    main()
