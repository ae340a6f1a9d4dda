"""Credit scoring (bad = 1): baseline models, then a round with affordability ratios. Metric: log loss."""
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
from sklearn.metrics import log_loss, roc_auc_score
from sklearn.model_selection import StratifiedKFold, cross_val_predict, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, QuantileTransformer

DATA = Path("input")
SUBM = Path("submission")
TARGET = "Status"
SEED = 99


class Affordability(BaseEstimator, TransformerMixin):
    """Ratios a credit analyst would look at; denominators are floored to avoid inf."""

    RATIOS = {
        "loan_to_price": ("Amount", "Price"),
        "debt_to_assets": ("Debt", "Assets"),
        "exp_to_income": ("Expenses", "Income"),
        "amount_to_income": ("Amount", "Income"),
    }

    def fit(self, X: pd.DataFrame, y=None) -> "Affordability":
        self.feature_names_in_ = np.asarray(X.columns, dtype=object)
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        for name, (num, den) in self.RATIOS.items():
            X[name] = X[num] / X[den].clip(lower=1)
        X["monthly_payment"] = X["Amount"] / X["Time"]
        X["free_income"] = X["Income"] - X["Expenses"] - X["monthly_payment"]
        return X

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        return np.asarray([*self.feature_names_in_, *self.RATIOS, "free_income"], dtype=object)


def base_prep() -> object:
    return make_column_transformer(
        (make_pipeline(SimpleImputer(strategy="median", add_indicator=True),
                       QuantileTransformer(n_quantiles=200, output_distribution="normal")),
         make_column_selector(dtype_include=np.number)),
        (make_pipeline(SimpleImputer(strategy="most_frequent"),
                       OneHotEncoder(handle_unknown="ignore", sparse_output=False)),
         make_column_selector(dtype_include=object)),
        verbose_feature_names_out=False,
    )


def models() -> dict[str, object]:
    return {
        "logreg": LogisticRegression(C=0.5, max_iter=3000),
        "rf_sigmoid": CalibratedClassifierCV(
            RandomForestClassifier(n_estimators=200, min_samples_leaf=4, random_state=SEED, n_jobs=1),
            method="sigmoid", cv=3),
        "hgb": HistGradientBoostingClassifier(max_iter=200, learning_rate=0.04, max_leaf_nodes=15,
                                              l2_regularization=1.0, random_state=SEED),
    }


def main() -> None:
    train = pd.read_csv(DATA / "train.csv")
    test = pd.read_csv(DATA / "test.csv")
    X, y = train.drop(columns=["id", TARGET]), train[TARGET]
    X_test = test.drop(columns=["id"])
    print(f"train {X.shape} test {X_test.shape} bad rate {y.mean():.4f}")
    print("NaN counts:", X.isna().sum()[lambda s: s > 0].to_dict())
    print(f"prior log loss: {log_loss(y, np.full(len(y), y.mean())):.4f}")

    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)
    scoring = {"logloss": "neg_log_loss", "auc": "roc_auc"}

    rows = []
    for name, est in models().items():
        pipe = make_pipeline(base_prep(), clone(est)).set_output(transform="pandas")
        r = cross_validate(pipe, X, y, cv=cv, scoring=scoring, n_jobs=1)
        rows.append((name, -r["test_logloss"].mean(), r["test_logloss"].std(), r["test_auc"].mean(),
                     r["fit_time"].mean()))
        print(f"  {name:<11} logloss={rows[-1][1]:.4f}  auc={rows[-1][3]:.4f}")
    board = pd.DataFrame(rows, columns=["model", "logloss", "sd", "auc", "fit_s"]).set_index("model")
    board = board.sort_values("logloss")
    print("\nround 1 (raw features)")
    print(board.round(4).to_string())

    best_name = board.index[0]
    print(f"\nround 2: {best_name} + affordability ratios")
    fe_pipe = make_pipeline(Affordability(), base_prep(), clone(models()[best_name]))
    fe_pipe.set_output(transform="pandas")
    oof = cross_val_predict(fe_pipe, X, y, cv=cv, method="predict_proba", n_jobs=1)[:, 1]
    fe_ll = log_loss(y, oof)
    print(f"OOF logloss with ratios: {fe_ll:.4f}  auc {roc_auc_score(y, oof):.4f}")

    final = fe_pipe if fe_ll < board.loc[best_name, "logloss"] else \
        make_pipeline(base_prep(), clone(models()[best_name])).set_output(transform="pandas")
    final.fit(X, y)
    p = np.clip(final.predict_proba(X_test)[:, 1], 1e-4, 1 - 1e-4)

    SUBM.mkdir(exist_ok=True)
    pd.DataFrame({"id": test["id"], TARGET: p}).to_csv(SUBM / "submission.csv", index=False)
    print(f"submission saved ({len(p)} rows), mean p = {p.mean():.4f}")


if __name__ == "__main__":
    main()
