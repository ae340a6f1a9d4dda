"""Fine-food reviews: is the score 'great'?  Word + char TF-IDF into logistic regression.

Text normalisation is a singledispatch function so it works on a single string
(handy in a REPL) and on a whole pandas Series (used in the pipeline).
"""
from __future__ import annotations

import argparse
import html
import re
import time
from contextlib import contextmanager
from functools import singledispatch
from pathlib import Path
from typing import Iterator, NamedTuple, Sequence

import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import FeatureUnion, Pipeline

ROOT = Path(".")
INPUT, SUBMIT, WORK = ROOT / "input", ROOT / "submission", ROOT / "working"

_TAG = re.compile(r"<[^>]+>")
_SPACE = re.compile(r"\s+")


@singledispatch
def normalize(text) -> object:
    raise TypeError(f"normalize() does not know {type(text).__name__}")


@normalize.register
def _(text: str) -> str:
    text = html.unescape(_TAG.sub(" ", text)).lower()
    text = text.replace("n't", " not")
    return _SPACE.sub(" ", text).strip()


@normalize.register
def _(text: pd.Series) -> pd.Series:
    return text.fillna("").map(normalize)


class Config(NamedTuple):
    C: float = 4.0
    word_max_features: int = 40_000
    char_max_features: int = 30_000
    folds: int = 5
    seed: int = 2024


@contextmanager
def clock(msg: str) -> Iterator[None]:
    start = time.perf_counter()
    yield
    print(f"{msg} ({time.perf_counter() - start:.1f}s)")


def make_pipeline(cfg: Config) -> Pipeline:
    features = FeatureUnion(
        [
            ("word", TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True,
                                     max_features=cfg.word_max_features)),
            ("char", TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 4), min_df=3,
                                     sublinear_tf=True, max_features=cfg.char_max_features)),
        ]
    )
    clf = LogisticRegression(C=cfg.C, max_iter=3000, solver="liblinear")
    return Pipeline([("tfidf", features), ("clf", clf)])


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--C", type=float, default=Config._field_defaults["C"])
    args = p.parse_args(argv)
    cfg = Config(C=args.C)
    print(cfg)

    train = pd.read_csv(INPUT / "train.csv")
    test = pd.read_csv(INPUT / "test.csv")
    print(f"train: {train.shape}, test: {test.shape}, positive rate {train['score'].mean():.3f}")
    print("example:", normalize(train.loc[0, "review"])[:90], "...")

    text = normalize(train["review"])
    text_test = normalize(test["review"])
    y = train["score"].to_numpy()

    pipe = make_pipeline(cfg)
    cv = StratifiedKFold(cfg.folds, shuffle=True, random_state=cfg.seed)
    with clock("cross_val_predict"):
        oof = cross_val_predict(pipe, text, y, cv=cv, method="predict_proba")[:, 1]
    auc = roc_auc_score(y, oof)
    print(f"Validation AUC: {auc:.4f}")

    with clock("final fit"):
        pipe.fit(text, y)
    vocab = pipe.named_steps["tfidf"].transformer_list[0][1].get_feature_names_out()
    coefs = pipe.named_steps["clf"].coef_[0][: len(vocab)]
    order = np.argsort(coefs)
    print("most negative:", ", ".join(vocab[order[:8]]))
    print("most positive:", ", ".join(vocab[order[-8:]]))

    WORK.mkdir(exist_ok=True)
    pd.DataFrame({"id": train["id"], "oof": oof}).to_csv(WORK / "oof.csv", index=False)

    SUBMIT.mkdir(exist_ok=True)
    sub = pd.read_csv(INPUT / "sample_submission.csv")
    prob = pd.Series(pipe.predict_proba(text_test)[:, 1], index=test["id"])
    sub["score"] = sub["id"].map(prob)
    sub.to_csv(SUBMIT / "submission.csv", index=False)
    print(f"submission: {sub.shape}, mean p={sub['score'].mean():.3f}")


if __name__ == "__main__":
    main()
