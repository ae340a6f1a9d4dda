import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss, roc_auc_score

TARGET = "Status"
SEED = 7
N_FOLDS = 5

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape, test.shape)
print("nulls train:", train.isnull().sum()[lambda s: s > 0].to_dict())
print("nulls test :", test.isnull().sum()[lambda s: s > 0].to_dict())


def add_feats(df):
    df = df.copy()
    df["Income_missing"] = df["Income"].isnull().astype(int)
    df["loan_to_price"] = df["Amount"] / df["Price"]
    df["income_minus_exp"] = df["Income"] - df["Expenses"]
    df["payment"] = df["Amount"] / df["Time"]
    df["payment_to_income"] = df["payment"] / (df["Income"] + 1)
    df["assets_minus_debt"] = df["Assets"].fillna(0) - df["Debt"].fillna(0)
    df["log_assets"] = np.log1p(df["Assets"].fillna(0))
    df["debt_to_income"] = df["Debt"].fillna(0) / (df["Income"] + 1)
    df["seniority_ratio"] = df["Seniority"] / (df["Age"] - 17)
    df["age_bin"] = pd.cut(df["Age"], [0, 25, 30, 40, 50, 100], labels=False)
    df["amount_rank"] = df["Amount"].rank(pct=True)
    return df


train = add_feats(train)
test = add_feats(test)

# groupby aggregate by job, merged back
job_stats = train.groupby("Job")["Income"].median().rename("job_income_med").reset_index()
train = train.merge(job_stats, on="Job", how="left")
test = test.merge(job_stats, on="Job", how="left")
train["income_vs_job"] = train["Income"] / train["job_income_med"]
test["income_vs_job"] = test["Income"] / test["job_income_med"]
print("after merge:", train.shape, test.shape)

# out-of-fold target encoding
te_cols = ["Home", "Marital", "Job"]
prior = train[TARGET].mean()
skf = StratifiedKFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)
folds = list(skf.split(train, train[TARGET]))


def smooth_te(tr, col, m=20):
    g = tr.groupby(col)[TARGET].agg(["sum", "count"])
    return (g["sum"] + prior * m) / (g["count"] + m)


for c in te_cols:
    train[c + "_te"] = np.nan
    for tr_idx, va_idx in folds:
        enc = smooth_te(train.iloc[tr_idx], c)
        train.loc[va_idx, c + "_te"] = train.loc[va_idx, c].map(enc).values
    test[c + "_te"] = test[c].map(smooth_te(train, c))
    train[c + "_te"] = train[c + "_te"].fillna(prior)
    test[c + "_te"] = test[c + "_te"].fillna(prior)
    train[c + "_freq"] = train[c].map(train[c].value_counts())
    test[c + "_freq"] = test[c].map(train[c].value_counts()).fillna(0)

train["Records"] = train["Records"].map({"no": 0, "yes": 1})

drop_cols = ["id", TARGET] + te_cols
features = [c for c in train.columns if c not in drop_cols]
print(len(features), "features:", features)

params = dict(objective="binary", n_estimators=400, learning_rate=0.03, num_leaves=16,
              min_child_samples=30, colsample_bytree=0.7, subsample=0.8, subsample_freq=1,
              reg_lambda=1.0, random_state=SEED, verbose=-1, n_jobs=2)

oof = np.zeros(len(train))
y = train[TARGET].values
for i, (tr_idx, va_idx) in enumerate(folds):
    m = lgb.LGBMClassifier(**params)
    m.fit(train.iloc[tr_idx][features], y[tr_idx])
    oof[va_idx] = m.predict_proba(train.iloc[va_idx][features])[:, 1]
    print(f"[fold {i+1}/{N_FOLDS}] logloss {log_loss(y[va_idx], oof[va_idx]):.4f}  auc {roc_auc_score(y[va_idx], oof[va_idx]):.4f}")

print(f"CV logloss: {log_loss(y, oof):.5f} | CV auc: {roc_auc_score(y, oof):.5f}")

final = lgb.LGBMClassifier(**params)
final.fit(train[features], y)
pred = final.predict_proba(test[features])[:, 1]

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], TARGET: pred}).to_csv("submission/submission.csv", index=False)
print("saved", pred.shape, pred.mean())
