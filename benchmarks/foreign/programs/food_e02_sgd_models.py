#!/usr/bin/env python
# coding: utf-8
# food reviews: compare linear models on tfidf

# In[1]:
import os
import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression, SGDClassifier, RidgeClassifier
from sklearn.calibration import CalibratedClassifierCV
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score
from sklearn.pipeline import Pipeline

# In[2]:
df = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(df.sample(5, random_state=0))
print(df["score"].mean())
df["words"] = df["review"].str.split().str.len()
print(df["words"].describe())

# In[3]:
X_tr, X_va, y_tr, y_va = train_test_split(df["review"], df["score"], test_size=0.2,
                                          stratify=df["score"], random_state=8)

models = {
    "logreg": LogisticRegression(C=3, max_iter=1000),
    "ridge_cal": CalibratedClassifierCV(RidgeClassifier(alpha=1.0), cv=3),
    "sgd_log": SGDClassifier(loss="log", alpha=1e-5, penalty="elasticnet", l1_ratio=0.1,
                             max_iter=50, random_state=8),
    "sgd_mhuber": SGDClassifier(loss="modified_huber", alpha=1e-4, max_iter=50, random_state=8),
}

results = {}
fitted = {}
for name, clf in models.items():
    pipe = Pipeline([
        ("tfidf", TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True, stop_words="english")),
        ("clf", clf),
    ])
    pipe.fit(X_tr, y_tr)
    p = pipe.predict_proba(X_va)[:, 1]
    results[name] = roc_auc_score(y_va, p)
    fitted[name] = pipe
    print(f"{name}: AUC {results[name]:.4f}")

# In[4]:
best = max(results, key=results.get)
print(f"Validation AUC: {results[best]:.4f} ({best})")
final = fitted[best]
final.fit(df["review"], df["score"])

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "score": final.predict_proba(test["review"])[:, 1]}).to_csv(
    "./submission/submission.csv", index=False)
