"""Food review sentiment (positive vs negative) with TF-IDF + logistic regression.

Word and character n-gram TF-IDF features are combined with a FeatureUnion;
3-fold stratified CV gives the validation AUC before the final refit.
"""
from __future__ import annotations

import html
import json
import logging
import re
from dataclasses import dataclass
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import FeatureUnion, Pipeline
from sklearn.preprocessing import FunctionTransformer

log = logging.getLogger("food_reviews")

_TAG = re.compile(r"<[^>]+>")
_WS = re.compile(r"\s+")


@dataclass
class Config:
    input_dir: Path = Path("input")
    submission_path: Path = Path("submission/submission.csv")
    model_dir: Path = Path("models")
    text_col: str = "review"
    target: str = "score"
    folds: int = 3
    seed: int = 21
    C: float = 4.0


def clean_text(texts: pd.Series) -> list[str]:
    out = []
    for t in texts.fillna(""):
        t = html.unescape(str(t))
        t = _TAG.sub(" ", t)
        t = _WS.sub(" ", t).strip().lower()
        out.append(t)
    return out


def build_pipeline(cfg: Config) -> Pipeline:
    features = FeatureUnion([
        ("word", TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=60000, sublinear_tf=True)),
        ("char", TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), min_df=3, max_features=60000, sublinear_tf=True)),
    ])
    return Pipeline([
        ("clean", FunctionTransformer(clean_text)),
        ("tfidf", features),
        ("clf", LogisticRegression(C=cfg.C, max_iter=3000, solver="liblinear")),
    ])


def top_terms(model: Pipeline, k: int = 10) -> dict[str, list[str]]:
    word_vec: TfidfVectorizer = model.named_steps["tfidf"].transformer_list[0][1]
    n_word = len(word_vec.vocabulary_)
    coefs = model.named_steps["clf"].coef_.ravel()[:n_word]
    vocab = word_vec.get_feature_names_out()
    order = np.argsort(coefs)
    return {"negative": vocab[order[:k]].tolist(), "positive": vocab[order[-k:]][::-1].tolist()}


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    cfg = Config()
    cfg.model_dir.mkdir(parents=True, exist_ok=True)

    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    log.info("train=%d test=%d positive rate=%.3f", len(train), len(test), train[cfg.target].mean())

    cv = StratifiedKFold(n_splits=cfg.folds, shuffle=True, random_state=cfg.seed)
    scores = cross_val_score(build_pipeline(cfg), train[cfg.text_col], train[cfg.target], cv=cv, scoring="roc_auc")
    print(f"CV AUC: {scores.mean():.4f} (folds: {', '.join(f'{s:.4f}' for s in scores)})")

    model = build_pipeline(cfg).fit(train[cfg.text_col], train[cfg.target])
    proba = model.predict_proba(test[cfg.text_col])[:, 1]
    pd.DataFrame({"id": test["id"], cfg.target: proba}).to_csv(cfg.submission_path, index=False)

    terms = top_terms(model)
    log.info("most negative terms: %s", ", ".join(terms["negative"]))
    joblib.dump(model, cfg.model_dir / "tfidf_logreg.joblib")
    (cfg.model_dir / "metrics.json").write_text(json.dumps({"cv_auc": scores.tolist(), "top_terms": terms}, indent=2))


if __name__ == "__main__":
    main()
