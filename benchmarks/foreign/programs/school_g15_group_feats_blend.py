"""
school-math, attempt 2 - improving the Ridge baseline.

Test schools never appear in train, so School id itself is useless; everything
school-level has to come from composition statistics (size, SES spread,
minority / female share), which are available for test schools as well because
each school's pupils are all in one file.

Models: Ridge (with interactions), LightGBM (lgb.train + early stopping),
HistGradientBoostingRegressor, all in GroupKFold by School. Blend weights by
non-negative least squares on the OOF predictions.
"""
import os
import time
import warnings

import numpy as np
import pandas as pd
import lightgbm as lgb
from scipy.optimize import nnls
from sklearn.model_selection import GroupKFold
from sklearn.linear_model import Ridge
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import mean_squared_error

warnings.filterwarnings("ignore")
T0 = time.time()
SEED = 7
K = 5

tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")
ss = pd.read_csv("./input/sample_submission.csv")
print("train", tr.shape, "test", te.shape, "| schools:", tr.School.nunique(), "/", te.School.nunique())


def rmse(a, b):
    return float(np.sqrt(mean_squared_error(a, b)))


def build(df):
    out = pd.DataFrame(index=df.index)
    out["minority"] = (df["Minority"] == "Yes").astype(int)
    out["male"] = (df["Sex"] == "Male").astype(int)
    out["ses"] = df["SES"]
    out["meanses"] = df["MEANSES"]
    out["ses_dev"] = df["SES"] - df["MEANSES"]
    out["ses_sq"] = df["SES"] ** 2
    out["ses_x_meanses"] = df["SES"] * df["MEANSES"]
    out["ses_x_minority"] = df["SES"] * out["minority"]
    out["male_x_minority"] = out["male"] * out["minority"]

    g = df.groupby("School")
    out["sch_size"] = g["SES"].transform("size")
    out["sch_ses_std"] = g["SES"].transform("std").fillna(0)
    out["sch_ses_min"] = g["SES"].transform("min")
    out["sch_ses_max"] = g["SES"].transform("max")
    out["sch_ses_rank"] = g["SES"].rank(pct=True)
    tmp = pd.DataFrame({"School": df["School"], "m": out["minority"], "f": 1 - out["male"]})
    comp = tmp.groupby("School").agg(sch_minority=("m", "mean"), sch_female=("f", "mean")).reset_index()
    merged = df[["School"]].merge(comp, on="School", how="left")
    out["sch_minority"] = merged["sch_minority"].values
    out["sch_female"] = merged["sch_female"].values
    out["single_sex"] = ((out["sch_female"] == 0) | (out["sch_female"] == 1)).astype(int)
    out["minority_vs_school"] = out["minority"] - out["sch_minority"]
    out["ses_z_in_school"] = out["ses_dev"] / (out["sch_ses_std"] + 0.1)
    return out


# schools are disjoint between files, so school stats can be built per file
X = build(tr)
X_test = build(te)
y = tr["MathAch"].values
groups = tr["School"].values
FEATS = list(X.columns)
print(len(FEATS), "features:", FEATS)

params = dict(
    objective="regression", learning_rate=0.02, num_leaves=8, min_data_in_leaf=60,
    feature_fraction=0.8, bagging_fraction=0.8, bagging_freq=1, lambda_l2=5.0,
    verbose=-1, num_threads=2, seed=SEED,
)

names = ["ridge", "lgb", "hgb"]
oof = np.zeros((len(X), 3))
tst = np.zeros((len(X_test), 3))

gkf = GroupKFold(n_splits=K)
for f, (a, b) in enumerate(gkf.split(X, y, groups)):
    Xa, Xb, ya, yb = X.iloc[a], X.iloc[b], y[a], y[b]

    sc = StandardScaler().fit(Xa)
    ridge = Ridge(alpha=10.0).fit(sc.transform(Xa), ya)
    oof[b, 0] = ridge.predict(sc.transform(Xb))
    tst[:, 0] += ridge.predict(sc.transform(X_test)) / K

    dtrain = lgb.Dataset(Xa, ya)
    dvalid = lgb.Dataset(Xb, yb, reference=dtrain)
    bst = lgb.train(params, dtrain, num_boost_round=2000, valid_sets=[dvalid],
                    callbacks=[lgb.early_stopping(150, verbose=False)])
    oof[b, 1] = bst.predict(Xb, num_iteration=bst.best_iteration)
    tst[:, 1] += bst.predict(X_test, num_iteration=bst.best_iteration) / K

    hgb = HistGradientBoostingRegressor(learning_rate=0.04, max_iter=250, max_leaf_nodes=8,
                                        min_samples_leaf=60, l2_regularization=3.0,
                                        random_state=SEED)
    hgb.fit(Xa, ya)
    oof[b, 2] = hgb.predict(Xb)
    tst[:, 2] += hgb.predict(X_test) / K

    print(f"fold {f}: ridge {rmse(yb, oof[b, 0]):.4f} | lgb {rmse(yb, oof[b, 1]):.4f} "
          f"(best it {bst.best_iteration}) | hgb {rmse(yb, oof[b, 2]):.4f}")

for j, n in enumerate(names):
    print(f"OOF RMSE {n}: {rmse(y, oof[:, j]):.4f}")

w, _ = nnls(oof, y)
w = w / w.sum()
blend_oof = oof @ w
print("nnls weights:", dict(zip(names, np.round(w, 3))))
cv = rmse(y, blend_oof)

os.makedirs("./submission", exist_ok=True)
ss["MathAch"] = tst @ w
ss.to_csv("./submission/submission.csv", index=False)
print(f"time {time.time() - T0:.1f}s")
print(f"CV RMSE: {cv:.4f}")
