"""scikit-learn logistic regression on a numpy design with pairwise interactions.

Income and Assets have gaps; they get a train-median fill and a missingness flag.
Money columns are log-transformed, a handful of products are added, and the
columns are z-scored by hand. Folds come from np.array_split of a permutation.
"""
import os

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

NUM = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"]
LOG = ["Income", "Assets", "Debt", "Amount", "Price"]
CAT = ["Home", "Marital", "Records", "Job"]
GAPS = ["Income", "Assets"]

y = train["Status"].to_numpy()
A_tr = train[NUM].to_numpy(dtype=float)
A_te = test[NUM].to_numpy(dtype=float)
S_tr = train[CAT].fillna("unknown").to_numpy().astype(str)
S_te = test[CAT].fillna("unknown").to_numpy().astype(str)
print(f"positives {y.sum()} / {len(y)}; missing Income rows {np.isnan(A_tr[:, 4]).sum()}")


def fill_gaps(A, ref):
    A = A.copy()
    flags = []
    for c in GAPS:
        j = NUM.index(c)
        miss = np.isnan(A[:, j])
        A[:, j] = np.where(miss, np.nanmedian(ref[:, j]), A[:, j])
        flags.append(miss.astype(float))
    return A, np.column_stack(flags)


def onehot(S, ref):
    out = []
    for j in range(S.shape[1]):
        lev = np.unique(ref[:, j])[1:]
        out.append((S[:, j, None] == lev).astype(float))
    return np.hstack(out)


def make_design(A, S, A_ref, S_ref):
    A, flags = fill_gaps(A, A_ref)
    for c in LOG:
        A[:, NUM.index(c)] = np.log1p(A[:, NUM.index(c)])
    g = {c: A[:, NUM.index(c)] for c in NUM}
    inter = np.column_stack([
        g["Amount"] - g["Price"],
        g["Amount"] - g["Income"],
        g["Seniority"] * g["Age"],
        g["Time"] * g["Amount"],
        g["Assets"] - g["Debt"],
    ])
    return np.hstack([A, inter, flags, onehot(S, S_ref)])


def zscore(M, ref):
    m, s = ref.mean(axis=0), ref.std(axis=0)
    return (M - m) / np.where(s > 0, s, 1.0)


def log_loss(t, p):
    p = np.clip(p, 1e-15, 1 - 1e-15)
    return -np.mean(t * np.log(p) + (1 - t) * np.log(1 - p))


rng = np.random.default_rng(17)
folds = np.array_split(rng.permutation(len(y)), 5)
Cs = [0.03, 0.1, 0.3, 1.0]
table = np.zeros((len(folds), len(Cs)))
for k, va in enumerate(folds):
    tr = np.setdiff1d(np.arange(len(y)), va)
    D_tr = make_design(A_tr[tr], S_tr[tr], A_tr[tr], S_tr[tr])
    D_va = make_design(A_tr[va], S_tr[va], A_tr[tr], S_tr[tr])
    Z_tr, Z_va = zscore(D_tr, D_tr), zscore(D_va, D_tr)
    for i, C in enumerate(Cs):
        m = LogisticRegression(C=C, max_iter=2000).fit(Z_tr, y[tr])
        table[k, i] = log_loss(y[va], m.predict_proba(Z_va)[:, 1])
    print(f"fold {k}: " + " ".join(f"{v:.4f}" for v in table[k]))

avg = table.mean(axis=0)
C_best = Cs[int(np.argmin(avg))]
print(f"C = {C_best}")
print(f"CV logloss: {avg.min():.4f}")

D_full = make_design(A_tr, S_tr, A_tr, S_tr)
D_test = make_design(A_te, S_te, A_tr, S_tr)
model = LogisticRegression(C=C_best, max_iter=2000).fit(zscore(D_full, D_full), y)
p = model.predict_proba(zscore(D_test, D_full))[:, 1]

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"].to_numpy(), "Status": p}).to_csv("./submission/submission.csv", index=False)
print(f"submission written, mean p {p.mean():.4f}")
