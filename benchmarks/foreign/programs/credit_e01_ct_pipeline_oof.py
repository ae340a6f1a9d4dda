#!/usr/bin/env python
# coding: utf-8
# credit scoring notebook -> script

# In[1]:
import os
import warnings
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.pipeline import Pipeline
from sklearn.impute import SimpleImputer
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss

warnings.filterwarnings("ignore")
RANDOM_STATE = 7

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.head())
print(train.isna().sum())

# In[3]:
print(train["Status"].value_counts(normalize=True))
print(train.groupby("Job")["Status"].mean().sort_values())
print(train.groupby("Home")["Status"].agg(["mean", "count"]))

# In[4]:
def add_features(df):
    df = df.copy()
    df["loan_to_price"] = df["Amount"] / df["Price"]
    df["monthly_payment"] = df["Amount"] / df["Time"]
    df["payment_to_income"] = df["monthly_payment"] / (df["Income"] + 1)
    df["net_worth"] = df["Assets"].fillna(0) - df["Debt"].fillna(0)
    df["age_at_start"] = df["Age"] - df["Seniority"]
    return df

train = add_features(train)
test = add_features(test)

# age bucket default rate (computed on train only)
train["age_bin"] = pd.cut(train["Age"], bins=[0, 25, 35, 45, 55, 100]).astype(str)
test["age_bin"] = pd.cut(test["Age"], bins=[0, 25, 35, 45, 55, 100]).astype(str)
print(train.groupby("age_bin")["Status"].mean())

cat_cols = ["Home", "Marital", "Records", "Job", "age_bin"]
num_cols = [c for c in train.columns if c not in cat_cols + ["id", "Status"]]
print("num:", num_cols)

# In[5]:
def make_pre(scale):
    num_steps = [("imp", SimpleImputer(strategy="median"))]
    if scale:
        num_steps.append(("sc", StandardScaler()))
    return ColumnTransformer([
        ("num", Pipeline(num_steps), num_cols),
        ("cat", Pipeline([("imp", SimpleImputer(strategy="most_frequent")),
                          ("ohe", OneHotEncoder(handle_unknown="ignore"))]), cat_cols),
    ])

models = {
    "logreg": Pipeline([("pre", make_pre(True)), ("clf", LogisticRegression(C=0.3, max_iter=3000))]),
    "hgb": Pipeline([("pre", make_pre(False)),
                     ("clf", HistGradientBoostingClassifier(learning_rate=0.05, max_iter=250,
                                                            max_leaf_nodes=15, l2_regularization=1.0,
                                                            random_state=RANDOM_STATE))]),
}

X = train[num_cols + cat_cols]
y = train["Status"].values
X_test = test[num_cols + cat_cols]

# In[6]:
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=RANDOM_STATE)
oof = {k: np.zeros(len(X)) for k in models}
test_pred = {k: np.zeros(len(X_test)) for k in models}
for fold, (tr, va) in enumerate(skf.split(X, y)):
    for name, model in models.items():
        model.fit(X.iloc[tr], y[tr])
        oof[name][va] = model.predict_proba(X.iloc[va])[:, 1]
        test_pred[name] += model.predict_proba(X_test)[:, 1] / 5
    print(f"fold {fold} done:", {k: round(log_loss(y[va], oof[k][va]), 4) for k in models})

for name in models:
    print(name, "OOF logloss", round(log_loss(y, oof[name]), 4))

# In[7]:
blend_oof = 0.4 * oof["logreg"] + 0.6 * oof["hgb"]
score = log_loss(y, blend_oof)
print(f"Validation logloss (blend): {score:.4f}")

# In[8]:
os.makedirs("./submission", exist_ok=True)
sub = pd.read_csv("./input/sample_submission.csv")
sub["Status"] = np.clip(0.4 * test_pred["logreg"] + 0.6 * test_pred["hgb"], 1e-4, 1 - 1e-4)
sub.to_csv("./submission/submission.csv", index=False)
print(sub.describe())
