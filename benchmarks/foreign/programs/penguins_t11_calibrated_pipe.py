"""Penguins species: sklearn pipeline, calibrated classifiers compared by CV log loss."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.calibration import CalibratedClassifierCV
from sklearn.compose import make_column_selector, make_column_transformer
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

INPUT = Path("input")
OUTPUT = Path("submission")
TARGET = "species"
SEED = 42


class BillShape(BaseEstimator, TransformerMixin):
    """Adds bill ratio and a crude body-mass-per-flipper feature."""

    def fit(self, X: pd.DataFrame, y=None) -> "BillShape":
        self.feature_names_in_ = np.asarray(X.columns, dtype=object)
        self.n_features_in_ = X.shape[1]
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        X["bill_ratio"] = X["bill_length_mm"] / X["bill_depth_mm"]
        X["mass_per_flipper"] = X["body_mass_g"] / X["flipper_length_mm"]
        return X

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        base = list(self.feature_names_in_)
        return np.asarray(base + ["bill_ratio", "mass_per_flipper"], dtype=object)


def load() -> tuple[pd.DataFrame, pd.Series, pd.DataFrame, pd.Series]:
    train = pd.read_csv(INPUT / "train.csv")
    test = pd.read_csv(INPUT / "test.csv")
    X = train.drop(columns=["id", TARGET])
    y = train[TARGET]
    return X, y, test.drop(columns=["id"]), test["id"]


def preprocessor():
    num = make_pipeline(SimpleImputer(strategy="median"), StandardScaler())
    cat = make_pipeline(
        SimpleImputer(strategy="most_frequent"),
        OneHotEncoder(handle_unknown="ignore", sparse_output=False),
    )
    ct = make_column_transformer(
        (num, make_column_selector(dtype_include="number")),
        (cat, make_column_selector(dtype_exclude="number")),
        verbose_feature_names_out=False,
    )
    return make_pipeline(BillShape(), ct)


def candidates() -> dict[str, object]:
    return {
        "logreg": LogisticRegression(C=1.0, max_iter=2000),
        "rf_cal": CalibratedClassifierCV(
            RandomForestClassifier(n_estimators=200, min_samples_leaf=2, random_state=SEED, n_jobs=1),
            method="isotonic",
            cv=3,
        ),
        "hgb_cal": CalibratedClassifierCV(
            HistGradientBoostingClassifier(max_iter=150, learning_rate=0.08, random_state=SEED),
            method="sigmoid",
            cv=3,
        ),
    }


def evaluate(models: dict[str, object], X: pd.DataFrame, y: pd.Series) -> pd.DataFrame:
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
    rows = []
    for name, model in models.items():
        pipe = make_pipeline(preprocessor(), clone(model)).set_output(transform="pandas")
        res = cross_validate(
            pipe, X, y, cv=cv,
            scoring={"logloss": "neg_log_loss", "acc": "accuracy"},
            n_jobs=1,
        )
        rows.append({
            "model": name,
            "logloss": -res["test_logloss"].mean(),
            "logloss_sd": res["test_logloss"].std(),
            "acc": res["test_acc"].mean(),
            "fit_s": res["fit_time"].mean(),
        })
    return pd.DataFrame(rows).set_index("model").sort_values("logloss")


def main() -> None:
    X, y, X_test, test_ids = load()
    print(f"train {X.shape}  test {X_test.shape}")
    print(y.value_counts().to_string())

    table = evaluate(candidates(), X, y)
    print("\n5-fold CV")
    print(table.round(4).to_string())

    best = table.index[0]
    print(f"\nbest: {best}  (CV logloss {table.loc[best, 'logloss']:.4f})")

    final = make_pipeline(preprocessor(), clone(candidates()[best])).set_output(transform="pandas")
    final.fit(X, y)
    proba = final.predict_proba(X_test)
    classes = list(final.classes_)

    sub = pd.DataFrame(proba, columns=classes)
    sub.insert(0, "id", test_ids.values)
    sample = pd.read_csv(INPUT / "sample_submission.csv")
    sub = sub[sample.columns]
    OUTPUT.mkdir(exist_ok=True)
    sub.to_csv(OUTPUT / "submission.csv", index=False)
    print(f"wrote {OUTPUT / 'submission.csv'}  {sub.shape}")
    print(sub.head().round(4).to_string(index=False))


if __name__ == "__main__":
    main()
