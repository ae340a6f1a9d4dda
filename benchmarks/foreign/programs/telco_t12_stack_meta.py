"""Telco churn: stacked ensemble (logreg + HGB + RF) behind a pandas-output column transformer."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.compose import make_column_selector, make_column_transformer
from sklearn.ensemble import (
    HistGradientBoostingClassifier,
    RandomForestClassifier,
    StackingClassifier,
)
from sklearn.impute import SimpleImputer
from sklearn.inspection import permutation_importance
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

DATA = Path("input")
OUT = Path("submission")
TARGET = "churn"
SEED = 7
SCORING = {"auc": "roc_auc", "logloss": "neg_log_loss", "acc": "accuracy"}


class ChargeFeatures(BaseEstimator, TransformerMixin):
    """Average charge per month of tenure and a 'new customer' flag."""

    def __init__(self, new_months: int = 6):
        self.new_months = new_months

    def fit(self, X: pd.DataFrame, y=None) -> "ChargeFeatures":
        self.feature_names_in_ = np.asarray(X.columns, dtype=object)
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        tenure = X["tenure"].clip(lower=1)
        X["avg_charge"] = X["total_charges"].fillna(X["monthly_charges"]) / tenure
        X["charge_gap"] = X["monthly_charges"] - X["avg_charge"]
        X["is_new"] = (X["tenure"] <= self.new_months).astype(int)
        return X

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        return np.asarray(list(self.feature_names_in_) + ["avg_charge", "charge_gap", "is_new"], dtype=object)


def read_data() -> tuple[pd.DataFrame, pd.Series, pd.DataFrame, pd.Series]:
    tr = pd.read_csv(DATA / "train.csv")
    te = pd.read_csv(DATA / "test.csv")
    return tr.drop(columns=["id", TARGET]), tr[TARGET], te.drop(columns=["id"]), te["id"]


def build_prep():
    numeric = make_pipeline(SimpleImputer(strategy="median"), StandardScaler())
    categorical = make_pipeline(
        SimpleImputer(strategy="most_frequent"),
        OneHotEncoder(handle_unknown="ignore", min_frequency=20, sparse_output=False),
    )
    return make_pipeline(
        ChargeFeatures(),
        make_column_transformer(
            (numeric, make_column_selector(dtype_include=np.number)),
            (categorical, make_column_selector(dtype_include=object)),
            verbose_feature_names_out=False,
        ),
    )


def build_stack() -> StackingClassifier:
    base = [
        ("lr", LogisticRegression(C=0.5, max_iter=3000)),
        ("hgb", HistGradientBoostingClassifier(max_iter=150, learning_rate=0.06,
                                               max_leaf_nodes=15, random_state=SEED)),
        ("rf", RandomForestClassifier(n_estimators=120, min_samples_leaf=5,
                                      random_state=SEED, n_jobs=1)),
    ]
    return StackingClassifier(
        estimators=base,
        final_estimator=LogisticRegression(max_iter=1000),
        stack_method="predict_proba",
        cv=3,
        n_jobs=1,
    )


def summarize(res: dict) -> pd.Series:
    out = {}
    for key in SCORING:
        vals = res[f"test_{key}"]
        vals = -vals if key == "logloss" else vals
        out[key] = f"{vals.mean():.4f} +/- {vals.std():.4f}"
    out["fit_s"] = f"{res['fit_time'].mean():.1f}"
    return pd.Series(out)


def main() -> None:
    X, y, X_test, ids = read_data()
    print(f"rows={len(X)} cols={X.shape[1]} churn_rate={y.mean():.3f}")
    print("missing:", X.isna().sum()[X.isna().sum() > 0].to_dict())

    cv = StratifiedKFold(n_splits=3, shuffle=True, random_state=SEED)

    num_cols = make_column_selector(dtype_include=np.number)(X)
    baseline = make_pipeline(SimpleImputer(), StandardScaler(), LogisticRegression(max_iter=2000))
    base_res = cross_validate(baseline, X[num_cols], y, cv=cv, scoring=SCORING)
    print("\nbaseline (numeric-only logreg)")
    print(summarize(base_res).to_string())

    model = make_pipeline(build_prep(), build_stack()).set_output(transform="pandas")
    res = cross_validate(model, X, y, cv=cv, scoring=SCORING, return_estimator=True)
    print("\nstacked pipeline")
    print(summarize(res).to_string())

    fitted = res["estimator"][int(np.argmax(res["test_auc"]))]
    stack = fitted[-1]
    weights = pd.Series(stack.final_estimator_.coef_.ravel(),
                        index=[f"{n}" for n, _ in stack.estimators])
    print("\nmeta weights\n" + weights.round(3).to_string())

    feat_names = fitted[0].get_feature_names_out()
    for name in ("hgb", "rf"):
        tree_imp = pd.Series(stack.named_estimators_[name].feature_importances_, index=feat_names)
        print(f"\n{name} top features\n" + tree_imp.nlargest(6).round(4).to_string())

    model.fit(X, y)
    imp = permutation_importance(model, X, y, scoring="roc_auc", n_repeats=3,
                                 random_state=SEED, n_jobs=1)
    top = pd.Series(imp.importances_mean, index=X.columns).sort_values(ascending=False).head(8)
    print("\npermutation importance (auc drop)\n" + top.round(4).to_string())

    sub = pd.DataFrame({"id": ids, TARGET: model.predict_proba(X_test)[:, 1]})
    OUT.mkdir(exist_ok=True)
    sub.to_csv(OUT / "submission.csv", index=False)
    print(f"\nsaved {len(sub)} rows, mean p={sub[TARGET].mean():.3f}")


if __name__ == "__main__":
    main()
