import os

import numpy as np
import pandas as pd
from scipy.sparse import csr_matrix, hstack
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import KFold

TARGETS = ["health", "limit", "insurance"]
CATS = ["gender", "married", "selfemp", "region", "ethnicity", "education"]


def row_to_text(df: pd.DataFrame) -> pd.Series:
    """gender=female married=no ... age_band=30s fam=3 -> one string per respondent."""
    cols = {c: c + "=" + df[c].astype(str).str.strip().str.lower() for c in CATS}
    cols["age"] = "age_band=" + (df["age"] // 10 * 10).astype(int).astype(str) + "s"
    cols["fam"] = "fam=" + df["family"].clip(upper=7).astype(int).astype(str)
    return pd.DataFrame(cols).agg(" ".join, axis=1)


def num_feats(df: pd.DataFrame) -> np.ndarray:
    a = (df["age"].to_numpy() - 40.0) / 12.0
    f = np.log(df["family"].to_numpy())
    return np.c_[a, a ** 2, f]


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape, test.shape)
print("target means:", train[TARGETS].mean().round(3).to_dict())

train["txt"] = row_to_text(train)
test["txt"] = row_to_text(test)
print(train["txt"].iloc[0])

# pairs of tokens matter here (e.g. selfemp=yes + education=none for insurance)
vec = CountVectorizer(token_pattern=r"[^\s]+", ngram_range=(1, 2), binary=True, min_df=10)
Xt = vec.fit_transform(train["txt"])
print("vocab size:", len(vec.vocabulary_))

X = hstack([Xt, csr_matrix(num_feats(train))]).tocsr()
X_test = hstack([vec.transform(test["txt"]), csr_matrix(num_feats(test))]).tocsr()
print("design matrix:", X.shape)

kf = KFold(n_splits=5, shuffle=True, random_state=5)
cv_table = []
for t in TARGETS:
    y = train[t].to_numpy()
    oof = np.zeros(len(y))
    for tr, va in kf.split(X):
        lr = LogisticRegression(C=0.2, max_iter=2000)
        lr.fit(X[tr], y[tr])
        oof[va] = lr.predict_proba(X[va])[:, 1]
    cv_table.append({"target": t, "auc": roc_auc_score(y, oof), "pos_rate": y.mean()})

cv_table = pd.DataFrame(cv_table).set_index("target")
print(cv_table.round(4))
print("mean columnwise AUC:", round(cv_table["auc"].mean(), 4))

models = {}
vocab = vec.get_feature_names() + ["age_z", "age_z2", "log_family"]
for t in TARGETS:
    models[t] = LogisticRegression(C=0.2, max_iter=2000).fit(X, train[t])
    w = pd.Series(models[t].coef_[0], index=vocab).sort_values()
    print(f"[{t}] + {w.index[-5:].tolist()}")
    print(f"[{t}] - {w.index[:5].tolist()}")

sub = pd.DataFrame({"id": test["id"]})
for t in TARGETS:
    sub[t] = models[t].predict_proba(X_test)[:, 1]
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe().round(3))
