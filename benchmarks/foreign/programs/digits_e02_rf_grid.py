#!/usr/bin/env python
# coding: utf-8
# Digits -- exhaustive grid over forests (run overnight?)

# In[1]:
import os
import numpy as np
import pandas as pd
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.ensemble import RandomForestClassifier, ExtraTreesClassifier
from sklearn.metrics import accuracy_score

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.head())
print(train.digit.value_counts())
X = train.drop(columns=["id", "digit"])
y = train["digit"]

# In[3]:
cv = StratifiedKFold(5, shuffle=True, random_state=1)
grid = {
    "n_estimators": [500, 1000, 2000],
    "max_depth": [None, 12, 20],
    "max_features": ["sqrt", 0.3, 0.5],
    "min_samples_leaf": [1, 2],
}
gs_rf = GridSearchCV(RandomForestClassifier(random_state=1, n_jobs=1), grid, cv=cv,
                     scoring="accuracy", n_jobs=1, verbose=1)
gs_rf.fit(X, y)
print("RF", gs_rf.best_params_, gs_rf.best_score_)

# In[4]:
gs_et = GridSearchCV(ExtraTreesClassifier(random_state=1, n_jobs=1), grid, cv=cv,
                     scoring="accuracy", n_jobs=1, verbose=1)
gs_et.fit(X, y)
print("ET", gs_et.best_params_, gs_et.best_score_)

# In[5]:
best = gs_rf if gs_rf.best_score_ >= gs_et.best_score_ else gs_et
print(f"Validation accuracy: {best.best_score_:.4f}")
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "digit": best.predict(test[X.columns])}).to_csv(
    "./submission/submission.csv", index=False)
