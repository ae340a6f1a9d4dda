#!/usr/bin/env python
# coding: utf-8

# # Penguins - ColumnTransformer pipeline, random forest vs logistic regression

# In[1]:


import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import joblib

from sklearn.compose import ColumnTransformer
from sklearn.pipeline import Pipeline
from sklearn.impute import SimpleImputer
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold

np.random.seed(99)


# In[2]:


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.head())
print(train.dtypes)


# In[3]:


print(train.species.value_counts())
print(train.sex.value_counts(dropna=False))
print(train.describe())


# In[4]:


train.groupby("species")["flipper_length_mm"].plot.kde(legend=True)
plt.xlabel("flipper length (mm)")
plt.savefig("flipper_kde.png")
plt.close()


# In[5]:


target = "species"
X = train.drop(columns=["id", target])
y = train[target]
X_test = test.drop(columns=["id"])

cat_cols = [c for c in X.columns if X[c].dtype == "O"]
num_cols = [c for c in X.columns if c not in cat_cols]
print("categorical:", cat_cols)
print("numeric:", num_cols)


# In[6]:


preprocess = ColumnTransformer([
    ("num", Pipeline([("impute", SimpleImputer(strategy="median")), ("scale", StandardScaler())]), num_cols),
    ("cat", Pipeline([("impute", SimpleImputer(strategy="most_frequent")),
                      ("ohe", OneHotEncoder(handle_unknown="ignore"))]), cat_cols),
])

cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=99)
searches = {
    "rf": GridSearchCV(
        Pipeline([("prep", preprocess), ("model", RandomForestClassifier(n_estimators=300, random_state=99, n_jobs=1))]),
        {"model__max_depth": [4, 8, None], "model__min_samples_leaf": [1, 3]},
        cv=cv, scoring="neg_log_loss", n_jobs=1),
    "logreg": GridSearchCV(
        Pipeline([("prep", preprocess), ("model", LogisticRegression(max_iter=5000))]),
        {"model__C": [0.1, 0.3, 1.0, 3.0, 10.0]},
        cv=cv, scoring="neg_log_loss", n_jobs=1),
}
for name, gs in searches.items():
    gs.fit(X, y)
    print(f"{name}: logloss={-gs.best_score_:.4f}  {gs.best_params_}")


# In[7]:


summary = pd.DataFrame({
    name: {"logloss": -gs.best_score_, "std": gs.cv_results_["std_test_score"][gs.best_index_]}
    for name, gs in searches.items()
}).T.sort_values("logloss")
print(summary)
best_name = summary.index[0]
print(f"CV logloss = {summary.loc[best_name, 'logloss']:.4f} +/- {summary.loc[best_name, 'std']:.4f}")

best_model = searches[best_name].best_estimator_
joblib.dump(best_model, "penguin_model.joblib")


# In[8]:


proba = best_model.predict_proba(X_test)
sub = pd.DataFrame(proba, columns=best_model.classes_)
sub.insert(0, "id", test["id"])
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
