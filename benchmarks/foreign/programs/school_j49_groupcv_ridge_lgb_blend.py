# school-math: 5-fold CV grouped by school (folds numbered 1..5),
# ridge with a small alpha grid + a small LightGBM, then a fixed-weight blend
import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
import lightgbm as lgb

d = pd.read_csv("./input/train.csv")
t = pd.read_csv("./input/test.csv")

print("head(d):")
print(d.head())
print("\nMathAch by Minority x Sex (mean):")
print(d.pivot_table(values="MathAch", index="Minority", columns="Sex", aggfunc="mean").round(2))

nd = d.shape[0]
comb = pd.concat([d.drop(columns=["MathAch"]), t], ignore_index=True)
X = pd.get_dummies(comb[["Minority", "Sex"]], drop_first=True, dtype=float)
X["SES"] = comb["SES"]
X["MEANSES"] = comb["MEANSES"]
X["SES_within"] = comb["SES"] - comb["MEANSES"]
X["SES_x_min"] = comb["SES"] * X["Minority_Yes"]
X["MEANSES_x_min"] = comb["MEANSES"] * X["Minority_Yes"]
X["SES_x_male"] = comb["SES"] * X["Sex_Male"]
# school composition (computed per school on whichever file the school is in)
X["sch_minority"] = comb.groupby("School")["Minority"].transform(lambda v: np.mean(v == "Yes"))
X["sch_male"] = comb.groupby("School")["Sex"].transform(lambda v: np.mean(v == "Male"))
X["sch_size"] = comb.groupby("School")["SES"].transform("size")
cols = list(X.columns)
A = X.values
A_tr, A_te = A[:nd], A[nd:]
y = d["MathAch"].values

# assign schools to folds 1..5
np.random.seed(99)
sch = np.unique(d["School"].values)
perm = np.random.permutation(len(sch))
sch_fold = {}
for i in range(len(sch)):
    sch_fold[sch[perm[i]]] = (i % 5) + 1
fold = d["School"].apply(lambda s: sch_fold[s]).values


def standardise(a, ref):
    m = ref.mean(axis=0)
    s = ref.std(axis=0)
    s[s == 0] = 1
    return (a - m) / s


def rmse(a, b):
    return np.sqrt(np.mean((a - b) ** 2))


alphas = [0.1, 1, 10, 50, 200]
res = np.zeros((len(alphas), 5))
for ai in range(len(alphas)):
    for k in range(1, 6):
        tr_, va_ = fold != k, fold == k
        m = Ridge(alpha=alphas[ai]).fit(standardise(A_tr[tr_], A_tr[tr_]), y[tr_])
        res[ai, k - 1] = rmse(y[va_], m.predict(standardise(A_tr[va_], A_tr[tr_])))
tab = pd.DataFrame(res, index=["alpha=%g" % a for a in alphas], columns=["fold%d" % k for k in range(1, 6)])
tab["mean"] = tab.mean(axis=1)
print("\nridge CV table:")
print(tab.round(3))
best_alpha = alphas[int(np.argmin(tab["mean"].values))]
print("best alpha:", best_alpha)

lgb_par = dict(n_estimators=250, learning_rate=0.03, num_leaves=8, min_child_samples=40,
               subsample=0.8, subsample_freq=1, colsample_bytree=0.8, reg_lambda=5.0,
               num_threads=2, verbose=-1, random_state=5)
oof_r = np.zeros(nd)
oof_g = np.zeros(nd)
for k in range(1, 6):
    tr_, va_ = fold != k, fold == k
    r = Ridge(alpha=best_alpha).fit(standardise(A_tr[tr_], A_tr[tr_]), y[tr_])
    oof_r[va_] = r.predict(standardise(A_tr[va_], A_tr[tr_]))
    g = lgb.LGBMRegressor(**lgb_par).fit(A_tr[tr_], y[tr_])
    oof_g[va_] = g.predict(A_tr[va_])

print("\nridge CV RMSE %.4f | lgb CV RMSE %.4f" % (rmse(y, oof_r), rmse(y, oof_g)))
w = 0.7
blend = w * oof_r + (1 - w) * oof_g
print("CV RMSE: %.4f" % rmse(y, blend))

r = Ridge(alpha=best_alpha).fit(standardise(A_tr, A_tr), y)
g = lgb.LGBMRegressor(**lgb_par).fit(A_tr, y)
p = w * r.predict(standardise(A_te, A_tr)) + (1 - w) * g.predict(A_te)
pd.DataFrame({"id": t["id"].values, "MathAch": p}).to_csv("./submission/submission.csv", index=False)
