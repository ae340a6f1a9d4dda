import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
NF = 5
SEED = 21

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "test", test.shape)
print(train[TARGETS].describe().T[["mean", "50%", "max"]])

full = pd.concat([train.drop(columns=TARGETS), test], ignore_index=True)
n_tr = len(train)

yes_no = ["afam", "married", "employed", "insurance", "medicaid"]
for c in yes_no:
    full[c] = (full[c] == "yes").astype(int)
full["male"] = (full["gender"] == "male").astype(int)
full["adl_limited"] = (full["adl"] == "limited").astype(int)
full["health_ord"] = full["health"].map({"excellent": 0, "average": 1, "poor": 2})

full["age_years"] = full["age"] * 10
full["log_income"] = np.log1p(full["income"].clip(lower=0))
full["neg_income"] = (full["income"] < 0).astype(int)
full["chronic_x_health"] = full["chronic"] * (full["health_ord"] + 1)
full["sick_score"] = full["chronic"] + 2 * full["health_ord"] + 2 * full["adl_limited"]
full["any_cover"] = ((full["insurance"] + full["medicaid"]) > 0).astype(int)
full["school_bin"] = pd.cut(full["school"], [-1, 8, 11, 12, 15, 30], labels=False)
full["income_rank"] = full["income"].rank(pct=True)
full["chronic_log"] = np.log1p(full["chronic"])

grp_keys = ["region", "health"]
agg = (full.groupby(grp_keys)
       .agg(g_chronic_mean=("chronic", "mean"), g_income_med=("income", "median"), g_n=("id", "size"))
       .reset_index())
full = full.merge(agg, on=grp_keys, how="left")
full["chronic_vs_group"] = full["chronic"] - full["g_chronic_mean"]
full["income_vs_group"] = full["income"] - full["g_income_med"]
print("after FE:", full.shape, "nulls:", int(full.isnull().sum().sum()))

for c in ["region", "health"]:
    full[c] = full[c].astype("category")
drop_cols = ["id", "gender", "adl", "age"]
features = [c for c in full.columns if c not in drop_cols]
print("features", len(features))

X = full.iloc[:n_tr].reset_index(drop=True)
X_te = full.iloc[n_tr:].reset_index(drop=True)

params = dict(n_estimators=300, learning_rate=0.03, num_leaves=10, min_child_samples=40,
              colsample_bytree=0.7, subsample=0.8, subsample_freq=1, reg_lambda=3.0,
              random_state=SEED, verbose=-1, n_jobs=2)
kf = KFold(NF, shuffle=True, random_state=SEED)
sub = pd.DataFrame({"id": test["id"]})
rows = []
for t in TARGETS:
    ylog = np.log1p(train[t].values)
    oof = np.zeros(n_tr)
    pt = np.zeros(len(X_te))
    fs = []
    for a, b in kf.split(X):
        m = lgb.LGBMRegressor(**params)
        m.fit(X.loc[a, features], ylog[a])
        oof[b] = m.predict(X.loc[b, features])
        pt += m.predict(X_te[features]) / NF
        fs.append(np.sqrt(np.mean((np.clip(oof[b], 0, None) - ylog[b]) ** 2)))
    oof = np.clip(oof, 0, None)
    base = np.sqrt(np.mean((np.log1p(np.median(train[t])) - ylog) ** 2))
    rows.append({"target": t, "oof_rmsle": np.sqrt(np.mean((oof - ylog) ** 2)),
                 "fold_min": min(fs), "fold_max": max(fs), "median_baseline": base})
    sub[t] = np.expm1(np.clip(pt, 0, None))

res = pd.DataFrame(rows).set_index("target")
print(res.round(4))
print(f"mean columnwise OOF rmsle: {res['oof_rmsle'].mean():.4f}")

os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe().loc[["mean", "max"]].round(3))
