"""HPC job runtime class (VF/F/M/L) with LightGBM's scikit-learn wrapper.

A ColumnTransformer handles encoding/log-scaling; LGBMClassifier is
early-stopped on a stratified validation split and scored by macro F1.
"""
from __future__ import annotations

import json
import logging
from pathlib import Path

import joblib
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.compose import ColumnTransformer
from sklearn.metrics import f1_score
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import FunctionTransformer, OrdinalEncoder

DATA = Path("input")
SUBMISSION = Path("submission/submission.csv")
REPORT_DIR = Path("report")
TARGET = "class"
SEED = 99

COUNT_COLS = ["compounds", "input_fields", "iterations", "num_pending"]
OTHER_NUM = ["hour"]
CAT_COLS = ["protocol", "day"]

logger = logging.getLogger("hpc")


def make_preprocessor() -> ColumnTransformer:
    return ColumnTransformer(
        [
            ("counts", FunctionTransformer(np.log1p, feature_names_out="one-to-one"), COUNT_COLS),
            ("num", "passthrough", OTHER_NUM),
            ("cat", OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1), CAT_COLS),
        ],
        verbose_feature_names_out=False,
    )


def make_classifier() -> LGBMClassifier:
    return LGBMClassifier(
        n_estimators=3000,
        learning_rate=0.03,
        num_leaves=31,
        min_child_samples=10,
        subsample=0.8,
        subsample_freq=1,
        colsample_bytree=0.9,
        class_weight="balanced",
        random_state=SEED,
        n_jobs=2,
        verbose=-1,
    )


def save_importance(clf: LGBMClassifier, names: list[str], path: Path) -> None:
    order = np.argsort(clf.feature_importances_)
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.barh(np.array(names)[order], clf.feature_importances_[order])
    ax.set_xlabel("split count")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s - %(name)s - %(message)s")
    REPORT_DIR.mkdir(exist_ok=True)

    train = pd.read_csv(DATA / "train.csv")
    test = pd.read_csv(DATA / "test.csv")
    features = COUNT_COLS + OTHER_NUM + CAT_COLS

    tr_df, va_df = train_test_split(train, test_size=0.2, stratify=train[TARGET], random_state=SEED)
    pre = make_preprocessor().fit(tr_df[features])
    X_tr, X_va = pre.transform(tr_df[features]), pre.transform(va_df[features])
    names = list(pre.get_feature_names_out())

    clf = make_classifier()
    clf.fit(
        X_tr, tr_df[TARGET],
        eval_set=[(X_va, va_df[TARGET])],
        eval_metric="multi_logloss",
        early_stopping_rounds=100,
        verbose=200,
    )
    logger.info("best iteration: %s", clf.best_iteration_)
    va_pred = clf.predict(X_va)
    macro_f1 = f1_score(va_df[TARGET], va_pred, average="macro")
    print(f"Validation macro F1: {macro_f1:.4f}")
    save_importance(clf, names, REPORT_DIR / "importance.png")

    pre_full = make_preprocessor().fit(train[features])
    final = make_classifier().set_params(n_estimators=clf.best_iteration_)
    final.fit(pre_full.transform(train[features]), train[TARGET])
    preds = final.predict(pre_full.transform(test[features]))
    pd.DataFrame({"id": test["id"], TARGET: preds}).to_csv(SUBMISSION, index=False)

    joblib.dump({"preprocessor": pre_full, "model": final}, REPORT_DIR / "model.joblib")
    (REPORT_DIR / "metrics.json").write_text(json.dumps({"val_macro_f1": macro_f1}, indent=2))


if __name__ == "__main__":
    main()
