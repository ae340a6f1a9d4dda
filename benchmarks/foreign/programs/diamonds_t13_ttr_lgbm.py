"""Diamond prices: log-target LightGBM inside a TransformedTargetRegressor, ordinal grades."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from lightgbm import LGBMRegressor
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.compose import TransformedTargetRegressor, make_column_transformer
from sklearn.inspection import permutation_importance
from sklearn.linear_model import RidgeCV
from sklearn.metrics import root_mean_squared_log_error
from sklearn.model_selection import KFold, cross_validate, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OrdinalEncoder, SplineTransformer, StandardScaler

IN_DIR = Path("input")
OUT_DIR = Path("submission")
TARGET = "price"
RANDOM_STATE = 2024

GRADES = {
    "cut": ["Fair", "Good", "Very Good", "Premium", "Ideal"],
    "color": ["J", "I", "H", "G", "F", "E", "D"],
    "clarity": ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"],
}
NUMERIC = ["carat", "depth", "table", "x", "y", "z"]


class Geometry(BaseEstimator, TransformerMixin):
    """Volume / density style features; zero dimensions are treated as missing."""

    new_cols = ("volume", "log_carat", "xy_ratio")

    def fit(self, X: pd.DataFrame, y=None) -> "Geometry":
        self.feature_names_in_ = np.asarray(X.columns, dtype=object)
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        dims = X[["x", "y", "z"]].replace(0, np.nan)
        X["volume"] = dims["x"] * dims["y"] * dims["z"]
        X["log_carat"] = np.log(X["carat"])
        X["xy_ratio"] = dims["x"] / dims["y"]
        return X

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        return np.asarray([*self.feature_names_in_, *self.new_cols], dtype=object)


def encoder() -> object:
    ordinal = OrdinalEncoder(
        categories=[GRADES[c] for c in GRADES],
        handle_unknown="use_encoded_value",
        unknown_value=-1,
    )
    return make_column_transformer(
        (ordinal, list(GRADES)),
        remainder="passthrough",
        verbose_feature_names_out=False,
    )


def log_target(reg) -> TransformedTargetRegressor:
    return TransformedTargetRegressor(regressor=reg, func=np.log1p, inverse_func=np.expm1)


def models() -> dict[str, object]:
    lgbm = LGBMRegressor(
        n_estimators=600, learning_rate=0.04, num_leaves=31, min_child_samples=15,
        subsample=0.8, subsample_freq=1, colsample_bytree=0.8,
        random_state=RANDOM_STATE, n_jobs=1, verbose=-1,
    )
    ridge = make_pipeline(
        SplineTransformer(n_knots=6, degree=3),
        StandardScaler(),
        RidgeCV(alphas=np.logspace(-3, 2, 12)),
    )
    return {
        "ridge_spline": make_pipeline(Geometry(), encoder(), _NanFill(), log_target(ridge)),
        "lgbm": make_pipeline(Geometry(), encoder(), log_target(lgbm)),
    }


class _NanFill(BaseEstimator, TransformerMixin):
    """Median fill for the linear model (LightGBM handles NaN itself)."""

    def fit(self, X, y=None):
        self.medians_ = pd.DataFrame(X).median()
        self.feature_names_in_ = np.asarray(pd.DataFrame(X).columns, dtype=object)
        return self

    def transform(self, X):
        return pd.DataFrame(X).fillna(self.medians_)

    def get_feature_names_out(self, input_features=None):
        return self.feature_names_in_


def main() -> None:
    train = pd.read_csv(IN_DIR / "train.csv")
    test = pd.read_csv(IN_DIR / "test.csv")
    X = train[list(GRADES) + NUMERIC]
    y = train[TARGET]
    print(f"train={X.shape} test={test.shape} price median={y.median():.0f}")

    cv = KFold(n_splits=5, shuffle=True, random_state=RANDOM_STATE)
    scoring = {"rmsle": "neg_root_mean_squared_log_error", "mae": "neg_mean_absolute_error", "r2": "r2"}
    rows = []
    for name, model in models().items():
        model.set_output(transform="pandas")
        r = cross_validate(model, X, y, cv=cv, scoring=scoring, n_jobs=1)
        rows.append({"model": name,
                     "rmsle": -r["test_rmsle"].mean(),
                     "rmsle_sd": r["test_rmsle"].std(),
                     "mae": -r["test_mae"].mean(),
                     "r2": r["test_r2"].mean(),
                     "sec": r["fit_time"].sum()})
    board = pd.DataFrame(rows).set_index("model").sort_values("rmsle")
    print(board.round(4).to_string())

    best_name = board.index[0]
    best = clone(models()[best_name]).set_output(transform="pandas")

    X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=RANDOM_STATE)
    best.fit(X_tr, y_tr)
    va_pred = best.predict(X_va)
    print(f"\nholdout RMSLE ({best_name}): {root_mean_squared_log_error(y_va, va_pred):.5f}")
    pi = permutation_importance(best, X_va, y_va, scoring="neg_root_mean_squared_log_error",
                                n_repeats=3, random_state=RANDOM_STATE, n_jobs=1)
    imp = pd.Series(pi.importances_mean, index=X_va.columns).sort_values(ascending=False)
    print("permutation importance:")
    print(imp.round(4).to_string())

    best.fit(X, y)
    pred = np.clip(best.predict(test[list(GRADES) + NUMERIC]), 300, None)
    OUT_DIR.mkdir(exist_ok=True)
    pd.DataFrame({"id": test["id"], TARGET: pred}).to_csv(OUT_DIR / "submission.csv", index=False)
    print(f"\nsubmission written: {len(pred)} rows, pred range {pred.min():.0f}-{pred.max():.0f}")


if __name__ == "__main__":
    main()
