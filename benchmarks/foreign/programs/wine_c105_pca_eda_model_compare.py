#!/usr/bin/env python
# coding: utf-8

# # Wine cultivar - EDA, PCA, compare a few classifiers on log loss

# In[1]:


import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.decomposition import PCA
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.ensemble import RandomForestClassifier, ExtraTreesClassifier
from sklearn.model_selection import RepeatedStratifiedKFold, cross_validate

np.random.seed(0)


# In[2]:


df = pd.read_csv("input/train.csv")
test_df = pd.read_csv("input/test.csv")
sub = pd.read_csv("input/sample_submission.csv")
print(df.shape, test_df.shape, sub.shape)
print(df.head())


# In[3]:


print(df["cultivar"].value_counts())
print(df.describe().T[["mean", "std", "min", "max"]])


# In[4]:


feature_cols = [c for c in df.columns if c not in ("id", "cultivar")]
print(df.groupby("cultivar")[feature_cols].mean().T.round(2))


# In[5]:


corr = df[feature_cols].corr()
fig, ax = plt.subplots(figsize=(9, 8))
im = ax.imshow(corr.values, cmap="coolwarm", vmin=-1, vmax=1)
ax.set_xticks(range(len(feature_cols)))
ax.set_xticklabels(feature_cols, rotation=90)
ax.set_yticks(range(len(feature_cols)))
ax.set_yticklabels(feature_cols)
fig.colorbar(im)
plt.tight_layout()
plt.savefig("corr_matrix.png")
plt.close()


# In[6]:


X = df[feature_cols].values
y = df["cultivar"].to_numpy()

pca = make_pipeline(StandardScaler(), PCA(n_components=2))
Z = pca.fit_transform(X)
print("explained var:", pca[-1].explained_variance_ratio_.round(3))
plt.figure(figsize=(6, 5))
for cls in np.unique(y):
    m = y == cls
    plt.scatter(Z[m, 0], Z[m, 1], label=cls, s=15)
plt.legend()
plt.title("PCA of wine features")
plt.savefig("pca_scatter.png")
plt.close()


# ### models

# In[7]:


models = {
    "logreg": make_pipeline(StandardScaler(), LogisticRegression(C=0.5, max_iter=5000)),
    "knn": make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=9, weights="distance")),
    "rf": RandomForestClassifier(n_estimators=400, min_samples_leaf=1, random_state=0, n_jobs=1),
    "et": ExtraTreesClassifier(n_estimators=400, random_state=0, n_jobs=1),
}
rskf = RepeatedStratifiedKFold(n_splits=5, n_repeats=3, random_state=0)
res = []
for name, m in models.items():
    cvres = cross_validate(m, X, y, cv=rskf, scoring=["neg_log_loss", "accuracy"], n_jobs=1)
    ll = -cvres["test_neg_log_loss"]
    acc = cvres["test_accuracy"]
    res.append({"model": name, "logloss": ll.mean(), "logloss_std": ll.std(), "acc": acc.mean()})
    print(f"{name:7s} logloss {ll.mean():.4f} +/- {ll.std():.4f}   acc {acc.mean():.4f}")

res = pd.DataFrame(res).sort_values("logloss")
print(res)


# In[8]:


best_name = res.iloc[0]["model"]
print("picked:", best_name)
print(f"CV logloss = {res.iloc[0]['logloss']:.4f} +/- {res.iloc[0]['logloss_std']:.4f}")

best = models[best_name].fit(X, y)
proba = best.predict_proba(test_df[feature_cols].values)
classes = list(best.classes_)
print(classes)


# In[9]:


out = pd.DataFrame(proba, columns=classes)
out.insert(0, "id", test_df["id"].values)
out = out[sub.columns]
os.makedirs("submission", exist_ok=True)
out.to_csv("submission/submission.csv", index=False)
print(out.head())
print(out.drop(columns="id").sum(axis=1).describe())
