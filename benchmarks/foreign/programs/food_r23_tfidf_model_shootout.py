import os
import re
import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression, SGDClassifier
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.naive_bayes import MultinomialNB, ComplementNB
from sklearn.pipeline import Pipeline
from sklearn.svm import LinearSVC

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"Loaded {len(train)} train / {len(test)} test reviews")
print("share of great reviews:", round(train["score"].mean(), 3))

def clean(text):
    text = str(text).lower()
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"[^a-z0-9' ]+", " ", text)
    return re.sub(r"\s+", " ", text).strip()

train["clean"] = train["review"].map(clean)
test["clean"] = test["review"].map(clean)
print("avg tokens/review:", round(train["clean"].str.split().str.len().mean(), 1))

def tfidf():
    return TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=20000, sublinear_tf=True)

candidates = [
    ("LogReg C=4", LogisticRegression(C=4.0, max_iter=2000)),
    ("LinearSVC", LinearSVC(C=0.5)),
    ("SGD (modified_huber)", SGDClassifier(loss="modified_huber", alpha=1e-4, random_state=0)),
    ("MultinomialNB", MultinomialNB(alpha=0.3)),
    ("ComplementNB", ComplementNB(alpha=0.5)),
    ("RandomForest", RandomForestClassifier(n_estimators=100, min_samples_leaf=2, n_jobs=1, random_state=0)),
    ("HistGradientBoosting", HistGradientBoostingClassifier(max_iter=100, random_state=0)),
]

cv = StratifiedKFold(n_splits=3, shuffle=True, random_state=1)
board = []
for name, clf in candidates:
    pipe = Pipeline([("tfidf", tfidf()), ("clf", clf)])
    auc = cross_val_score(pipe, train["clean"], train["score"], cv=cv, scoring="roc_auc")
    board.append({"model": name, "auc": auc.mean(), "min_fold": auc.min(), "max_fold": auc.max()})
    print(f"  -> {name}: {auc.mean():.4f}")

board = pd.DataFrame(board).sort_values("auc", ascending=False, ignore_index=True)
print("\n========== model leaderboard (3-fold ROC AUC) ==========")
print(board.to_string(float_format="{:.4f}".format))

winner = board.loc[0, "model"]
print(f"\nwinner: {winner}  AUC={board.loc[0, 'auc']:.4f}")
clf = dict(candidates)[winner]
final = Pipeline([("tfidf", tfidf()), ("clf", clf)])
final.fit(train["clean"], train["score"])
if hasattr(final, "predict_proba"):
    p = final.predict_proba(test["clean"])[:, 1]
else:
    d = final.decision_function(test["clean"])
    p = 1.0 / (1.0 + np.exp(-d))

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "score": p}).to_csv("submission/submission.csv", index=False)
print("submission saved:", p.shape, "mean", round(float(p.mean()), 3))
