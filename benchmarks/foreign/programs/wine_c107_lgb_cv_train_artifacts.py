#!/usr/bin/env python
# coding: utf-8

# # Wine - LightGBM native API (lgb.cv to pick rounds, lgb.train to refit)

# In[1]:


import os
import json
import pickle
import numpy as np
import pandas as pd
import lightgbm as lgb
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.metrics import log_loss

np.random.seed(5)


# In[2]:


tr = pd.read_csv("input/train.csv")
te = pd.read_csv("input/test.csv")
ss = pd.read_csv("input/sample_submission.csv")
print(tr.head(3).T)


# In[3]:


print(tr["cultivar"].value_counts())
classes = [c for c in ss.columns if c != "id"]
cls2id = {c: i for i, c in enumerate(classes)}
tr["label"] = tr["cultivar"].map(cls2id)
print(tr[["cultivar", "label"]].drop_duplicates().sort_values("label"))


# In[4]:


FEATS = [c for c in te.columns if c != "id"]
print(tr[FEATS].skew().sort_values())


# In[5]:


tr[FEATS].hist(figsize=(12, 10), bins=20)
plt.tight_layout()
plt.savefig("feature_hists.png")
plt.close()


# ### lgb.cv

# In[6]:


params = {
    "objective": "multiclass",
    "num_class": 3,
    "metric": "multi_logloss",
    "learning_rate": 0.05,
    "num_leaves": 7,
    "min_data_in_leaf": 5,
    "feature_fraction": 0.7,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "verbose": -1,
    "num_threads": 1,
    "seed": 5,
}
dtrain = lgb.Dataset(tr[FEATS], label=tr["label"], free_raw_data=False)
folds = StratifiedKFold(n_splits=5, shuffle=True, random_state=5)
cv_hist = lgb.cv(
    params, dtrain, num_boost_round=3000, folds=folds,
    callbacks=[lgb.early_stopping(stopping_rounds=100), lgb.log_evaluation(period=100)],
)
print(list(cv_hist.keys()))
mean_curve = np.array(cv_hist["valid multi_logloss-mean"])
std_curve = np.array(cv_hist["valid multi_logloss-stdv"])
best_rounds = len(mean_curve)
print("best rounds:", best_rounds, "cv logloss:", mean_curve[-1].round(4))


# In[7]:


plt.plot(mean_curve)
plt.fill_between(np.arange(best_rounds), mean_curve - std_curve, mean_curve + std_curve, alpha=0.3)
plt.yscale("log")
plt.xlabel("round")
plt.ylabel("multi_logloss")
plt.savefig("lgb_cv_curve.png")
plt.close()


# ### refit on everything

# In[8]:


booster = lgb.train(params, dtrain, num_boost_round=best_rounds)
imp = pd.Series(booster.feature_importance(importance_type="gain"), index=FEATS).sort_values(ascending=False)
print(imp.round(1))

with open("lgb_booster.pkl", "wb") as f:
    pickle.dump(booster, f)
booster.save_model("lgb_model.txt")


# ### compare with logistic regression (same folds)

# In[9]:


lr = make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=5000))
lr_oof = cross_val_predict(lr, tr[FEATS], tr["label"], cv=folds, method="predict_proba")
lr_ll = log_loss(tr["label"], lr_oof)

comparison = pd.DataFrame({
    "model": ["lgb (lgb.cv)", "logreg (oof)"],
    "logloss": [mean_curve[-1], lr_ll],
})
print(comparison)

lr.fit(tr[FEATS], tr["label"])
p_lgb = booster.predict(te[FEATS])
p_lr = lr.predict_proba(te[FEATS])
p = 0.5 * p_lgb + 0.5 * p_lr
print(f"CV multi_logloss = {mean_curve[-1]:.4f} +/- {std_curve[-1]:.4f}")


# In[10]:


sub = pd.DataFrame(p, columns=classes)
sub.insert(0, "id", te["id"].values)
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
json.dump({"best_rounds": int(best_rounds), "cv_logloss": float(mean_curve[-1]), "lr_logloss": float(lr_ll)},
          open("run_summary.json", "w"), indent=2)
print(sub.head())
