"""L2-penalised logistic regression fitted with L-BFGS on a hand-built design matrix.

Everything after loading is plain numpy: median imputation, log transforms of the
money columns, dummy coding against the training levels, z-scoring, and a
5-fold split made from a permutation of the row indices.
"""
import os

import numpy as np
import pandas as pd
from scipy.optimize import minimize
from scipy.special import expit

SEED = 2024
N_FOLDS = 5
LAMBDAS = [0.3, 1.0, 3.0, 10.0]

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

y = train["Status"].to_numpy(dtype=float)
num_cols = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"]
money = ["Income", "Assets", "Debt", "Amount", "Price"]
cat_cols = ["Home", "Marital", "Records", "Job"]

Xnum_tr = train[num_cols].to_numpy(dtype=float)
Xnum_te = test[num_cols].to_numpy(dtype=float)
Ccat_tr = train[cat_cols].fillna("unk").to_numpy().astype(str)
Ccat_te = test[cat_cols].fillna("unk").to_numpy().astype(str)

print(f"train {Xnum_tr.shape}, test {Xnum_te.shape}, bad rate {y.mean():.4f}")


def numeric_part(M, med):
    miss_income = np.isnan(M[:, num_cols.index("Income")]).astype(float)
    M = np.where(np.isnan(M), med, M)
    idx = [num_cols.index(c) for c in money]
    M[:, idx] = np.log1p(M[:, idx])
    amount = M[:, num_cols.index("Amount")]
    price = M[:, num_cols.index("Price")]
    income = M[:, num_cols.index("Income")]
    expenses = M[:, num_cols.index("Expenses")]
    ratio_ap = amount - price                  # log(amount / price)
    slack = income - np.log1p(expenses)        # log(income / expenses), roughly
    return np.column_stack([M, ratio_ap, slack, miss_income])


def dummies(C, levels):
    blocks = []
    for j, lev in enumerate(levels):
        # drop the first level of each column
        blocks.append((C[:, j][:, None] == lev[None, 1:]).astype(float))
    return np.hstack(blocks)


def build(Mtr, Ctr, Mte, Cte):
    med = np.nanmedian(Mtr, axis=0)
    levels = [np.unique(Ctr[:, j]) for j in range(Ctr.shape[1])]
    Ntr, Nte = numeric_part(Mtr.copy(), med), numeric_part(Mte.copy(), med)
    mu, sd = Ntr.mean(axis=0), Ntr.std(axis=0)
    sd = np.where(sd < 1e-12, 1.0, sd)
    Ntr, Nte = (Ntr - mu) / sd, (Nte - mu) / sd
    Atr = np.c_[np.ones(len(Ntr)), Ntr, dummies(Ctr, levels)]
    Ate = np.c_[np.ones(len(Nte)), Nte, dummies(Cte, levels)]
    return Atr, Ate


def nll_and_grad(w, A, t, lam):
    z = A @ w
    p = expit(z)
    # log(1 + e^z) - t z, written stably
    loss = np.sum(np.logaddexp(0.0, z) - t * z)
    pen = 0.5 * lam * np.sum(w[1:] ** 2)
    g = A.T @ (p - t)
    g[1:] += lam * w[1:]
    return loss + pen, g


def fit_logit(A, t, lam):
    w0 = np.zeros(A.shape[1])
    w0[0] = np.log(t.mean() / (1 - t.mean()))
    res = minimize(nll_and_grad, w0, args=(A, t, lam), jac=True, method="L-BFGS-B",
                   options={"maxiter": 500})
    return res.x


def logloss(t, p, eps=1e-15):
    p = np.clip(p, eps, 1 - eps)
    return float(-np.mean(t * np.log(p) + (1 - t) * np.log(1 - p)))


rng = np.random.default_rng(SEED)
folds = np.array_split(rng.permutation(len(y)), N_FOLDS)

scores = {lam: [] for lam in LAMBDAS}
for k, va in enumerate(folds):
    tr = np.setdiff1d(np.arange(len(y)), va)
    Atr, Ava = build(Xnum_tr[tr], Ccat_tr[tr], Xnum_tr[va], Ccat_tr[va])
    for lam in LAMBDAS:
        w = fit_logit(Atr, y[tr], lam)
        scores[lam].append(logloss(y[va], expit(Ava @ w)))
    print(f"fold {k}: " + "  ".join(f"lam={lam:g}:{scores[lam][-1]:.4f}" for lam in LAMBDAS))

mean_scores = {lam: np.mean(v) for lam, v in scores.items()}
best_lam = min(mean_scores, key=mean_scores.get)
print(f"best lambda {best_lam:g}")
print(f"CV logloss: {mean_scores[best_lam]:.4f} (+/- {np.std(scores[best_lam]):.4f})")

A_full, A_test = build(Xnum_tr, Ccat_tr, Xnum_te, Ccat_te)
w_full = fit_logit(A_full, y, best_lam)
p_test = expit(A_test @ w_full)

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"].to_numpy(), "Status": p_test}).to_csv(
    "./submission/submission.csv", index=False)
print(f"wrote {len(p_test)} rows, mean p = {p_test.mean():.4f}")
