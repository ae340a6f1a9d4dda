import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import KFold, StratifiedKFold
from sklearn.preprocessing import StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
TARGET = "churn"
CATS = ["multiple_lines", "internet_service", "online_security", "online_backup", "device_protection",
        "tech_support", "streaming_tv", "streaming_movies", "contract", "payment_method"]
NUMS = ["female", "senior_citizen", "partner", "dependents", "tenure", "phone_service",
        "paperless_billing", "monthly_charges", "total_charges"]


def target_encode(fit_df, apply_df, col, prior, smoothing=10):
    stats = fit_df.groupby(col)[TARGET].agg(["sum", "count"])
    enc = (stats["sum"] + prior * smoothing) / (stats["count"] + smoothing)
    return apply_df[col].map(enc).fillna(prior).to_numpy()


def encoded_train(df):
    """Out-of-fold encodings for the training rows, so no row sees its own label."""
    out = np.zeros((len(df), len(CATS)))
    prior = df[TARGET].mean()
    for a, b in KFold(5, shuffle=True, random_state=0).split(df):
        for j, col in enumerate(CATS):
            out[b, j] = target_encode(df.iloc[a], df.iloc[b], col, prior)
    return out


def matrix(df, enc):
    return np.hstack([df[NUMS].fillna(df[NUMS].median()).to_numpy(), enc])


oof = np.zeros(len(train))
for tr, va in StratifiedKFold(5, shuffle=True, random_state=7).split(train, train[TARGET]):
    fit_df, val_df = train.iloc[tr].reset_index(drop=True), train.iloc[va]
    prior = fit_df[TARGET].mean()
    X_fit = matrix(fit_df, encoded_train(fit_df))
    X_val = matrix(val_df, np.column_stack([target_encode(fit_df, val_df, c, prior) for c in CATS]))
    scaler = StandardScaler().fit(X_fit)
    lr = LogisticRegression(max_iter=2000).fit(scaler.transform(X_fit), fit_df[TARGET])
    oof[va] = lr.predict_proba(scaler.transform(X_val))[:, 1]
print(f"OOF ROC-AUC = {roc_auc_score(train[TARGET], oof):.4f}")

prior = train[TARGET].mean()
X_all = matrix(train, encoded_train(train))
X_test = matrix(test, np.column_stack([target_encode(train, test, c, prior) for c in CATS]))
scaler = StandardScaler().fit(X_all)
lr = LogisticRegression(max_iter=2000).fit(scaler.transform(X_all), train[TARGET])
pd.DataFrame({"id": test["id"], TARGET: lr.predict_proba(scaler.transform(X_test))[:, 1]}).to_csv(
    "./submission/submission.csv", index=False
)
