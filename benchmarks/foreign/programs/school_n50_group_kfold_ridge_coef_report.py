"""Math achievement regression with school-grouped cross-validation.

Students from the same school never appear in both the fit and the
validation fold (GroupKFold on School), which mirrors the unseen schools
in the test set.
"""
from __future__ import annotations

import json
import logging
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import Ridge
from sklearn.metrics import root_mean_squared_error
from sklearn.model_selection import GroupKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, PolynomialFeatures, StandardScaler

logging.basicConfig(level=logging.INFO, format="%(levelname)s %(funcName)s: %(message)s")
log = logging.getLogger("school")

SETTINGS = {
    "input_dir": Path("input"),
    "output_csv": Path("submission/submission.csv"),
    "artifact_dir": Path("artifacts"),
    "target": "MathAch",
    "group": "School",
    "categorical": ["Minority", "Sex"],
    "numeric": ["SES", "MEANSES"],
    "alpha": 10.0,
    "n_splits": 5,
}


def add_school_context(df: pd.DataFrame) -> pd.DataFrame:
    out = df.copy()
    out["SES_centered"] = out["SES"] - out["MEANSES"]
    return out


def build_pipeline(alpha: float) -> Pipeline:
    numeric = SETTINGS["numeric"] + ["SES_centered"]
    pre = ColumnTransformer(
        [
            ("num", Pipeline([("poly", PolynomialFeatures(degree=2, include_bias=False)),
                              ("scale", StandardScaler())]), numeric),
            ("cat", OneHotEncoder(drop="if_binary"), SETTINGS["categorical"]),
        ]
    )
    return Pipeline([("pre", pre), ("ridge", Ridge(alpha=alpha))])


def grouped_cv(X: pd.DataFrame, y: pd.Series, groups: pd.Series) -> list[float]:
    scores: list[float] = []
    for k, (tr, va) in enumerate(GroupKFold(n_splits=SETTINGS["n_splits"]).split(X, y, groups)):
        model = build_pipeline(SETTINGS["alpha"]).fit(X.iloc[tr], y.iloc[tr])
        rmse = root_mean_squared_error(y.iloc[va], model.predict(X.iloc[va]))
        log.info("fold %d: %d schools held out, RMSE %.4f", k, groups.iloc[va].nunique(), rmse)
        scores.append(rmse)
    return scores


def coefficient_table(model: Pipeline) -> pd.Series:
    names = model.named_steps["pre"].get_feature_names_out()
    return pd.Series(model.coef_, index=names).sort_values(key=np.abs, ascending=False)


def main() -> None:
    cfg = SETTINGS
    cfg["artifact_dir"].mkdir(parents=True, exist_ok=True)
    train = add_school_context(pd.read_csv(cfg["input_dir"] / "train.csv"))
    test = add_school_context(pd.read_csv(cfg["input_dir"] / "test.csv"))
    features = cfg["numeric"] + ["SES_centered"] + cfg["categorical"]

    X, y, groups = train[features], train[cfg["target"]], train[cfg["group"]]
    scores = grouped_cv(X, y, groups)
    print(f"GroupKFold RMSE: {np.mean(scores):.4f} +/- {np.std(scores):.4f}")

    model = build_pipeline(cfg["alpha"]).fit(X, y)
    coefs = coefficient_table(model)
    log.info("top coefficients:\n%s", coefs.head(8).to_string())

    pred = model.predict(test[features])
    pd.DataFrame({"id": test["id"], cfg["target"]: pred}).to_csv(cfg["output_csv"], index=False)
    joblib.dump(model, cfg["artifact_dir"] / "ridge.joblib")
    report = {"group_cv_rmse": scores, "coefficients": coefs.round(4).to_dict()}
    (cfg["artifact_dir"] / "metrics.json").write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
