"""HPC job runtime class: HistGradientBoosting with stratified CV, f1_macro."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from typing import Any

import joblib
import numpy as np
import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import f1_score
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import LabelEncoder

logger = logging.getLogger("hpc_hgb")

CATEGORICAL = ["protocol", "day"]
NUMERIC = ["compounds", "input_fields", "iterations", "num_pending", "hour"]
TARGET = "class"
ID_COL = "id"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="HGB baseline for hpc-jobs")
    parser.add_argument("--data-dir", type=Path, default=Path("input"))
    parser.add_argument("--out-dir", type=Path, default=Path("submission"))
    parser.add_argument("--artifacts-dir", type=Path, default=Path("artifacts"))
    parser.add_argument("--n-splits", type=int, default=3)
    parser.add_argument("--learning-rate", type=float, default=0.1)
    parser.add_argument("--max-iter", type=int, default=120)
    parser.add_argument("--max-leaf-nodes", type=int, default=31)
    parser.add_argument("--seed", type=int, default=17)
    return parser.parse_args()


def add_features(df: pd.DataFrame) -> pd.DataFrame:
    out = df.copy()
    out["log_compounds"] = np.log1p(out["compounds"])
    out["log_input_fields"] = np.log1p(out["input_fields"])
    out["log_pending"] = np.log1p(out["num_pending"])
    out["work_units"] = np.log1p(out["compounds"] * out["iterations"])
    out["fields_per_compound"] = out["input_fields"] / out["compounds"].clip(lower=1)
    for col in CATEGORICAL:
        out[col] = out[col].astype("category")
    return out


def align_categories(train: pd.DataFrame, test: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    for col in CATEGORICAL:
        cats = sorted(set(train[col].astype(str)) | set(test[col].astype(str)))
        train[col] = pd.Categorical(train[col].astype(str), categories=cats)
        test[col] = pd.Categorical(test[col].astype(str), categories=cats)
    return train, test


def build_model(cfg: dict[str, Any]) -> HistGradientBoostingClassifier:
    return HistGradientBoostingClassifier(
        learning_rate=cfg["learning_rate"],
        max_iter=cfg["max_iter"],
        max_leaf_nodes=cfg["max_leaf_nodes"],
        categorical_features="from_dtype",
        class_weight="balanced",
        l2_regularization=0.5,
        random_state=cfg["seed"],
    )


def cross_validate(X: pd.DataFrame, y: np.ndarray, cfg: dict[str, Any]) -> list[float]:
    skf = StratifiedKFold(n_splits=cfg["n_splits"], shuffle=True, random_state=cfg["seed"])
    scores: list[float] = []
    for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
        model = build_model(cfg)
        model.fit(X.iloc[tr_idx], y[tr_idx])
        pred = model.predict(X.iloc[va_idx])
        score = f1_score(y[va_idx], pred, average="macro")
        logger.info("fold %d f1_macro=%.4f (iters=%d)", fold, score, model.n_iter_)
        scores.append(float(score))
    return scores


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    args = parse_args()
    cfg: dict[str, Any] = {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}

    args.artifacts_dir.mkdir(parents=True, exist_ok=True)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    (args.artifacts_dir / "config.json").write_text(json.dumps(cfg, indent=2))

    train = pd.read_csv(args.data_dir / "train.csv")
    test = pd.read_csv(args.data_dir / "test.csv")
    logger.info("train=%s test=%s", train.shape, test.shape)

    train_f = add_features(train)
    test_f = add_features(test)
    train_f, test_f = align_categories(train_f, test_f)
    features = [c for c in train_f.columns if c not in (ID_COL, TARGET)]

    encoder = LabelEncoder()
    y = encoder.fit_transform(train[TARGET])
    logger.info("classes: %s", list(encoder.classes_))

    scores = cross_validate(train_f[features], y, cfg)
    mean_f1 = float(np.mean(scores))
    logger.info("Validation f1_macro: %.4f (+/- %.4f)", mean_f1, float(np.std(scores)))

    final_model = build_model(cfg)
    final_model.fit(train_f[features], y)
    joblib.dump(final_model, args.artifacts_dir / "hgb_model.joblib")

    preds = encoder.inverse_transform(final_model.predict(test_f[features]))
    submission = pd.DataFrame({ID_COL: test[ID_COL], TARGET: preds})
    submission.to_csv(args.out_dir / "submission.csv", index=False)

    metrics = {"f1_macro_folds": scores, "f1_macro_mean": mean_f1,
               "pred_distribution": submission[TARGET].value_counts().to_dict()}
    (args.artifacts_dir / "metrics.json").write_text(json.dumps(metrics, indent=2))
    logger.info("wrote %d rows to %s", len(submission), args.out_dir / "submission.csv")
    print(f"Validation f1_macro: {mean_f1:.4f}")


if __name__ == "__main__":
    main()
