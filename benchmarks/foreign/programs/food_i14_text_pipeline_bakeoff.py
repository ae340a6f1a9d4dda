"""food-reviews: bake-off of text pipelines (tf-idf variants x linear classifiers).

Every candidate = (vectorizer, classifier) pipeline, all scored with the same
StratifiedKFold on ROC AUC; a tiny grid on C for the ones that have it.
"""
import json
import os

import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression, SGDClassifier
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_validate
from sklearn.naive_bayes import ComplementNB
from sklearn.pipeline import FeatureUnion, Pipeline

SEED = 7
os.makedirs("logs", exist_ok=True)
os.makedirs("submission", exist_ok=True)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X_text = train["review"].fillna("").astype(str)
X_text_test = test["review"].fillna("").astype(str)
y = train["score"].astype(int).to_numpy()
print(f"{len(train)} train reviews, positive share {y.mean():.3f}")


def vec_factory(kind):
    if kind == "word12":
        return TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=40000, sublinear_tf=True)
    if kind == "word_char":
        return FeatureUnion(
            [
                ("w", TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=30000, sublinear_tf=True)),
                ("c", TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 4), min_df=3, max_features=30000, sublinear_tf=True)),
            ]
        )
    raise ValueError(kind)


def clf_factory(kind):
    if kind == "logreg":
        return LogisticRegression(C=4.0, max_iter=2000, solver="liblinear")
    if kind == "sgd_log":
        return SGDClassifier(loss="log_loss", alpha=2e-5, max_iter=50, tol=None, random_state=SEED)
    if kind == "cnb":
        return ComplementNB(alpha=0.3)
    raise ValueError(kind)


# char n-grams are slow to build, so they only get paired with logreg
CANDIDATES = [
    ("word12", "logreg"),
    ("word12", "sgd_log"),
    ("word12", "cnb"),
    ("word_char", "logreg"),
]
GRIDS = {
    "logreg": {"clf__C": [2.0, 8.0]},
    "cnb": {"clf__alpha": [0.3, 1.0]},
}

skf = StratifiedKFold(n_splits=3, shuffle=True, random_state=SEED)
log = []
configs = {}

for vec_kind, clf_kind in CANDIDATES:
    key = f"{vec_kind}+{clf_kind}"
    pipe = Pipeline([("vec", vec_factory(vec_kind)), ("clf", clf_factory(clf_kind))])
    if clf_kind in GRIDS and vec_kind == "word12":
        # only grid the cheap word vectorizer
        gs = GridSearchCV(pipe, GRIDS[clf_kind], cv=skf, scoring="roc_auc", n_jobs=1)
        gs.fit(X_text, y)
        auc = gs.best_score_
        auc_sd = gs.cv_results_["std_test_score"][gs.best_index_]
        params = gs.best_params_
    else:
        out = cross_validate(pipe, X_text, y, cv=skf, scoring="roc_auc", n_jobs=1)
        auc = out["test_score"].mean()
        auc_sd = out["test_score"].std()
        params = {}
    configs[key] = (vec_kind, clf_kind, params)
    log.append({"candidate": key, "auc": round(float(auc), 5), "auc_sd": round(float(auc_sd), 5), "params": params})
    print(f"{key:<22} AUC {auc:.4f} (+/- {auc_sd:.4f}) {params}")

board = pd.DataFrame(log).sort_values("auc", ascending=False).reset_index(drop=True)
print()
print(board[["candidate", "auc", "auc_sd"]].to_string())

with open("logs/food_reviews_bakeoff.json", "w") as fh:
    json.dump(board.to_dict(orient="records"), fh, indent=1, default=str)

best_key = board.loc[0, "candidate"]
vec_kind, clf_kind, params = configs[best_key]
final = Pipeline([("vec", vec_factory(vec_kind)), ("clf", clf_factory(clf_kind))])
final.set_params(**params)
final.fit(X_text, y)
proba = final.predict_proba(X_text_test)[:, 1]

sub = pd.DataFrame({"id": test["id"], "score": proba})
sub.to_csv("submission/submission.csv", index=False)
print(f"refit {best_key} on all {len(y)} rows; submission {sub.shape}")
print(f"Validation AUC: {board.loc[0, 'auc']:.4f}")
