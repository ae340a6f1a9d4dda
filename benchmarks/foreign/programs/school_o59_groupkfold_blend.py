import os
import time
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import GroupKFold
from sklearn.linear_model import Ridge
from sklearn.svm import SVR
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import mean_squared_error

tic = time.time()
tr = pd.read_csv("input/train.csv")
te = pd.read_csv("input/test.csv")
print(f"train {tr.shape} | test {te.shape} | schools {tr['School'].nunique()} / {te['School'].nunique()}")

df = pd.concat([tr.assign(_tr=1), te.assign(_tr=0)], ignore_index=True)
df["minority"] = (df["Minority"] == "Yes").astype(int)
df["male"] = (df["Sex"] == "Male").astype(int)
# school level aggregates of pupil features (no target)
grp = df.groupby("School")
agg_cols = {
    "sch_n": grp["SES"].transform("size"),
    "sch_ses_std": grp["SES"].transform("std").fillna(0),
    "sch_minority_share": grp["minority"].transform("mean"),
    "sch_male_share": grp["male"].transform("mean"),
    "sch_ses_max": grp["SES"].transform("max"),
    "sch_ses_min": grp["SES"].transform("min"),
}
df = df.assign(**agg_cols)
df["ses_rel"] = df["SES"] - df["MEANSES"]
df["ses_x_minority"] = df["SES"] * df["minority"]
df["meanses_x_minority"] = df["MEANSES"] * df["minority"]
df["ses_sq"] = df["SES"] ** 2

FEATS = ["SES", "MEANSES", "minority", "male", "ses_rel", "ses_x_minority", "meanses_x_minority",
         "ses_sq"] + list(agg_cols)
X = df.loc[df["_tr"] == 1, FEATS].reset_index(drop=True)
X_te = df.loc[df["_tr"] == 0, FEATS].reset_index(drop=True)
y = tr["MathAch"].values
groups = tr["School"].values
print("features", len(FEATS))

params = {"objective": "regression", "metric": "rmse", "learning_rate": 0.02, "num_leaves": 7,
          "min_data_in_leaf": 60, "feature_fraction": 0.8, "bagging_fraction": 0.8,
          "bagging_freq": 1, "lambda_l2": 10.0, "verbose": -1, "seed": 3}

models = ["lgb", "ridge", "svr"]
oof = pd.DataFrame(0.0, index=range(len(X)), columns=models)
pred = pd.DataFrame(0.0, index=range(len(X_te)), columns=models)
gkf = GroupKFold(n_splits=5)
fold_rows = []
for k, (a, b) in enumerate(gkf.split(X, y, groups)):
    dA, dB = lgb.Dataset(X.iloc[a], y[a]), lgb.Dataset(X.iloc[b], y[b])
    bst = lgb.train(params, dA, 3000, valid_sets=[dB],
                    callbacks=[lgb.early_stopping(200, verbose=False), lgb.log_evaluation(0)])
    oof.loc[b, "lgb"] = bst.predict(X.iloc[b], num_iteration=bst.best_iteration)
    pred["lgb"] += bst.predict(X_te, num_iteration=bst.best_iteration) / 5

    sc = StandardScaler().fit(X.iloc[a])
    for name, m in [("ridge", Ridge(alpha=10.0)), ("svr", SVR(C=3.0, epsilon=0.5))]:
        m.fit(sc.transform(X.iloc[a]), y[a])
        oof.loc[b, name] = m.predict(sc.transform(X.iloc[b]))
        pred[name] += m.predict(sc.transform(X_te)) / 5
    row = {"fold": k, "n_val": len(b), "best_it": bst.best_iteration}
    row.update({m: np.sqrt(mean_squared_error(y[b], oof.loc[b, m])) for m in models})
    fold_rows.append(row)
    print(f"fold {k} finished [{time.time() - tic:.1f}s]")

print(pd.DataFrame(fold_rows).round(4).to_string(index=False))
oof_rmse = {m: np.sqrt(mean_squared_error(y, oof[m])) for m in models}
print("OOF RMSE:", {m: round(v, 4) for m, v in oof_rmse.items()})
np.save("school_oof.npy", oof.values)

inv = {m: 1 / oof_rmse[m] ** 2 for m in models}
w = {m: inv[m] / sum(inv.values()) for m in models}
blend = sum(w[m] * oof[m] for m in models)
print("weights", {m: round(v, 3) for m, v in w.items()}, "-> blend OOF RMSE", round(np.sqrt(mean_squared_error(y, blend)), 4))

os.makedirs("submission", exist_ok=True)
final = sum(w[m] * pred[m] for m in models)
pd.DataFrame({"id": te["id"].values, "MathAch": final.values}).to_csv("submission/submission.csv", index=False)
print("saved", len(final), "rows |", round(time.time() - tic, 1), "s")
