#!/usr/bin/env python
# coding: utf-8

# # Titanic - survival probability
# quick notebook: look at the data, make a few features, compare some models

# In[1]:


import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import warnings
warnings.filterwarnings("ignore")

from sklearn.model_selection import cross_val_score, StratifiedKFold
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import RandomForestClassifier, GradientBoostingClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline

pd.set_option("display.width", 140)
np.random.seed(42)


# In[2]:


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape, test.shape)
print(train.head())


# In[3]:


print(train.describe())
print(train.isnull().sum())


# In[4]:


print(train["survived"].value_counts(normalize=True))
print(train.groupby("sex")["survived"].mean())
print(train.groupby("pclass")["survived"].mean())


# In[5]:


fig, ax = plt.subplots(1, 2, figsize=(10, 4))
train.loc[train.survived == 1, "age"].plot.hist(bins=30, alpha=0.6, ax=ax[0], label="survived")
train.loc[train.survived == 0, "age"].plot.hist(bins=30, alpha=0.6, ax=ax[0], label="died")
ax[0].legend()
ax[0].set_title("age")
train.groupby("pclass")["survived"].mean().plot.bar(ax=ax[1])
ax[1].set_title("survival by class")
plt.tight_layout()
plt.savefig("eda_age_class.png")
plt.close()


# ### Titles from the name

# In[6]:


full = pd.concat([train, test], axis=0, ignore_index=True)
full["title"] = full["name"].str.extract(r",\s*([^\.]+)\.", expand=False).str.strip()
print(full["title"].value_counts())


# In[7]:


title_map = {"Mlle": "Miss", "Ms": "Miss", "Mme": "Mrs", "Lady": "Rare", "Countess": "Rare",
             "the Countess": "Rare", "Capt": "Rare", "Col": "Rare", "Don": "Rare", "Dr": "Rare",
             "Major": "Rare", "Rev": "Rare", "Sir": "Rare", "Jonkheer": "Rare", "Dona": "Rare"}
full["title"] = full["title"].replace(title_map)
full.loc[~full["title"].isin(["Mr", "Mrs", "Miss", "Master", "Rare"]), "title"] = "Rare"
print(full.groupby("title")["survived"].agg(["mean", "count"]))


# In[8]:


# fill age with the median per title
full["age_missing"] = full["age"].isnull().astype(int)
full["age"] = full["age"].fillna(full.groupby("title")["age"].transform("median"))
full["age"] = full["age"].fillna(full["age"].median())

full["class_num"] = full["pclass"].str[0].astype(int)
full["is_male"] = (full["sex"] == "male").astype(int)
full["surname"] = full["name"].str.split(",").str[0]
full["surname_count"] = full.groupby("surname")["id"].transform("count")
full["name_len"] = full["name"].str.len()
full["is_child"] = (full["age"] < 14).astype(int)

full = pd.get_dummies(full, columns=["title"], prefix="t", dtype=int)
print(full.head())


# In[9]:


features = ["class_num", "is_male", "age", "age_missing", "surname_count", "name_len", "is_child"] + \
    [c for c in full.columns if c.startswith("t_")]
X = full.loc[full["survived"].notnull(), features]
y = full.loc[full["survived"].notnull(), "survived"].astype(int)
X_test = full.loc[full["survived"].isnull(), features]
print(X.shape, X_test.shape)


# ### Model comparison

# In[10]:


models = {
    "logreg": make_pipeline(StandardScaler(), LogisticRegression(C=1.0, max_iter=1000)),
    "rf": RandomForestClassifier(n_estimators=300, max_depth=6, min_samples_leaf=3, random_state=42, n_jobs=1),
    "gbm": GradientBoostingClassifier(n_estimators=200, learning_rate=0.05, max_depth=3, random_state=42),
}
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=42)
results = {}
for name, model in models.items():
    scores = cross_val_score(model, X, y, cv=skf, scoring="roc_auc")
    results[name] = scores.mean()
    print(f"{name:8s} AUC: {scores.mean():.4f} +/- {scores.std():.4f}")


# In[11]:


best = max(results, key=results.get)
print("best model:", best)
print(f"Validation AUC: {results[best]:.4f}")

model = models[best]
model.fit(X, y)
pred = model.predict_proba(X_test)[:, 1]


# In[12]:


import os
os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": full.loc[full["survived"].isnull(), "id"].values, "survived": pred})
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
print(sub.shape)
