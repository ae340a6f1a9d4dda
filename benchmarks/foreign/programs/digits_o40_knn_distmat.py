import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

pix = [c for c in train.columns if c.startswith("pixel_")]
X = train[pix].to_numpy(np.float64) / 16.0
y = train["digit"].to_numpy()
Xt = test[pix].to_numpy(np.float64) / 16.0
print("pixels:", len(pix), "train:", X.shape, "test:", Xt.shape)


def sq_dists(A, B):
    # ||a-b||^2 = ||a||^2 + ||b||^2 - 2 a.b
    aa = np.sum(A * A, axis=1)[:, None]
    bb = np.sum(B * B, axis=1)[None, :]
    D = aa + bb - 2.0 * A @ B.T
    np.maximum(D, 0.0, out=D)
    return D


def knn_predict(D, ytr, k, n_classes=10):
    nn = np.argpartition(D, k, axis=1)[:, :k]
    d = np.take_along_axis(D, nn, axis=1)
    w = 1.0 / (np.sqrt(d) + 1e-6)
    votes = np.zeros((D.shape[0], n_classes))
    labs = ytr[nn]
    for j in range(k):
        votes[np.arange(D.shape[0]), labs[:, j]] += w[:, j]
    return votes.argmax(axis=1)


rng = np.random.default_rng(0)
perm = rng.permutation(len(X))
n_val = int(0.2 * len(X))
va, tr = perm[:n_val], perm[n_val:]

D = sq_dists(X[va], X[tr])
print("distance matrix:", D.shape)
res = {}
for k in [1, 3, 4, 5, 7, 9, 12]:
    pred = knn_predict(D, y[tr], k)
    res[k] = accuracy_score(y[va], pred)
    print(f"k={k:2d}  holdout acc={res[k]:.4f}")

best_k = max(res, key=res.get)
print("best k:", best_k, "acc:", round(res[best_k], 4))

# per-class errors at best k
pred = knn_predict(D, y[tr], best_k)
wrong = pd.Series(y[va][pred != y[va]]).value_counts().sort_index()
print("holdout mistakes by true digit:")
print(wrong.to_string())

Dt = sq_dists(Xt, X)
test_pred = knn_predict(Dt, y, best_k)
print("predicted class counts:", np.bincount(test_pred, minlength=10))

sub = pd.DataFrame({"id": test["id"], "digit": test_pred})
sub.to_csv("submission/submission.csv", index=False)
print("saved submission", sub.shape)
