"""Digits: logistic regression on pixels plus hand-made image features.

The extra features come from the 8x8 image view of each row: ink per row and per
column, left/right and top/bottom symmetry, and total ink.
"""
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler

INPUT = Path("input")
SUBMISSION = Path("submission")

ID_COL = "id"
TARGET = "digit"
SIDE = 8
PIXEL_COLS = [f"pixel_{r}_{c}" for r in range(SIDE) for c in range(SIDE)]
DTYPE_MAP = {ID_COL: "int64", TARGET: "int64", **{c: "float64" for c in PIXEL_COLS}}


def read_csv_checked(name: str) -> pd.DataFrame:
    """Read a CSV with the dtype map restricted to the columns it actually has."""
    header = pd.read_csv(INPUT / name, nrows=0).columns
    frame = pd.read_csv(INPUT / name, dtype={k: v for k, v in DTYPE_MAP.items() if k in header})
    assert frame[ID_COL].is_unique, f"{name}: duplicate ids"
    assert not frame.isna().any().any(), f"{name}: unexpected missing values"
    return frame


def to_images(frame: pd.DataFrame) -> np.ndarray:
    """Everything after the id column, viewed as (n, 8, 8) grey-level images."""
    values = frame.iloc[:, 1:].to_numpy(dtype="float64")
    return values.reshape(-1, SIDE, SIDE)


def image_features(images: np.ndarray) -> pd.DataFrame:
    """Row/column ink profiles, symmetry scores and total ink of each image."""
    n = images.shape[0]
    rows = images.sum(axis=2)
    cols = images.sum(axis=1)
    lr_sym = np.abs(images - images[:, :, ::-1]).sum(axis=(1, 2))
    tb_sym = np.abs(images - images[:, ::-1, :]).sum(axis=(1, 2))
    feats = {f"row_ink_{i}": rows[:, i] for i in range(SIDE)}
    feats.update({f"col_ink_{i}": cols[:, i] for i in range(SIDE)})
    feats["lr_asym"] = lr_sym
    feats["tb_asym"] = tb_sym
    feats["total_ink"] = images.sum(axis=(1, 2))
    out = pd.DataFrame(feats)
    assert out.shape == (n, 2 * SIDE + 3)
    return out


def assemble(frame: pd.DataFrame) -> pd.DataFrame:
    """Raw pixels side by side with the engineered image features."""
    extra = image_features(to_images(frame))
    return pd.concat([frame[PIXEL_COLS].reset_index(drop=True), extra], axis=1)


def make_pipeline(columns: list[str]) -> Pipeline:
    """Impute, scale, multinomial logistic regression."""
    pre = ColumnTransformer([
        ("all", Pipeline([("imp", SimpleImputer(strategy="median")),
                          ("sc", StandardScaler())]), columns),
    ])
    return Pipeline([("pre", pre), ("clf", LogisticRegression(C=0.3, max_iter=2000))])


def evaluate(X: pd.DataFrame, y: np.ndarray, folds: int = 5) -> float:
    """Stratified K-fold accuracy of the pipeline."""
    skf = StratifiedKFold(n_splits=folds, shuffle=True, random_state=11)
    accs = []
    for i, (tr, va) in enumerate(skf.split(X, y), start=1):
        pipe = make_pipeline(list(X.columns)).fit(X.iloc[tr], y[tr])
        acc = float(np.mean(pipe.predict(X.iloc[va]) == y[va]))
        accs.append(acc)
        print(f"fold {i}: acc={acc:.4f}")
    return float(np.mean(accs))


def main() -> None:
    train = read_csv_checked("train.csv")
    test = read_csv_checked("test.csv")
    sample = pd.read_csv(INPUT / "sample_submission.csv", dtype={ID_COL: "int64", TARGET: "int64"})
    print(f"shapes: train={train.shape} test={test.shape} sample={sample.shape}")

    X = assemble(train)
    X_test = assemble(test)
    y = train[TARGET].to_numpy()
    assert X.shape[0] == y.shape[0] and list(X.columns) == list(X_test.columns)

    acc = evaluate(X, y)

    model = make_pipeline(list(X.columns)).fit(X, y)
    SUBMISSION.mkdir(parents=True, exist_ok=True)
    sub = pd.DataFrame({ID_COL: test[ID_COL].to_numpy(), TARGET: model.predict(X_test)})
    sub = sample[[ID_COL]].merge(sub, on=ID_COL, how="left")
    sub.to_csv(SUBMISSION / "submission.csv", index=False)
    print(f"CV accuracy: {acc:.4f}")


if __name__ == "__main__":
    main()
