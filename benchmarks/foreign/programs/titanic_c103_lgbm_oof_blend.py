#!/usr/bin/env python
# coding: utf-8

# # Titanic - LightGBM with out-of-fold CV, then blend with a linear model

# In[1]:


import os
import numpy as np
import pandas as pd
import lightgbm as lgb
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

np.random.seed(2024)
N_FOLDS = 5


# In[2]:


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sample = pd.read_csv("input/sample_submission.csv")
print(train.head())
print(test.head())
print(sample.head())


# In[3]:


print(train.describe(include="all").T)


# In[4]:


all_df = pd.concat([train.drop(columns="survived"), test], ignore_index=True)
all_df["title"] = all_df["name"].str.extract(r", *([^.]+)\.", expand=False)
all_df["title"] = all_df["title"].where(all_df["title"].isin(["Mr", "Miss", "Mrs", "Master"]), "Other")
all_df["surname"] = all_df["name"].str.split(",").str[0].str.strip()
all_df["surname_freq"] = all_df["surname"].map(all_df["surname"].value_counts())
all_df["has_paren"] = all_df["name"].str.contains("(", regex=False).astype(int)
all_df["n_name_tokens"] = all_df["name"].str.split().str.len()
all_df["age_na"] = all_df["age"].isna().astype(int)
all_df["pclass_n"] = all_df["pclass"].str.extract(r"(\d)", expand=False).astype(int)
print(all_df["title"].value_counts())
print(all_df["surname_freq"].value_counts().sort_index())


# In[5]:


for c in ["sex", "title"]:
    all_df[c] = all_df[c].astype("category")

feats = ["sex", "title", "age", "age_na", "pclass_n", "surname_freq", "has_paren", "n_name_tokens"]
X = all_df.iloc[: len(train)][feats].reset_index(drop=True)
X_te = all_df.iloc[len(train):][feats].reset_index(drop=True)
y = train["survived"].values
print(X.dtypes)


# ### LightGBM, 5 fold OOF

# In[6]:


params = dict(
    n_estimators=2000, learning_rate=0.02, num_leaves=15, min_child_samples=15,
    subsample=0.8, subsample_freq=1, colsample_bytree=0.8, reg_lambda=1.0,
    random_state=2024, n_jobs=1, verbose=-1,
)
skf = StratifiedKFold(n_splits=N_FOLDS, shuffle=True, random_state=2024)
oof_lgb = np.zeros(len(X))
pred_lgb = np.zeros(len(X_te))
importances = pd.DataFrame(index=feats)

for fold, (tr, va) in enumerate(skf.split(X, y)):
    clf = lgb.LGBMClassifier(**params)
    clf.fit(
        X.iloc[tr], y[tr],
        eval_set=[(X.iloc[va], y[va])], eval_metric="auc",
        callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)],
    )
    oof_lgb[va] = clf.predict_proba(X.iloc[va])[:, 1]
    pred_lgb += clf.predict_proba(X_te)[:, 1] / N_FOLDS
    importances[f"fold{fold}"] = clf.booster_.feature_importance("gain")
    print(f"fold {fold}: best_iter={clf.best_iteration_}  auc={roc_auc_score(y[va], oof_lgb[va]):.4f}")

print(f"LGB OOF AUC: {roc_auc_score(y, oof_lgb):.4f}")


# In[7]:


imp = importances.mean(axis=1).sort_values()
imp.plot.barh(figsize=(6, 4))
plt.title("lgb gain importance")
plt.tight_layout()
plt.savefig("lgb_importance.png")
plt.close()


# ### Logistic regression on one-hot features

# In[8]:


lin_all = pd.get_dummies(all_df[["sex", "title"]], dtype=float)
lin_all["age"] = all_df["age"].fillna(all_df["age"].median())
lin_all["age_na"] = all_df["age_na"]
lin_all["pclass_n"] = all_df["pclass_n"]
lin_all["log_surname_freq"] = np.log1p(all_df["surname_freq"])
L = lin_all.iloc[: len(train)].values
L_te = lin_all.iloc[len(train):].values

oof_lr = np.zeros(len(L))
pred_lr = np.zeros(len(L_te))
for fold, (tr, va) in enumerate(skf.split(L, y)):
    sc = StandardScaler().fit(L[tr])
    lr = LogisticRegression(C=0.3, max_iter=1000)
    lr.fit(sc.transform(L[tr]), y[tr])
    oof_lr[va] = lr.predict_proba(sc.transform(L[va]))[:, 1]
    pred_lr += lr.predict_proba(sc.transform(L_te))[:, 1] / N_FOLDS
print(f"LR OOF AUC: {roc_auc_score(y, oof_lr):.4f}")


# ### compare + blend

# In[9]:


rows = []
for w in np.linspace(0, 1, 11):
    rows.append((round(w, 1), roc_auc_score(y, w * oof_lgb + (1 - w) * oof_lr)))
blend_df = pd.DataFrame(rows, columns=["w_lgb", "auc"])
print(blend_df)
best_w = blend_df.loc[blend_df["auc"].idxmax(), "w_lgb"]
print("best weight for lgb:", best_w)

plt.plot(blend_df["w_lgb"], blend_df["auc"], marker="o")
plt.xlabel("weight lgb")
plt.ylabel("OOF AUC")
plt.savefig("blend_curve.png")
plt.close()


# In[10]:


oof_blend = best_w * oof_lgb + (1 - best_w) * oof_lr
print(f"Validation AUC: {roc_auc_score(y, oof_blend):.4f}")

os.makedirs("submission", exist_ok=True)
sub = sample.copy()
sub["survived"] = best_w * pred_lgb + (1 - best_w) * pred_lr
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe())
