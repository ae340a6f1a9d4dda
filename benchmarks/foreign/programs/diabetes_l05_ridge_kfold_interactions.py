import os
import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_squared_error

tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")

base = ["age", "sex", "bmi", "bp", "s1", "s2", "s3", "s4", "s5", "s6"]
A = tr[base].to_numpy(float)
At = te[base].to_numpy(float)
y = tr["progression"].to_numpy(float)

# sex is coded 1/2 -> turn into a 0/1 indicator
sex_col = base.index("sex")
A[:, sex_col] = (A[:, sex_col] == 2).astype(float)
At[:, sex_col] = (At[:, sex_col] == 2).astype(float)


def expand(M):
    """raw columns + squares of the continuous ones + a few pairwise products"""
    out = [M]
    cont = [i for i in range(M.shape[1]) if i != sex_col]
    for i in cont:
        out.append(M[:, [i]] ** 2)
    pairs = [("bmi", "bp"), ("bmi", "s5"), ("bp", "s5"), ("age", "sex"), ("s1", "s2")]
    for a, b in pairs:
        out.append((M[:, base.index(a)] * M[:, base.index(b)])[:, None])
    return np.hstack(out)


def rmse(t, p):
    return np.sqrt(np.mean((t - p) ** 2))


def kfold_indices(n, k, seed):
    rng = np.random.default_rng(seed)
    perm = rng.permutation(n)
    return [perm[i::k] for i in range(k)]


alphas = [0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0]
K = 5
results = np.zeros((len(alphas), 2))  # rows: alpha, cols: cv rmse for raw / expanded

for col, featfun in enumerate([lambda M: M, expand]):
    F, Ft = featfun(A), featfun(At)
    for ai, alpha in enumerate(alphas):
        oof = np.empty_like(y)
        for rep_seed in (0,):
            for va in kfold_indices(len(y), K, seed=rep_seed):
                m = np.ones(len(y), bool)
                m[va] = False
                mu, sd = F[m].mean(0), F[m].std(0)
                sd[sd == 0] = 1.0
                r = Ridge(alpha=alpha).fit((F[m] - mu) / sd, y[m])
                oof[va] = r.predict((F[va] - mu) / sd)
        results[ai, col] = rmse(y, oof)
        assert np.isclose(results[ai, col], np.sqrt(mean_squared_error(y, oof)))

print("alpha      raw   expanded")
for a, row in zip(alphas, results):
    print(f"{a:6.1f}  {row[0]:7.3f}  {row[1]:7.3f}")

best = np.unravel_index(np.argmin(results), results.shape)
best_alpha = alphas[best[0]]
use_expand = best[1] == 1
print(f"picked alpha={best_alpha} expanded={use_expand}")
print(f"CV RMSE: {results[best]:.3f}")

F = expand(A) if use_expand else A
Ft = expand(At) if use_expand else At
mu, sd = F.mean(0), F.std(0)
sd[sd == 0] = 1.0
final = Ridge(alpha=best_alpha).fit((F - mu) / sd, y)
pred = final.predict((Ft - mu) / sd)

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": te["id"].to_numpy(), "progression": pred}).to_csv("./submission/submission.csv", index=False)
print("pred mean", pred.mean().round(2))
