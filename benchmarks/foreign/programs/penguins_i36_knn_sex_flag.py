"""Penguins: k-nearest-neighbours on scaled measurements, island one-hot and a sex flag.

Train rows with an unknown sex are dropped (they are few), the sex is turned into a
0/1 flag, and k is chosen by stratified K-fold log loss.
"""
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

INPUT_DIR = Path("input")
SUBMIT_DIR = Path("submission")

ID = "id"
TARGET = "species"
MEASURES = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
DTYPES = {ID: "int64", "island": "str", "sex": "str", "year": "int64", TARGET: "str",
          **{m: "float64" for m in MEASURES}}
SEX_CODES = {"male": 1.0, "female": 0.0}


def read(name: str) -> pd.DataFrame:
    """Read with the dtype map, keeping only the keys present in the file."""
    cols = pd.read_csv(INPUT_DIR / name, nrows=0).columns
    return pd.read_csv(INPUT_DIR / name, dtype={k: v for k, v in DTYPES.items() if k in cols})


def clean_train(train: pd.DataFrame) -> pd.DataFrame:
    """Drop the rows whose sex is unknown; measurements are imputed later."""
    before = len(train)
    out = train.dropna(subset=["sex"]).reset_index(drop=True)
    print(f"dropped {before - len(out)} train rows with unknown sex, {len(out)} remain")
    assert out["sex"].isin(list(SEX_CODES)).all(), "unexpected sex values"
    return out


def add_sex_flag(frame: pd.DataFrame) -> pd.DataFrame:
    """Encode sex as a numeric 0/1 column."""
    out = frame.copy()
    out["is_male"] = out["sex"].map(SEX_CODES)
    return out


def build(k: int) -> Pipeline:
    """Scale measurements, one-hot the island, pass the sex flag through."""
    pre = ColumnTransformer([
        ("meas", Pipeline([("imp", SimpleImputer(strategy="median")),
                           ("sc", StandardScaler())]), MEASURES),
        ("island", OneHotEncoder(handle_unknown="ignore"), ["island"]),
        ("sex", "passthrough", ["is_male"]),
    ])
    return Pipeline([("pre", pre), ("knn", KNeighborsClassifier(n_neighbors=k, weights="distance"))])


def cv_logloss(X: pd.DataFrame, y: pd.Series, k: int, splits: int = 5) -> float:
    """Stratified K-fold out-of-fold log loss for a given k."""
    classes = sorted(y.unique())
    oof = np.zeros((len(y), len(classes)))
    for tr, va in StratifiedKFold(splits, shuffle=True, random_state=0).split(X, y):
        oof[va] = build(k).fit(X.iloc[tr], y.iloc[tr]).predict_proba(X.iloc[va])
    return float(log_loss(y, np.clip(oof, 1e-4, 1.0), labels=classes))


def main() -> None:
    train = add_sex_flag(clean_train(read("train.csv")))
    test = add_sex_flag(read("test.csv"))
    sample = pd.read_csv(INPUT_DIR / "sample_submission.csv", dtype={ID: "int64"})
    assert len(test) == len(sample)
    print(f"train {train.shape}, test {test.shape}")

    features = MEASURES + ["island", "is_male"]
    X, y = train[features], train[TARGET]

    scores = {k: cv_logloss(X, y, k) for k in (5, 9, 15, 25)}
    for k, s in scores.items():
        print(f"k={k:>2}  logloss={s:.4f}")
    best_k = min(scores, key=scores.get)

    model = build(best_k).fit(X, y)
    proba = np.clip(model.predict_proba(test[features]), 1e-4, 1.0)
    proba = proba / proba.sum(axis=1, keepdims=True)
    sub = pd.DataFrame(proba, columns=model.classes_)
    sub.insert(0, ID, test[ID].to_numpy())
    sub = sample[[ID]].merge(sub, on=ID, how="left")[sample.columns]

    SUBMIT_DIR.mkdir(parents=True, exist_ok=True)
    sub.to_csv(SUBMIT_DIR / "submission.csv", index=False)
    print(f"CV logloss: {scores[best_k]:.4f} (k={best_k})")


if __name__ == "__main__":
    main()
