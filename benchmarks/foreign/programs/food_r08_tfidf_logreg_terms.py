"""Food review sentiment job: word+char TF-IDF -> logistic regression, with top-term export."""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from scipy.sparse import hstack
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s", datefmt="%H:%M:%S")
log = logging.getLogger("food-reviews")


@dataclass
class Config:
    input_dir: Path = Path("input")
    output_dir: Path = Path("output")
    text_col: str = "review"
    target: str = "score"
    seed: int = 5
    n_folds: int = 4
    word_max_features: int = 30000
    char_max_features: int = 30000
    C: float = 4.0
    top_k_terms: int = 25


class TextFeaturizer:
    def __init__(self, cfg: Config) -> None:
        self.word = TfidfVectorizer(
            ngram_range=(1, 2), min_df=2, max_features=cfg.word_max_features, sublinear_tf=True, strip_accents="unicode"
        )
        self.char = TfidfVectorizer(
            analyzer="char_wb", ngram_range=(3, 5), min_df=3, max_features=cfg.char_max_features, sublinear_tf=True
        )

    def fit_transform(self, text: pd.Series):
        return hstack([self.word.fit_transform(text), self.char.fit_transform(text)]).tocsr()

    def transform(self, text: pd.Series):
        return hstack([self.word.transform(text), self.char.transform(text)]).tocsr()


def load(cfg: Config) -> tuple[pd.DataFrame, pd.DataFrame]:
    tr = pd.read_csv(cfg.input_dir / "train.csv")
    te = pd.read_csv(cfg.input_dir / "test.csv")
    tr[cfg.text_col] = tr[cfg.text_col].fillna("")
    te[cfg.text_col] = te[cfg.text_col].fillna("")
    return tr, te


def make_model(cfg: Config) -> LogisticRegression:
    return LogisticRegression(C=cfg.C, max_iter=2000, solver="liblinear", random_state=cfg.seed)


def evaluate(cfg: Config, df: pd.DataFrame) -> float:
    skf = StratifiedKFold(n_splits=cfg.n_folds, shuffle=True, random_state=cfg.seed)
    oof = np.zeros(len(df))
    for i, (tr, va) in enumerate(skf.split(df, df[cfg.target])):
        feat = TextFeaturizer(cfg)
        Xtr = feat.fit_transform(df[cfg.text_col].iloc[tr])
        Xva = feat.transform(df[cfg.text_col].iloc[va])
        model = make_model(cfg).fit(Xtr, df[cfg.target].iloc[tr])
        oof[va] = model.predict_proba(Xva)[:, 1]
        log.info("fold %d auc %.4f (n_features=%d)", i, roc_auc_score(df[cfg.target].iloc[va], oof[va]), Xtr.shape[1])
    auc = roc_auc_score(df[cfg.target], oof)
    log.info("CV AUC: %.4f", auc)
    return auc


def export_top_terms(cfg: Config, feat: TextFeaturizer, model: LogisticRegression) -> pd.DataFrame:
    n_word = len(feat.word.vocabulary_)
    coefs = model.coef_.ravel()[:n_word]
    terms = np.array(feat.word.get_feature_names())
    order = np.argsort(coefs)
    top = pd.DataFrame(
        {
            "negative_term": terms[order[: cfg.top_k_terms]],
            "negative_coef": coefs[order[: cfg.top_k_terms]],
            "positive_term": terms[order[::-1][: cfg.top_k_terms]],
            "positive_coef": coefs[order[::-1][: cfg.top_k_terms]],
        }
    )
    top.to_csv(cfg.output_dir / "top_terms.csv", index=False)
    return top


def main() -> None:
    cfg = Config()
    random.seed(cfg.seed)
    np.random.seed(cfg.seed)
    cfg.output_dir.mkdir(parents=True, exist_ok=True)

    train_df, test_df = load(cfg)
    log.info("train %d reviews (%.1f%% great), test %d", len(train_df), 100 * train_df[cfg.target].mean(), len(test_df))

    evaluate(cfg, train_df)

    feat = TextFeaturizer(cfg)
    X = feat.fit_transform(train_df[cfg.text_col])
    model = make_model(cfg).fit(X, train_df[cfg.target])
    joblib.dump({"featurizer": feat, "model": model}, cfg.output_dir / "model.joblib")

    top = export_top_terms(cfg, feat, model)
    log.info("top terms:\n%s", top.head(10).to_string(index=False))

    preds = model.predict_proba(feat.transform(test_df[cfg.text_col]))[:, 1]
    Path("submission").mkdir(exist_ok=True)
    pd.DataFrame({"id": test_df["id"], cfg.target: preds}).to_csv("submission/submission.csv", index=False)
    log.info("submission written (%d rows)", len(preds))


if __name__ == "__main__":
    main()
