import re
from collections import Counter

import numpy as np
import pandas as pd
import scipy.sparse as sp
from scipy.optimize import minimize
from scipy.special import expit
from scipy.stats import rankdata

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
y = train["score"].to_numpy(float)

TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?")


def tokens(text):
    words = TOKEN.findall(text.lower().replace("<br />", " "))
    # mark the words following a negation, cheap trick that helps reviews
    out, neg = [], 0
    for w in words:
        if w in ("not", "no", "never", "don't", "didn't", "isn't", "wasn't", "won't"):
            neg = 3
            out.append(w)
            continue
        out.append("NOT_" + w if neg > 0 else w)
        neg -= 1
    bigrams = [a + "_" + b for a, b in zip(words, words[1:])]
    return out + bigrams


tok_tr = [tokens(t) for t in train["review"]]
tok_te = [tokens(t) for t in test["review"]]

df_count = Counter()
for doc in tok_tr:
    df_count.update(set(doc))
vocab = {w: i for i, w in enumerate(sorted(w for w, c in df_count.items() if c >= 3))}
print("vocabulary size:", len(vocab))


def to_csr(docs):
    rows, cols, vals = [], [], []
    for r, doc in enumerate(docs):
        cnt = Counter(w for w in doc if w in vocab)
        for w, c in cnt.items():
            rows.append(r)
            cols.append(vocab[w])
            vals.append(1.0 + np.log(c))       # sublinear tf
    return sp.csr_matrix((vals, (rows, cols)), shape=(len(docs), len(vocab)))


C_tr, C_te = to_csr(tok_tr), to_csr(tok_te)
n_docs = C_tr.shape[0]
dfreq = np.asarray((C_tr > 0).sum(0)).ravel()
idf = np.log((1 + n_docs) / (1 + dfreq)) + 1.0


def tfidf(C):
    M = C @ sp.diags(idf)
    norms = np.sqrt(np.asarray(M.multiply(M).sum(1)).ravel()) + 1e-12
    return sp.diags(1.0 / norms) @ M


X, Xt = tfidf(C_tr).tocsr(), tfidf(C_te).tocsr()


def loss_grad(w, X, y, lam):
    b, beta = w[0], w[1:]
    z = X @ beta + b
    # log(1+exp(z)) - y z, numerically stable
    f = np.sum(np.logaddexp(0, z) - y * z) + 0.5 * lam * beta @ beta
    r = expit(z) - y
    g = np.concatenate([[r.sum()], X.T @ r + lam * beta])
    return f, g


def fit(X, y, lam):
    w0 = np.zeros(X.shape[1] + 1)
    res = minimize(loss_grad, w0, args=(X, y, lam), jac=True, method="L-BFGS-B",
                   options={"maxiter": 400})
    return res.x


def predict(w, X):
    return expit(X @ w[1:] + w[0])


def auc(t, s):
    r = rankdata(s)
    n1 = t.sum()
    return (r[t == 1].sum() - n1 * (n1 + 1) / 2) / (n1 * (len(t) - n1))


rng = np.random.default_rng(0)
K = 5
fold = rng.permutation(n_docs) % K
print(f"{'lambda':>7} " + " ".join(f"{'f' + str(k):>6}" for k in range(K)) + f" {'mean':>7}")
results = {}
for lam in (0.3, 1.0, 3.0):
    aucs = []
    for k in range(K):
        a, v = fold != k, fold == k
        w = fit(X[a], y[a], lam)
        aucs.append(auc(y[v], predict(w, X[v])))
    results[lam] = np.mean(aucs)
    print(f"{lam:>7.1f} " + " ".join(f"{x:>6.4f}" for x in aucs) + f" {results[lam]:>7.4f}")

lam = max(results, key=results.get)
print(f"CV AUC: {results[lam]:.4f} (lambda={lam})")

w = fit(X, y, lam)
coef = pd.Series(w[1:], index=sorted(vocab, key=vocab.get))
print("most negative:", ", ".join(coef.nsmallest(8).index))
print("most positive:", ", ".join(coef.nlargest(8).index))

pd.DataFrame({"id": test["id"], "score": predict(w, Xt)}).to_csv("submission/submission.csv", index=False)
