"""Telco churn: logistic regression behind a chain of small cleaning functions."""
from functools import reduce

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

CONFIG = {"model": "logit", "C": 0.5, "folds": 5, "seed": 8}

TARGET = "churn"
THREE_WAY = ["multiple_lines", "online_security", "online_backup", "device_protection",
             "tech_support", "streaming_tv", "streaming_movies"]
ONE_HOT = ["internet_service", "contract", "payment_method"]

MODELS = {
    "logit": lambda: make_pipeline(StandardScaler(), LogisticRegression(C=CONFIG["C"], max_iter=2000)),
    "logit_strong": lambda: make_pipeline(StandardScaler(), LogisticRegression(C=0.05, max_iter=2000)),
}


def drop_bad_rows(df):
    return df.dropna(subset=["total_charges"])


def yes_flags(df):
    return df.assign(**{c: df[c].apply(lambda v: 1.0 if v == "Yes" else 0.0) for c in THREE_WAY})


def dummies(df):
    return pd.get_dummies(df, columns=ONE_HOT, dtype=float)


def log_money(df):
    return df.assign(
        log_total=np.log1p(df["total_charges"]),
        log_tenure=np.log1p(df["tenure"]),
        monthly_x_tenure=df["monthly_charges"] * df["tenure"] / 100.0,
    )


PIPELINE = [drop_bad_rows, yes_flags, dummies, log_money]


def clean(df):
    return reduce(lambda acc, step: step(acc), PIPELINE, df)


def main():
    train = clean(pd.read_csv("./input/train.csv"))
    test = clean(pd.read_csv("./input/test.csv"))
    features = [c for c in train.columns if c not in ("id", TARGET)]
    test = test.reindex(columns=["id"] + features, fill_value=0.0)
    print(f"train rows {len(train)}, {len(features)} features")

    X, y = train[features], train[TARGET]
    skf = StratifiedKFold(CONFIG["folds"], shuffle=True, random_state=CONFIG["seed"])
    oof = cross_val_predict(MODELS[CONFIG["model"]](), X, y, cv=skf, method="predict_proba")[:, 1]
    print(f"Validation AUC: {roc_auc_score(y, oof):.4f}")

    model = MODELS[CONFIG["model"]]().fit(X, y)
    preds = model.predict_proba(test[features])[:, 1]
    print("mean predicted churn:", round(float(preds.mean()), 4))

    sub = pd.read_csv("./input/sample_submission.csv")
    sub[TARGET] = preds
    sub.to_csv("./submission/submission.csv", index=False)
    print("submission ready", sub.shape)


if __name__ == "__main__":
    main()
