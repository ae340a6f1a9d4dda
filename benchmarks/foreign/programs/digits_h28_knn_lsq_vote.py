"""kNN on raw grey levels next to a least-squares one-vs-rest classifier.

The linear classifier regresses one-hot targets on the pixels (plus a bias) in
closed form with a small ridge term; the two score matrices are blended after
row-normalising. A confusion matrix of the out-of-fold predictions is saved
as a figure for the write-up.
"""
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.neighbors import KNeighborsClassifier

df = pd.read_csv("./input/train.csv")
df_test = pd.read_csv("./input/test.csv")
pcols = [c for c in df.columns if c.startswith("pixel")]

X = df[pcols].to_numpy() / 16.0
Xt = df_test[pcols].to_numpy() / 16.0
y = df["digit"].to_numpy()
K = 10
Y = np.eye(K)[y]


def lsq_classifier(A, T, lam=1.0):
    A1 = np.hstack([np.ones((len(A), 1)), A])
    R = lam * np.eye(A1.shape[1])
    R[0, 0] = 0.0
    return np.linalg.solve(A1.T @ A1 + R, A1.T @ T)


def lsq_scores(W, A):
    return np.hstack([np.ones((len(A), 1)), A]) @ W


def softmax_rows(S, temp=0.1):
    S = (S - S.max(1, keepdims=True)) / temp
    E = np.exp(S)
    return E / E.sum(1, keepdims=True)


def accuracy(t, p):
    return float((t == p).mean())


perm = np.random.default_rng(9).permutation(len(y))
folds = np.array_split(perm, 4)
P_knn = np.zeros((len(y), K))
P_lsq = np.zeros((len(y), K))
for k, va in enumerate(folds):
    tr = np.hstack([f for j, f in enumerate(folds) if j != k])
    knn = KNeighborsClassifier(n_neighbors=4, weights="distance").fit(X[tr], y[tr])
    P_knn[va] = knn.predict_proba(X[va])
    W = lsq_classifier(X[tr], Y[tr])
    P_lsq[va] = softmax_rows(lsq_scores(W, X[va]))
    print(f"fold {k}: knn {accuracy(y[va], P_knn[va].argmax(1)):.4f}  "
          f"lsq {accuracy(y[va], P_lsq[va].argmax(1)):.4f}")

ws = np.linspace(0, 1, 11)
blend_acc = [accuracy(y, (w * P_knn + (1 - w) * P_lsq).argmax(1)) for w in ws]
w_best = ws[int(np.argmax(blend_acc))]
oof_pred = (w_best * P_knn + (1 - w_best) * P_lsq).argmax(1)
print(f"knn alone {accuracy(y, P_knn.argmax(1)):.4f}, lsq alone {accuracy(y, P_lsq.argmax(1)):.4f}")
print(f"blend weight on knn {w_best:.1f}")
print(f"CV accuracy = {accuracy(y, oof_pred):.4f}")

conf = np.zeros((K, K), dtype=int)
np.add.at(conf, (y, oof_pred), 1)
fig, ax = plt.subplots(figsize=(5, 5))
ax.imshow(np.log1p(conf), cmap="Blues")
for i in range(K):
    for j in range(K):
        if conf[i, j]:
            ax.text(j, i, conf[i, j], ha="center", va="center", fontsize=7)
ax.set_xlabel("predicted")
ax.set_ylabel("true")
ax.set_title(f"OOF confusion, w_knn={w_best:.1f}")
fig.tight_layout()
fig.savefig("./figures/digits_oof_confusion.png", dpi=120)
plt.close(fig)

knn = KNeighborsClassifier(n_neighbors=4, weights="distance").fit(X, y)
W = lsq_classifier(X, Y)
P = w_best * knn.predict_proba(Xt) + (1 - w_best) * softmax_rows(lsq_scores(W, Xt))
pred = P.argmax(1)

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": df_test["id"].to_numpy(), "digit": pred}).to_csv(
    "./submission/submission.csv", index=False)
print(f"wrote {len(pred)} rows")
