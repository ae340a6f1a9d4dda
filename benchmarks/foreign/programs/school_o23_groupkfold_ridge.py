import os
import numpy as np
import pandas as pd
from sklearn.linear_model import RidgeCV
from sklearn.ensemble import RandomForestRegressor
from sklearn.model_selection import GroupKFold
from sklearn.metrics import mean_squared_error

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train:", train.shape, "schools:", train["School"].nunique())
print("test: ", test.shape, "schools:", test["School"].nunique())
print("overlap of schools:", len(set(train["School"]) & set(test["School"])))


def build(df):
    X = pd.DataFrame(index=df.index)
    X["minority"] = (df["Minority"] == "Yes").astype(int)
    X["female"] = (df["Sex"] == "Female").astype(int)
    X["ses"] = df["SES"]
    X["meanses"] = df["MEANSES"]
    X["ses_dev"] = df["SES"] - df["MEANSES"]
    # school composition computed from the pupils themselves (no target involved)
    g = df.groupby("School")
    X["school_size"] = g["SES"].transform("size")
    X["school_minority"] = g["Minority"].transform(lambda s: (s == "Yes").mean())
    X["school_female"] = g["Sex"].transform(lambda s: (s == "Female").mean())
    X["school_ses_sd"] = g["SES"].transform("std").fillna(0)
    X["minority_x_ses"] = X["minority"] * X["ses"]
    return X


X = build(train)
X_test = build(test)
y = train["MathAch"].values
groups = train["School"].values


def rmse(a, b):
    return float(np.sqrt(mean_squared_error(a, b)))


gkf = GroupKFold(n_splits=5)
res = {"ridge": [], "rf": [], "blend": []}
for k, (tr, va) in enumerate(gkf.split(X, y, groups)):
    ridge = RidgeCV(alphas=np.logspace(-2, 3, 20)).fit(X.iloc[tr], y[tr])
    rf = RandomForestRegressor(n_estimators=200, min_samples_leaf=25, max_features=0.5,
                               n_jobs=2, random_state=k).fit(X.iloc[tr], y[tr])
    p1 = ridge.predict(X.iloc[va])
    p2 = rf.predict(X.iloc[va])
    res["ridge"].append(rmse(y[va], p1))
    res["rf"].append(rmse(y[va], p2))
    res["blend"].append(rmse(y[va], 0.5 * p1 + 0.5 * p2))
    print(f"fold {k}: ridge {res['ridge'][-1]:.3f}  rf {res['rf'][-1]:.3f}  "
          f"blend {res['blend'][-1]:.3f}  (alpha={ridge.alpha_:.2f})")

print(pd.DataFrame(res).agg(["mean", "std"]).round(4))
print("baseline (predict mean):", round(rmse(y, np.full_like(y, y.mean())), 4))

ridge = RidgeCV(alphas=np.logspace(-2, 3, 20)).fit(X, y)
rf = RandomForestRegressor(n_estimators=200, min_samples_leaf=25, max_features=0.5,
                           n_jobs=2, random_state=0).fit(X, y)
pred = 0.5 * ridge.predict(X_test) + 0.5 * rf.predict(X_test)

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "MathAch": pred}).to_csv("submission/submission.csv", index=False)
print("written", len(pred), "predictions")
