#!/usr/bin/env python
# coding: utf-8
# health insurance labels -- random forest per target

# In[1]:
import os
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
sub = pd.read_csv("./input/sample_submission.csv")
targets = ["health", "limit", "insurance"]
print(train.head())
for t in targets:
    print(train[t].value_counts())

# In[3]:
full = pd.concat([train.drop(columns=targets), test], ignore_index=True)
full = pd.get_dummies(full, columns=["gender", "married", "selfemp", "region", "ethnicity", "education"],
                      drop_first=True, dtype=int)
full["age_x_family"] = full["age"] * full["family"]
X = full.iloc[: len(train)].drop(columns="id")
X_test = full.iloc[len(train):].drop(columns="id")
print(X.shape, X_test.shape)

# In[4]:
oof = np.zeros((len(train), len(targets)))
pred = np.zeros((len(test), len(targets)))
skf = StratifiedKFold(4, shuffle=True, random_state=4)
for i, t in enumerate(targets):
    y = train[t].values
    for a, b in skf.split(X, y):
        rf = RandomForestClassifier(n_estimators=200, min_samples_leaf=10, max_features=0.5,
                                    n_jobs=1, random_state=4)
        rf.fit(X.iloc[a], y[a])
        oof[b, i] = rf.predict_proba(X.iloc[b])[:, 1]
        pred[:, i] += rf.predict_proba(X_test)[:, 1] / 4
    print(t, round(roc_auc_score(y, oof[:, i]), 4))

print(f"Validation AUC: {np.mean([roc_auc_score(train[t], oof[:, i]) for i, t in enumerate(targets)]):.4f}")

# In[5]:
for i, t in enumerate(targets):
    sub[t] = oof[:, i]
os.makedirs("./submission", exist_ok=True)
sub.to_csv("./submission/submission.csv", index=False)
