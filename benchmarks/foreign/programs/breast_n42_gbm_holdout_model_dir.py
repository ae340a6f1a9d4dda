"""Breast cancer diagnosis: gradient boosting with a held-out validation split."""
import json
import logging
import sys
from pathlib import Path
from typing import Dict

import joblib
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import RocCurveDisplay, roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import FunctionTransformer

CONFIG: Dict = {
    "data_dir": Path("./input"),
    "submission_path": Path("./submission/submission.csv"),
    "model_dir": Path("./models/breast_hgb"),
    "target": "diagnosis",
    "test_size": 0.2,
    "seed": 7,
    "params": {"learning_rate": 0.05, "max_iter": 300, "max_leaf_nodes": 15, "l2_regularization": 1.0},
}

log = logging.getLogger(__name__)


def log_area_features(X: pd.DataFrame) -> pd.DataFrame:
    X = X.copy()
    for col in [c for c in X.columns if "area" in c]:
        X[col] = np.log1p(X[col])
    return X


def make_model(params: Dict, seed: int) -> Pipeline:
    return Pipeline(
        steps=[
            ("log_area", FunctionTransformer(log_area_features)),
            ("hgb", HistGradientBoostingClassifier(random_state=seed, **params)),
        ]
    )


def save_roc(model: Pipeline, X: pd.DataFrame, y: pd.Series, path: Path) -> None:
    fig, ax = plt.subplots(figsize=(5, 5))
    RocCurveDisplay.from_estimator(model, X, y, ax=ax)
    ax.set_title("Validation ROC")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="[%(levelname)s] %(message)s")
    cfg = CONFIG

    train = pd.read_csv(cfg["data_dir"] / "train.csv")
    test = pd.read_csv(cfg["data_dir"] / "test.csv")
    feature_cols = [c for c in train.columns if c not in ("id", cfg["target"])]
    log.info("Using %d features", len(feature_cols))

    X_tr, X_va, y_tr, y_va = train_test_split(
        train[feature_cols],
        train[cfg["target"]],
        test_size=cfg["test_size"],
        stratify=train[cfg["target"]],
        random_state=cfg["seed"],
    )

    model = make_model(cfg["params"], cfg["seed"])
    model.fit(X_tr, y_tr)
    val_auc = roc_auc_score(y_va, model.predict_proba(X_va)[:, 1])
    log.info("Validation AUC: %.4f", val_auc)

    model_dir: Path = cfg["model_dir"]
    save_roc(model, X_va, y_va, model_dir / "roc_valid.png")

    final = make_model(cfg["params"], cfg["seed"])
    final.fit(train[feature_cols], train[cfg["target"]])
    joblib.dump(final, model_dir / "model.joblib")
    with open(model_dir / "metrics.json", "w") as fh:
        json.dump({"val_auc": val_auc, "params": cfg["params"]}, fh, indent=2)

    sub = pd.DataFrame({"id": test["id"], cfg["target"]: final.predict_proba(test[feature_cols])[:, 1]})
    cfg["submission_path"].parent.mkdir(parents=True, exist_ok=True)
    sub.to_csv(cfg["submission_path"], index=False)
    log.info("Saved submission with %d rows", len(sub))


if __name__ == "__main__":
    main()
