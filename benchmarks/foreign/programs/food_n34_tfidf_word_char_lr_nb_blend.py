"""
Food reviews sentiment (score 0/1) from raw review text -> metric ROC AUC.

Plan:
  1. TF-IDF on word 1-2 grams + char 2-5 grams (char_wb), hstack into one sparse matrix
  2. Models: LogisticRegression (liblinear) and ComplementNB on word counts
  3. 5-fold StratifiedKFold OOF predictions for both, then a rank-average blend
  4. Pick the best of {lr, nb, blend} by OOF AUC and use the same recipe on the test set
"""
import re

import numpy as np
import pandas as pd
from scipy.sparse import hstack
from scipy.stats import rankdata
from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.naive_bayes import ComplementNB

SEED = 99
N_SPLITS = 5


def clean_text(s):
    s = s.lower()
    s = re.sub(r"<br\s*/?>", " ", s)
    s = re.sub(r"[^a-z0-9!?' ]+", " ", s)
    return re.sub(r"\s+", " ", s).strip()


def tfidf_features(train_text, test_text):
    word = TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=60000, sublinear_tf=True)
    char = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), min_df=3, max_features=80000,
                           sublinear_tf=True)
    Xw = word.fit_transform(train_text)
    Xc = char.fit_transform(train_text)
    Tw = word.transform(test_text)
    Tc = char.transform(test_text)
    return hstack([Xw, Xc]).tocsr(), hstack([Tw, Tc]).tocsr()


def count_features(train_text, test_text):
    vec = CountVectorizer(ngram_range=(1, 2), min_df=2)
    return vec.fit_transform(train_text), vec.transform(test_text)


def rank_avg(*preds):
    return np.mean([rankdata(p) / len(p) for p in preds], axis=0)


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    tr_text = train["review"].fillna("").map(clean_text)
    te_text = test["review"].fillna("").map(clean_text)
    y = train["score"].values

    X_tfidf, T_tfidf = tfidf_features(tr_text, te_text)
    X_cnt, T_cnt = count_features(tr_text, te_text)
    print("tfidf matrix:", X_tfidf.shape, " count matrix:", X_cnt.shape)

    oof_lr = np.zeros(len(y))
    oof_nb = np.zeros(len(y))
    skf = StratifiedKFold(n_splits=N_SPLITS, shuffle=True, random_state=SEED)
    for k, (tr, va) in enumerate(skf.split(X_tfidf, y)):
        lr = LogisticRegression(C=4.0, solver="liblinear", max_iter=1000)
        lr.fit(X_tfidf[tr], y[tr])
        oof_lr[va] = lr.predict_proba(X_tfidf[va])[:, 1]

        nb = ComplementNB(alpha=0.5)
        nb.fit(X_cnt[tr], y[tr])
        oof_nb[va] = nb.predict_proba(X_cnt[va])[:, 1]
        print(f"fold {k}: lr {roc_auc_score(y[va], oof_lr[va]):.4f}  nb {roc_auc_score(y[va], oof_nb[va]):.4f}")

    scores = {
        "lr": roc_auc_score(y, oof_lr),
        "nb": roc_auc_score(y, oof_nb),
        "blend": roc_auc_score(y, rank_avg(oof_lr, oof_nb)),
    }
    for name, s in scores.items():
        print(f"OOF AUC {name}: {s:.4f}")
    best = max(scores, key=scores.get)
    print("chosen:", best)

    lr = LogisticRegression(C=4.0, solver="liblinear", max_iter=1000).fit(X_tfidf, y)
    nb = ComplementNB(alpha=0.5).fit(X_cnt, y)
    p_lr = lr.predict_proba(T_tfidf)[:, 1]
    p_nb = nb.predict_proba(T_cnt)[:, 1]
    final = {"lr": p_lr, "nb": p_nb, "blend": rank_avg(p_lr, p_nb)}[best]

    pd.DataFrame({"id": test["id"], "score": final}).to_csv("./submission/submission.csv", index=False)
    print(f"Final validation AUC: {scores[best]:.4f}")


if __name__ == "__main__":
    main()
