"""Penguin species -- multinomial logistic regression fitted by plain
gradient descent (numpy only), evaluated with a hand-rolled stratified K-fold."""
import numpy as np
import pandas as pd

rng = np.random.default_rng(20240611)

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sample = pd.read_csv("input/sample_submission.csv")

classes = list(sample.columns[1:])          # Adelie, Chinstrap, Gentoo
num_cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]


def design(df, ref):
    """numeric block (median-imputed) + one-hot island/sex, no intercept column"""
    X = df[num_cols].copy()
    for c in num_cols:
        X[c] = X[c].fillna(ref[c].median())
    for isl in ["Biscoe", "Dream", "Torgersen"]:
        X["isl_" + isl] = (df["island"] == isl).astype(float)
    X["male"] = (df["sex"] == "male").astype(float)
    X["sex_na"] = df["sex"].isna().astype(float)
    X["bill_ratio"] = X["bill_length_mm"] / X["bill_depth_mm"]
    return X.to_numpy(dtype=float)


def softmax(Z):
    Z = Z - Z.max(axis=1, keepdims=True)
    E = np.exp(Z)
    return E / E.sum(axis=1, keepdims=True)


def fit_softmax(X, Y, lam=1e-3, lr=0.5, n_iter=3000):
    n, p = X.shape
    W = np.zeros((p, Y.shape[1]))
    b = np.zeros(Y.shape[1])
    for it in range(n_iter):
        P = softmax(X @ W + b)
        G = P - Y
        W -= lr * (X.T @ G / n + lam * W)
        b -= lr * G.mean(axis=0)
    return W, b


def logloss(Y, P, eps=1e-15):
    P = np.clip(P, eps, 1 - eps)
    P = P / P.sum(axis=1, keepdims=True)
    return -np.mean(np.sum(Y * np.log(P), axis=1))


y_idx = train["species"].map({c: i for i, c in enumerate(classes)}).to_numpy()
Y = np.eye(len(classes))[y_idx]
X_all = design(train, train)
X_test = design(test, train)

# stratified folds by hand: shuffle within class, deal out round robin
K = 5
fold_id = np.empty(len(train), dtype=int)
for k in range(len(classes)):
    idx = np.flatnonzero(y_idx == k)
    rng.shuffle(idx)
    fold_id[idx] = np.arange(len(idx)) % K

rows = []
oof = np.zeros_like(Y)
for f in range(K):
    tr, va = fold_id != f, fold_id == f
    mu, sd = X_all[tr].mean(0), X_all[tr].std(0) + 1e-9
    W, b = fit_softmax((X_all[tr] - mu) / sd, Y[tr])
    oof[va] = softmax(((X_all[va] - mu) / sd) @ W + b)
    acc = (oof[va].argmax(1) == y_idx[va]).mean()
    rows.append((f, tr.sum(), va.sum(), logloss(Y[va], oof[va]), acc))

print(f"{'fold':>4} {'n_tr':>5} {'n_va':>5} {'logloss':>9} {'acc':>7}")
for f, ntr, nva, ll, acc in rows:
    print(f"{f:>4} {ntr:>5} {nva:>5} {ll:>9.5f} {acc:>7.4f}")
cv_ll = np.array([r[3] for r in rows])
print(f"CV logloss: {cv_ll.mean():.5f} +/- {cv_ll.std(ddof=1):.5f}")
print(f"OOF logloss: {logloss(Y, oof):.5f}")

# refit on everything
mu, sd = X_all.mean(0), X_all.std(0) + 1e-9
W, b = fit_softmax((X_all - mu) / sd, Y)
P_test = softmax(((X_test - mu) / sd) @ W + b)

sub = pd.DataFrame(P_test, columns=classes)
sub.insert(0, "id", test["id"].to_numpy())
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
