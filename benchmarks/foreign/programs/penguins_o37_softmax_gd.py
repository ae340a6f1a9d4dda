import os
import numpy as np
import pandas as pd

np.random.seed(7)

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
classes = np.array(["Adelie", "Chinstrap", "Gentoo"])

num_cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
cat_cols = ["island", "sex"]


def design(df, ref):
    # numeric: median impute (train medians), standardise with train moments
    X = df[num_cols].to_numpy(dtype=float)
    R = ref[num_cols].to_numpy(dtype=float)
    med = np.nanmedian(R, axis=0)
    X = np.where(np.isnan(X), med, X)
    R = np.where(np.isnan(R), med, R)
    mu, sd = R.mean(axis=0), R.std(axis=0)
    X = (X - mu) / sd
    blocks = [X]
    for c in cat_cols:
        levels = np.sort(ref[c].dropna().unique())
        v = df[c].to_numpy()
        blocks.append((v[:, None] == levels[None, :]).astype(float))
    return np.hstack(blocks)


def softmax(Z):
    Z = Z - Z.max(axis=1, keepdims=True)
    E = np.exp(Z)
    return E / E.sum(axis=1, keepdims=True)


def fit_softmax(X, Y, lam=1e-2, lr=0.5, iters=1500):
    n, p = X.shape
    k = Y.shape[1]
    W = np.zeros((p, k))
    b = np.zeros(k)
    for it in range(iters):
        P = softmax(X @ W + b)
        G = (P - Y) / n
        W -= lr * (X.T @ G + lam * W)
        b -= lr * G.sum(axis=0)
    return W, b


def logloss(Y, P):
    P = np.clip(P, 1e-15, 1 - 1e-15)
    P = P / P.sum(axis=1, keepdims=True)
    return -np.mean(np.sum(Y * np.log(P), axis=1))


y = train["species"].to_numpy()
Y = (y[:, None] == classes[None, :]).astype(float)
print("train", train.shape, "test", test.shape)
print("class shares:", dict(zip(classes, Y.mean(axis=0).round(3))))

K = 5
idx = np.random.permutation(len(train))
folds = np.array_split(idx, K)

for lam in [1e-3, 1e-2, 1e-1]:
    scores = []
    for k in range(K):
        va = folds[k]
        tr = np.concatenate([folds[j] for j in range(K) if j != k])
        Xtr = design(train.iloc[tr], train.iloc[tr])
        Xva = design(train.iloc[va], train.iloc[tr])
        W, b = fit_softmax(Xtr, Y[tr], lam=lam)
        scores.append(logloss(Y[va], softmax(Xva @ W + b)))
    print(f"lam={lam:g}  fold logloss: {np.round(scores, 4)}  mean={np.mean(scores):.4f}")

lam = 1e-2
Xall = design(train, train)
Xte = design(test, train)
W, b = fit_softmax(Xall, Y, lam=lam)
print("in-sample logloss:", round(logloss(Y, softmax(Xall @ W + b)), 4))
P = softmax(Xte @ W + b)

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame(P, columns=classes)
sub.insert(0, "id", test["id"].to_numpy())
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
