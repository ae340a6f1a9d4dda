#!/usr/bin/env python
# coding: utf-8
# Palmer penguins species probabilities (logloss)

# In[1]:
import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.compose import ColumnTransformer
from sklearn.pipeline import Pipeline
from sklearn.impute import SimpleImputer
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import RandomForestClassifier
from sklearn.neighbors import KNeighborsClassifier
from sklearn.model_selection import StratifiedKFold, GridSearchCV, cross_val_predict
from sklearn.metrics import log_loss

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.head())
print(train.isna().sum())
print(train["species"].value_counts())
print(train.groupby(["species", "island"]).size().unstack(fill_value=0))

# In[3]:
fig, ax = plt.subplots()
for sp_, g in train.groupby("species"):
    ax.scatter(g["bill_length_mm"], g["bill_depth_mm"], s=10, label=sp_)
ax.legend(); plt.savefig("bill_scatter.png"); plt.close(fig)

# In[4]:
for df in (train, test):
    df["bill_ratio"] = df["bill_length_mm"] / df["bill_depth_mm"]
    df["mass_per_flipper"] = df["body_mass_g"] / df["flipper_length_mm"]

num = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "bill_ratio", "mass_per_flipper"]
cat = ["island", "sex"]
pre = ColumnTransformer([
    ("num", Pipeline([("imp", SimpleImputer(strategy="median")), ("sc", StandardScaler())]), num),
    ("cat", Pipeline([("imp", SimpleImputer(strategy="constant", fill_value="unknown")),
                      ("oh", OneHotEncoder(handle_unknown="ignore"))]), cat),
])
CLASSES = ["Adelie", "Chinstrap", "Gentoo"]
X = train[num + cat]
y = train["species"]

# In[5]:
cv = StratifiedKFold(5, shuffle=True, random_state=0)
lr_gs = GridSearchCV(Pipeline([("pre", pre), ("clf", LogisticRegression(max_iter=5000))]),
                     {"clf__C": [0.1, 0.3, 1, 3, 10]}, cv=cv, scoring="neg_log_loss")
lr_gs.fit(X, y)
print("LR best C", lr_gs.best_params_, -lr_gs.best_score_)

models = {
    "lr": lr_gs.best_estimator_,
    "rf": Pipeline([("pre", pre), ("clf", RandomForestClassifier(300, min_samples_leaf=2, random_state=0, n_jobs=1))]),
    "knn": Pipeline([("pre", pre), ("clf", KNeighborsClassifier(n_neighbors=15, weights="distance"))]),
}
oof = {}
for name, m in models.items():
    oof[name] = cross_val_predict(m, X, y, cv=cv, method="predict_proba")
    print(name, round(log_loss(y, oof[name], labels=CLASSES), 4))

weights = {"lr": 0.6, "rf": 0.25, "knn": 0.15}
blend = sum(w * oof[k] for k, w in weights.items())
blend = np.clip(blend, 1e-4, 1)
blend /= blend.sum(1, keepdims=True)
print(f"Validation logloss: {log_loss(y, blend, labels=CLASSES):.4f}")

# In[6]:
pt = 0
for name, m in models.items():
    m.fit(X, y)
    assert list(m.classes_) == CLASSES
    pt = pt + weights[name] * m.predict_proba(test[num + cat])
pt = np.clip(pt, 1e-4, 1)
pt /= pt.sum(1, keepdims=True)

sub = pd.read_csv("./input/sample_submission.csv")
sub = sub[["id"]].merge(pd.DataFrame(pt, columns=CLASSES).assign(id=test["id"].values), on="id")
os.makedirs("./submission", exist_ok=True)
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
