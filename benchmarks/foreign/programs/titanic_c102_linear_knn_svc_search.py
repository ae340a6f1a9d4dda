#!/usr/bin/env python
# coding: utf-8

# # Titanic: simple models first
# logistic regression / knn / svm on a handful of hand-made features

# In[1]:


import re
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from scipy.stats import loguniform

from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.svm import SVC
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import Pipeline
from sklearn.model_selection import StratifiedKFold, cross_val_score, RandomizedSearchCV
from sklearn.metrics import roc_auc_score, roc_curve

SEED = 7
np.random.seed(SEED)


# In[2]:


df_train = pd.read_csv("./input/train.csv")
df_test = pd.read_csv("./input/test.csv")
print(df_train.head(10))
print(df_train.info())


# In[3]:


print(df_train["pclass"].value_counts())
print(df_train["sex"].value_counts())
print(pd.crosstab(df_train["pclass"], df_train["sex"], values=df_train["survived"], aggfunc="mean"))


# In[4]:


# age: how bad is the missingness?
print(df_train["age"].isna().mean())
print(df_train.groupby(df_train["age"].isna())["survived"].mean())
df_train["age"].hist(bins=40)
plt.title("age distribution (train)")
plt.savefig("age_hist.png")
plt.clf()


# In[5]:


def get_title(name):
    m = re.search(r",\s*([A-Za-z ]+)\.", name)
    return m.group(1).strip() if m else "none"

df_train["title"] = df_train["name"].apply(get_title)
print(df_train["title"].value_counts().head(10))


# In[6]:


age_by_title = df_train.groupby("title")["age"].median()
print(age_by_title)
df_train["age"] = df_train["age"].fillna(df_train["title"].map(age_by_title))
df_train["age"] = df_train["age"].fillna(df_train["age"].median())
print(df_train["age"].isna().sum())


# In[7]:


def make_features(d):
    out = pd.DataFrame(index=d.index)
    out["male"] = (d["sex"] == "male").astype(int)
    out["cls"] = d["pclass"].map({"1st": 1, "2nd": 2, "3rd": 3})
    out["age"] = d["age"]
    out["age_x_cls"] = d["age"] * out["cls"]
    out["child"] = (d["age"] < 12).astype(int)
    out["mr"] = d["name"].str.contains(r"\bMr\.").astype(int)
    out["master"] = d["name"].str.contains("Master").astype(int)
    out["miss"] = d["name"].str.contains(r"Miss|Mlle|Ms\.").astype(int)
    out["paren"] = d["name"].str.contains(r"\(").astype(int)
    out["name_words"] = d["name"].str.split().str.len()
    return out

X = make_features(df_train)
y = df_train["survived"].values
print(X.describe().T)


# In[8]:


cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)

candidates = {
    "logreg": Pipeline([("sc", StandardScaler()), ("clf", LogisticRegression(C=0.5, max_iter=2000))]),
    "knn25": Pipeline([("sc", StandardScaler()), ("clf", KNeighborsClassifier(n_neighbors=25, weights="distance"))]),
    "svc": Pipeline([("sc", StandardScaler()), ("clf", SVC(C=1.0, probability=True, random_state=SEED))]),
}
cv_scores = {}
for k, m in candidates.items():
    s = cross_val_score(m, X, y, cv=cv, scoring="roc_auc")
    cv_scores[k] = s
    print(k, s.round(4), "mean", round(s.mean(), 4))


# In[9]:


# small random search on the logistic regression C
search = RandomizedSearchCV(
    candidates["logreg"],
    {"clf__C": loguniform(1e-3, 1e2)},
    n_iter=20, cv=cv, scoring="roc_auc", random_state=SEED, n_jobs=1,
)
search.fit(X, y)
print(search.best_params_, round(search.best_score_, 4))


# In[10]:


plt.figure(figsize=(6, 4))
plt.boxplot([v for v in cv_scores.values()], tick_labels=list(cv_scores.keys()))
plt.ylabel("AUC")
plt.savefig("cv_boxplot.png")
plt.clf()

summary = pd.DataFrame({k: [v.mean(), v.std()] for k, v in cv_scores.items()}, index=["mean", "std"]).T
summary.loc["logreg_tuned"] = [search.best_score_, np.nan]
print(summary.sort_values("mean", ascending=False))


# In[11]:


final = search.best_estimator_
final.fit(X, y)
train_pred = final.predict_proba(X)[:, 1]
fpr, tpr, _ = roc_curve(y, train_pred)
plt.plot(fpr, tpr)
plt.savefig("roc_train.png")
plt.clf()
print("train AUC", round(roc_auc_score(y, train_pred), 4))
print(f"Validation AUC: {search.best_score_:.4f}")


# In[12]:


X_test = make_features(df_test)
test_pred = final.predict_proba(X_test)[:, 1]

import os
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": df_test["id"], "survived": test_pred}).to_csv("submission/submission.csv", index=False)
print("done")
