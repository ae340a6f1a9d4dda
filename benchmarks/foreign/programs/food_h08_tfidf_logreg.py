# Plan: classic text baseline. Word 1-2gram TF-IDF (sublinear tf) stacked with
# char 3-5gram TF-IDF, LogisticRegression. 3-fold stratified CV AUC, refit on all.
import os
import numpy as np
import pandas as pd
from scipy.sparse import hstack
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
y = train["score"].values

def clean(s):
    return s.str.lower().str.replace(r"<br\s*/?>", " ", regex=True)

train["text"] = clean(train["review"])
test["text"] = clean(test["review"])

def build(fit_texts):
    w = TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True, max_features=30000)
    c = TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), min_df=3, sublinear_tf=True,
                        max_features=30000)
    w.fit(fit_texts)
    c.fit(fit_texts)
    return lambda t: hstack([w.transform(t), c.transform(t)]).tocsr()

oof = np.zeros(len(train))
skf = StratifiedKFold(n_splits=3, shuffle=True, random_state=0)
for fold, (tr, va) in enumerate(skf.split(train, y)):
    vec = build(train["text"].iloc[tr])
    clf = LogisticRegression(C=4.0, solver="liblinear")
    clf.fit(vec(train["text"].iloc[tr]), y[tr])
    oof[va] = clf.predict_proba(vec(train["text"].iloc[va]))[:, 1]
    print(f"fold {fold} AUC {roc_auc_score(y[va], oof[va]):.4f}")
print(f"CV AUC: {roc_auc_score(y, oof):.4f}")

vec = build(train["text"])
clf = LogisticRegression(C=4.0, solver="liblinear").fit(vec(train["text"]), y)
pred = clf.predict_proba(vec(test["text"]))[:, 1]

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "score": pred}).to_csv("./submission/submission.csv", index=False)
