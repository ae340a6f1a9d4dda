"""Health-insurance: one small LightGBM per label inside an sklearn Pipeline.

Categoricals are one-hot encoded and numerics scaled in a ColumnTransformer, so the
same design matrix could feed a linear model as well; LightGBM is kept shallow and
heavily regularised because the signal is weak.
"""
from pathlib import Path

import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

INPUT_PATH = Path("input")
SUBMISSION_PATH = Path("submission") / "submission.csv"
OOF_PATH = Path("working") / "lgbm_per_label" / "oof.csv"

ID = "id"
LABELS = ("health", "limit", "insurance")
NUMERIC = ["age", "family"]
CATEGORICAL = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
DTYPES = {ID: "int64", "age": "int64", "family": "int64", **{c: "str" for c in CATEGORICAL}}

LGBM_PARAMS = dict(
    n_estimators=250, learning_rate=0.03, num_leaves=8, max_depth=4,
    min_child_samples=60, subsample=0.8, subsample_freq=1,
    colsample_bytree=0.8, reg_lambda=5.0, n_jobs=1, verbose=-1,
)


def read_inputs(path: Path) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Read the CSVs with explicit dtypes."""
    train = pd.read_csv(path / "train.csv", dtype={**DTYPES, **{l: "int64" for l in LABELS}})
    test = pd.read_csv(path / "test.csv", dtype=DTYPES)
    sample = pd.read_csv(path / "sample_submission.csv", dtype={ID: "int64"})
    return train, test, sample


def assert_clean(train: pd.DataFrame, test: pd.DataFrame, sample: pd.DataFrame) -> None:
    """Shape, id, label and missing-value checks."""
    features = NUMERIC + CATEGORICAL
    assert train.shape[0] > 0 and test.shape[0] == sample.shape[0]
    assert list(sample.columns) == [ID, *LABELS]
    assert train[list(LABELS)].isin([0, 1]).all().all(), "labels must be 0/1"
    unseen = {c: set(test[c].dropna()) - set(train[c].dropna()) for c in CATEGORICAL}
    unseen = {c: v for c, v in unseen.items() if v}
    print(f"train {train.shape} test {test.shape}; "
          f"NaN train={int(train[features].isna().sum().sum())} test={int(test[features].isna().sum().sum())}; "
          f"unseen test categories={unseen or 'none'}")


def make_pipeline(seed: int) -> Pipeline:
    """Impute/scale numerics, impute/one-hot categoricals, LightGBM classifier."""
    pre = ColumnTransformer([
        ("num", Pipeline([("imp", SimpleImputer(strategy="median")),
                          ("sc", StandardScaler())]), NUMERIC),
        ("cat", Pipeline([("imp", SimpleImputer(strategy="most_frequent")),
                          ("oh", OneHotEncoder(handle_unknown="ignore", sparse_output=False))]), CATEGORICAL),
    ], verbose_feature_names_out=False)
    return Pipeline([("pre", pre), ("lgbm", LGBMClassifier(random_state=seed, **LGBM_PARAMS))])


def skf_oof(X: pd.DataFrame, y: pd.Series, n_splits: int = 4, seed: int = 0) -> np.ndarray:
    """Out-of-fold positive-class probabilities from stratified K-fold."""
    oof = np.zeros(len(y))
    skf = StratifiedKFold(n_splits=n_splits, shuffle=True, random_state=seed)
    for k, (tr, va) in enumerate(skf.split(X, y)):
        model = make_pipeline(seed=k).fit(X.iloc[tr], y.iloc[tr])
        oof[va] = model.predict_proba(X.iloc[va])[:, 1]
    return oof


def main() -> None:
    train, test, sample = read_inputs(INPUT_PATH)
    assert_clean(train, test, sample)

    features = NUMERIC + CATEGORICAL
    X, X_test = train[features], test[features]

    oof_frame = pd.DataFrame({ID: train[ID].to_numpy()})
    pred_frame = pd.DataFrame({ID: test[ID].to_numpy()})
    aucs = []
    for label in LABELS:
        y = train[label]
        oof_frame[label] = skf_oof(X, y)
        aucs.append(roc_auc_score(y, oof_frame[label]))
        print(f"{label:>9}: OOF AUC {aucs[-1]:.4f}")
        pred_frame[label] = make_pipeline(seed=123).fit(X, y).predict_proba(X_test)[:, 1]

    OOF_PATH.parent.mkdir(parents=True, exist_ok=True)
    oof_frame.to_csv(OOF_PATH, index=False)

    submission = sample[[ID]].merge(pred_frame, on=ID, how="left", validate="one_to_one")
    assert submission.shape == sample.shape and submission.notna().all().all()
    SUBMISSION_PATH.parent.mkdir(parents=True, exist_ok=True)
    submission.to_csv(SUBMISSION_PATH, index=False)
    print(f"CV AUC (mean over labels): {np.mean(aucs):.4f}")


if __name__ == "__main__":
    main()
