#!/usr/bin/env python
# coding: utf-8

# # Palmer penguins - species probabilities
# EDA, simple encoding, LGBMClassifier vs logistic regression with the same folds

# In[1]:


import os
import numpy as np
import pandas as pd
import lightgbm as lgb
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.model_selection import StratifiedKFold
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.impute import SimpleImputer
from sklearn.pipeline import make_pipeline
from sklearn.metrics import log_loss

np.random.seed(1)


# In[2]:


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sample = pd.read_csv("input/sample_submission.csv")
print(train.head())
print(train.isnull().sum())


# In[3]:


print(train["species"].value_counts())
print(pd.crosstab(train["island"], train["species"]))
print(train.groupby("species")[["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]].mean())


# In[4]:


fig, ax = plt.subplots(figsize=(6, 5))
for sp, g in train.groupby("species"):
    ax.scatter(g["bill_length_mm"], g["bill_depth_mm"], label=sp, s=12)
ax.set_xlabel("bill length")
ax.set_ylabel("bill depth")
ax.legend()
plt.savefig("bill_scatter.png")
plt.close()


# In[5]:


CLASSES = ["Adelie", "Chinstrap", "Gentoo"]
y = train["species"].map({c: i for i, c in enumerate(CLASSES)}).to_numpy()

def encode(d):
    out = d[["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "year"]].copy()
    out["is_male"] = d["sex"].map({"male": 1.0, "female": 0.0})
    for isl in ["Biscoe", "Dream", "Torgersen"]:
        out[f"island_{isl}"] = (d["island"] == isl).astype(float)
    out["bill_ratio"] = d["bill_length_mm"] / d["bill_depth_mm"]
    out["mass_per_flipper"] = d["body_mass_g"] / d["flipper_length_mm"]
    return out

X = encode(train)
X_test = encode(test)
print(X.head())
print(X.shape, X_test.shape)


# In[6]:


skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=1)
oof = {"lgb": np.zeros((len(X), 3)), "lr": np.zeros((len(X), 3))}
test_pred = {"lgb": np.zeros((len(X_test), 3)), "lr": np.zeros((len(X_test), 3))}

for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
    Xtr, Xva, ytr, yva = X.iloc[tr_idx], X.iloc[va_idx], y[tr_idx], y[va_idx]

    m = lgb.LGBMClassifier(n_estimators=1000, learning_rate=0.05, num_leaves=8, min_child_samples=8,
                           colsample_bytree=0.8, reg_lambda=1.0, n_jobs=1, random_state=1, verbose=-1)
    m.fit(Xtr, ytr, eval_set=[(Xva, yva)],
          callbacks=[lgb.early_stopping(50, verbose=False)])
    oof["lgb"][va_idx] = m.predict_proba(Xva)
    test_pred["lgb"] += m.predict_proba(X_test) / skf.n_splits

    lr = make_pipeline(SimpleImputer(strategy="median"), StandardScaler(), LogisticRegression(C=1.0, max_iter=3000))
    lr.fit(Xtr, ytr)
    oof["lr"][va_idx] = lr.predict_proba(Xva)
    test_pred["lr"] += lr.predict_proba(X_test) / skf.n_splits

    print(f"fold {fold}  lgb {log_loss(yva, oof['lgb'][va_idx], labels=[0, 1, 2]):.4f}  "
          f"lr {log_loss(yva, oof['lr'][va_idx], labels=[0, 1, 2]):.4f}  iters {m.best_iteration_}")


# In[7]:


oof["blend"] = 0.5 * oof["lgb"] + 0.5 * oof["lr"]
test_pred["blend"] = 0.5 * test_pred["lgb"] + 0.5 * test_pred["lr"]
table = pd.Series({k: log_loss(y, v) for k, v in oof.items()}).sort_values()
print(table)
best = table.index[0]
print(f"Validation logloss: {table.iloc[0]:.4f} ({best})")


# In[8]:


sub = pd.DataFrame(test_pred[best], columns=CLASSES)
sub.insert(0, "id", test["id"].values)
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
