import os
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import f1_score

np.random.seed(31)

jobs = pd.read_csv("input/train.csv")
jobs_test = pd.read_csv("input/test.csv")
print("jobs:", jobs.shape, " test:", jobs_test.shape)

lv = ["VF", "F", "M", "L"]
jobs["class"] = pd.Categorical(jobs["class"], categories=lv, ordered=True)
print(jobs["class"].value_counts(sort=False).to_string())

# medians of the size variables by run-time class
print("\nmedians by class")
print(jobs.groupby("class", observed=True)[["compounds", "input_fields", "iterations", "num_pending"]]
          .median())

print("\nclass distribution by protocol (row %)")
print((pd.crosstab(jobs["protocol"], jobs["class"], normalize="index") * 100).round(1))


def design(df):
    X = pd.DataFrame(index=df.index)
    X["log_compounds"] = np.log(df["compounds"])
    X["log_fields"] = np.log(df["input_fields"])
    X["log_iter"] = np.log(df["iterations"])
    X["log_pending"] = np.log1p(df["num_pending"])
    X["size_x_iter"] = X["log_compounds"] * X["log_iter"]
    X["night"] = ((df["hour"] < 7) | (df["hour"] >= 20)).astype(int)
    X["weekend"] = df["day"].isin(["Sat", "Sun"]).astype(int)
    dums = pd.get_dummies(df[["protocol", "day"]], drop_first=True, dtype=float)
    return pd.concat([X, dums], axis=1)


X = design(jobs)
y = jobs["class"].astype(str).values
num = ["log_compounds", "log_fields", "log_iter", "log_pending", "size_x_iter"]
ctr, scl = X[num].mean(), X[num].std()
X[num] = (X[num] - ctr) / scl
print("\nX:", X.shape)

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=3)
for cw in [None, "balanced"]:
    f1s = []
    for tr, va in skf.split(X, y):
        m = LogisticRegression(C=1.0, class_weight=cw, max_iter=3000)
        m.fit(X.iloc[tr], y[tr])
        f1s.append(f1_score(y[va], m.predict(X.iloc[va]), average="macro"))
    print(f"class_weight={str(cw):9s} macro-F1 per fold: {np.round(f1s, 3)}  mean = {np.mean(f1s):.4f}")

fit = LogisticRegression(C=1.0, class_weight="balanced", max_iter=3000).fit(X, y)
print("\nin-sample confusion table")
print(pd.crosstab(pd.Categorical(y, categories=lv), pd.Categorical(fit.predict(X), categories=lv),
                  rownames=["obs"], colnames=["pred"], dropna=False))

Xt = design(jobs_test)
Xt[num] = (Xt[num] - ctr) / scl
pred = fit.predict(Xt)
print("\ntest predictions:", pd.Series(pred).value_counts().to_dict())

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": jobs_test["id"], "class": pred}).to_csv("submission/submission.csv", index=False)
