"""Health insurance survey: three binary labels, one model choice per label by CV AUC."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.calibration import CalibratedClassifierCV
from sklearn.compose import make_column_selector, make_column_transformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, OrdinalEncoder, SplineTransformer, StandardScaler

IN = Path("input")
OUT = Path("submission")
TARGETS = ["health", "limit", "insurance"]
SEED = 21
EDU_ORDER = ["none", "highschool", "ged", "other", "bachelor", "master", "phd"]


class EducationRank(BaseEstimator, TransformerMixin):
    """Adds an ordinal education rank next to the raw category (unknown levels -> -1)."""

    def fit(self, X: pd.DataFrame, y=None) -> "EducationRank":
        self.feature_names_in_ = np.asarray(X.columns, dtype=object)
        self.levels_ = [lvl for lvl in EDU_ORDER if lvl in set(X["education"])]
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        rank = {lvl: i for i, lvl in enumerate(self.levels_)}
        X["edu_rank"] = X["education"].map(rank).fillna(-1).astype(float)
        X["per_capita"] = 1.0 / X["family"].clip(lower=1)
        return X

    def get_feature_names_out(self, input_features=None) -> np.ndarray:
        return np.asarray([*self.feature_names_in_, "edu_rank", "per_capita"], dtype=object)


def linear_prep() -> object:
    return make_pipeline(EducationRank(), make_column_transformer(
        (SplineTransformer(n_knots=5, degree=3), ["age"]),
        (StandardScaler(), ["family", "edu_rank", "per_capita"]),
        (OneHotEncoder(handle_unknown="ignore", sparse_output=False), make_column_selector(dtype_include=object)),
        verbose_feature_names_out=False,
    ))


def tree_prep() -> object:
    return make_pipeline(EducationRank(), make_column_transformer(
        (OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1),
         make_column_selector(dtype_include=object)),
        remainder="passthrough",
        verbose_feature_names_out=False,
    ))


def candidates() -> dict[str, object]:
    return {
        "logreg": make_pipeline(linear_prep(), LogisticRegression(C=0.3, max_iter=3000)),
        "hgb_cal": make_pipeline(tree_prep(), CalibratedClassifierCV(
            HistGradientBoostingClassifier(max_iter=80, learning_rate=0.08, max_leaf_nodes=15,
                                           min_samples_leaf=40, categorical_features="from_dtype",
                                           random_state=SEED),
            method="isotonic", cv=3)),
    }


def score_all(X: pd.DataFrame, Y: pd.DataFrame) -> pd.DataFrame:
    cv = StratifiedKFold(n_splits=3, shuffle=True, random_state=SEED)
    rows = []
    for target in TARGETS:
        for name, model in candidates().items():
            res = cross_validate(model.set_output(transform="pandas"), X, Y[target], cv=cv,
                                 scoring={"auc": "roc_auc", "brier": "neg_brier_score"}, n_jobs=1)
            rows.append({"target": target, "model": name,
                         "auc": res["test_auc"].mean(), "auc_sd": res["test_auc"].std(),
                         "brier": -res["test_brier"].mean()})
    return pd.DataFrame(rows)


def main() -> None:
    train = pd.read_csv(IN / "train.csv")
    test = pd.read_csv(IN / "test.csv")
    X = train.drop(columns=["id", *TARGETS])
    Y = train[TARGETS]
    print(f"train {X.shape}, test {test.shape}")
    print("positive rates:", Y.mean().round(3).to_dict())

    board = score_all(X, Y)
    print("\n" + board.pivot(index="model", columns="target", values="auc").round(4).to_string())
    best = board.loc[board.groupby("target")["auc"].idxmax()].set_index("target")
    print("\nbest per target:")
    print(best[["model", "auc", "auc_sd", "brier"]].round(4).to_string())
    print(f"mean column AUC (best models): {best['auc'].mean():.4f}")

    sub = pd.DataFrame({"id": test["id"]})
    X_test = test.drop(columns=["id"])
    for target in TARGETS:
        model = clone(candidates()[best.loc[target, "model"]]).set_output(transform="pandas")
        model.fit(X, Y[target])
        sub[target] = model.predict_proba(X_test)[:, 1]

    OUT.mkdir(exist_ok=True)
    sub.to_csv(OUT / "submission.csv", index=False)
    print(f"\nsubmission {sub.shape}:", sub[TARGETS].mean().round(3).to_dict())


if __name__ == "__main__":
    main()
