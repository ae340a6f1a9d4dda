"""Food reviews: is the review a 5-star one?  Word TF-IDF + logistic regression."""
import os
import re

import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import classification_report, roc_auc_score
from sklearn.model_selection import StratifiedKFold

SEED = 13

HTML_TAG = re.compile(r"<[^>]+>")
URL = re.compile(r"https?://\S+|www\.\S+")


def clean_text(s: pd.Series) -> pd.Series:
    """Lowercase, drop html tags/urls, squash whitespace."""
    return (
        s.fillna("")
        .str.replace(HTML_TAG, " ", regex=True)
        .str.replace(URL, " url ", regex=True)
        .str.lower()
        .str.replace(r"&[a-z]+;", " ", regex=True)
        .str.replace(r"\s+", " ", regex=True)
        .str.strip()
    )


def top_terms(vec: TfidfVectorizer, clf: LogisticRegression, k: int = 15) -> tuple[list[str], list[str]]:
    """Return the k most positive and k most negative terms by coefficient."""
    names = np.asarray(vec.get_feature_names_out())
    coefs = clf.coef_.ravel()
    order = np.argsort(coefs)
    return list(names[order[-k:][::-1]]), list(names[order[:k]])


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "test", test.shape)
print("positive rate:", round(train["score"].mean(), 4))

train["text"] = clean_text(train["review"])
test["text"] = clean_text(test["review"])
print("avg chars after cleaning:", int(train["text"].str.len().mean()))

y = train["score"].values

tfidf_params = dict(ngram_range=(1, 2), min_df=2, max_df=0.9, sublinear_tf=True, strip_accents="unicode")

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
oof = np.zeros(len(train))
for fold, (tr, va) in enumerate(skf.split(train, y), 1):
    vec = TfidfVectorizer(**tfidf_params)
    Xtr = vec.fit_transform(train["text"].iloc[tr])
    Xva = vec.transform(train["text"].iloc[va])
    clf = LogisticRegression(C=4.0, max_iter=2000)
    clf.fit(Xtr, y[tr])
    oof[va] = clf.predict_proba(Xva)[:, 1]
    print(f"fold {fold}: vocab={len(vec.vocabulary_):,}  auc={roc_auc_score(y[va], oof[va]):.4f}")

print(f"OOF AUC: {roc_auc_score(y, oof):.4f}")
print(classification_report(y, (oof > 0.5).astype(int), target_names=["other", "great"], digits=3))

# full fit
vec = TfidfVectorizer(**tfidf_params)
X = vec.fit_transform(train["text"])
X_test = vec.transform(test["text"])
print("full vocabulary size:", len(vec.vocabulary_), "| X:", X.shape)

clf = LogisticRegression(C=4.0, max_iter=2000)
clf.fit(X, y)

pos, neg = top_terms(vec, clf)
print("top 'great' terms:", ", ".join(pos))
print("top 'other' terms:", ", ".join(neg))

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], "score": clf.predict_proba(X_test)[:, 1]})
sub.to_csv("submission/submission.csv", index=False)
print("wrote", sub.shape, "mean pred", round(sub["score"].mean(), 4))
