"""Food reviews: word and bigram TF-IDF into a logistic regression.

The text is the only input; the review column is validated (no empties) before
stratified K-fold AUC is computed and the final model is refitted on all rows.
"""
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline

INPUT_DIR = Path("input")
OUTPUT_DIR = Path("submission")

ID = "id"
TEXT = "review"
TARGET = "score"
DTYPES = {ID: "int64", TEXT: "str"}


def read_reviews(name: str, has_target: bool) -> pd.DataFrame:
    """Read a reviews CSV with an explicit dtype map."""
    dtypes = {**DTYPES, TARGET: "int64"} if has_target else dict(DTYPES)
    frame = pd.read_csv(INPUT_DIR / name, dtype=dtypes)
    assert frame[ID].is_unique, f"{name}: duplicate ids"
    return frame


def validate_text(frame: pd.DataFrame, label: str) -> pd.DataFrame:
    """Fill missing reviews with an empty string and report basic text stats."""
    n_missing = int(frame[TEXT].isna().sum())
    out = frame.assign(**{TEXT: frame[TEXT].fillna("")})
    lengths = out[TEXT].str.len()
    print(f"{label}: rows={len(out)} missing_text={n_missing} "
          f"median_len={int(lengths.median())} max_len={int(lengths.max())}")
    return out


def build_pipeline(C: float = 4.0) -> Pipeline:
    """TF-IDF over the review column, then logistic regression."""
    vectoriser = TfidfVectorizer(
        ngram_range=(1, 2), min_df=2, max_df=0.9, sublinear_tf=True,
        strip_accents="unicode", lowercase=True, max_features=60000,
    )
    pre = ColumnTransformer([("text", vectoriser, TEXT)])
    return Pipeline([("pre", pre), ("lr", LogisticRegression(C=C, max_iter=2000))])


def stratified_auc(X: pd.DataFrame, y: pd.Series, n_splits: int = 5) -> float:
    """Out-of-fold AUC with stratified folds."""
    oof = np.zeros(len(y))
    skf = StratifiedKFold(n_splits=n_splits, shuffle=True, random_state=17)
    for fold, (tr, va) in enumerate(skf.split(X, y), start=1):
        model = build_pipeline().fit(X.iloc[tr], y.iloc[tr])
        oof[va] = model.predict_proba(X.iloc[va])[:, 1]
        print(f"  fold {fold}: AUC {roc_auc_score(y.iloc[va], oof[va]):.4f}")
    return float(roc_auc_score(y, oof))


def main() -> None:
    train = validate_text(read_reviews("train.csv", has_target=True), "train")
    test = validate_text(read_reviews("test.csv", has_target=False), "test")
    sample = pd.read_csv(INPUT_DIR / "sample_submission.csv", dtype={ID: "int64"})
    assert set(train[TARGET].unique()) == {0, 1}
    assert len(sample) == len(test) and set(sample[ID]) == set(test[ID])
    print(f"positive share: {train[TARGET].mean():.3f}")

    X, y = train[[TEXT]], train[TARGET]
    auc = stratified_auc(X, y)

    model = build_pipeline().fit(X, y)
    preds = pd.DataFrame({ID: test[ID].to_numpy(), TARGET: model.predict_proba(test[[TEXT]])[:, 1]})
    sub = sample[[ID]].merge(preds, on=ID, how="left", validate="one_to_one")
    assert sub[TARGET].between(0, 1).all()

    OUTPUT_DIR.mkdir(parents=True, exist_ok=True)
    sub.to_csv(OUTPUT_DIR / "submission.csv", index=False)
    print(f"Validation AUC: {auc:.4f}")


if __name__ == "__main__":
    main()
