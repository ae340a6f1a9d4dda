"""Multi-label health-insurance outcomes (health, limit, insurance).

One logistic regression per label, wrapped in MultiOutputClassifier behind
a shared preprocessing ColumnTransformer. Metric: mean column-wise AUC.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.compose import ColumnTransformer, make_column_selector
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.multioutput import MultiOutputClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, SplineTransformer

logger = logging.getLogger(__name__)


@dataclass
class Config:
    input_dir: Path = Path("input")
    submission: Path = Path("submission/submission.csv")
    artifacts: Path = Path("artifacts")
    labels: list[str] = field(default_factory=lambda: ["health", "limit", "insurance"])
    valid_size: float = 0.25
    seed: int = 8
    C: float = 0.3


class FamilyBucket(BaseEstimator, TransformerMixin):
    """Caps very large family sizes so rare values do not dominate."""

    def __init__(self, cap: int = 7):
        self.cap = cap

    def fit(self, X, y=None):
        return self

    def transform(self, X: pd.DataFrame) -> pd.DataFrame:
        X = X.copy()
        X["family"] = X["family"].clip(upper=self.cap)
        return X


def build(cfg: Config) -> Pipeline:
    pre = ColumnTransformer([
        ("age", SplineTransformer(n_knots=5, degree=3), ["age"]),
        ("family", "passthrough", ["family"]),
        ("cats", OneHotEncoder(handle_unknown="ignore", min_frequency=20), make_column_selector(dtype_include="str")),
    ])
    base = LogisticRegression(C=cfg.C, max_iter=2000, class_weight="balanced")
    return Pipeline([("bucket", FamilyBucket()), ("pre", pre), ("clf", MultiOutputClassifier(base))])


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = Config()
    cfg.artifacts.mkdir(parents=True, exist_ok=True)

    train = pd.read_csv(cfg.input_dir / "train.csv")
    test = pd.read_csv(cfg.input_dir / "test.csv")
    features = [c for c in test.columns if c != "id"]
    X, Y = train[features], train[cfg.labels]

    X_tr, X_va, Y_tr, Y_va = train_test_split(X, Y, test_size=cfg.valid_size, random_state=cfg.seed)
    model = build(cfg).fit(X_tr, Y_tr)
    proba = model.predict_proba(X_va)
    aucs = {lab: roc_auc_score(Y_va[lab], proba[:, i]) for i, lab in enumerate(cfg.labels)}
    for lab, auc in aucs.items():
        logger.info("AUC %-9s %.4f", lab, auc)
    mean_auc = float(np.mean(list(aucs.values())))
    print(f"Validation mean AUC: {mean_auc:.4f}")

    final = build(cfg).fit(X, Y)
    test_proba = final.predict_proba(test[features])
    sub = pd.DataFrame({"id": test["id"]})
    for i, lab in enumerate(cfg.labels):
        sub[lab] = test_proba[i][:, 1]
    sub.to_csv(cfg.submission, index=False)

    joblib.dump(final, cfg.artifacts / "multioutput_logreg.joblib")
    (cfg.artifacts / "metrics.json").write_text(json.dumps({"auc": aucs, "mean_auc": mean_auc}, indent=2))


if __name__ == "__main__":
    main()
