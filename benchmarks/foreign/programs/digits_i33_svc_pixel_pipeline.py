"""Digits: RBF support vector classifier on standardised 8x8 grey levels.

Validated with stratified K-fold accuracy before a final refit on all rows.
"""
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

IN_DIR = Path("input")
SUB_DIR = Path("submission")
REPORT_DIR = Path("working") / "reports"

ID_COL = "id"
TARGET = "digit"
PIXELS = [f"pixel_{r}_{c}" for r in range(8) for c in range(8)]
DTYPES = {ID_COL: "int64", **{p: "float64" for p in PIXELS}}


def read_inputs() -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Read the three CSVs with an explicit dtype map."""
    train = pd.read_csv(IN_DIR / "train.csv", dtype={**DTYPES, TARGET: "int64"})
    test = pd.read_csv(IN_DIR / "test.csv", dtype=DTYPES)
    sample = pd.read_csv(IN_DIR / "sample_submission.csv", dtype={ID_COL: "int64", TARGET: "int64"})
    return train, test, sample


def validate(train: pd.DataFrame, test: pd.DataFrame, sample: pd.DataFrame) -> None:
    """Shapes, value ranges, class coverage and missing values."""
    assert list(train.columns) == [ID_COL] + PIXELS + [TARGET], "unexpected train layout"
    assert list(test.columns) == [ID_COL] + PIXELS, "unexpected test layout"
    assert sample.shape[0] == test.shape[0], "sample/test row count differ"
    assert train[PIXELS].min().min() >= 0 and train[PIXELS].max().max() <= 16, "grey levels out of 0..16"
    assert set(train[TARGET].unique()) == set(range(10)), "some digit class absent"
    n_missing = int(train[PIXELS].isna().sum().sum()) + int(test[PIXELS].isna().sum().sum())
    print(f"train {train.shape}, test {test.shape}, missing cells {n_missing}")
    print("class counts:", train[TARGET].value_counts().sort_index().to_dict())


def build_model(C: float = 8.0, gamma: str | float = "scale") -> Pipeline:
    """Impute (defensive) and scale all pixels, then an RBF SVC."""
    pre = ColumnTransformer([
        ("pixels", Pipeline([
            ("impute", SimpleImputer(strategy="constant", fill_value=0.0)),
            ("scale", StandardScaler()),
        ]), PIXELS),
    ])
    return Pipeline([("pre", pre), ("svc", SVC(C=C, gamma=gamma, kernel="rbf"))])


def cv_accuracy(X: pd.DataFrame, y: pd.Series, n_splits: int = 5) -> tuple[float, float]:
    """Mean and std of stratified K-fold accuracy."""
    skf = StratifiedKFold(n_splits=n_splits, shuffle=True, random_state=2024)
    scores = []
    for tr, va in skf.split(X, y):
        model = build_model().fit(X.iloc[tr], y.iloc[tr])
        scores.append(float((model.predict(X.iloc[va]) == y.iloc[va].to_numpy()).mean()))
    return float(np.mean(scores)), float(np.std(scores))


def save_outputs(sample: pd.DataFrame, test_ids: pd.Series, labels: np.ndarray, cv: tuple) -> None:
    """Write submission plus a one-line CV report."""
    SUB_DIR.mkdir(parents=True, exist_ok=True)
    REPORT_DIR.mkdir(parents=True, exist_ok=True)
    preds = pd.DataFrame({ID_COL: test_ids.to_numpy(), TARGET: labels.astype("int64")})
    sub = sample[[ID_COL]].merge(preds, on=ID_COL, how="left", validate="one_to_one")
    assert sub[TARGET].notna().all(), "missing predictions after alignment"
    sub.to_csv(SUB_DIR / "submission.csv", index=False)
    (REPORT_DIR / "cv.txt").write_text(f"accuracy_mean={cv[0]:.5f} accuracy_std={cv[1]:.5f}\n")


def main() -> None:
    train, test, sample = read_inputs()
    validate(train, test, sample)
    X, y = train[PIXELS], train[TARGET]

    mean_acc, std_acc = cv_accuracy(X, y)
    print(f"fold accuracy std = {std_acc:.4f}")

    final = build_model().fit(X, y)
    labels = final.predict(test[PIXELS])
    save_outputs(sample, test[ID_COL], labels, (mean_acc, std_acc))
    print("predicted class counts:", pd.Series(labels).value_counts().sort_index().to_dict())
    print(f"accuracy = {mean_acc:.4f}")


if __name__ == "__main__":
    main()
