import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesRegressor
from sklearn.model_selection import KFold

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
train["log_price"] = np.log1p(train["price"])
train["log_ppc"] = train["log_price"] - np.log(train["carat"])
GROUP = ["cut", "color", "clarity"]
GLOBAL = train["log_ppc"].mean()


def grade_stats(frame):
    """Mean log price-per-carat of each cut x color x clarity grade, shrunk to the global mean."""
    g = frame.groupby(GROUP)["log_ppc"].agg(["mean", "count"])
    g["enc"] = (g["mean"] * g["count"] + GLOBAL * 20) / (g["count"] + 20)
    return g[["enc"]].reset_index()


def features(frame, stats):
    out = frame.merge(stats, on=GROUP, how="left")
    out["enc"] = out["enc"].fillna(GLOBAL)
    out["log_carat"] = np.log(out["carat"])
    return out[["enc", "log_carat", "depth", "table", "x", "y", "z"]]


oof = np.zeros(len(train))
for k, (a, b) in enumerate(KFold(5, shuffle=True, random_state=11).split(train)):
    stats = grade_stats(train.iloc[a])
    model = ExtraTreesRegressor(n_estimators=200, min_samples_leaf=3, max_features=0.8, random_state=k, n_jobs=1)
    model.fit(features(train.iloc[a], stats), train["log_price"].iloc[a])
    oof[b] = model.predict(features(train.iloc[b], stats))
    fold_rmsle = np.sqrt(np.mean((oof[b] - train["log_price"].iloc[b].to_numpy()) ** 2))
    print(f"fold {k}: rmsle {fold_rmsle:.4f}")
print(f"OOF RMSLE = {np.sqrt(np.mean((oof - train['log_price'].to_numpy()) ** 2)):.4f}")

stats = grade_stats(train)
model = ExtraTreesRegressor(n_estimators=200, min_samples_leaf=3, max_features=0.8, random_state=0, n_jobs=1)
model.fit(features(train, stats), train["log_price"])
pd.DataFrame({"id": test["id"], "price": np.expm1(model.predict(features(test, stats)))}).to_csv(
    "./submission/submission.csv", index=False
)
