"""Amazon fine food reviews -- P(five stars), scored by ROC AUC.

TF-IDF (word 1-2 grams + char 2-5 grams) -> logistic regression, 5-fold stratified CV.
If the char features blow up (memory/time) fall back to word n-grams only.
"""
import html
import os
import re
import time

import numpy as np
import pandas as pd
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

SEED = 5
FOLDS = 5
TEXT = "review"
TARGET = "score"
t_start = time.time()


def log(msg):
    print(f"{time.strftime('%H:%M:%S')} | {time.time() - t_start:6.1f}s | {msg}", flush=True)


def clean(text):
    text = html.unescape(str(text))
    text = re.sub(r"<br\s*/?>", " ", text)
    text = re.sub(r"http\S+", " url ", text)
    text = re.sub(r"\s+", " ", text)
    return text.strip().lower()


def load():
    tr = pd.read_csv("input/train.csv")
    te = pd.read_csv("input/test.csv")
    ss = pd.read_csv("input/sample_submission.csv")
    log(f"train {tr.shape} test {te.shape} sample {ss.shape}")
    assert {TEXT, TARGET} <= set(tr.columns), tr.columns.tolist()
    assert TEXT in te.columns
    n_null = int(tr[TEXT].isna().sum() + te[TEXT].isna().sum())
    if n_null:
        log(f"WARNING: {n_null} empty reviews, filling with ''")
    tr[TEXT] = tr[TEXT].fillna("")
    te[TEXT] = te[TEXT].fillna("")
    log(f"positive share {tr[TARGET].mean():.3f}; mean length {tr[TEXT].str.len().mean():.0f} chars")
    return tr, te, ss


def vectorize(train_text, test_text):
    word = TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=60000,
                           sublinear_tf=True, strip_accents="unicode")
    Xw = word.fit_transform(train_text)
    Tw = word.transform(test_text)
    log(f"word tfidf: {Xw.shape[1]} features")
    try:
        char = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), min_df=3,
                               max_features=80000, sublinear_tf=True)
        Xc = char.fit_transform(train_text)
        Tc = char.transform(test_text)
        log(f"char tfidf: {Xc.shape[1]} features")
        return sparse.hstack([Xw, Xc]).tocsr(), sparse.hstack([Tw, Tc]).tocsr()
    except (MemoryError, ValueError) as e:
        log(f"char n-grams failed ({e}); word features only")
        return Xw.tocsr(), Tw.tocsr()


def cv_logreg(X, y, X_test, C):
    skf = StratifiedKFold(n_splits=FOLDS, shuffle=True, random_state=SEED)
    oof = np.zeros(X.shape[0])
    pred = np.zeros(X_test.shape[0])
    for k, (a, b) in enumerate(skf.split(X, y)):
        clf = LogisticRegression(C=C, max_iter=3000, solver="liblinear")
        clf.fit(X[a], y[a])
        oof[b] = clf.predict_proba(X[b])[:, 1]
        pred += clf.predict_proba(X_test)[:, 1] / FOLDS
        log(f"   C={C:<5} fold {k}: auc {roc_auc_score(y[b], oof[b]):.4f}")
    return roc_auc_score(y, oof), pred


def main():
    train, test, sample = load()
    tr_text = train[TEXT].map(clean)
    te_text = test[TEXT].map(clean)
    y = train[TARGET].astype(int).to_numpy()

    X, X_test = vectorize(tr_text, te_text)
    assert X.shape[0] == len(y) and X_test.shape[0] == len(test)

    best = (-1.0, None, None)
    for C in (1.0, 4.0, 10.0):
        auc, pred = cv_logreg(X, y, X_test, C)
        log(f"C={C}: CV AUC {auc:.5f}")
        if auc > best[0]:
            best = (auc, C, pred)
    auc, C, pred = best
    log(f"selected C={C} with CV AUC {auc:.5f}")

    sub = pd.DataFrame({"id": test["id"], TARGET: pred})
    assert len(sub) == len(sample), "row count mismatch"
    assert sub["id"].tolist() == sample["id"].tolist(), "id order mismatch"
    os.makedirs("submission", exist_ok=True)
    sub.to_csv(os.path.join("submission", "submission.csv"), index=False)
    log(f"done -> submission/submission.csv ({len(sub)} rows, mean p={sub[TARGET].mean():.3f})")


if __name__ == "__main__":
    main()
