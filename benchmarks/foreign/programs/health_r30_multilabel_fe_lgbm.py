import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold
from sklearn.metrics import roc_auc_score

TARGETS = ["health", "limit", "insurance"]
SEED = 3
NF = 4

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"train {train.shape} test {test.shape}")
print(train[TARGETS].mean().round(4).to_dict())

n_tr = len(train)
full = pd.concat([train.drop(columns=TARGETS), test], ignore_index=True)

bin_cols = ["gender", "married", "selfemp"]
for c in bin_cols:
    full[c] = (full[c].isin(["male", "yes"])).astype(int)

edu_order = {"none": 0, "highschool": 1, "ged": 1, "other": 2, "bachelor": 3, "master": 4, "phd": 5}
print("education values:", sorted(full["education"].unique()))
full["edu_ord"] = full["education"].map(edu_order).fillna(2)

full["age_bin"] = pd.cut(full["age"], bins=[17, 25, 35, 45, 55, 65], labels=False)
full["age_sq"] = full["age"] ** 2
full["fam_per_age"] = full["family"] / full["age"]
full["single_big_family"] = ((full["married"] == 0) & (full["family"] >= 3)).astype(int)
full["age_x_edu"] = full["age"] * full["edu_ord"]
full["edu_eth"] = full["education"] + "|" + full["ethnicity"]
full["region_eth"] = full["region"] + "|" + full["ethnicity"]

for c in ["education", "region", "ethnicity", "edu_eth", "region_eth"]:
    full[c + "_cnt"] = full.groupby(c)["id"].transform("count")

agg = full.groupby("region").agg(reg_age_mean=("age", "mean"), reg_fam_mean=("family", "mean"),
                                 reg_edu_mean=("edu_ord", "mean")).reset_index()
full = full.merge(agg, on="region", how="left")
full["age_vs_region"] = full["age"] - full["reg_age_mean"]
full["edu_vs_region"] = full["edu_ord"] - full["reg_edu_mean"]
print("full after FE:", full.shape, "nulls:", int(full.isnull().sum().sum()))

cat_cols = ["region", "ethnicity", "education", "edu_eth", "region_eth"]
for c in cat_cols:
    full[c] = full[c].astype("category")

X = full.iloc[:n_tr].reset_index(drop=True)
X_te = full.iloc[n_tr:].reset_index(drop=True)
features = [c for c in X.columns if c not in ("id",)]
print(len(features), "features")

params = dict(n_estimators=250, learning_rate=0.03, num_leaves=12, min_child_samples=50,
              colsample_bytree=0.7, subsample=0.8, subsample_freq=1, reg_lambda=5.0,
              cat_smooth=20, random_state=SEED, verbose=-1, n_jobs=2)

kf = KFold(NF, shuffle=True, random_state=SEED)
sub = pd.DataFrame({"id": test["id"].values})
scores = {}
for t in TARGETS:
    y = train[t].values
    oof = np.zeros(n_tr)
    pt = np.zeros(len(X_te))
    fold_auc = []
    for a, b in kf.split(X):
        m = lgb.LGBMClassifier(**params)
        m.fit(X.loc[a, features], y[a])
        oof[b] = m.predict_proba(X.loc[b, features])[:, 1]
        pt += m.predict_proba(X_te[features])[:, 1] / NF
        fold_auc.append(roc_auc_score(y[b], oof[b]))
    scores[t] = roc_auc_score(y, oof)
    print(f"{t:10s} folds: {np.round(fold_auc, 4)}  oof auc={scores[t]:.4f}")
    sub[t] = pt

print(f"mean column-wise AUC (OOF): {np.mean(list(scores.values())):.4f}")
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
