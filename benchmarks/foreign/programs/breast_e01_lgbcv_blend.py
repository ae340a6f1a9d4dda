#!/usr/bin/env python
# coding: utf-8
# Exported from notebook: breast cancer - lgb.cv + logistic blend

# In[1]:
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

SEED = 42
np.random.seed(SEED)

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)
print(train.head())

# In[3]:
print(train["diagnosis"].value_counts())
print(train.describe().T.head(10))

# In[4]:
# a few ratio features
for df in (train, test):
    df["area_ratio"] = df["worst_area"] / df["mean_area"]
    df["radius_ratio"] = df["worst_radius"] / df["mean_radius"]
    df["concav_x_points"] = df["mean_concavity"] * df["mean_concave_points"]

features = [c for c in train.columns if c not in ("id", "diagnosis")]
X = train[features]
y = train["diagnosis"].values
X_test = test[features]
print(len(features), "features")

# In[5]:
params = {
    "objective": "binary",
    "metric": "auc",
    "learning_rate": 0.05,
    "num_leaves": 15,
    "min_data_in_leaf": 10,
    "feature_fraction": 0.8,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "seed": SEED,
    "verbose": -1,
    "num_threads": 1,
}
dtrain = lgb.Dataset(X, label=y)
cv_res = lgb.cv(
    params,
    dtrain,
    num_boost_round=1000,
    nfold=5,
    stratified=True,
    seed=SEED,
    callbacks=[lgb.early_stopping(50, verbose=False), lgb.log_evaluation(100)],
)
best_rounds = len(cv_res["valid auc-mean"])
print("lgb.cv best rounds:", best_rounds, "auc:", round(cv_res["valid auc-mean"][-1], 4))

# In[6]:
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
oof_lgb = np.zeros(len(train))
oof_lr = np.zeros(len(train))
pred_lgb = np.zeros(len(test))
pred_lr = np.zeros(len(test))
for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
    bst = lgb.train(params, lgb.Dataset(X.iloc[tr_idx], label=y[tr_idx]), num_boost_round=best_rounds)
    oof_lgb[va_idx] = bst.predict(X.iloc[va_idx])
    pred_lgb += bst.predict(X_test) / skf.n_splits

    lr = make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=2000))
    lr.fit(X.iloc[tr_idx], y[tr_idx])
    oof_lr[va_idx] = lr.predict_proba(X.iloc[va_idx])[:, 1]
    pred_lr += lr.predict_proba(X_test)[:, 1] / skf.n_splits
    print(f"fold {fold}: lgb {roc_auc_score(y[va_idx], oof_lgb[va_idx]):.4f}  lr {roc_auc_score(y[va_idx], oof_lr[va_idx]):.4f}")

# In[7]:
print("OOF AUC lgb:", round(roc_auc_score(y, oof_lgb), 4))
print("OOF AUC lr :", round(roc_auc_score(y, oof_lr), 4))
best_w, best_auc = 0.0, 0.0
for w in np.linspace(0, 1, 11):
    auc = roc_auc_score(y, w * oof_lgb + (1 - w) * oof_lr)
    if auc > best_auc:
        best_w, best_auc = w, auc
print(f"best blend weight for lgb: {best_w:.1f}")
print(f"Validation AUC: {best_auc:.4f}")

# In[8]:
imp = pd.Series(bst.feature_importance("gain"), index=features).sort_values(ascending=False)
print(imp.head(10))
fig, ax = plt.subplots(figsize=(6, 8))
imp.head(20)[::-1].plot.barh(ax=ax)
ax.set_title("lgb gain importance (last fold)")
plt.tight_layout()
plt.savefig("feature_importance.png")
plt.close()

# In[9]:
os.makedirs("./submission", exist_ok=True)
sub = pd.read_csv("./input/sample_submission.csv")
sub["diagnosis"] = best_w * pred_lgb + (1 - best_w) * pred_lr
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())

# In[10]:
# sub.describe()
