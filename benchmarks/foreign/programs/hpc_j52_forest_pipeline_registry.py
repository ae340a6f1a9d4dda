"""hpc-jobs: random forest pipeline with a holdout split and a small model registry layout."""
from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from pathlib import Path
from typing import Any

import joblib
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import classification_report, f1_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import FunctionTransformer, OrdinalEncoder

LOG = logging.getLogger(__name__)

CAT_COLS: list[str] = ["protocol", "day"]
NUM_COLS: list[str] = ["compounds", "input_fields", "iterations", "num_pending", "hour"]


def get_args() -> argparse.Namespace:
    p = argparse.ArgumentParser()
    p.add_argument("--input", type=Path, default=Path("./input"))
    p.add_argument("--submission", type=Path, default=Path("./submission/submission.csv"))
    p.add_argument("--artifacts", type=Path, default=Path("./artifacts"))
    p.add_argument("--run-name", type=str, default="rf_v3")
    p.add_argument("--n-estimators", type=int, default=300)
    p.add_argument("--min-samples-leaf", type=int, default=2)
    p.add_argument("--valid-size", type=float, default=0.2)
    p.add_argument("--seed", type=int, default=2024)
    return p.parse_args()


def log_transform(X: np.ndarray) -> np.ndarray:
    return np.log1p(np.asarray(X, dtype=float))


def make_pipeline(cfg: dict[str, Any]) -> Pipeline:
    pre = ColumnTransformer(
        transformers=[
            ("cat", OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1), CAT_COLS),
            ("num", FunctionTransformer(log_transform), NUM_COLS),
        ],
        remainder="drop",
    )
    rf = RandomForestClassifier(
        n_estimators=cfg["n_estimators"],
        min_samples_leaf=cfg["min_samples_leaf"],
        class_weight="balanced_subsample",
        n_jobs=2,
        random_state=cfg["seed"],
    )
    return Pipeline([("pre", pre), ("rf", rf)])


def save_json(obj: dict[str, Any], path: Path) -> None:
    path.write_text(json.dumps(obj, indent=2, default=str))
    LOG.info("saved %s", path)


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO,
                        format="[%(levelname)s] %(message)s")
    args = get_args()
    cfg: dict[str, Any] = {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()}

    args.artifacts.mkdir(exist_ok=True)
    save_json(cfg, args.artifacts / "config.json")

    train = pd.read_csv(args.input / "train.csv")
    test = pd.read_csv(args.input / "test.csv")
    LOG.info("loaded train %s, test %s", train.shape, test.shape)

    X = train[CAT_COLS + NUM_COLS]
    y = train["class"]
    X_tr, X_va, y_tr, y_va = train_test_split(
        X, y, test_size=args.valid_size, stratify=y, random_state=args.seed
    )

    t0 = time.perf_counter()
    pipe = make_pipeline(cfg)
    pipe.fit(X_tr, y_tr)
    va_pred = pipe.predict(X_va)
    f1 = f1_score(y_va, va_pred, average="macro")
    LOG.info("holdout fit took %.1fs", time.perf_counter() - t0)
    LOG.info("\n%s", classification_report(y_va, va_pred, digits=3))
    print(f"Validation f1_macro: {f1:.4f}")

    save_json({"f1_macro_holdout": float(f1), "n_train": len(X_tr), "n_valid": len(X_va)},
              args.artifacts / "metrics.json")

    LOG.info("refitting on all %d rows", len(X))
    final = make_pipeline(cfg)
    final.fit(X, y)

    model_path = args.artifacts / "models" / f"{args.run_name}.joblib"
    joblib.dump(final, model_path)
    LOG.info("model stored at %s", model_path)

    args.submission.parent.mkdir(parents=True, exist_ok=True)
    sub = pd.DataFrame({"id": test["id"], "class": final.predict(test[CAT_COLS + NUM_COLS])})
    sub.to_csv(args.submission, index=False)
    LOG.info("submission written: %s", sub["class"].value_counts().to_dict())


if __name__ == "__main__":
    main()
