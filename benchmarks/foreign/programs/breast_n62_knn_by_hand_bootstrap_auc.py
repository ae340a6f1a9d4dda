import numpy as np
import pandas as pd
from scipy.spatial.distance import cdist
from scipy import stats
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

np.random.seed(7)

tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")
feats = [c for c in tr.columns if c not in ("id", "diagnosis")]

X = tr[feats].values
y = tr["diagnosis"].values
Xt = te[feats].values

# log-transform the heavy tailed "area"/"error" columns, then z-score
skewed = [i for i, c in enumerate(feats) if stats.skew(X[:, i]) > 1.5]
print("log1p on", len(skewed), "skewed columns")
X[:, skewed] = np.log1p(X[:, skewed])
Xt[:, skewed] = np.log1p(Xt[:, skewed])


def auc_mw(y_true, score):
    """AUC = U / (n1 n0), ties get half credit through average ranks"""
    r = stats.rankdata(score)
    n1 = y_true.sum()
    n0 = len(y_true) - n1
    return (r[y_true == 1].sum() - n1 * (n1 + 1) / 2) / (n1 * n0)


def knn_score(Xa, ya, Xb, k):
    D = cdist(Xb, Xa, metric="euclidean")
    nn = np.argsort(D, axis=1)[:, :k]
    w = 1.0 / (np.take_along_axis(D, nn, axis=1) + 1e-6)
    return (w * ya[nn]).sum(1) / w.sum(1)


# simple holdout: 25% validation
perm = np.random.permutation(len(y))
cut = int(0.75 * len(y))
itr, iva = perm[:cut], perm[cut:]
mu, sd = X[itr].mean(0), X[itr].std(0)
Ztr, Zva = (X[itr] - mu) / sd, (X[iva] - mu) / sd

print("  k    AUC")
best_k, best_auc = None, -1
for k in [3, 5, 7, 9, 11, 15, 21, 31]:
    a = auc_mw(y[iva], knn_score(Ztr, y[itr], Zva, k))
    print(f"{k:>3}  {a:.4f}")
    if a > best_auc:
        best_k, best_auc = k, a

s_va = knn_score(Ztr, y[itr], Zva, best_k)
boot = []
for b in range(2000):
    ii = np.random.randint(0, len(iva), len(iva))
    if y[iva][ii].min() == y[iva][ii].max():
        continue
    boot.append(auc_mw(y[iva][ii], s_va[ii]))
lo, hi = np.percentile(boot, [2.5, 97.5])
print(f"Validation AUC: {best_auc:.4f}  (k={best_k}, 95% bootstrap CI {lo:.4f}-{hi:.4f})")

# ROC curve for the write-up
order = np.argsort(-s_va)
yy = y[iva][order]
tpr = np.concatenate([[0], np.cumsum(yy) / yy.sum()])
fpr = np.concatenate([[0], np.cumsum(1 - yy) / (1 - yy).sum()])
fig, ax = plt.subplots(figsize=(4, 4))
ax.plot(fpr, tpr, lw=1.5)
ax.plot([0, 1], [0, 1], "k--", lw=0.8)
ax.set_xlabel("FPR")
ax.set_ylabel("TPR")
ax.set_title(f"kNN k={best_k}, AUC={best_auc:.3f}")
fig.tight_layout()
fig.savefig("figures/roc_knn_valid.png", dpi=120)

# final: all training rows
mu, sd = X.mean(0), X.std(0)
pred = knn_score((X - mu) / sd, y, (Xt - mu) / sd, best_k)
out = pd.DataFrame({"id": te["id"], "diagnosis": pred})
out.to_csv("./submission/submission.csv", index=False)
print("wrote", out.shape)
