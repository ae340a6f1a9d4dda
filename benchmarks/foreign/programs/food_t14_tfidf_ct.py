"""Food reviews -> five stars? TF-IDF words + chars and a few text stats, calibrated linear SVM."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.calibration import CalibratedClassifierCV
from sklearn.compose import make_column_transformer
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer, StandardScaler
from sklearn.svm import LinearSVC

SRC = Path("input")
DST = Path("submission")
TEXT, TARGET = "review", "score"
SEED = 11

NEGATORS = re.compile(r"\b(not|no|never|don't|didn't|wasn't|isn't|won't|disappoint\w*)\b", re.I)


def text_stats(frame: pd.DataFrame) -> pd.DataFrame:
    s = frame[TEXT].fillna("")
    return pd.DataFrame({
        "n_chars": np.log1p(s.str.len()),
        "n_excl": s.str.count("!"),
        "n_neg": s.str.count(NEGATORS),
        "caps_share": s.str.count(r"[A-Z]") / s.str.len().clip(lower=1),
    }, index=frame.index)


def stats_names(_, input_features=None) -> list[str]:
    return ["n_chars", "n_excl", "n_neg", "caps_share"]


def features():
    words = TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_df=0.9, sublinear_tf=True,
                            strip_accents="unicode")
    chars = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), min_df=3,
                            sublinear_tf=True, max_features=60000)
    stats = make_pipeline(
        FunctionTransformer(text_stats, feature_names_out=stats_names),
        StandardScaler(),
    )
    return make_column_transformer(
        (words, [TEXT]),
        (chars, [TEXT]),
        (stats, [TEXT]),
    )


def classifiers() -> dict[str, object]:
    return {
        "logreg": LogisticRegression(C=4.0, max_iter=3000, solver="liblinear"),
        "svm_cal": CalibratedClassifierCV(LinearSVC(C=0.3), method="sigmoid", cv=3),
    }


def main() -> None:
    train = pd.read_csv(SRC / "train.csv")
    test = pd.read_csv(SRC / "test.csv")
    print(f"train {len(train)}  test {len(test)}  positive share {train[TARGET].mean():.3f}")
    print(f"mean review length {train[TEXT].str.len().mean():.0f} chars")

    X, y = train[[TEXT]], train[TARGET]
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
    scoring = {"auc": "roc_auc", "ll": "neg_log_loss"}

    results = {}
    for name, clf in classifiers().items():
        pipe = make_pipeline(features(), clf)
        cvr = cross_validate(pipe, X, y, cv=cv, scoring=scoring, n_jobs=1, error_score="raise")
        results[name] = {"auc": cvr["test_auc"].mean(), "auc_sd": cvr["test_auc"].std(),
                         "logloss": -cvr["test_ll"].mean(), "fit_s": cvr["fit_time"].mean()}
        print(f"{name:8s} auc={results[name]['auc']:.4f}")

    table = pd.DataFrame(results).T.sort_values("auc", ascending=False)
    print("\n" + table.round(4).to_string())

    winner = table.index[0]
    model = make_pipeline(features(), classifiers()[winner]).fit(X, y)
    proba = model.predict_proba(test[[TEXT]])[:, 1]

    DST.mkdir(exist_ok=True)
    pd.DataFrame({"id": test["id"], TARGET: proba}).to_csv(DST / "submission.csv", index=False)
    print(f"\n{winner}: wrote {len(proba)} predictions")


if __name__ == "__main__":
    main()
