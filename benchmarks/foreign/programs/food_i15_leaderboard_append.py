# food-reviews -- quick automl-style sweep: several classifiers on the same tf-idf features
import os
import re
import time

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression, RidgeClassifier
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.naive_bayes import MultinomialNB
from sklearn.pipeline import make_pipeline
from sklearn.svm import LinearSVC
from sklearn.calibration import CalibratedClassifierCV

RESULTS_DIR = "results"
os.makedirs(RESULTS_DIR, exist_ok=True)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")


def clean(text):
    text = str(text).lower()
    text = re.sub(r"<[^>]+>", " ", text)          # html remnants like <br />
    text = re.sub(r"http\S+", " ", text)
    text = re.sub(r"[^a-z0-9!?' ]+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


train["clean"] = train["review"].map(clean)
test["clean"] = test["review"].map(clean)
y = train["score"].values


def tfidf():
    return TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_df=0.95, sublinear_tf=True)


candidates = {
    "nb": make_pipeline(tfidf(), MultinomialNB(alpha=0.5)),
    "logreg_C1": make_pipeline(tfidf(), LogisticRegression(C=1.0, max_iter=1000)),
    "logreg_C5": make_pipeline(tfidf(), LogisticRegression(C=5.0, max_iter=1000)),
    "ridge_clf": make_pipeline(tfidf(), RidgeClassifier(alpha=2.0)),
    "svc_calibrated": make_pipeline(tfidf(), CalibratedClassifierCV(LinearSVC(C=0.5), cv=3)),
    "rf": make_pipeline(tfidf(), RandomForestClassifier(n_estimators=150, min_samples_leaf=2, n_jobs=1, random_state=0)),
}

cv = StratifiedKFold(n_splits=3, shuffle=True, random_state=42)
results = pd.DataFrame(columns=["model", "auc_mean", "auc_std", "secs"])

for name, pipe in candidates.items():
    start = time.time()
    scores = cross_val_score(pipe, train["clean"], y, cv=cv, scoring="roc_auc", n_jobs=1)
    secs = time.time() - start
    print(f"{name:>16}: AUC {scores.mean():.4f} +/- {scores.std():.4f}   ({secs:.1f}s)")
    results = results.append(
        {"model": name, "auc_mean": scores.mean(), "auc_std": scores.std(), "secs": secs},
        ignore_index=True,
    )

results = results.sort_values("auc_mean", ascending=False).reset_index(drop=True)
print(results)
results.to_csv(os.path.join(RESULTS_DIR, "food_reviews_sweep.csv"), index=False)

best = results.loc[0, "model"]
model = candidates[best]
model.fit(train["clean"], y)
if hasattr(model, "predict_proba"):
    p = model.predict_proba(test["clean"])[:, 1]
else:
    d = model.decision_function(test["clean"])
    p = 1.0 / (1.0 + np.exp(-d))

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "score": p}).to_csv("submission/submission.csv", index=False)
print(f"Validation AUC: {results.loc[0, 'auc_mean']:.4f} ({best})")
