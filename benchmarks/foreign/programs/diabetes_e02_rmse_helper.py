#!/usr/bin/env python
# coding: utf-8
# diabetes: kfold ridge / lgb / knn blend

# In[1]:
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold
from sklearn.preprocessing import StandardScaler
from sklearn.linear_model import Ridge
from sklearn.neighbors import KNeighborsRegressor
from sklearn.metrics import mean_squared_error

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
train.info()
print(train.head())
print(train["sex"].value_counts())

# In[3]:
def rmse(y_true, y_pred):
    return mean_squared_error(y_true, y_pred, squared=False)

cols = ["age", "sex", "bmi", "bp", "s1", "s2", "s3", "s4", "s5", "s6"]
train["bmi_sq"] = train["bmi"] ** 2
test["bmi_sq"] = test["bmi"] ** 2
train["tc_hdl"] = train["s1"] / train["s3"]
test["tc_hdl"] = test["s1"] / test["s3"]
cols += ["bmi_sq", "tc_hdl"]

X = train[cols].values
y = train["progression"].values
Xt = test[cols].values

# In[4]:
kf = KFold(n_splits=5, shuffle=True, random_state=3)
oof = np.zeros((len(X), 3))
tp = np.zeros((len(Xt), 3))
for k, (a, b) in enumerate(kf.split(X)):
    sc = StandardScaler().fit(X[a])
    r = Ridge(alpha=5.0).fit(sc.transform(X[a]), y[a])
    kn = KNeighborsRegressor(n_neighbors=25, weights="distance").fit(sc.transform(X[a]), y[a])
    gb = lgb.LGBMRegressor(n_estimators=300, learning_rate=0.02, num_leaves=7, min_child_samples=15,
                           subsample=0.8, subsample_freq=1, colsample_bytree=0.8, random_state=3,
                           verbose=-1, n_jobs=1).fit(X[a], y[a])
    oof[b, 0] = r.predict(sc.transform(X[b]))
    oof[b, 1] = kn.predict(sc.transform(X[b]))
    oof[b, 2] = gb.predict(X[b])
    tp[:, 0] += r.predict(sc.transform(Xt)) / 5
    tp[:, 1] += kn.predict(sc.transform(Xt)) / 5
    tp[:, 2] += gb.predict(Xt) / 5
    print(k, [round(rmse(y[b], oof[b, j]), 2) for j in range(3)])

# In[5]:
w = np.array([0.5, 0.2, 0.3])
print(f"Validation RMSE: {rmse(y, oof @ w):.4f}")

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "progression": tp @ w}).to_csv("./submission/submission.csv", index=False)
