import numpy as np
import pandas as pd
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split


def log_count_ratio(X, y, alpha=1.0):
    """Naive-Bayes feature weights: how much more often a term appears in positive reviews."""
    pos = alpha + X[y == 1].sum(axis=0)
    neg = alpha + X[y == 0].sum(axis=0)
    r = np.log((pos / pos.sum()) / (neg / neg.sum()))
    return np.asarray(r).ravel()


train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
vec = TfidfVectorizer(ngram_range=(1, 3), min_df=2, max_df=0.9, sublinear_tf=True, binary=True)
X = vec.fit_transform(train["review"])
X_test = vec.transform(test["review"])
y = train["score"].to_numpy()

idx_tr, idx_va = train_test_split(np.arange(len(y)), test_size=0.2, random_state=7, stratify=y)
r = log_count_ratio(X[idx_tr], y[idx_tr])
nb_lr = LogisticRegression(C=3.0, max_iter=3000).fit(X[idx_tr].multiply(r).tocsr(), y[idx_tr])
print(f"NB-LR holdout AUC: {roc_auc_score(y[idx_va], nb_lr.predict_proba(X[idx_va].multiply(r).tocsr())[:, 1]):.4f}")

r = log_count_ratio(X, y)
nb_lr.fit(X.multiply(r).tocsr(), y)
proba = nb_lr.predict_proba(sparse.csr_matrix(X_test.multiply(r)))[:, 1]
pd.DataFrame({"id": test["id"], "score": proba}).to_csv("./submission/submission.csv", index=False)
