#!/usr/bin/env python
# coding: utf-8
# Diabetes progression - model comparison, random search, stacking

# In[1]:
import os
import numpy as np
import pandas as pd
from scipy.stats import loguniform, randint
from sklearn.model_selection import KFold, RandomizedSearchCV, cross_val_predict
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler, PolynomialFeatures
from sklearn.linear_model import Ridge, LassoCV, RidgeCV
from sklearn.ensemble import GradientBoostingRegressor, RandomForestRegressor, StackingRegressor
from sklearn.svm import SVR
from sklearn.metrics import root_mean_squared_error

SEED = 11

# In[2]:
df = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(df.head())
print(df.describe().round(2))
print(df.corr()["progression"].sort_values())

# In[3]:
for d in (df, test):
    d["bmi_bp"] = d["bmi"] * d["bp"]
    d["s5_bmi"] = d["s5"] * d["bmi"]
    d["age_bin"] = pd.cut(d["age"], [0, 30, 45, 60, 100], labels=False)

features = [c for c in df.columns if c not in ("id", "progression")]
X, y = df[features], df["progression"].values
X_test = test[features]
cv = KFold(5, shuffle=True, random_state=SEED)

# In[4]:
search = RandomizedSearchCV(
    make_pipeline(StandardScaler(), SVR()),
    {"svr__C": loguniform(1, 1000), "svr__epsilon": loguniform(0.1, 30), "svr__gamma": loguniform(1e-4, 1e-1)},
    n_iter=15, cv=cv, scoring="neg_root_mean_squared_error", random_state=SEED, n_jobs=1,
)
search.fit(X, y)
print("SVR best", search.best_params_, round(-search.best_score_, 3))

gb_search = RandomizedSearchCV(
    GradientBoostingRegressor(random_state=SEED),
    {"n_estimators": randint(50, 200), "max_depth": randint(2, 4), "learning_rate": loguniform(0.01, 0.2),
     "subsample": [0.7, 0.85, 1.0]},
    n_iter=6, cv=cv, scoring="neg_root_mean_squared_error", random_state=SEED, n_jobs=1,
)
gb_search.fit(X, y)
print("GBR best", gb_search.best_params_, round(-gb_search.best_score_, 3))

# In[5]:
base = [
    ("ridge", make_pipeline(StandardScaler(), Ridge(alpha=3.0))),
    ("svr", search.best_estimator_),
    ("gbr", gb_search.best_estimator_),
    ("rf", RandomForestRegressor(n_estimators=80, min_samples_leaf=5, random_state=SEED, n_jobs=1)),
]
scores = {}
for name, m in base[:2]:  # only the cheap ones, the searched ones were scored above
    p = cross_val_predict(m, X, y, cv=cv)
    scores[name] = root_mean_squared_error(y, p)
print(pd.Series(scores).sort_values())

stack = StackingRegressor(base, final_estimator=RidgeCV(alphas=np.logspace(-2, 3, 20)), cv=5, n_jobs=1)
oof = cross_val_predict(stack, X, y, cv=cv)
print(f"Validation RMSE: {root_mean_squared_error(y, oof):.4f}")

# In[6]:
stack.fit(X, y)
print("stack weights", np.round(stack.final_estimator_.coef_, 3))
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "progression": stack.predict(X_test)}).to_csv("./submission/submission.csv", index=False)
