"""Penguins: calibrated species probabilities from a scaled logistic regression.

Missing measurements and sex are imputed inside the pipeline, so no training rows
are thrown away; validation is stratified K-fold log loss.
"""
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

SRC = Path("input")
DST = Path("submission")

ID = "id"
TARGET = "species"
CLASSES = ["Adelie", "Chinstrap", "Gentoo"]
NUMERIC = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "year"]
CATEGORICAL = ["island", "sex"]
DTYPES = {
    ID: "int64",
    "island": "str",
    "bill_length_mm": "float64",
    "bill_depth_mm": "float64",
    "flipper_length_mm": "float64",
    "body_mass_g": "float64",
    "sex": "str",
    "year": "int64",
}


def load(name: str, with_target: bool = False) -> pd.DataFrame:
    """Read a CSV using the declared dtype map."""
    dtypes = dict(DTYPES)
    if with_target:
        dtypes[TARGET] = "str"
    return pd.read_csv(SRC / name, dtype=dtypes)


def report_missing(frame: pd.DataFrame, label: str) -> None:
    """Print per-column missing counts (only the columns that have any)."""
    counts = frame.isna().sum()
    counts = counts[counts > 0]
    print(f"{label}: shape={frame.shape}, missing={counts.to_dict() if len(counts) else 'none'}")


def sanity_checks(train: pd.DataFrame, test: pd.DataFrame, sample: pd.DataFrame) -> None:
    """Columns, classes and id alignment."""
    assert set(NUMERIC + CATEGORICAL) <= set(train.columns) and set(NUMERIC + CATEGORICAL) <= set(test.columns)
    assert train[TARGET].notna().all(), "target has gaps"
    assert sorted(train[TARGET].unique()) == CLASSES, "unexpected species labels"
    assert list(sample.columns) == [ID] + CLASSES, "sample submission layout changed"
    assert sorted(sample[ID]) == sorted(test[ID]), "sample ids differ from test ids"
    report_missing(train, "train")
    report_missing(test, "test")


def pipeline(C: float = 1.0) -> Pipeline:
    """ColumnTransformer + multinomial logistic regression."""
    pre = ColumnTransformer([
        ("num", Pipeline([("imp", SimpleImputer(strategy="median")),
                          ("sc", StandardScaler())]), NUMERIC),
        ("cat", Pipeline([("imp", SimpleImputer(strategy="most_frequent")),
                          ("oh", OneHotEncoder(handle_unknown="ignore"))]), CATEGORICAL),
    ])
    return Pipeline([("pre", pre), ("lr", LogisticRegression(C=C, max_iter=5000))])


def stratified_logloss(X: pd.DataFrame, y: pd.Series, C: float, n_splits: int = 5) -> float:
    """Out-of-fold multiclass log loss."""
    skf = StratifiedKFold(n_splits=n_splits, shuffle=True, random_state=3)
    oof = np.zeros((len(y), len(CLASSES)))
    for tr, va in skf.split(X, y):
        model = pipeline(C).fit(X.iloc[tr], y.iloc[tr])
        assert list(model.classes_) == CLASSES
        oof[va] = model.predict_proba(X.iloc[va])
    return float(log_loss(y, oof, labels=CLASSES))


def main() -> None:
    train = load("train.csv", with_target=True)
    test = load("test.csv")
    sample = pd.read_csv(SRC / "sample_submission.csv", dtype={ID: "int64"})
    sanity_checks(train, test, sample)

    features = NUMERIC + CATEGORICAL
    X, y = train[features], train[TARGET]

    results = {C: stratified_logloss(X, y, C) for C in (0.3, 1.0, 3.0, 10.0)}
    for C, loss in results.items():
        print(f"C={C:>5}: logloss {loss:.5f}")
    best_C = min(results, key=results.get)

    model = pipeline(best_C).fit(X, y)
    proba = pd.DataFrame(model.predict_proba(test[features]), columns=list(model.classes_))
    proba.insert(0, ID, test[ID].to_numpy())
    sub = sample[[ID]].merge(proba, on=ID, how="left", validate="one_to_one")
    assert np.allclose(sub[CLASSES].sum(axis=1), 1.0), "rows do not sum to one"

    DST.mkdir(parents=True, exist_ok=True)
    sub.to_csv(DST / "submission.csv", index=False)
    print(f"Validation logloss: {results[best_C]:.5f} (C={best_C})")


if __name__ == "__main__":
    main()
