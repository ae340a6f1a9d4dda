"""doctor-visits: one LGBMRegressor per count target, trained on log1p, KFold RMSLE."""
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
from lightgbm import LGBMRegressor
from sklearn.model_selection import KFold

logger = logging.getLogger("doctor_lgbm")

TARGETS: list[str] = ["visits", "ovisits", "emergency", "hospital"]
BINARY_MAP: dict[str, dict[str, int]] = {
    "adl": {"normal": 0, "limited": 1},
    "afam": {"no": 0, "yes": 1},
    "gender": {"female": 0, "male": 1},
    "married": {"no": 0, "yes": 1},
    "employed": {"no": 0, "yes": 1},
    "insurance": {"no": 0, "yes": 1},
    "medicaid": {"no": 0, "yes": 1},
}
HEALTH_ORDER = {"excellent": 0, "average": 1, "poor": 2}


def parse_args() -> argparse.Namespace:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data-dir", type=Path, default=Path("input"))
    ap.add_argument("--submission-dir", type=Path, default=Path("submission"))
    ap.add_argument("--artifacts-dir", type=Path, default=Path("artifacts"))
    ap.add_argument("--n-splits", type=int, default=4)
    ap.add_argument("--n-estimators", type=int, default=300)
    ap.add_argument("--learning-rate", type=float, default=0.03)
    ap.add_argument("--num-leaves", type=int, default=8)
    ap.add_argument("--seed", type=int, default=99)
    return ap.parse_args()


def prepare(df: pd.DataFrame) -> pd.DataFrame:
    X = df.drop(columns=["id"] + [t for t in TARGETS if t in df.columns]).copy()
    for col, mapping in BINARY_MAP.items():
        X[col] = X[col].map(mapping).astype(int)
    X["health"] = X["health"].map(HEALTH_ORDER).astype(int)
    X["region"] = X["region"].astype("category")
    X["income_clip"] = X["income"].clip(lower=0, upper=X["income"].quantile(0.99))
    X["chronic_x_poor"] = X["chronic"] * (X["health"] == 2)
    return X


def make_model(cfg: dict[str, Any]) -> LGBMRegressor:
    return LGBMRegressor(
        n_estimators=cfg["n_estimators"],
        learning_rate=cfg["learning_rate"],
        num_leaves=cfg["num_leaves"],
        min_child_samples=30,
        subsample=0.8,
        subsample_freq=1,
        colsample_bytree=0.8,
        reg_lambda=1.0,
        n_jobs=2,
        random_state=cfg["seed"],
        verbose=-1,
    )


def rmsle_from_log(y_log: np.ndarray, pred_log: np.ndarray) -> float:
    return float(np.sqrt(np.mean((np.clip(pred_log, 0, None) - y_log) ** 2)))


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO,
                        format="%(asctime)s %(levelname)s [%(name)s] %(message)s")
    args = parse_args()
    cfg = {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()}
    args.artifacts_dir.mkdir(parents=True, exist_ok=True)
    (args.artifacts_dir / "config.json").write_text(json.dumps(cfg, indent=2))

    train = pd.read_csv(args.data_dir / "train.csv")
    test = pd.read_csv(args.data_dir / "test.csv")
    X, X_test = prepare(train), prepare(test)
    X_test["region"] = pd.Categorical(X_test["region"], categories=X["region"].cat.categories)
    logger.info("features: %s", list(X.columns))

    kf = KFold(n_splits=args.n_splits, shuffle=True, random_state=args.seed)
    per_target: dict[str, float] = {}
    submission = pd.DataFrame({"id": test["id"]})
    for target in TARGETS:
        y_log = np.log1p(train[target].to_numpy(dtype=float))
        oof = np.zeros(len(X))
        for tr_idx, va_idx in kf.split(X):
            model = make_model(cfg)
            model.fit(X.iloc[tr_idx], y_log[tr_idx])
            oof[va_idx] = model.predict(X.iloc[va_idx])
        per_target[target] = rmsle_from_log(y_log, oof)
        logger.info("%-10s CV RMSLE %.4f", target, per_target[target])

        final = make_model(cfg).fit(X, y_log)
        joblib.dump(final, args.artifacts_dir / f"lgbm_{target}.joblib")
        submission[target] = np.clip(np.expm1(final.predict(X_test)), 0, None)

    mean_rmsle = float(np.mean(list(per_target.values())))
    args.submission_dir.mkdir(parents=True, exist_ok=True)
    submission.to_csv(args.submission_dir / "submission.csv", index=False)
    (args.artifacts_dir / "metrics.json").write_text(
        json.dumps({"rmsle_per_target": per_target, "rmsle_mean": mean_rmsle}, indent=2))
    print(f"CV RMSLE: {mean_rmsle:.4f}")


if __name__ == "__main__":
    main()
