"""
Food reviews: is the review "great" (5 stars)?

Plan:
  - text features: word 1-2gram TF-IDF + char 2-4gram TF-IDF (char_wb), sublinear tf
    combined with a FeatureUnion
  - LogisticRegression (liblinear), C tuned with a tiny GridSearchCV
  - report CV AUC with cross_validate on the tuned pipeline
  - fit on all reviews, write probabilities
"""
import os
import re

import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_validate
from sklearn.pipeline import FeatureUnion, Pipeline

CONFIG = {
    "data_dir": "./input",
    "sub_path": "./submission/submission.csv",
    "text_col": "review",
    "target": "score",
    "folds": 3,
    "seed": 17,
    "C_grid": [1.0, 4.0],
    "word_max_features": 40000,
    "char_max_features": 30000,
}


def clean_text(s):
    s = s.lower()
    s = re.sub(r"<br\s*/?>", " ", s)
    s = re.sub(r"http\S+", " url ", s)
    return s


def load_data(cfg):
    train = pd.read_csv(os.path.join(cfg["data_dir"], "train.csv"))
    test = pd.read_csv(os.path.join(cfg["data_dir"], "test.csv"))
    print(f"train: {len(train)} rows, test: {len(test)} rows, great share {train[cfg['target']].mean():.3f}")
    return train, test


def build_features(df, cfg):
    return df[cfg["text_col"]].fillna("").map(clean_text)


def make_model(cfg):
    feats = FeatureUnion([
        ("word", TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True,
                                 max_features=cfg["word_max_features"])),
        ("char", TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), min_df=3,
                                 sublinear_tf=True, max_features=cfg["char_max_features"])),
    ])
    return Pipeline([
        ("tfidf", feats),
        ("clf", LogisticRegression(solver="liblinear", max_iter=1000)),
    ])


def evaluate(model, X, y, cfg):
    cv = StratifiedKFold(n_splits=cfg["folds"], shuffle=True, random_state=cfg["seed"])
    res = cross_validate(model, X, y, cv=cv, scoring="roc_auc", return_train_score=True)
    print(f"train AUC {res['train_score'].mean():.4f} | fold AUCs {np.round(res['test_score'], 4)}")
    return res["test_score"].mean()


def main():
    cfg = CONFIG
    train, test = load_data(cfg)
    X, y = build_features(train, cfg), train[cfg["target"]].values
    X_test = build_features(test, cfg)

    search = GridSearchCV(make_model(cfg), {"clf__C": cfg["C_grid"]}, scoring="roc_auc",
                          cv=StratifiedKFold(n_splits=3, shuffle=True, random_state=cfg["seed"]))
    search.fit(X, y)
    print(f"best C = {search.best_params_['clf__C']} (inner AUC {search.best_score_:.4f})")

    cv_auc = evaluate(search.best_estimator_, X, y, cfg)
    print(f"CV AUC: {cv_auc:.4f}")

    proba = search.best_estimator_.predict_proba(X_test)[:, 1]
    os.makedirs(os.path.dirname(cfg["sub_path"]), exist_ok=True)
    pd.DataFrame({"id": test["id"], "score": proba}).to_csv(cfg["sub_path"], index=False)
    print(f"submission: {cfg['sub_path']}")


if __name__ == "__main__":
    main()
