"""Health-insurance: a single multi-output random forest over the three labels.

Adds a couple of engineered features (age band, household flags), preprocesses with a
ColumnTransformer and validates with plain KFold (three labels, so no single stratum).
"""
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import RandomForestClassifier
from sklearn.impute import SimpleImputer
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import KFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

DATA = Path("input")
OUT = Path("submission")
ARTIFACTS = Path("working") / "health_forest"

ID = "id"
LABELS = ["health", "limit", "insurance"]
RAW_NUMERIC = ["age", "family"]
RAW_CATEGORICAL = ["gender", "married", "selfemp", "region", "ethnicity", "education"]

DTYPES = {ID: "int64", "age": "int64", "family": "int64"}
DTYPES.update({c: "str" for c in RAW_CATEGORICAL})

AGE_BINS = [17, 29, 44, 64]
AGE_LABELS = ["18-29", "30-44", "45-64"]


def load_csv(name: str, extra_dtypes: dict | None = None) -> pd.DataFrame:
    """Read one CSV from the input folder with the declared dtypes."""
    dtypes = dict(DTYPES)
    if extra_dtypes:
        dtypes.update(extra_dtypes)
    frame = pd.read_csv(DATA / name, dtype=dtypes)
    assert len(frame) > 0, f"{name} is empty"
    return frame


def check_inputs(train: pd.DataFrame, test: pd.DataFrame) -> None:
    """Assert the columns are present and there is nothing unexpected missing."""
    for col in [ID] + RAW_NUMERIC + RAW_CATEGORICAL:
        assert col in train.columns and col in test.columns, f"column {col} missing"
    for label in LABELS:
        assert label in train.columns, f"label {label} missing from train"
        assert train[label].isin([0, 1]).all(), f"label {label} not 0/1"
    assert train[RAW_NUMERIC].ge(0).all().all(), "negative numeric values"
    na_train = train[RAW_NUMERIC + RAW_CATEGORICAL].isna().sum()
    na_test = test[RAW_NUMERIC + RAW_CATEGORICAL].isna().sum()
    print(f"[check] train {train.shape} / test {test.shape}; "
          f"NaN train={int(na_train.sum())} test={int(na_test.sum())}")


def add_features(frame: pd.DataFrame) -> pd.DataFrame:
    """Age band and household-size flags derived from the raw columns."""
    out = frame.copy()
    out["age_band"] = pd.cut(out["age"], bins=AGE_BINS, labels=AGE_LABELS)
    out["single_person"] = (out["family"] == 1).astype("int64")
    out["large_family"] = (out["family"] >= 5).astype("int64")
    return out


def make_model(seed: int = 0) -> Pipeline:
    """ColumnTransformer (impute + scale / impute + one-hot) then a forest."""
    pre = ColumnTransformer(
        transformers=[
            ("num", Pipeline([("imp", SimpleImputer(strategy="median")),
                              ("sc", StandardScaler())]), RAW_NUMERIC),
            ("cat", Pipeline([("imp", SimpleImputer(strategy="most_frequent")),
                              ("oh", OneHotEncoder(handle_unknown="ignore"))]), RAW_CATEGORICAL),
        ],
        remainder="passthrough",  # engineered columns go straight through
    )
    forest = RandomForestClassifier(
        n_estimators=200, min_samples_leaf=20, max_features=0.5,
        n_jobs=1, random_state=seed,
    )
    return Pipeline([("pre", pre), ("rf", forest)])


def positive_proba(model: Pipeline, X: pd.DataFrame) -> np.ndarray:
    """Stack P(label=1) of every output into an (n_rows, n_labels) array."""
    per_label = model.predict_proba(X)
    return np.column_stack([p[:, 1] for p in per_label])


def kfold_auc(X: pd.DataFrame, Y: pd.DataFrame, n_splits: int = 4) -> tuple[float, np.ndarray]:
    """KFold out-of-fold mean column-wise AUC."""
    folds = KFold(n_splits=n_splits, shuffle=True, random_state=7)
    oof = np.zeros(Y.shape, dtype=float)
    for k, (tr, va) in enumerate(folds.split(X), start=1):
        model = make_model(seed=k)
        model.fit(X.iloc[tr], Y.iloc[tr])
        oof[va] = positive_proba(model, X.iloc[va])
        fold_auc = np.mean([roc_auc_score(Y.iloc[va, j], oof[va, j]) for j in range(Y.shape[1])])
        print(f"[cv] fold {k}: mean AUC {fold_auc:.4f}")
    aucs = [roc_auc_score(Y.iloc[:, j], oof[:, j]) for j in range(Y.shape[1])]
    return float(np.mean(aucs)), oof


def main() -> None:
    train = load_csv("train.csv", {label: "int64" for label in LABELS})
    test = load_csv("test.csv")
    sample = pd.read_csv(DATA / "sample_submission.csv", dtype={ID: "int64"})
    check_inputs(train, test)

    train_fe = add_features(train)
    test_fe = add_features(test)
    feature_cols = [c for c in train_fe.columns if c not in LABELS + [ID]]
    assert feature_cols == [c for c in test_fe.columns if c != ID], "train/test features differ"

    X, Y = train_fe[feature_cols], train_fe[LABELS]
    X_test = test_fe[feature_cols]

    cv_auc, oof = kfold_auc(X, Y)

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pd.DataFrame(oof, columns=LABELS).assign(**{ID: train[ID].to_numpy()}).to_csv(
        ARTIFACTS / "oof.csv", index=False)

    final = make_model(seed=0).fit(X, Y)
    preds = pd.DataFrame(positive_proba(final, X_test), columns=LABELS)
    preds.insert(0, ID, test[ID].to_numpy())
    submission = sample[[ID]].merge(preds, on=ID, how="left")
    assert submission.shape == sample.shape and submission.notna().all().all()

    OUT.mkdir(parents=True, exist_ok=True)
    submission.to_csv(OUT / "submission.csv", index=False)
    print(f"Validation AUC: {cv_auc:.4f}")


if __name__ == "__main__":
    main()
