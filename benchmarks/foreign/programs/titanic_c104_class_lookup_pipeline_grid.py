#!/usr/bin/env python
# coding: utf-8

# # Titanic v3 - sklearn pipeline + grid search
# adding some class-level info (typical fare / deck position) from the original dataset

# In[1]:


import os
import json
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from sklearn.compose import ColumnTransformer
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.impute import SimpleImputer
from sklearn.ensemble import RandomForestClassifier, HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold

RANDOM_STATE = 11


# In[2]:


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape, test.shape)
train.head()
print(train.sample(5, random_state=RANDOM_STATE))


# In[3]:


print(train.pclass.value_counts())
print(train.groupby(["pclass", "sex"])["survived"].agg(["mean", "size"]))


# In[4]:


ax = train.groupby(["pclass", "sex"])["survived"].mean().unstack().plot.bar(figsize=(6, 4))
ax.set_ylabel("survival rate")
plt.tight_layout()
plt.savefig("class_sex_survival.png")
plt.close()


# In[5]:


# class level info: median fare in the full 1309 passenger list, share of cabins on the upper decks
class_info = pd.DataFrame({
    "pclass": [1, 2, 3],
    "median_fare": [60.0, 15.05, 8.05],
    "upper_deck_share": [0.85, 0.10, 0.02],
})
train = train.merge(class_info, on="pclass", how="left")
test = test.merge(class_info, on="pclass", how="left")
print(train[["pclass", "median_fare", "upper_deck_share"]].drop_duplicates())


# In[6]:


for d in (train, test):
    d["title"] = d["name"].str.extract(r",\s*([^.]+)\.", expand=False).str.strip()
    d.loc[~d["title"].isin(["Mr", "Mrs", "Miss", "Master"]), "title"] = "Other"
    d["name_len"] = d["name"].str.len()
    d["family_in_list"] = d["name"].str.split(",").str[0]
surname_counts = pd.concat([train, test])["family_in_list"].value_counts()
for d in (train, test):
    d["surname_n"] = d["family_in_list"].map(surname_counts)

print(train["title"].value_counts())


# In[7]:


num_cols = ["age", "median_fare", "upper_deck_share", "name_len", "surname_n"]
cat_cols = ["sex", "pclass", "title"]

pre = ColumnTransformer([
    ("num", Pipeline([("imp", SimpleImputer(strategy="median", add_indicator=True)), ("sc", StandardScaler())]), num_cols),
    ("cat", OneHotEncoder(handle_unknown="ignore"), cat_cols),
])

X = train[num_cols + cat_cols]
y = train["survived"]


# In[8]:


cv = StratifiedKFold(5, shuffle=True, random_state=RANDOM_STATE)
grids = {
    "logreg": (LogisticRegression(max_iter=2000), {"clf__C": [0.03, 0.1, 0.3, 1, 3]}),
    "rf": (RandomForestClassifier(n_estimators=200, random_state=RANDOM_STATE, n_jobs=1),
           {"clf__max_depth": [4, 6, 8], "clf__min_samples_leaf": [2, 5]}),
    "hgb": (HistGradientBoostingClassifier(random_state=RANDOM_STATE),
            {"clf__learning_rate": [0.03, 0.1], "clf__max_depth": [3, None]}),
}
fitted = {}
for name, (est, grid) in grids.items():
    gs = GridSearchCV(Pipeline([("pre", pre), ("clf", est)]), grid, cv=cv, scoring="roc_auc", n_jobs=1)
    gs.fit(X, y)
    fitted[name] = gs
    print(f"{name}: {gs.best_score_:.4f} {gs.best_params_}")


# In[9]:


comparison = pd.Series({k: v.best_score_ for k, v in fitted.items()}).sort_values(ascending=False)
print(comparison)
best_name = comparison.index[0]
print(f"Validation AUC: {comparison.iloc[0]:.4f}  ({best_name})")

with open("best_params.json", "w") as f:
    json.dump({k: {p: str(v) for p, v in g.best_params_.items()} for k, g in fitted.items()}, f, indent=2)


# In[10]:


pred = fitted[best_name].predict_proba(test[num_cols + cat_cols])[:, 1]
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "survived": pred}).to_csv("submission/submission.csv", index=False)
print(pd.read_csv("submission/submission.csv").head())
