"""Multilabel health-insurance model: one regularised logistic regression per target.

Each target (health, limit, insurance) gets its own pipeline; the preprocessing is
shared in shape but refitted per fold so nothing leaks across folds.
"""
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

INPUT_DIR = Path("input")
OUTPUT_DIR = Path("submission")

ID_COL = "id"
TARGETS = ["health", "limit", "insurance"]
NUMERIC = ["age", "family"]
CATEGORICAL = ["gender", "married", "selfemp", "region", "ethnicity", "education"]

FEATURE_DTYPES = {
    ID_COL: "int64",
    "age": "int64",
    "family": "int64",
    **{c: "str" for c in CATEGORICAL},
}
TARGET_DTYPES = {t: "int64" for t in TARGETS}


def read_frames(input_dir: Path) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Read train, test and sample submission with explicit dtypes."""
    train = pd.read_csv(input_dir / "train.csv", dtype={**FEATURE_DTYPES, **TARGET_DTYPES})
    test = pd.read_csv(input_dir / "test.csv", dtype=FEATURE_DTYPES)
    sample = pd.read_csv(input_dir / "sample_submission.csv", dtype={ID_COL: "int64"})
    return train, test, sample


def validate_frames(train: pd.DataFrame, test: pd.DataFrame, sample: pd.DataFrame) -> None:
    """Sanity checks on columns, ids, targets and missing values."""
    expected = [ID_COL] + NUMERIC + CATEGORICAL
    missing_train = set(expected + TARGETS) - set(train.columns)
    missing_test = set(expected) - set(test.columns)
    assert not missing_train, f"train lacks {missing_train}"
    assert not missing_test, f"test lacks {missing_test}"
    assert train[ID_COL].is_unique and test[ID_COL].is_unique, "duplicate ids"
    assert len(sample) == len(test), "sample submission and test differ in length"
    assert set(sample[ID_COL]) == set(test[ID_COL]), "sample ids do not match test ids"
    for t in TARGETS:
        values = set(train[t].unique())
        assert values <= {0, 1}, f"target {t} is not binary: {values}"
    print(f"train shape {train.shape}, test shape {test.shape}")
    print("missing values in train features:", int(train[NUMERIC + CATEGORICAL].isna().sum().sum()))
    print("missing values in test features:", int(test[NUMERIC + CATEGORICAL].isna().sum().sum()))
    print("target prevalence:", train[TARGETS].mean().round(4).to_dict())


def build_pipeline(C: float = 0.5) -> Pipeline:
    """Preprocessing plus a logistic regression."""
    numeric = Pipeline([
        ("impute", SimpleImputer(strategy="median")),
        ("scale", StandardScaler()),
    ])
    categorical = Pipeline([
        ("impute", SimpleImputer(strategy="most_frequent")),
        ("onehot", OneHotEncoder(handle_unknown="ignore")),
    ])
    pre = ColumnTransformer([
        ("num", numeric, NUMERIC),
        ("cat", categorical, CATEGORICAL),
    ])
    return Pipeline([
        ("pre", pre),
        ("model", LogisticRegression(C=C, max_iter=1000)),
    ])


def cross_validate_target(X: pd.DataFrame, y: pd.Series, n_splits: int = 5, seed: int = 42) -> float:
    """Stratified K-fold AUC for one binary target."""
    skf = StratifiedKFold(n_splits=n_splits, shuffle=True, random_state=seed)
    oof = np.zeros(len(y), dtype=float)
    for train_idx, valid_idx in skf.split(X, y):
        pipe = build_pipeline()
        pipe.fit(X.iloc[train_idx], y.iloc[train_idx])
        oof[valid_idx] = pipe.predict_proba(X.iloc[valid_idx])[:, 1]
    return roc_auc_score(y, oof)


def fit_and_predict(X: pd.DataFrame, y: pd.Series, X_test: pd.DataFrame) -> np.ndarray:
    """Refit on all training rows and return positive-class probabilities for test."""
    pipe = build_pipeline()
    pipe.fit(X, y)
    return pipe.predict_proba(X_test)[:, 1]


def write_submission(sample: pd.DataFrame, test_ids: pd.Series, preds: dict, out_dir: Path) -> Path:
    """Align predictions to the sample submission order and write them."""
    out_dir.mkdir(parents=True, exist_ok=True)
    pred_frame = pd.DataFrame({ID_COL: test_ids.to_numpy(), **preds})
    submission = sample[[ID_COL]].merge(pred_frame, on=ID_COL, how="left", validate="one_to_one")
    assert submission[TARGETS].notna().all().all(), "some ids received no prediction"
    assert submission[TARGETS].apply(lambda s: s.between(0, 1).all()).all(), "probabilities out of range"
    path = out_dir / "submission.csv"
    submission.to_csv(path, index=False)
    return path


def main() -> None:
    train, test, sample = read_frames(INPUT_DIR)
    validate_frames(train, test, sample)

    features = NUMERIC + CATEGORICAL
    X, X_test = train[features], test[features]

    scores, preds = {}, {}
    for target in TARGETS:
        scores[target] = cross_validate_target(X, train[target])
        print(f"  {target}: CV AUC {scores[target]:.4f}")
        preds[target] = fit_and_predict(X, train[target], X_test)

    path = write_submission(sample, test[ID_COL], preds, OUTPUT_DIR)
    print(f"wrote {path} ({len(sample)} rows)")
    print(f"CV mean AUC: {np.mean(list(scores.values())):.4f}")


if __name__ == "__main__":
    main()
