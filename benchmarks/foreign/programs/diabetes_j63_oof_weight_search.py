"""
Improve: blend OOF predictions with weights searched on the OOF set.

Plan:
  * baseline = RidgeCV on standardised features (CV RMSE ~ 55).
  * produce 5-fold OOF predictions (repeated twice with different shuffles)
    for Ridge, KNN regressor, SVR and a shallow LightGBM.
  * print each model's OOF RMSE.
  * find non-negative blend weights summing to 1 with scipy SLSQP on the OOF
    matrix; report the blended OOF RMSE and use the same weights on test.
"""
import os

import lightgbm as lgb
import numpy as np
import pandas as pd
from scipy.optimize import minimize
from sklearn.linear_model import Ridge
from sklearn.model_selection import KFold
from sklearn.neighbors import KNeighborsRegressor
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVR

SEEDS = [0, 1]
K = 5

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
target = "progression"
cols = [c for c in train.columns if c not in ["id", target]]

# small engineered features that helped the baseline a little
for df in (train, test):
    df["bmi_bp"] = df["bmi"] * df["bp"]
    df["s5_bmi"] = df["s5"] * df["bmi"]
cols = cols + ["bmi_bp", "s5_bmi"]

X = train[cols].to_numpy(dtype=float)
y = train[target].to_numpy(dtype=float)
Xt = test[cols].to_numpy(dtype=float)


def rmse(a, b):
    return float(np.sqrt(np.mean((a - b) ** 2)))


def factory(name):
    if name == "ridge":
        return make_pipeline(StandardScaler(), Ridge(alpha=3.0))
    if name == "knn":
        return make_pipeline(StandardScaler(), KNeighborsRegressor(n_neighbors=20, weights="distance"))
    if name == "svr":
        return make_pipeline(StandardScaler(), SVR(C=60.0, epsilon=5.0, gamma="scale"))
    if name == "lgbm":
        return lgb.LGBMRegressor(n_estimators=300, learning_rate=0.02, num_leaves=6,
                                 min_child_samples=20, subsample=0.8, subsample_freq=1,
                                 colsample_bytree=0.8, reg_lambda=5.0, verbose=-1, n_jobs=2)
    raise ValueError(name)


model_names = ["ridge", "knn", "svr", "lgbm"]
oof = np.zeros((len(X), len(model_names)))
tst = np.zeros((len(Xt), len(model_names)))

for j, name in enumerate(model_names):
    for seed in SEEDS:
        kf = KFold(n_splits=K, shuffle=True, random_state=seed)
        for tr, va in kf.split(X):
            m = factory(name)
            m.fit(X[tr], y[tr])
            oof[va, j] += m.predict(X[va]) / len(SEEDS)
            tst[:, j] += m.predict(Xt) / (len(SEEDS) * K)
    print(f"{name:6s} OOF RMSE: {rmse(y, oof[:, j]):.3f}")


def objective(w):
    return rmse(y, oof @ w)


n = len(model_names)
res = minimize(objective, x0=np.full(n, 1.0 / n), method="SLSQP",
               bounds=[(0.0, 1.0)] * n,
               constraints=({"type": "eq", "fun": lambda w: w.sum() - 1.0},))
w = res.x
print("weights:", dict(zip(model_names, np.round(w, 3))))
print(f"equal-weight OOF RMSE: {objective(np.full(n, 1.0 / n)):.3f}")
blend_rmse = objective(w)

pred = tst @ w
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], target: pred}).to_csv("submission/submission.csv", index=False)
print(f"CV RMSE: {blend_rmse:.3f}")
