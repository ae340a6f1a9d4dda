"""telco-churn: gradient boosting on label-mapped services, holdout AUC then full refit."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split

logger = logging.getLogger(__name__)

SERVICE_COLS = ["multiple_lines", "online_security", "online_backup", "device_protection",
                "tech_support", "streaming_tv", "streaming_movies"]
CONTRACT_MAP = {"Month-to-month": 0, "One year": 1, "Two year": 2}
INTERNET_MAP = {"No": 0, "DSL": 1, "Fiber optic": 2}


def cli() -> argparse.Namespace:
    p = argparse.ArgumentParser()
    p.add_argument("--data-dir", type=Path, default=Path("input"))
    p.add_argument("--sub-dir", type=Path, default=Path("submission"))
    p.add_argument("--artifacts", type=Path, default=Path("artifacts"))
    p.add_argument("--n-estimators", type=int, default=200)
    p.add_argument("--learning-rate", type=float, default=0.05)
    p.add_argument("--max-depth", type=int, default=3)
    p.add_argument("--subsample", type=float, default=0.8)
    p.add_argument("--seed", type=int, default=7)
    return p.parse_args()


def encode(df: pd.DataFrame) -> pd.DataFrame:
    out = df.drop(columns=["id"]).copy()
    for col in SERVICE_COLS:
        out[col] = out[col].map({"Yes": 1, "No": 0}).fillna(-1).astype(int)
    out["contract"] = out["contract"].map(CONTRACT_MAP)
    out["internet_service"] = out["internet_service"].map(INTERNET_MAP)
    out["auto_pay"] = out["payment_method"].str.contains("automatic").astype(int)
    out["e_check"] = (out["payment_method"] == "Electronic check").astype(int)
    out = out.drop(columns=["payment_method"])
    out["n_services"] = (out[SERVICE_COLS] == 1).sum(axis=1)
    out["avg_charge"] = out["total_charges"] / np.maximum(out["tenure"], 1)
    return out


def load_training(path: Path) -> tuple[pd.DataFrame, pd.Series]:
    raw = pd.read_csv(path)
    before = len(raw)
    raw = raw.dropna(subset=["total_charges"]).reset_index(drop=True)
    logger.info("dropped %d rows with empty total_charges", before - len(raw))
    y = raw.pop("churn")
    return encode(raw), y


def main() -> None:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO,
                        format="%(asctime)s - %(name)s - %(levelname)s - %(message)s")
    args = cli()
    config = {k: (v.as_posix() if isinstance(v, Path) else v) for k, v in vars(args).items()}
    args.artifacts.mkdir(parents=True, exist_ok=True)
    (args.artifacts / "config.json").write_text(json.dumps(config, indent=2))

    X, y = load_training(args.data_dir / "train.csv")
    test_raw = pd.read_csv(args.data_dir / "test.csv")
    X_test = encode(test_raw)[X.columns]
    logger.info("X=%s X_test=%s positives=%.3f", X.shape, X_test.shape, y.mean())

    params = dict(n_estimators=args.n_estimators, learning_rate=args.learning_rate,
                  max_depth=args.max_depth, subsample=args.subsample, random_state=args.seed)
    X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=args.seed)
    gbm = GradientBoostingClassifier(**params).fit(X_tr, y_tr)
    auc = roc_auc_score(y_va, gbm.predict_proba(X_va)[:, 1])
    logger.info("Validation AUC: %.4f", auc)

    importances = pd.Series(gbm.feature_importances_, index=X.columns).sort_values(ascending=False)
    logger.info("top features:\n%s", importances.head(8).round(4).to_string())

    final = GradientBoostingClassifier(**params).fit(X, y)
    joblib.dump(final, args.artifacts / "gbm.joblib")
    (args.artifacts / "metrics.json").write_text(json.dumps({"holdout_auc": auc}, indent=2))

    test_proba = final.predict_proba(X_test)[:, 1]
    args.sub_dir.mkdir(parents=True, exist_ok=True)
    pd.DataFrame({"id": test_raw["id"], "churn": test_proba}).to_csv(
        args.sub_dir / "submission.csv", index=False)
    logger.info("saved submission with %d rows", len(test_proba))


if __name__ == "__main__":
    main()
