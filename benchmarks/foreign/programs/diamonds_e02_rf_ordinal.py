#!/usr/bin/env python
# coding: utf-8
# Diamonds: ordinal encoding + random forest / extra trees

# In[1]:
import os
import numpy as np
import pandas as pd
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.model_selection import train_test_split
from sklearn.ensemble import RandomForestRegressor, ExtraTreesRegressor
from sklearn.metrics import mean_squared_log_error

# In[2]:
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.head())
print(train.describe())

# In[3]:
for c in ["cut", "color", "clarity"]:
    print(train[c].value_counts())

fig, axes = plt.subplots(1, 2, figsize=(10, 4))
axes[0].hist(train["price"], bins=60)
axes[1].scatter(train["carat"], train["price"], s=2, alpha=0.3)
plt.savefig("price_eda.png")
plt.close()

# In[4]:
cut_map = {"Fair": 0, "Good": 1, "Very Good": 2, "Premium": 3, "Ideal": 4}
color_map = {c: i for i, c in enumerate("JIHGFED")}
clarity_order = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]

for df in (train, test):
    df["cut"] = df["cut"].map(cut_map)
    df["color"] = df["color"].map(color_map)
    df["volume"] = df["x"] * df["y"] * df["z"]
    df["depth_calc"] = 2 * df["z"] / (df["x"] + df["y"] + 1e-6)

print(train[["cut", "color", "clarity"]].head())

features = ["carat", "cut", "color", "clarity", "depth", "table", "x", "y", "z", "volume", "depth_calc"]
X = train[features]
y = np.log1p(train["price"])

# In[5]:
X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=21)
rf = RandomForestRegressor(n_estimators=150, min_samples_leaf=2, max_features=0.6, n_jobs=1, random_state=21)
et = ExtraTreesRegressor(n_estimators=150, min_samples_leaf=2, max_features=0.8, n_jobs=1, random_state=21)
rf.fit(X_tr, y_tr)
et.fit(X_tr, y_tr)
p = 0.5 * rf.predict(X_va) + 0.5 * et.predict(X_va)
score = np.sqrt(mean_squared_log_error(np.expm1(y_va), np.expm1(p)))
print(f"Validation RMSLE: {score:.5f}")

# In[6]:
rf.fit(X, y)
et.fit(X, y)
pred = np.expm1(0.5 * rf.predict(test[features]) + 0.5 * et.predict(test[features]))
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "price": pred}).to_csv("./submission/submission.csv", index=False)
