# High School and Beyond - maths achievement
# pupil + school-level features (school composition computed on train+test together),
# OLS / ridge / lightgbm compared with GroupKFold by school

import numpy as np
import pandas as pd
from sklearn.linear_model import LinearRegression, Ridge
from sklearn.model_selection import GroupKFold
from sklearn.metrics import mean_squared_error
import lightgbm as lgb

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "schools:", train["School"].nunique())
print("test ", test.shape, "schools:", test["School"].nunique())
print("overlap schools:", len(set(train.School) & set(test.School)))

print(train.describe().round(3))
print(pd.crosstab(train["Minority"], train["Sex"], values=train["MathAch"], aggfunc="mean").round(2))

train["flag"] = "tr"
test["flag"] = "te"
hsb = pd.concat([train, test], ignore_index=True)

hsb["minority"] = np.where(hsb["Minority"] == "Yes", 1, 0)
hsb["female"] = np.where(hsb["Sex"] == "Female", 1, 0)

# school composition - no target involved, so fine to use all rows
g = hsb.groupby("School")
hsb["sch_size"] = g["School"].transform("size")
hsb["sch_pct_min"] = g["minority"].transform("mean")
hsb["sch_pct_fem"] = g["female"].transform("mean")
hsb["sch_ses_sd"] = g["SES"].transform("std").fillna(0)
hsb["ses_dev"] = hsb["SES"] - hsb["MEANSES"]          # within-school SES
hsb["girls_school"] = (hsb["sch_pct_fem"] == 1).astype(int)
hsb["boys_school"] = (hsb["sch_pct_fem"] == 0).astype(int)

hsb["ses_x_min"] = hsb["SES"] * hsb["minority"]
hsb["meanses_x_dev"] = hsb["MEANSES"] * hsb["ses_dev"]
hsb["ses_sq"] = hsb["SES"] ** 2
hsb["log_size"] = np.log(hsb["sch_size"])

hsb["meanses_q"] = pd.qcut(hsb["MEANSES"], 4, labels=["Q1", "Q2", "Q3", "Q4"])
hsb = pd.get_dummies(hsb, columns=["meanses_q"], drop_first=True, dtype=float)

print("\nschool-level summary")
print(hsb[["sch_size", "sch_pct_min", "sch_pct_fem", "sch_ses_sd"]].describe().round(3))

tr = hsb[hsb.flag == "tr"].reset_index(drop=True)
te = hsb[hsb.flag == "te"].reset_index(drop=True)

feats = ["minority", "female", "SES", "MEANSES", "ses_dev", "sch_size", "log_size", "sch_pct_min",
         "sch_pct_fem", "sch_ses_sd", "girls_school", "boys_school", "ses_x_min", "meanses_x_dev",
         "ses_sq", "meanses_q_Q2", "meanses_q_Q3", "meanses_q_Q4"]
print("\ncorr with MathAch:")
print(tr[feats].corrwith(tr["MathAch"]).sort_values().round(3))

X = tr[feats].values
y = tr["MathAch"].values
groups = tr["School"].values

cands = {
    "OLS": lambda: LinearRegression(),
    "Ridge(10)": lambda: Ridge(alpha=10.0),
    "LightGBM": lambda: lgb.LGBMRegressor(n_estimators=300, learning_rate=0.03, num_leaves=8,
                                          min_child_samples=40, random_state=0, verbose=-1, n_jobs=2),
}

gkf = GroupKFold(n_splits=5)
out = {}
for name, mk in cands.items():
    fold_rmse = []
    for a, b in gkf.split(X, y, groups):
        m = mk().fit(X[a], y[a])
        fold_rmse.append(np.sqrt(mean_squared_error(y[b], m.predict(X[b]))))
    out[name] = fold_rmse
    print("%-10s folds: %s" % (name, " ".join("%.3f" % r for r in fold_rmse)))

cmp = pd.DataFrame({k: [np.mean(v), np.std(v)] for k, v in out.items()}, index=["rmse", "sd"]).T
cmp.loc["baseline(mean)"] = [np.std(y), np.nan]
print("\nGroupKFold by school:")
print(cmp.sort_values("rmse").round(4))

ols = LinearRegression().fit(X, y)
print("\nOLS coefficients")
print(pd.Series(ols.coef_, index=feats).round(3))

gbm = cands["LightGBM"]().fit(X, y)
pred = 0.5 * ols.predict(te[feats].values) + 0.5 * gbm.predict(te[feats].values)
sub = pd.DataFrame({"id": te["id"].astype(int), "MathAch": pred})
sub.to_csv("submission/submission.csv", index=False)
print("submission rows:", len(sub))
