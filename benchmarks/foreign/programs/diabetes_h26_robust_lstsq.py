"""Ordinary vs. robust (soft-L1) least squares on a quadratic design.

The OLS fit uses np.linalg.lstsq; the robust one minimises a soft-L1 loss on
the residuals with scipy.optimize.least_squares, warm-started from OLS.
Validation is a 6-fold split of a shuffled index vector.
"""
import os

import numpy as np
import pandas as pd
from scipy.optimize import least_squares

tr_df = pd.read_csv("./input/train.csv")
te_df = pd.read_csv("./input/test.csv")

cols = ["age", "sex", "bmi", "bp", "s1", "s2", "s3", "s4", "s5", "s6"]
X_raw = tr_df[cols].values.astype(float)
X_test_raw = te_df[cols].values.astype(float)
y = tr_df["progression"].values.astype(float)
n, p = X_raw.shape

SQ = [cols.index(c) for c in ("bmi", "bp", "s5")]
print(f"n={n}, p={p}, squared terms on {[cols[j] for j in SQ]}")


def scale(A, ref):
    m, s = ref.mean(0), ref.std(0)
    return (A - m) / s


def design(Z):
    return np.column_stack([np.ones(len(Z)), Z, Z[:, SQ] ** 2, Z[:, 2] * Z[:, 8]])


def ols(A, t):
    beta, *_ = np.linalg.lstsq(A, t, rcond=None)
    return beta


def robust(A, t, f_scale=40.0):
    b0 = ols(A, t)
    sol = least_squares(lambda b: A @ b - t, b0, loss="soft_l1", f_scale=f_scale)
    return sol.x


def rmse(a, b):
    return np.sqrt(np.mean((a - b) ** 2))


idx = np.random.default_rng(42).permutation(n)
parts = np.array_split(idx, 6)
err = {"ols": [], "robust": [], "avg": []}
for k, va in enumerate(parts):
    tr = np.concatenate([parts[j] for j in range(len(parts)) if j != k])
    Atr = design(scale(X_raw[tr], X_raw[tr]))
    Ava = design(scale(X_raw[va], X_raw[tr]))
    b_ols, b_rob = ols(Atr, y[tr]), robust(Atr, y[tr])
    p_ols, p_rob = Ava @ b_ols, Ava @ b_rob
    err["ols"].append(rmse(y[va], p_ols))
    err["robust"].append(rmse(y[va], p_rob))
    err["avg"].append(rmse(y[va], 0.5 * (p_ols + p_rob)))
    print(f"fold {k}: ols {err['ols'][-1]:.2f}  robust {err['robust'][-1]:.2f}  avg {err['avg'][-1]:.2f}")

for key, v in err.items():
    print(f"CV RMSE {key}: {np.mean(v):.3f}")
choice = min(err, key=lambda k_: np.mean(err[k_]))
print(f"using '{choice}' for the test predictions")

# refit on all rows; residual diagnostics on the full fit
Z_full = scale(X_raw, X_raw)
Z_test = scale(X_test_raw, X_raw)
A_full = design(Z_full)
b_ols, b_rob = ols(A_full, y), robust(A_full, y)
resid = y - A_full @ b_rob
print(f"robust fit: median |resid| {np.median(np.abs(resid)):.2f}, max |resid| {np.abs(resid).max():.2f}")

A_test = np.column_stack([np.ones(n), Z_test, Z_test[:, SQ] ** 2, Z_test[:, 2] * Z_test[:, 8]])
preds = {"ols": A_test @ b_ols, "robust": A_test @ b_rob}
preds["avg"] = 0.5 * (preds["ols"] + preds["robust"])
final = preds[choice]

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": te_df["id"].values, "progression": final}).to_csv("./submission/submission.csv", index=False)
print(f"wrote {len(final)} predictions")
