import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold
from sklearn.linear_model import Ridge
from sklearn.ensemble import HistGradientBoostingRegressor

trn = pd.read_csv("input/train.csv")
tst = pd.read_csv("input/test.csv")
print(trn.shape, tst.shape)
print(trn.describe().T[["min", "max", "mean"]])

cut_map = {"Fair": 0, "Good": 1, "Very Good": 2, "Premium": 3, "Ideal": 4}
col_map = {"J": 0, "I": 1, "H": 2, "G": 3, "F": 4, "E": 5, "D": 6}
cla_map = {"I1": 0, "SI2": 1, "SI1": 2, "VS2": 3, "VS1": 4, "VVS2": 5, "VVS1": 6, "IF": 7}


def prep(d):
    d = d.copy()
    d["cut"] = d["cut"].map(cut_map)
    d["color"] = d["color"].map(col_map)
    d["clarity"] = d["clarity"].map(cla_map)
    # zeros in dims -> nan
    for c in ["x", "y", "z"]:
        d.loc[d[c] == 0, c] = np.nan
    d["vol"] = d["x"] * d["y"] * d["z"]
    d["lcarat"] = np.log(d["carat"])
    d["ratio_xy"] = d["x"] / d["y"]
    d["dens"] = d["carat"] / d["vol"]
    return d


A = prep(trn)
B = prep(tst)
print(A[["cut", "color", "clarity"]].isna().sum().sum(), B[["cut", "color", "clarity"]].isna().sum().sum())

F = ["carat", "cut", "color", "clarity", "depth", "table", "x", "y", "z", "vol", "lcarat", "ratio_xy", "dens"]
X = A[F]
Xt = B[F]
y = np.log1p(trn["price"].values)

# linear feats: only a few, fill nans
LF = ["lcarat", "cut", "color", "clarity", "depth", "table"]
XL = A[LF].copy()
XLt = B[LF].copy()
for d in (XL, XLt):
    d["lc2"] = d["lcarat"] ** 2
    d["lc3"] = d["lcarat"] ** 3
    d["lc_cl"] = d["lcarat"] * d["clarity"]
    d["lc_co"] = d["lcarat"] * d["color"]

kf = KFold(n_splits=5, shuffle=True, random_state=7)
o1 = np.zeros(len(X)); o2 = np.zeros(len(X)); o3 = np.zeros(len(X))
t1 = np.zeros(len(Xt)); t2 = np.zeros(len(Xt)); t3 = np.zeros(len(Xt))

for k, (i, j) in enumerate(kf.split(X)):
    m1 = lgb.LGBMRegressor(n_estimators=1000, learning_rate=0.05, num_leaves=31, min_child_samples=10,
                           subsample=0.8, subsample_freq=1, colsample_bytree=0.8, verbose=-1)
    m1.fit(X.iloc[i], y[i], eval_set=[(X.iloc[j], y[j])], callbacks=[lgb.early_stopping(100, verbose=False)])
    o1[j] = m1.predict(X.iloc[j]); t1 += m1.predict(Xt) / 5

    m2 = HistGradientBoostingRegressor(max_iter=300, learning_rate=0.08, max_leaf_nodes=31, random_state=k)
    m2.fit(X.iloc[i], y[i])
    o2[j] = m2.predict(X.iloc[j]); t2 += m2.predict(Xt) / 5

    m3 = Ridge(alpha=1.0)
    m3.fit(XL.iloc[i], y[i])
    o3[j] = m3.predict(XL.iloc[j]); t3 += m3.predict(XLt) / 5

    r = lambda o: np.sqrt(np.mean((o[j] - y[j]) ** 2))
    print(f"fold{k}: lgb {r(o1):.4f} (it {m1.best_iteration_}) hgb {r(o2):.4f} ridge {r(o3):.4f}")


def rmsle(p):
    return np.sqrt(np.mean((p - y) ** 2))


print("rmsle lgb  ", rmsle(o1))
print("rmsle hgb  ", rmsle(o2))
print("rmsle ridge", rmsle(o3))
w = [0.5, 0.35, 0.15]
ob = w[0] * o1 + w[1] * o2 + w[2] * o3
print("rmsle blend", rmsle(ob))

pred = np.expm1(w[0] * t1 + w[1] * t2 + w[2] * t3)
sub = pd.read_csv("input/sample_submission.csv")
sub["price"] = pred
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
print(sub.price.describe())
