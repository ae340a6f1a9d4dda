"""HSB math achievement: grouped CV by school, school-context features, stacked regressors."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.compose import make_column_selector, make_column_transformer
from sklearn.ensemble import HistGradientBoostingRegressor, StackingRegressor
from sklearn.linear_model import RidgeCV
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import GroupKFold, GroupShuffleSplit, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, PolynomialFeatures, StandardScaler

INPUT = Path("input")
SUBMIT = Path("submission")
TARGET = "MathAch"
GROUP = "School"
SEED = 5


class SchoolContext(BaseEstimator, TransformerMixin):
    """School-level context computed from the rows themselves (no target):
    pupil SES relative to school mean, school size, minority share, share of girls."""

    def fit(self, X: pd.DataFrame, y=None) -> "SchoolContext":
        self.feature_names_in_ = np.asarray(X.columns, dtype=object)
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        g = X.groupby(GROUP)
        X["ses_rel"] = X["SES"] - X["MEANSES"]
        X["school_n"] = np.log(g["SES"].transform("size"))
        X["minority_share"] = g["Minority"].transform(lambda s: (s == "Yes").mean())
        X["female_share"] = g["Sex"].transform(lambda s: (s == "Female").mean())
        X["ses_sd"] = g["SES"].transform("std").fillna(0.0)
        return X.drop(columns=[GROUP])

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        keep = [c for c in self.feature_names_in_ if c != GROUP]
        return np.asarray(keep + ["ses_rel", "school_n", "minority_share", "female_share", "ses_sd"],
                          dtype=object)


def encode() -> object:
    return make_column_transformer(
        (OneHotEncoder(drop="if_binary", sparse_output=False), make_column_selector(dtype_include=object)),
        (StandardScaler(), make_column_selector(dtype_include=np.number)),
        verbose_feature_names_out=False,
    )


def build_models() -> dict[str, object]:
    ridge = make_pipeline(PolynomialFeatures(degree=2, include_bias=False), StandardScaler(),
                          RidgeCV(alphas=np.logspace(-2, 3, 15)))
    hgb = HistGradientBoostingRegressor(max_iter=250, learning_rate=0.04, max_leaf_nodes=15,
                                        min_samples_leaf=40, l2_regularization=1.0, random_state=SEED)
    stack = StackingRegressor(
        estimators=[("ridge", clone(ridge)), ("hgb", clone(hgb))],
        final_estimator=RidgeCV(alphas=np.logspace(-3, 2, 10)),
        cv=4,
    )
    return {"ridge_poly": ridge, "hgb": hgb, "stack": stack}


def with_prep(model) -> object:
    return make_pipeline(SchoolContext(), encode(), model).set_output(transform="pandas")


def main() -> None:
    train = pd.read_csv(INPUT / "train.csv")
    test = pd.read_csv(INPUT / "test.csv")
    X = train.drop(columns=["id", TARGET])
    y = train[TARGET]
    groups = train[GROUP]
    print(f"{len(train)} pupils in {groups.nunique()} schools; test has {test[GROUP].nunique()} schools")
    print(f"target mean {y.mean():.3f}  sd {y.std():.3f}")

    cv = GroupKFold(n_splits=5)
    scoring = {"rmse": "neg_root_mean_squared_error", "mae": "neg_mean_absolute_error", "r2": "r2"}
    rows = []
    for name, model in build_models().items():
        if name == "stack":
            continue
        res = cross_validate(with_prep(model), X, y, groups=groups, cv=cv, scoring=scoring, n_jobs=1)
        rows.append({"model": name, "rmse": -res["test_rmse"].mean(), "rmse_sd": res["test_rmse"].std(),
                     "mae": -res["test_mae"].mean(), "r2": res["test_r2"].mean()})
        print(f"  {name:<11s} fold rmse: " + " ".join(f"{-v:.3f}" for v in res["test_rmse"]))
    print(pd.DataFrame(rows).set_index("model").round(4).to_string())

    splitter = GroupShuffleSplit(n_splits=1, test_size=0.2, random_state=SEED)
    tr_idx, va_idx = next(splitter.split(X, y, groups))
    X_tr, X_va, y_tr, y_va = X.iloc[tr_idx], X.iloc[va_idx], y.iloc[tr_idx], y.iloc[va_idx]

    stack = build_models()["stack"]
    stack.set_params(cv=list(GroupKFold(n_splits=4).split(X_tr, y_tr, groups.iloc[tr_idx])))
    model = with_prep(stack).fit(X_tr, y_tr)
    va_pred = model.predict(X_va)
    print("\nstack weights:", dict(zip(["ridge", "hgb"], model[-1].final_estimator_.coef_.round(3))))
    holdout_rmse = mean_squared_error(y_va, va_pred, squared=False)
    print(f"holdout RMSE (unseen schools): {holdout_rmse:.4f}")

    final = build_models()["stack"]
    final.set_params(cv=list(GroupKFold(n_splits=4).split(X, y, groups)))
    final_model = with_prep(final).fit(X, y)
    pred = final_model.predict(test.drop(columns=["id"]))

    SUBMIT.mkdir(exist_ok=True)
    pd.DataFrame({"id": test["id"], TARGET: pred}).to_csv(SUBMIT / "submission.csv", index=False)
    print(f"saved submission: {len(pred)} rows, mean {pred.mean():.3f}")


if __name__ == "__main__":
    main()
