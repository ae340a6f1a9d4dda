"""Telco customer churn: logistic regression on auto-detected column types."""
from __future__ import annotations

import json
import logging
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import FunctionTransformer, OneHotEncoder, StandardScaler

CFG = {
    "input": Path("input"),
    "submission": Path("submission") / "submission.csv",
    "artifacts": Path("artifacts"),
    "target": "churn",
    "id": "id",
    "folds": 5,
    "seed": 11,
    "C": 0.5,
}

logger = logging.getLogger("churn")


def infer_column_types(df: pd.DataFrame) -> tuple[list[str], list[str]]:
    categorical = [c for c in df.columns if df[c].dtype == object]
    numeric = [c for c in df.columns if c not in categorical]
    logger.info("detected %d numeric / %d categorical columns", len(numeric), len(categorical))
    return numeric, categorical


def add_tenure_features(X: pd.DataFrame) -> pd.DataFrame:
    X = X.copy()
    X["charges_per_month"] = X["total_charges"] / X["tenure"].clip(lower=1)
    return X


def build_model(numeric: list[str], categorical: list[str]) -> Pipeline:
    numeric = numeric + ["charges_per_month"]
    pre = ColumnTransformer(
        [
            ("num", Pipeline([("imp", SimpleImputer(strategy="median")), ("sc", StandardScaler())]), numeric),
            ("cat", OneHotEncoder(handle_unknown="ignore"), categorical),
        ]
    )
    return Pipeline(
        [
            ("fe", FunctionTransformer(add_tenure_features)),
            ("pre", pre),
            ("lr", LogisticRegression(C=CFG["C"], max_iter=1000)),
        ]
    )


def cross_validated_auc(X: pd.DataFrame, y: pd.Series, numeric: list[str], categorical: list[str]) -> list[float]:
    skf = StratifiedKFold(n_splits=CFG["folds"], shuffle=True, random_state=CFG["seed"])
    scores = []
    for fold, (tr, va) in enumerate(skf.split(X, y), start=1):
        model = build_model(numeric, categorical)
        model.fit(X.iloc[tr], y.iloc[tr])
        auc = roc_auc_score(y.iloc[va], model.predict_proba(X.iloc[va])[:, 1])
        logger.info("fold %d AUC %.4f", fold, auc)
        scores.append(auc)
    return scores


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    CFG["artifacts"].mkdir(parents=True, exist_ok=True)

    train = pd.read_csv(CFG["input"] / "train.csv")
    test = pd.read_csv(CFG["input"] / "test.csv")
    X = train.drop(columns=[CFG["id"], CFG["target"]])
    y = train[CFG["target"]]
    numeric, categorical = infer_column_types(X)

    scores = cross_validated_auc(X, y, numeric, categorical)
    print(f"CV AUC: {np.mean(scores):.4f} (+/- {np.std(scores):.4f})")

    model = build_model(numeric, categorical).fit(X, y)
    proba = model.predict_proba(test[X.columns])[:, 1]
    pd.DataFrame({CFG["id"]: test[CFG["id"]], CFG["target"]: proba}).to_csv(CFG["submission"], index=False)

    joblib.dump(model, CFG["artifacts"] / "churn_logreg.joblib")
    (CFG["artifacts"] / "metrics.json").write_text(json.dumps({"cv_auc": scores}, indent=2))


if __name__ == "__main__":
    main()
