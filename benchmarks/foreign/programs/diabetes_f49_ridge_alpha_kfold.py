# Diabetes - manual KFold to pick the Ridge alpha, numpy all the way
import os
import warnings
warnings.filterwarnings("ignore")

import numpy as np
import pandas as pd
import joblib
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from sklearn.model_selection import KFold
from sklearn.preprocessing import StandardScaler, PolynomialFeatures
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_squared_error

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.head())

cols = [c for c in train.columns if c not in ["id", "progression"]]
X = train[cols].values
X_test = test[cols].values
y = train["progression"].values.reshape(-1, 1)
print("X:", X.shape, "y:", y.shape)

# a few extra features
def add_feats(a):
    bmi = a[:, cols.index("bmi")].reshape(-1, 1)
    bp = a[:, cols.index("bp")].reshape(-1, 1)
    s5 = a[:, cols.index("s5")].reshape(-1, 1)
    return np.hstack([a, bmi * bp, bmi * s5, np.log(bmi)])

X = add_feats(X)
X_test = add_feats(X_test)

alphas = [0.1, 1, 3, 10, 30, 100, 300]
kf = KFold(n_splits=5, shuffle=True, random_state=11)

rows = []
for alpha in alphas:
    fold_rmse = []
    for tr_idx, va_idx in kf.split(X):
        sc = StandardScaler()
        Xtr = sc.fit_transform(X[tr_idx])
        Xva = sc.transform(X[va_idx])
        m = Ridge(alpha=alpha)
        m.fit(Xtr, y[tr_idx])
        p = m.predict(Xva)
        fold_rmse.append(np.sqrt(mean_squared_error(y[va_idx], p)))
    rows.append({"alpha": alpha, "cv_rmse": np.mean(fold_rmse), "std": np.std(fold_rmse)})
    print(f"alpha={alpha:<6} cv_rmse={np.mean(fold_rmse):.3f}")

table = pd.DataFrame(rows)
print(table)
best_alpha = table.loc[table["cv_rmse"].idxmin(), "alpha"]
best_rmse = table["cv_rmse"].min()
print("best alpha:", best_alpha)

os.makedirs("results", exist_ok=True)
plt.figure()
plt.semilogx(table["alpha"], table["cv_rmse"], marker="o")
plt.xlabel("alpha")
plt.ylabel("CV RMSE")
plt.savefig("results/alpha_curve.png")
plt.close()

scaler = StandardScaler()
X_s = scaler.fit_transform(X)
final = Ridge(alpha=best_alpha)
final.fit(X_s, y)
joblib.dump((scaler, final), "results/ridge_final.joblib")

pred = final.predict(scaler.transform(X_test)).ravel()
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "progression": pred}).to_csv("submission/submission.csv", index=False)
print(f"CV RMSE: {best_rmse:.3f}")
